import { STATUS_LABEL, TIPOS, TIPO_KEYS } from '../autorizacoes';
import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente, mesCorrente } from './filtros';

/** The guide type and the status, as the authorization lists show them. */
const TIPO_GUIA = f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const));
const SITUACAO = f.enum('Situação', (Object.entries(STATUS_LABEL) as [string, string][]).map(([v, l]) => [v, l] as const));

/**
 * rep169 — authorization requests of a period by status: each status with its requests and the sum of their value
 * (what was asked, in centavos), the grand total at the end. The policy scopes the rows: a provider sees its own.
 */
export const AUTORIZACOES_POR_SITUACAO = defineReport({
  code: 'rep169',
  command: '/relatorio/autorizacao/autorizacoes-situacao',
  about: 'Solicitações de autorização do período agrupadas por situação, com o valor solicitado de cada uma e os totais.',
  list: {
    key: 'relatorio.rep169',
    noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
    fields: {
      grupo: f.text('Situação', { max: 60 }),
      numero: f.text('Nº da guia', { max: 20 }),
      dataSolicitacao: f.date('Data'),
      tipo: TIPO_GUIA,
      status: SITUACAO,
      beneficiario: f.text('Beneficiário', { max: 150 }),
      prestador: f.text('Prestador', { max: 150 }),
      beneficiarioNome: f.text('Beneficiário', { max: 150 }),
      prestadorNome: f.text('Prestador', { max: 150 }),
      procedimento: f.text('Procedimento', { max: 170 }),
      valor: f.money('Valor solicitado'),
    },
    search: [
      { field: 'dataSolicitacao', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'dataSolicitacao', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'status', op: 'eq', param: 'status' },
      { field: 'tipo', op: 'eq', param: 'tipo' },
      { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome, CPF ou CNPJ' },
      { field: 'beneficiario', op: 'search', param: 'beneficiario', placeholder: 'Nome ou carteirinha' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'dataSolicitacao' }, { key: 'tipo' }, { key: 'beneficiarioNome' }, { key: 'prestadorNome' }, { key: 'procedimento' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataSolicitacao', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataSolicitacao'],
    scope: { entity: 'autorizacao' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Situação', plural: 'situações' },
  totals: [{ key: 'valor', label: 'Valor solicitado', kind: 'money' }],
  chart: { title: 'Valor solicitado por situação (R$)', value: 'valor' },
  orientation: 'landscape',
  widths: { numero: 1.4, dataSolicitacao: 0.9, tipo: 1, beneficiarioNome: 2.2, prestadorNome: 2.2, procedimento: 3, valor: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** Where a line of the extrato comes from: an authorization request, or an item of a bill the provider presented. */
export const ORIGENS_EXTRATO = [
  ['AUTORIZACAO', 'Autorização'],
  ['CONTA', 'Conta faturada'],
] as const;

/**
 * Extrato de Utilização — a beneficiary's use of the plan in a period, person by person of the family: each
 * authorization request (its provider, procedure, status and the value asked) and, beside them, each item the
 * providers billed for the person (the procedure done, the value billed and what the operator released of it after the
 * review). The beneficiary sees their own family; the operator looks anyone up.
 */
export const EXTRATO_UTILIZACAO = defineReport({
  code: null,
  command: '/relatorio/beneficiario/extratos/extrato-utilizacao',
  about: 'As solicitações de autorização e os procedimentos faturados pelos prestadores no período, por pessoa da família: prestador, procedimento, situação, valor solicitado, faturado e liberado.',
  list: {
    key: 'relatorio.extrato-utilizacao',
    noun: { singular: 'lançamento', plural: 'lançamentos', gender: 'm' },
    fields: {
      grupo: f.text('Beneficiário', { max: 150 }),
      origem: f.enum('Origem', ORIGENS_EXTRATO),
      numero: f.text('Nº da guia', { max: 20 }),
      data: f.date('Data'),
      prestadorNome: f.text('Prestador', { max: 150 }),
      procedimento: f.text('Procedimento', { max: 170 }),
      situacao: f.text('Situação', { max: 60 }),
      solicitado: f.money('Valor solicitado'),
      faturado: f.money('Valor faturado'),
      liberado: f.money('Valor liberado'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [
      { field: 'data', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'data', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'beneficiario', op: 'search', param: 'beneficiario', placeholder: 'Nome ou carteirinha' },
      { field: 'origem', op: 'eq', param: 'origem' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'origem' }, { key: 'numero' }, { key: 'data' }, { key: 'prestadorNome' }, { key: 'procedimento' }, { key: 'situacao' }, { key: 'solicitado' }, { key: 'faturado' }, { key: 'liberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data'],
    scope: { entity: 'autorizacao' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [
    { key: 'solicitado', label: 'Valor solicitado', kind: 'money' },
    { key: 'faturado', label: 'Valor faturado', kind: 'money' },
    { key: 'liberado', label: 'Valor liberado', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { origem: 1, numero: 1.3, data: 0.9, prestadorNome: 2.3, procedimento: 3, situacao: 1.6, solicitado: 1, faturado: 1, liberado: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep072 — the audit's decisions of a period by the person who decided: each request with when it was asked and
 * decided, the hours in between (the turnaround the regulator's deadlines are measured by), its outcome and value.
 */
export const DECISOES_AUDITORIA = defineReport({
  code: 'rep072',
  command: '/relatorio/auditoria/decisoes-auditor',
  about: 'Solicitações decididas no período, por quem decidiu, com a data do pedido, a da decisão, as horas entre elas e o valor.',
  list: {
    key: 'relatorio.rep072',
    noun: { singular: 'decisão', plural: 'decisões', gender: 'f' },
    fields: {
      grupo: f.text('Decidido por', { max: 120 }),
      numero: f.text('Nº da guia', { max: 20 }),
      tipo: TIPO_GUIA,
      beneficiarioNome: f.text('Beneficiário', { max: 150 }),
      dataSolicitacao: f.date('Pedido em'),
      decididaEm: f.instant('Decidida em'),
      horas: f.integer('Horas até a decisão'),
      status: SITUACAO,
      valor: f.money('Valor solicitado'),
      decidida: f.boolean('Decidida'),
    },
    permanent: [{ field: 'decidida', op: 'eq', value: true }],
    search: [
      { field: 'decididaEm', op: 'gte', param: 'inicio', label: 'Decididas de' },
      { field: 'decididaEm', op: 'lte', param: 'termino', label: 'Decididas até' },
      { field: 'status', op: 'eq', param: 'status' },
      { field: 'tipo', op: 'eq', param: 'tipo' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'tipo' }, { key: 'beneficiarioNome' }, { key: 'dataSolicitacao' }, { key: 'decididaEm' }, { key: 'horas' }, { key: 'status' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'decididaEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'decididaEm'],
    scope: { entity: 'autorizacao' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Decidido por', plural: 'pessoas' },
  totals: [{ key: 'valor', label: 'Valor solicitado', kind: 'money' }],
  chart: { title: 'Decisões por pessoa', value: 'count' },
  orientation: 'landscape',
  widths: { numero: 1.4, tipo: 1.1, beneficiarioNome: 2.6, dataSolicitacao: 1, decididaEm: 1.3, horas: 0.9, status: 1.8, valor: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
