import { CANAIS, MOTIVOS } from '../atendimentos';
import { FLUXO, STATUS } from '../atendimentos/fluxo';
import { MOTIVOS_NEGATIVA, TIPOS, TIPO_KEYS } from '../autorizacoes';
import { f } from '../resources/define';
import { defineReport } from './define';
import { mesCorrente, PERIODO_OBRIGATORIO } from './filtros';

/**
 * rep230 — what was denied in a period and why: every denied or reduced item of an authorization, by its table-38
 * reason, with the quantity and value that were not authorized (the subtotals show where denials concentrate).
 */
export const NEGATIVAS_POR_MOTIVO = defineReport({
  code: 'rep230',
  command: '/relatorio/gerencia/negativas-motivo',
  about: 'Itens negados ou reduzidos nas autorizações do período, pelo motivo da negativa (tabela 38 da TISS), com a quantidade e o valor não autorizados.',
  list: {
    key: 'relatorio.rep230',
    noun: { singular: 'item negado', plural: 'itens negados', gender: 'm' },
    fields: {
      grupo: f.text('Motivo da negativa', { max: 200 }),
      motivo: f.enum('Motivo da negativa', MOTIVOS_NEGATIVA),
      numero: f.text('Nº da guia', { max: 20 }),
      dataSolicitacao: f.date('Data'),
      tipo: f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const)),
      beneficiarioNome: f.text('Beneficiário', { max: 150 }),
      prestadorNome: f.text('Prestador', { max: 150 }),
      procedimento: f.text('Procedimento', { max: 170 }),
      quantidadeNegada: f.integer('Qtd. negada'),
      valorNegado: f.money('Valor negado'),
      negado: f.boolean('Negado'),
    },
    search: [
      { field: 'dataSolicitacao', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'dataSolicitacao', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'motivo', op: 'eq', param: 'motivo' },
      { field: 'tipo', op: 'eq', param: 'tipo' },
    ],
    permanent: [{ field: 'negado', op: 'eq', value: true }],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'dataSolicitacao' }, { key: 'tipo' }, { key: 'beneficiarioNome' }, { key: 'prestadorNome' }, { key: 'procedimento' }, { key: 'quantidadeNegada' }, { key: 'valorNegado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataSolicitacao', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataSolicitacao'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Motivo', plural: 'motivos' },
  totals: [
    { key: 'quantidadeNegada', label: 'Quantidade negada', kind: 'integer' },
    { key: 'valorNegado', label: 'Valor negado', kind: 'money' },
  ],
  chart: { title: 'Valor negado por motivo (R$)', value: 'valorNegado' },
  orientation: 'landscape',
  widths: { numero: 1.3, dataSolicitacao: 0.9, tipo: 1, beneficiarioNome: 2, prestadorNome: 2, procedimento: 3, quantidadeNegada: 0.8, valorNegado: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep373 — the contact desk's load: each attendant's contacts of the period, with reason, channel and minutes. */
export const ATENDIMENTOS_POR_ATENDENTE = defineReport({
  code: 'rep373',
  command: '/relatorio/gerencia/carga/atendimentos-atendente',
  about: 'Atendimentos do período por atendente, com motivo, canal, situação e duração; os minutos somados por atendente.',
  list: {
    key: 'relatorio.rep373',
    noun: { singular: 'atendimento', plural: 'atendimentos', gender: 'm' },
    fields: {
      grupo: f.text('Atendente', { max: 120 }),
      protocolo: f.text('Protocolo', { max: 20 }),
      inicio: f.instant('Início'),
      pessoaNome: f.text('Pessoa', { max: 150 }),
      motivo: f.enum('Motivo', MOTIVOS),
      canal: f.enum('Canal', CANAIS),
      status: f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
      duracao: f.integer('Duração (min)'),
    },
    search: [
      { field: 'inicio', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'inicio', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'canal', op: 'eq', param: 'canal' },
      { field: 'motivo', op: 'eq', param: 'motivo' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'inicio' }, { key: 'pessoaNome' }, { key: 'motivo' }, { key: 'canal' }, { key: 'status' }, { key: 'duracao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'inicio', dir: 'asc' },
    ],
    sortable: ['grupo', 'inicio'],
    scope: { entity: 'atendimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Atendente', plural: 'atendentes' },
  totals: [{ key: 'duracao', label: 'Minutos', kind: 'integer' }],
  chart: { title: 'Atendimentos por atendente', value: 'count' },
  orientation: 'landscape',
  widths: { protocolo: 1.6, inicio: 1.1, pessoaNome: 2.6, motivo: 1.6, canal: 0.9, status: 1, duracao: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep168 — the providers that request the most: each one's requests of the period, their outcome and value. */
export const AUTORIZACOES_POR_PRESTADOR = defineReport({
  code: 'rep168',
  command: '/relatorio/operadora/autorizacoes-prestador',
  about: 'Cada prestador com as solicitações de autorização do período (as canceladas não entram): quantas, quantas autorizadas (total ou parcialmente), negadas e pendentes, e o valor solicitado.',
  list: {
    key: 'relatorio.rep168',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      solicitacoes: f.integer('Solicitações'),
      autorizadas: f.integer('Autorizadas'),
      negadas: f.integer('Negadas'),
      pendentes: f.integer('Pendentes'),
      valor: f.money('Valor solicitado'),
      periodo: f.date('Período'),
      tipo: f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const)),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'tipo', op: 'eq', param: 'tipo' }],
    initial: mesCorrente,
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'solicitacoes' }, { key: 'autorizadas' }, { key: 'negadas' }, { key: 'pendentes' }, { key: 'valor' }],
    sort: [{ field: 'solicitacoes', dir: 'desc' }],
    sortable: ['solicitacoes', 'valor', 'nome'],
    pageSize: 200,
  },
  totals: [
    { key: 'solicitacoes', label: 'Solicitações', kind: 'integer' },
    { key: 'autorizadas', label: 'Autorizadas', kind: 'integer' },
    { key: 'negadas', label: 'Negadas', kind: 'integer' },
    { key: 'pendentes', label: 'Pendentes', kind: 'integer' },
    { key: 'valor', label: 'Valor solicitado', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { codigo: 0.9, nome: 3.4, solicitacoes: 1, autorizadas: 1, negadas: 0.9, pendentes: 0.9, valor: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep057 — the procedures most requested in a period, by procedure group: requests, quantities asked and granted, value. */
export const PROCEDIMENTOS_AUTORIZADOS = defineReport({
  code: 'rep057',
  command: '/relatorio/operadora/procedimentos-autorizados',
  about: 'Os procedimentos solicitados no período, por grupo da TUSS, do mais pedido ao menos: em quantas guias, as quantidades solicitada e autorizada e o valor solicitado.',
  list: {
    key: 'relatorio.rep057',
    noun: { singular: 'procedimento', plural: 'procedimentos', gender: 'm' },
    fields: {
      grupo: f.text('Grupo de procedimentos', { max: 200 }),
      codigo: f.text('Código TUSS', { max: 10 }),
      descricao: f.text('Procedimento', { max: 300 }),
      guias: f.integer('Guias'),
      quantidadeSolicitada: f.integer('Qtd. solicitada'),
      quantidadeAutorizada: f.integer('Qtd. autorizada'),
      valor: f.money('Valor solicitado'),
      periodo: f.date('Período'),
      tipo: f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const)),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'tipo', op: 'eq', param: 'tipo' }],
    initial: mesCorrente,
    columns: [{ key: 'codigo' }, { key: 'descricao' }, { key: 'guias' }, { key: 'quantidadeSolicitada' }, { key: 'quantidadeAutorizada' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'quantidadeSolicitada', dir: 'desc' },
    ],
    sortable: ['grupo', 'quantidadeSolicitada', 'valor'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Grupo', plural: 'grupos' },
  totals: [
    { key: 'guias', label: 'Guias', kind: 'integer' },
    { key: 'quantidadeSolicitada', label: 'Qtd. solicitada', kind: 'integer' },
    { key: 'quantidadeAutorizada', label: 'Qtd. autorizada', kind: 'integer' },
    { key: 'valor', label: 'Valor solicitado', kind: 'money' },
  ],
  chart: { title: 'Valor solicitado por grupo (R$)', value: 'valor' },
  orientation: 'landscape',
  widths: { codigo: 1, descricao: 4.5, guias: 0.8, quantidadeSolicitada: 1, quantidadeAutorizada: 1, valor: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep371 — the deciding load: each user's decisions on authorizations per month, and what they decided. */
export const DECISOES_POR_USUARIO = defineReport({
  code: 'rep371',
  command: '/relatorio/gerencia/carga/decisoes-usuario',
  about: 'Decisões sobre solicitações de autorização por mês e por quem decidiu: quantas, autorizadas (total ou parcialmente), negadas e o valor decidido.',
  list: {
    key: 'relatorio.rep371',
    noun: { singular: 'usuário no mês', plural: 'usuários no mês', gender: 'm' },
    fields: {
      grupo: f.text('Mês', { max: 10 }),
      usuario: f.text('Decidido por', { max: 120 }),
      decisoes: f.integer('Decisões'),
      autorizadas: f.integer('Autorizadas'),
      negadas: f.integer('Negadas'),
      valor: f.money('Valor decidido'),
      periodo: f.date('Período'),
    },
    search: [...PERIODO_OBRIGATORIO],
    initial: mesCorrente,
    columns: [{ key: 'usuario' }, { key: 'decisoes' }, { key: 'autorizadas' }, { key: 'negadas' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'decisoes', dir: 'desc' },
    ],
    sortable: ['grupo', 'decisoes'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Mês', plural: 'meses' },
  totals: [
    { key: 'decisoes', label: 'Decisões', kind: 'integer' },
    { key: 'autorizadas', label: 'Autorizadas', kind: 'integer' },
    { key: 'negadas', label: 'Negadas', kind: 'integer' },
    { key: 'valor', label: 'Valor decidido', kind: 'money' },
  ],
  chart: { title: 'Decisões por mês', value: 'decisoes' },
  orientation: 'portrait',
  widths: { usuario: 3, decisoes: 1, autorizadas: 1, negadas: 1, valor: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * The answer deadlines of authorization requests (RN 623/2024, DOMAIN §3c): urgency at once (the same day), elective
 * hospitalization 10 business days, the others 5; business days exclude weekends and national holidays (the
 * holidays table), counted from the day after the request to the day of the decision.
 */
export const PRAZOS_RESPOSTA = [
  ['urgencia', 'Urgência e emergência (imediato)', 0],
  ['internacao', 'Internação eletiva (10 dias úteis)', 10],
  ['regular', 'Demais solicitações (5 dias úteis)', 5],
] as const;

/** rep127 — how long the operator takes to answer: each decision of the period with its business days against the deadline. */
export const TEMPO_RESPOSTA = defineReport({
  code: 'rep127',
  command: '/relatorio/gerencia/tempo-resposta-autorizacoes',
  about: 'Solicitações decididas no período, pelo prazo de resposta da RN 623/2024 (urgência imediata, internação eletiva 10 dias úteis, demais 5), com os dias úteis até a decisão e as fora do prazo contadas.',
  list: {
    key: 'relatorio.rep127',
    noun: { singular: 'decisão', plural: 'decisões', gender: 'f' },
    fields: {
      grupo: f.text('Prazo', { max: 60 }),
      prazo: f.enum('Prazo', PRAZOS_RESPOSTA.map(([v, l]) => [v, l] as const)),
      numero: f.text('Nº da guia', { max: 20 }),
      tipo: f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const)),
      dataSolicitacao: f.date('Solicitada em'),
      decididaEm: f.instant('Decidida em'),
      diasUteis: f.integer('Dias úteis'),
      foraDoPrazo: f.integer('Fora do prazo'),
      situacaoPrazo: f.enum('Cumprimento', [['no', 'No prazo'], ['fora', 'Fora do prazo']]),
      periodo: f.date('Período'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'prazo', op: 'eq', param: 'prazo' }, { field: 'situacaoPrazo', op: 'eq', param: 'cumprimento' }],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'tipo' }, { key: 'dataSolicitacao' }, { key: 'decididaEm' }, { key: 'diasUteis' }, { key: 'situacaoPrazo' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataSolicitacao', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataSolicitacao'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prazo', plural: 'prazos' },
  totals: [{ key: 'foraDoPrazo', label: 'Fora do prazo', kind: 'integer' }],
  chart: { title: 'Decisões fora do prazo', value: 'foraDoPrazo' },
  orientation: 'portrait',
  widths: { numero: 1.4, tipo: 1.2, dataSolicitacao: 1, decididaEm: 1.2, diasUteis: 0.8, situacaoPrazo: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
