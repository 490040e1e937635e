import { defineList } from '../lists/define';
import type { ListDef } from '../lists/types';
import { f } from '../resources/define';
import { FLUXO, STATUS, TELAS } from './index';

/**
 * The reimbursement requests (src/server/reembolsos/listas.ts), one list per screen: the requests (the family's own,
 * every one for the staff), the receiving desk's queue (the requests waiting for the protocol first) and the billing
 * staff's analysis (the protocolled and analysed ones first, with the totals paid and released).
 */
const BASE = {
  noun: { singular: 'reembolso', plural: 'reembolsos', gender: 'm' },
  fields: {
    protocolo: f.text('Protocolo', { max: 20 }),
    solicitadoEm: f.instant('Pedido em'),
    beneficiarioNome: f.text('Beneficiário', { max: 150 }),
    procedimentoCodigo: f.text('Procedimento', { max: 10 }),
    dataAtendimento: f.date('Atendimento'),
    valorPago: f.money('Valor pago'),
    valorLiberado: f.money('Liberado'),
    status: f.enum('Status', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
  },
  search: [
    { field: 'protocolo', op: 'search', param: 'protocolo', placeholder: '20 dígitos' },
    { field: 'beneficiarioNome', op: 'contains', param: 'beneficiario', placeholder: 'Parte do nome' },
    { field: 'procedimentoCodigo', op: 'eq', param: 'procedimento', placeholder: 'Código TUSS' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'solicitadoEm', op: 'gte', param: 'de', label: 'Solicitado de' },
    { field: 'solicitadoEm', op: 'lte', param: 'ate', label: 'Solicitado até' },
  ],
  columns: [
    { key: 'protocolo', sort: 'protocolo' },
    { key: 'solicitadoEm', sort: 'solicitadoEm' },
    { key: 'beneficiarioNome' },
    { key: 'procedimentoCodigo' },
    { key: 'dataAtendimento', sort: 'dataAtendimento' },
    { key: 'valorPago', sort: 'valorPago' },
    { key: 'valorLiberado' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
  ],
  sort: [{ field: 'solicitadoEm', dir: 'desc' }],
  sortable: ['solicitadoEm', 'protocolo', 'dataAtendimento', 'valorPago'],
  scope: { entity: 'reembolso' },
  pageSize: 50,
} satisfies Omit<ListDef, 'key' | 'command' | 'endpoint'>;

const TOTAIS: ListDef['summary'] = {
  totals: [
    { key: 'valorPago', label: 'Valor pago', kind: 'money' },
    { key: 'valorLiberado', label: 'Valor liberado', kind: 'money' },
  ],
  limit: 20_000,
};

/** Solicitações de Reembolso: the family's own requests (the staff's every one), and the form's "Novo pedido". */
export const REEMBOLSOS_LIST = defineList({
  ...BASE,
  key: 'reembolsos.solicitacoes',
  command: TELAS.solicitacao,
  endpoint: '/reembolsos',
  create: { command: TELAS.solicitacao, label: 'Novo pedido de reembolso' },
});

/** Protocolos de Recebimento de Reembolsos: the desk starts (an address without filters) from the requests waiting for their protocol. */
export const PROTOCOLOS_REEMBOLSO_LIST = defineList({
  ...BASE,
  key: 'reembolsos.protocolos',
  command: TELAS.protocolo,
  endpoint: '/reembolsos/protocolos',
  sort: [{ field: 'solicitadoEm', dir: 'asc' }],
  initial: (atual) => (atual.size ? undefined : new URLSearchParams({ status: 'SOLICITADO' })),
});

/** Faturamentos de Reembolsos: the analysis starts from the protocolled requests, oldest first, with the totals. */
export const FATURAMENTOS_REEMBOLSO_LIST = defineList({
  ...BASE,
  key: 'reembolsos.analises',
  command: TELAS.analise,
  endpoint: '/reembolsos/analises',
  sort: [{ field: 'solicitadoEm', dir: 'asc' }],
  summary: TOTAIS,
  initial: (atual) => (atual.size ? undefined : new URLSearchParams({ status: 'PROTOCOLADO' })),
});

export const REEMBOLSO_LISTAS = [REEMBOLSOS_LIST, PROTOCOLOS_REEMBOLSO_LIST, FATURAMENTOS_REEMBOLSO_LIST] as const;
