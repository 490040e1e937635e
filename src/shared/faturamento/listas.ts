import { defineList } from '../lists/define';
import type { ListDef } from '../lists/types';
import { f } from '../resources/define';
import { STATUS_PROTOCOLO, STATUS_PROTOCOLO_TONS, TIPOS_GUIA_LOTE } from './index';

/**
 * Protocolos de Recebimento de Prestadores: the lots received (src/server/faturamento/listas.ts), the operator's
 * billing staff seeing every provider's, a provider only its own (policy entity `protocolorecebimento`).
 */
const PROTOCOLOS = {
  noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
  fields: {
    numero: f.text('Protocolo', { max: 12 }),
    recebidoEm: f.instant('Recebido em'),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    numeroLote: f.text('Lote do prestador', { max: 12 }),
    padrao: f.text('Padrão TISS', { max: 8 }),
    tipoGuia: f.enum('Tipo de guia', TIPOS_GUIA_LOTE),
    qtdGuias: f.integer('Guias'),
    valorInformado: f.money('Valor informado'),
    status: f.enum('Situação', STATUS_PROTOCOLO),
  },
  search: [
    { field: 'numero', op: 'eq', param: 'numero', placeholder: 'Ex.: 202600000001' },
    { field: 'numeroLote', op: 'eq', param: 'lote' },
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'tipoGuia', op: 'eq', param: 'tipo' },
    { field: 'recebidoEm', op: 'gte', param: 'de', label: 'Recebido de' },
    { field: 'recebidoEm', op: 'lte', param: 'ate', label: 'Recebido até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'recebidoEm', sort: 'recebidoEm' },
    { key: 'prestadorNome' },
    { key: 'numeroLote' },
    { key: 'tipoGuia' },
    { key: 'padrao' },
    { key: 'qtdGuias' },
    { key: 'valorInformado', sort: 'valorInformado' },
    { key: 'status', type: 'tag', tones: STATUS_PROTOCOLO_TONS },
  ],
  sort: [{ field: 'recebidoEm', dir: 'desc' }],
  sortable: ['recebidoEm', 'numero', 'valorInformado'],
  scope: { entity: 'protocolorecebimento' },
  pageSize: 50,
} satisfies Omit<ListDef, 'key' | 'command' | 'endpoint'>;

export const PROTOCOLOS_RECEBIMENTO_LIST = defineList({
  ...PROTOCOLOS,
  key: 'faturamento.protocolos',
  command: '/principal/faturamento/protocolos-recebimentos-prestadores',
  endpoint: '/faturamento/protocolos',
});

/**
 * Faturamentos de Prestadores: the same protocols as the bill review's entry (the auditor, who reviews bills, sees this
 * one and not the receiving desk's list); a row opens the protocol's bill to review.
 */
export const FATURAMENTOS_PRESTADORES_LIST = defineList({
  ...PROTOCOLOS,
  key: 'faturamento.faturas',
  command: '/principal/faturamento/faturamentos-prestadores',
  endpoint: '/faturamento/faturas',
});
