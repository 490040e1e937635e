import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { FLUXO, STATUS } from './index';

/** The list of Solicitações de Verbas: a list definition over a server query (src/server/verbas/listas.ts). */
export const VERBAS_LIST = defineList({
  key: 'verbas.solicitacoes',
  command: '/financeiro/recebimento/processo-recebimento/solicitacoes-verbas',
  endpoint: '/solicitacoes-verbas',
  noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
  fields: {
    id: f.integer('Id'),
    numero: f.text('Número', { max: 11 }),
    empresa: f.ref('Empresa', 'empresa'),
    empresaNome: f.text('Empresa', { max: 150 }),
    competencia: f.text('Competência', { max: 7 }),
    dataSolicitacao: f.date('Solicitada em'),
    vencimento: f.date('Vencimento'),
    valorSolicitado: f.money('Solicitado'),
    valorRecebido: f.money('Recebido'),
    status: f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
  },
  search: [
    { field: 'numero', op: 'search', param: 'numero', placeholder: 'Ex.: 2026/000123' },
    { field: 'empresa', op: 'eq', param: 'empresa' },
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'dataSolicitacao', op: 'gte', param: 'de', label: 'Solicitada de' },
    { field: 'dataSolicitacao', op: 'lte', param: 'ate', label: 'Solicitada até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'empresaNome' },
    { key: 'competencia' },
    { key: 'dataSolicitacao', sort: 'dataSolicitacao' },
    { key: 'vencimento' },
    { key: 'valorSolicitado' },
    { key: 'valorRecebido' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
  ],
  sort: [{ field: 'dataSolicitacao', dir: 'desc' }],
  sortable: ['dataSolicitacao', 'numero'],
  scope: { entity: 'solicitacaoverba' },
  pageSize: 50,
  summary: {
    totals: [
      { key: 'valorSolicitado', label: 'Solicitado', kind: 'money' },
      { key: 'valorRecebido', label: 'Recebido', kind: 'money' },
    ],
    limit: 20_000,
  },
  create: { command: '/financeiro/recebimento/processo-recebimento/solicitacoes-verbas', label: 'Nova solicitação' },
});
