import { defineList } from '../lists/define';
import type { ListDef } from '../lists/types';
import type { Centavos } from '../money';
import { f } from '../resources/define';
import { MOTIVOS_ENCERRAMENTO_SERVICO, SERVICOS_TELAS, SITUACOES_ADESAO, type MotivoEncerramentoServico, type ServicoTela } from './index';

/**
 * Adesão ao Aeromédico and Adesão ao Odontológico (client copass): the adhesions of one service each, newest first, on
 * the generic list screen with the "Nova adesão" form and the "Encerrar adesão" dialog (src/web/servicos). One
 * declaration for both; the server's source (src/server/servicos/routes.ts) holds each to its service.
 */

/** A row, as the API answers it. */
export interface AdesaoServicoRow {
  id: number;
  beneficiarioId: number;
  beneficiarioNome: string;
  carteirinha: string;
  inicio: string;
  fim: string | null;
  motivo: MotivoEncerramentoServico | null;
  valorMensal: Centavos;
  situacao: 'VIGENTE' | 'ENCERRADA';
  usuarioNome: string;
  encerradoPor: string | null;
  version: number;
  acoes?: never;
}

function listaAdesoes(s: ServicoTela): ListDef {
  return defineList({
    key: `adesoes-${s.segmento}`,
    command: s.comando,
    endpoint: `/servicos/${s.segmento}/adesoes`,
    noun: { singular: 'adesão', plural: 'adesões', gender: 'f' },
    fields: {
      id: { kind: 'integer', label: 'Nº' },
      beneficiario: f.text('Beneficiário', { max: 150 }),
      beneficiarioNome: f.text('Beneficiário', { max: 150 }),
      carteirinha: f.text('Carteirinha', { max: 16 }),
      inicio: f.date('Início'),
      fim: f.date('Fim'),
      valorMensal: f.money('Valor mensal'),
      situacao: f.enum('Situação', SITUACOES_ADESAO),
      motivo: f.enum('Motivo do encerramento', MOTIVOS_ENCERRAMENTO_SERVICO),
      acoes: f.text('Ações', { max: 10 }),
    },
    search: [
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'beneficiario', op: 'search', param: 'beneficiario', placeholder: 'Nome ou carteirinha' },
      { field: 'inicio', op: 'gte', param: 'inicioDe', label: 'Início de' },
      { field: 'inicio', op: 'lte', param: 'inicioAte', label: 'Início até' },
    ],
    columns: [
      { key: 'beneficiarioNome', sort: 'beneficiarioNome' },
      { key: 'carteirinha' },
      { key: 'inicio', sort: 'inicio' },
      { key: 'fim', sort: 'fim' },
      { key: 'valorMensal' },
      { key: 'situacao', type: 'tag', tones: { VIGENTE: 'ok', ENCERRADA: 'muted' } },
      { key: 'acoes' },
    ],
    sort: [{ field: 'inicio', dir: 'desc' }],
    sortable: ['inicio', 'fim', 'beneficiarioNome'],
    scope: { entity: 'adesaoservico' },
    pageSize: 50,
    summary: { totals: [{ key: 'valorMensal', label: 'Soma dos valores mensais', kind: 'money' }], limit: 5000 },
    create: { command: s.comando, label: 'Nova adesão' },
  });
}

export const ADESOES_SERVICOS_LISTS: Readonly<Record<ServicoTela['segmento'], ListDef>> = Object.fromEntries(SERVICOS_TELAS.map((s) => [s.segmento, listaAdesoes(s)])) as Record<
  ServicoTela['segmento'],
  ListDef
>;
