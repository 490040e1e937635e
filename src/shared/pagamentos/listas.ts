import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { COMANDO_CONSOLIDACAO, COMANDO_RPA, COMANDO_SOLICITACAO, STATUS_A_PAGAR, STATUS_PAGAMENTO, STATUS_SOLICITACAO } from './index';

/**
 * The provider payment lists (src/server/pagamentos/listas.ts): the RPAs issued (Fatura RPA; a provider sees its own),
 * the payment requests (a provider its own) and the payables "a pagar" consolidated per provider and month.
 */
export const RPAS_LIST = defineList({
  key: 'pagamentos.rpas',
  command: COMANDO_RPA,
  endpoint: '/pagamentos/rpas',
  noun: { singular: 'RPA', plural: 'RPAs', gender: 'm' },
  fields: {
    numero: f.text('Número', { max: 12 }),
    dataEmissao: f.date('Emissão'),
    competencia: f.text('Competência', { max: 7 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    valorBruto: f.money('Bruto'),
    inss: f.money('INSS'),
    irrf: f.money('IRRF'),
    iss: f.money('ISS'),
    valorLiquido: f.money('Líquido'),
    statusPagamento: f.enum('Situação', STATUS_PAGAMENTO),
  },
  search: [
    { field: 'numero', op: 'eq', param: 'numero', placeholder: 'Ex.: 2026000001' },
    { field: 'prestadorNome', op: 'contains', param: 'prestador', placeholder: 'Parte do nome' },
    { field: 'statusPagamento', op: 'eq', param: 'situacao' },
    { field: 'dataEmissao', op: 'gte', param: 'de', label: 'Emitido de' },
    { field: 'dataEmissao', op: 'lte', param: 'ate', label: 'Emitido até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'dataEmissao', sort: 'dataEmissao' },
    { key: 'prestadorNome' },
    { key: 'valorBruto' },
    { key: 'inss' },
    { key: 'irrf' },
    { key: 'iss' },
    { key: 'valorLiquido', sort: 'valorLiquido' },
    { key: 'statusPagamento', type: 'tag', tones: { CONF: 'warn', LIB: 'ok', BLOQ: 'bad' } },
  ],
  sort: [{ field: 'dataEmissao', dir: 'desc' }],
  sortable: ['dataEmissao', 'numero', 'valorLiquido'],
  scope: { entity: 'protocolorecebimento' },
  pageSize: 50,
  summary: {
    totals: [
      { key: 'valorBruto', label: 'Bruto', kind: 'money' },
      { key: 'retencoes', label: 'Retenções', kind: 'money' },
      { key: 'valorLiquido', label: 'Líquido', kind: 'money' },
    ],
    limit: 20_000,
  },
});

export const SOLICITACOES_PAGAMENTO_LIST = defineList({
  key: 'pagamentos.solicitacoes',
  command: COMANDO_SOLICITACAO,
  endpoint: '/pagamentos/solicitacoes',
  noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
  fields: {
    numero: f.text('Número', { max: 12 }),
    criadoEm: f.instant('Solicitada em'),
    prestadorNome: f.text('Prestador', { max: 150 }),
    qtdProtocolos: f.integer('Protocolos'),
    valorTotal: f.money('Valor'),
    nfseNumero: f.text('NFS-e', { max: 15 }),
    status: f.enum('Situação', STATUS_SOLICITACAO),
  },
  search: [
    { field: 'numero', op: 'eq', param: 'numero' },
    { field: 'nfseNumero', op: 'eq', param: 'nfse', label: 'Número da NFS-e' },
    { field: 'prestadorNome', op: 'contains', param: 'prestador', placeholder: 'Parte do nome' },
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'criadoEm', op: 'gte', param: 'de', label: 'Solicitada de' },
    { field: 'criadoEm', op: 'lte', param: 'ate', label: 'Solicitada até' },
  ],
  columns: [{ key: 'numero', sort: 'numero' }, { key: 'criadoEm', sort: 'criadoEm' }, { key: 'prestadorNome' }, { key: 'qtdProtocolos' }, { key: 'valorTotal', sort: 'valorTotal' }, { key: 'nfseNumero' }, { key: 'status', type: 'tag', tones: { SOLICITADA: 'warn', CONSOLIDADA: 'ok' } }],
  sort: [{ field: 'criadoEm', dir: 'desc' }],
  sortable: ['criadoEm', 'numero', 'valorTotal'],
  scope: { entity: 'solicitacaopagamento' },
  pageSize: 50,
});

export const PAGAMENTOS_LIST = defineList({
  key: 'pagamentos.a-pagar',
  command: COMANDO_CONSOLIDACAO,
  endpoint: '/pagamentos/a-pagar',
  noun: { singular: 'pagamento', plural: 'pagamentos', gender: 'm' },
  fields: {
    numero: f.text('Número', { max: 12 }),
    criadoEm: f.instant('Consolidado em'),
    competencia: f.text('Competência', { max: 7 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    qtdProtocolos: f.integer('Protocolos'),
    valorBruto: f.money('Bruto'),
    valorRetencoes: f.money('Retenções'),
    valorLiquido: f.money('A pagar'),
    status: f.enum('Situação', STATUS_A_PAGAR),
  },
  search: [
    { field: 'numero', op: 'eq', param: 'numero' },
    { field: 'prestadorNome', op: 'contains', param: 'prestador', placeholder: 'Parte do nome' },
    { field: 'competencia', op: 'eq', param: 'competencia', placeholder: 'AAAA-MM' },
    { field: 'status', op: 'eq', param: 'situacao' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'criadoEm', sort: 'criadoEm' },
    { key: 'competencia' },
    { key: 'prestadorNome' },
    { key: 'qtdProtocolos' },
    { key: 'valorBruto' },
    { key: 'valorRetencoes' },
    { key: 'valorLiquido', sort: 'valorLiquido' },
    { key: 'status', type: 'tag', tones: { A_PAGAR: 'warn', PAGO: 'ok' } },
  ],
  sort: [{ field: 'criadoEm', dir: 'desc' }],
  sortable: ['criadoEm', 'numero', 'valorLiquido'],
  scope: { entity: 'solicitacaopagamento' },
  pageSize: 50,
  summary: {
    totals: [
      { key: 'valorBruto', label: 'Bruto', kind: 'money' },
      { key: 'valorRetencoes', label: 'Retenções', kind: 'money' },
      { key: 'valorLiquido', label: 'A pagar', kind: 'money' },
    ],
    limit: 20_000,
  },
});
