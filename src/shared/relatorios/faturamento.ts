import { STATUS_PROTOCOLO, TIPOS_GUIA_LOTE } from '../faturamento';
import { RESULTADOS_RECURSO } from '../faturamento/recursos';
import { f } from '../resources/define';
import { defineReport, type ReportTotal } from './define';
import { mesCorrente, PERIODO_OBRIGATORIO, periodoAteHoje } from './filtros';

/**
 * The billing reports (issue 15, spec §2.6): the protocol folder's provider reports and the faturamento group, over the
 * received protocols, their guides and items (src/server/relatorios/faturamento.ts). Values are the items' (integer
 * centavos): informed, released and glosed as the review decided them (after the appeals), and what is still to be
 * decided — so informed = released + glosa + a decidir, exactly. A provider sees only its own protocols (policy entity
 * `protocolorecebimento`); the operator's billing staff every provider's.
 */

const SITUACAO = f.enum('Situação', STATUS_PROTOCOLO);
const TIPO_GUIA = f.enum('Tipo de guia', TIPOS_GUIA_LOTE);
const VALORES = {
  informado: f.money('Informado'),
  liberado: f.money('Liberado'),
  glosa: f.money('Glosa'),
  aDecidir: f.money('A decidir'),
};
const TOTAIS_VALORES: ReportTotal[] = [
  { key: 'informado', label: 'Informado', kind: 'money' },
  { key: 'liberado', label: 'Liberado', kind: 'money' },
  { key: 'glosa', label: 'Glosa', kind: 'money' },
  { key: 'aDecidir', label: 'A decidir', kind: 'money' },
];
const PERCENTUAL_GLOSA: ReportTotal = { key: 'percentualGlosa', label: '% glosa', kind: 'percent', of: ['glosa', 'informado'] };
/** A provider's user does not see it: its reports are its own (the server holds the filter to it). */
const PRESTADOR_FILTRO = { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código', lookup: 'prestador' } as const;
const RECEBIDO = [
  { field: 'recebidoEm', op: 'gte', param: 'inicio', label: 'Recebidos de' },
  { field: 'recebidoEm', op: 'lte', param: 'termino', label: 'Recebidos até' },
] as const;
/** The last three months up to today: a billing department reads its lots by quarter. */
const TRIMESTRE = periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 2, 1));
const PROTOCOLO_NOUN = { singular: 'protocolo', plural: 'protocolos', gender: 'm' } as const;

/**
 * rep061 — Lote Sintético: each lot received in the period, by provider, with its guides and items and the values
 * informed, released, glosed and still to decide; the provider's subtotal and the grand total.
 */
export const LOTE_SINTETICO = defineReport({
  code: 'rep061',
  command: '/relatorio/protocolo/prestador/lote-sintetico',
  about: 'Cada lote recebido no período, por prestador: protocolo, lote, tipo de guia, situação, guias, itens e os valores informado, liberado, glosado e a decidir.',
  list: {
    key: 'relatorio.rep061',
    noun: PROTOCOLO_NOUN,
    fields: {
      grupo: f.text('Prestador', { max: 170 }),
      numero: f.text('Protocolo', { max: 12 }),
      numeroLote: f.text('Lote', { max: 12 }),
      recebidoEm: f.instant('Recebido em'),
      tipoGuia: TIPO_GUIA,
      status: SITUACAO,
      guias: f.integer('Guias'),
      itens: f.integer('Itens'),
      ...VALORES,
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [...RECEBIDO, PRESTADOR_FILTRO, { field: 'status', op: 'eq', param: 'situacao' }, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'numeroLote' }, { key: 'recebidoEm' }, { key: 'tipoGuia' }, { key: 'status' }, { key: 'guias' }, { key: 'itens' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'aDecidir' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'recebidoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'recebidoEm'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  totals: [{ key: 'guias', label: 'Guias', kind: 'integer' }, { key: 'itens', label: 'Itens', kind: 'integer' }, ...TOTAIS_VALORES],
  chart: { title: 'Valor informado por prestador (R$)', value: 'informado' },
  orientation: 'landscape',
  widths: { numero: 1.2, numeroLote: 0.9, recebidoEm: 1.2, tipoGuia: 1.1, status: 1.5, guias: 0.6, itens: 0.6, informado: 1.1, liberado: 1.1, glosa: 1, aDecidir: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep060 — Analítico de Protocolo do Prestador: every billed item of the protocols received in the period (or of one
 * protocol), by protocol: the guide, the beneficiary, the procedure and its values, with the glosa's table-38 code.
 */
export const ANALITICO_PROTOCOLO = defineReport({
  code: 'rep060',
  command: '/relatorio/protocolo/prestador/analitico-prestador-protocolo',
  about: 'Os itens faturados de cada protocolo do período (ou de um protocolo): guia, beneficiário, procedimento, quantidade, valores informado, liberado e glosado, e o motivo da glosa (tabela 38).',
  list: {
    key: 'relatorio.rep060',
    noun: { singular: 'item', plural: 'itens', gender: 'm' },
    fields: {
      grupo: f.text('Protocolo', { max: 220 }),
      guia: f.text('Guia', { max: 20 }),
      beneficiarioNome: f.text('Beneficiário', { max: 150 }),
      data: f.date('Data'),
      procedimento: f.text('Procedimento', { max: 170 }),
      quantidade: f.integer('Qtd.'),
      informado: f.money('Informado'),
      liberado: f.money('Liberado'),
      glosa: f.money('Glosa'),
      motivo: f.text('Motivo', { max: 4 }),
      recebidoEm: f.instant('Recebido em'),
      protocolo: f.text('Protocolo', { max: 12 }),
      status: SITUACAO,
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [...RECEBIDO, { field: 'protocolo', op: 'eq', param: 'protocolo', placeholder: 'Ex.: 202600000001' }, PRESTADOR_FILTRO, { field: 'status', op: 'eq', param: 'situacao' }],
    initial: mesCorrente,
    columns: [{ key: 'guia' }, { key: 'beneficiarioNome' }, { key: 'data' }, { key: 'procedimento' }, { key: 'quantidade' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'motivo' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'guia', dir: 'asc' },
    ],
    sortable: ['grupo', 'guia'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Protocolo', plural: 'protocolos' },
  totals: [{ key: 'quantidade', label: 'Quantidade', kind: 'integer' }, { key: 'informado', label: 'Informado', kind: 'money' }, { key: 'liberado', label: 'Liberado', kind: 'money' }, { key: 'glosa', label: 'Glosa', kind: 'money' }],
  orientation: 'landscape',
  widths: { guia: 1.1, beneficiarioNome: 2.2, data: 0.9, procedimento: 3.4, quantidade: 0.5, informado: 1, liberado: 1, glosa: 1, motivo: 0.6 },
  formats: ['pdf', 'xlsx', 'csv'],
});

const GUIA_FIELDS = {
  grupo: f.text('Protocolo', { max: 220 }),
  guia: f.text('Guia', { max: 20 }),
  beneficiarioNome: f.text('Beneficiário', { max: 150 }),
  carteira: f.text('Carteira', { max: 20 }),
  dataAtendimento: f.date('Atendimento'),
  senha: f.text('Senha', { max: 20 }),
  itens: f.integer('Itens'),
  ...VALORES,
  recebidoEm: f.instant('Recebido em'),
  status: SITUACAO,
  tipoGuia: TIPO_GUIA,
  prestador: f.text('Prestador', { max: 150 }),
};

/**
 * rep124 — Protocolos Abertos com Atendimentos Vinculados: the protocols whose review is open (Recebido, Em análise),
 * each with the attendances (guides) billed in it and the authorization each one executes, and how much of it the
 * review has decided: the billing department's work in progress.
 */
export const ABERTOS_ATENDIMENTOS = defineReport({
  code: 'rep124',
  id: 'abertos-atendimentos-vinculados',
  command: '/relatorio/protocolo/prestador/abertos-atendimentos-vinculados',
  about: 'Os protocolos com a análise em aberto (Recebido ou Em análise) e os atendimentos (guias) vinculados a cada um: beneficiário, atendimento, autorização executada, itens e quanto já foi decidido.',
  list: {
    key: 'relatorio.abertos-atendimentos-vinculados',
    noun: { singular: 'atendimento', plural: 'atendimentos', gender: 'm' },
    fields: { ...GUIA_FIELDS, autorizacao: f.text('Autorização', { max: 20 }), decididos: f.integer('Itens decididos'), aberto: f.boolean('Em aberto') },
    permanent: [{ field: 'aberto', op: 'eq', value: true }],
    search: [...RECEBIDO, PRESTADOR_FILTRO, { field: 'status', op: 'eq', param: 'situacao' }, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    columns: [{ key: 'guia' }, { key: 'beneficiarioNome' }, { key: 'dataAtendimento' }, { key: 'autorizacao' }, { key: 'itens' }, { key: 'decididos' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'aDecidir' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'guia', dir: 'asc' },
    ],
    sortable: ['grupo', 'guia'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Protocolo', plural: 'protocolos' },
  totals: [{ key: 'itens', label: 'Itens', kind: 'integer' }, { key: 'decididos', label: 'Decididos', kind: 'integer' }, ...TOTAIS_VALORES],
  orientation: 'landscape',
  widths: { guia: 1.1, beneficiarioNome: 2.4, dataAtendimento: 1, autorizacao: 1.2, itens: 0.6, decididos: 0.8, informado: 1.1, liberado: 1.1, glosa: 1, aDecidir: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep124 — Contas a Pagar por Protocolo: the protocols whose review is closed with something released (analisado e
 * aguardando liberação, liberado para pagamento, pagamento efetuado), by provider: what the operator owes for each,
 * after the appeals, and what is still under appeal.
 */
export const CONTAS_A_PAGAR = defineReport({
  code: 'rep124',
  id: 'relatorio-contas-pagar',
  command: '/relatorio/protocolo/prestador/relatorio-contas-pagar',
  about: 'Os protocolos com a análise encerrada e valor liberado, por prestador: o valor informado, a glosa e o valor a pagar depois dos recursos, e o valor ainda em recurso.',
  list: {
    key: 'relatorio.relatorio-contas-pagar',
    noun: PROTOCOLO_NOUN,
    fields: {
      grupo: f.text('Prestador', { max: 170 }),
      numero: f.text('Protocolo', { max: 12 }),
      numeroLote: f.text('Lote', { max: 12 }),
      recebidoEm: f.instant('Recebido em'),
      tipoGuia: TIPO_GUIA,
      status: SITUACAO,
      guias: f.integer('Guias'),
      informado: f.money('Informado'),
      glosa: f.money('Glosa'),
      liberado: f.money('A pagar'),
      emRecurso: f.money('Em recurso'),
      prestador: f.text('Prestador', { max: 150 }),
      aPagar: f.boolean('A pagar'),
    },
    permanent: [{ field: 'aPagar', op: 'eq', value: true }],
    search: [...RECEBIDO, PRESTADOR_FILTRO, { field: 'status', op: 'eq', param: 'situacao' }, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    initial: TRIMESTRE,
    columns: [{ key: 'numero' }, { key: 'numeroLote' }, { key: 'recebidoEm' }, { key: 'tipoGuia' }, { key: 'status' }, { key: 'guias' }, { key: 'informado' }, { key: 'glosa' }, { key: 'liberado' }, { key: 'emRecurso' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'recebidoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'recebidoEm'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  totals: [
    { key: 'guias', label: 'Guias', kind: 'integer' },
    { key: 'informado', label: 'Informado', kind: 'money' },
    { key: 'glosa', label: 'Glosa', kind: 'money' },
    { key: 'liberado', label: 'A pagar', kind: 'money' },
    { key: 'emRecurso', label: 'Em recurso', kind: 'money' },
  ],
  chart: { title: 'Valor a pagar por prestador (R$)', value: 'liberado' },
  orientation: 'landscape',
  widths: { numero: 1.2, numeroLote: 0.9, recebidoEm: 1.2, tipoGuia: 1.1, status: 1.8, guias: 0.6, informado: 1.1, glosa: 1, liberado: 1.1, emRecurso: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** Why a guide is not linked to an authorization (the review's 1403 and 1402). */
export const SEM_VINCULO = [
  ['SEM_SENHA', 'Sem senha'],
  ['SENHA_NAO_LOCALIZADA', 'Senha não localizada'],
  ['OUTRO_BENEFICIARIO', 'Senha de outro beneficiário'],
] as const;

/**
 * rep062 — Protocolos sem Atendimento Vinculado: the guides of the protocols received in the period that are not
 * linked to an authorized attendance — no senha, a senha the operator never issued, or one of another beneficiary —
 * by protocol, with what the review glosed of them (1403, 1402).
 */
export const SEM_ATENDIMENTO_VINCULADO = defineReport({
  code: 'rep062',
  command: '/relatorio/protocolo/prestador/sem-atendimento-vinculado',
  about: 'As guias dos protocolos do período sem atendimento autorizado vinculado (sem senha, senha não localizada ou de outro beneficiário), por protocolo, com o valor informado e o glosado.',
  list: {
    key: 'relatorio.rep062',
    noun: { singular: 'guia', plural: 'guias', gender: 'f' },
    fields: { ...GUIA_FIELDS, motivo: f.enum('Motivo', SEM_VINCULO), semVinculo: f.boolean('Sem vínculo') },
    permanent: [{ field: 'semVinculo', op: 'eq', value: true }],
    search: [...RECEBIDO, PRESTADOR_FILTRO, { field: 'motivo', op: 'eq', param: 'motivo' }, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    initial: TRIMESTRE,
    columns: [{ key: 'guia' }, { key: 'beneficiarioNome' }, { key: 'carteira' }, { key: 'dataAtendimento' }, { key: 'senha' }, { key: 'motivo' }, { key: 'itens' }, { key: 'informado' }, { key: 'glosa' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'guia', dir: 'asc' },
    ],
    sortable: ['grupo', 'guia'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Protocolo', plural: 'protocolos' },
  totals: [
    { key: 'itens', label: 'Itens', kind: 'integer' },
    { key: 'informado', label: 'Informado', kind: 'money' },
    { key: 'glosa', label: 'Glosa', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { guia: 1.1, beneficiarioNome: 2.4, carteira: 1.3, dataAtendimento: 1, senha: 1, motivo: 1.6, itens: 0.6, informado: 1.1, glosa: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep118 — Contas por Prestador: each provider's bills received in the period — protocols, guides, items, the values
 * informed, released, glosed and still to decide, and the share of glosa — ranked by what it billed.
 */
export const CONTAS_PRESTADOR = defineReport({
  code: 'rep118',
  command: '/relatorio/faturamento/contas-prestador',
  about: 'Cada prestador com as contas recebidas no período: protocolos, guias, itens, valores informado, liberado, glosado e a decidir, e o percentual de glosa sobre o informado.',
  list: {
    key: 'relatorio.rep118',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      protocolos: f.integer('Protocolos'),
      guias: f.integer('Guias'),
      itens: f.integer('Itens'),
      ...VALORES,
      percentualGlosa: f.percent('% glosa'),
      periodo: f.date('Período'),
      tipoGuia: TIPO_GUIA,
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    initial: mesCorrente,
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'protocolos' }, { key: 'guias' }, { key: 'itens' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'aDecidir' }, { key: 'percentualGlosa' }],
    sort: [{ field: 'informado', dir: 'desc' }],
    sortable: ['informado', 'glosa', 'nome'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  totals: [
    { key: 'protocolos', label: 'Protocolos', kind: 'integer' },
    { key: 'guias', label: 'Guias', kind: 'integer' },
    { key: 'itens', label: 'Itens', kind: 'integer' },
    ...TOTAIS_VALORES,
    PERCENTUAL_GLOSA,
  ],
  orientation: 'landscape',
  widths: { codigo: 0.8, nome: 3, protocolos: 0.8, guias: 0.7, itens: 0.7, informado: 1.2, liberado: 1.2, glosa: 1.1, aDecidir: 1.1, percentualGlosa: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep144 — Glosas por Motivo: every glosed item of the protocols received in the period, by its table-38 reason, with
 * the provider, the guide, the procedure, the value informed and glosed (after the appeals) and the appeal's outcome.
 */
export const GLOSAS_MOTIVO = defineReport({
  code: 'rep144',
  command: '/relatorio/faturamento/glosas-motivo',
  about: 'Os itens glosados das contas recebidas no período, pelo motivo da glosa (tabela 38 da TISS): prestador, guia, procedimento, valor informado, valor glosado depois dos recursos e o resultado do recurso.',
  list: {
    key: 'relatorio.rep144',
    noun: { singular: 'item glosado', plural: 'itens glosados', gender: 'm' },
    fields: {
      grupo: f.text('Motivo da glosa', { max: 200 }),
      protocolo: f.text('Protocolo', { max: 12 }),
      prestadorNome: f.text('Prestador', { max: 150 }),
      guia: f.text('Guia', { max: 20 }),
      data: f.date('Data'),
      procedimento: f.text('Procedimento', { max: 170 }),
      informado: f.money('Informado'),
      glosa: f.money('Glosa'),
      recurso: f.enum('Recurso', [['PENDENTE', 'Em análise'], ...RESULTADOS_RECURSO]),
      recebidoEm: f.instant('Recebido em'),
      motivo: f.text('Código', { max: 4 }),
      prestador: f.text('Prestador', { max: 150 }),
      tipoGuia: TIPO_GUIA,
      glosado: f.boolean('Glosado'),
    },
    permanent: [{ field: 'glosado', op: 'eq', value: true }],
    search: [...RECEBIDO, { field: 'motivo', op: 'eq', param: 'motivo', placeholder: 'Ex.: 1705' }, PRESTADOR_FILTRO, { field: 'tipoGuia', op: 'eq', param: 'tipo' }],
    initial: TRIMESTRE,
    columns: [{ key: 'protocolo' }, { key: 'prestadorNome' }, { key: 'guia' }, { key: 'data' }, { key: 'procedimento' }, { key: 'informado' }, { key: 'glosa' }, { key: 'recurso' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'recebidoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'recebidoEm'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Motivo', plural: 'motivos' },
  totals: [
    { key: 'informado', label: 'Informado', kind: 'money' },
    { key: 'glosa', label: 'Glosa', kind: 'money' },
  ],
  chart: { title: 'Valor glosado por motivo (R$)', value: 'glosa' },
  orientation: 'landscape',
  widths: { protocolo: 1.2, prestadorNome: 2, guia: 1.1, data: 0.9, procedimento: 2.6, informado: 1.3, glosa: 1.3, recurso: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

const SINTETICO_TOTAIS: ReportTotal[] = [{ key: 'guias', label: 'Guias', kind: 'integer' }, { key: 'itens', label: 'Itens', kind: 'integer' }, ...TOTAIS_VALORES, PERCENTUAL_GLOSA];

/**
 * rep091 — Faturamento por Competência: what was billed for the attendances of each month (the competência is the
 * month of the attendance), provider by provider, with the month's subtotal.
 */
export const FATURAMENTO_COMPETENCIA = defineReport({
  code: 'rep091',
  command: '/relatorio/faturamento/sintetico/faturamento-competencia',
  about: 'O faturado por competência (o mês do atendimento) e, em cada uma, por prestador: guias, itens, valores informado, liberado, glosado e a decidir, e o percentual de glosa.',
  list: {
    key: 'relatorio.rep091',
    noun: { singular: 'prestador na competência', plural: 'prestadores nas competências', gender: 'm' },
    fields: {
      grupo: f.text('Competência', { max: 7 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      guias: f.integer('Guias'),
      itens: f.integer('Itens'),
      ...VALORES,
      percentualGlosa: f.percent('% glosa'),
      periodo: f.date('Atendimentos de'),
      tipoGuia: TIPO_GUIA,
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Atendimentos de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Atendimentos até' },
      { field: 'tipoGuia', op: 'eq', param: 'tipo' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 5, 1)),
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'guias' }, { key: 'itens' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'aDecidir' }, { key: 'percentualGlosa' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'informado', dir: 'desc' },
    ],
    sortable: ['grupo', 'informado'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Competência', plural: 'competências' },
  totals: SINTETICO_TOTAIS,
  chart: { title: 'Valor informado por competência (R$)', value: 'informado' },
  orientation: 'landscape',
  widths: { codigo: 0.8, nome: 3, guias: 0.7, itens: 0.7, informado: 1.2, liberado: 1.2, glosa: 1.1, aDecidir: 1.1, percentualGlosa: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep092 — Faturamento por Tipo de Guia: what was billed by guide type, competência by competência (the month of the attendance). */
export const FATURAMENTO_TIPO_GUIA = defineReport({
  code: 'rep092',
  command: '/relatorio/faturamento/sintetico/faturamento-tipo-guia',
  about: 'O faturado por tipo de guia (consulta, SP/SADT, resumo de internação, odontológica) e, em cada um, por competência (o mês do atendimento): guias, itens, valores e o percentual de glosa.',
  list: {
    key: 'relatorio.rep092',
    noun: { singular: 'competência', plural: 'competências', gender: 'f' },
    fields: {
      grupo: f.text('Tipo de guia', { max: 40 }),
      competencia: f.text('Competência', { max: 7 }),
      prestadores: f.integer('Prestadores'),
      guias: f.integer('Guias'),
      itens: f.integer('Itens'),
      ...VALORES,
      percentualGlosa: f.percent('% glosa'),
      periodo: f.date('Atendimentos de'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Atendimentos de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Atendimentos até' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 5, 1)),
    columns: [{ key: 'competencia' }, { key: 'prestadores' }, { key: 'guias' }, { key: 'itens' }, { key: 'informado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'aDecidir' }, { key: 'percentualGlosa' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Tipo de guia', plural: 'tipos de guia' },
  totals: SINTETICO_TOTAIS,
  chart: { title: 'Valor informado por tipo de guia (R$)', value: 'informado' },
  orientation: 'landscape',
  widths: { competencia: 1, prestadores: 0.9, guias: 0.8, itens: 0.8, informado: 1.3, liberado: 1.3, glosa: 1.2, aDecidir: 1.2, percentualGlosa: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * The delivery procedures of TUSS 22 the ANS indicator counts: a vaginal delivery, and the caesarean ones (with or
 * without hysterectomy). 31309135 (each subsequent baby of a multiple delivery) is the same delivery, not another.
 */
export const PARTOS = { normal: ['31309127'], cesareo: ['31309054', '31309208'] } as const;

/**
 * rep264 — Percentual de Partos: the deliveries billed in the period (by the attendance date), by provider: how many,
 * how many caesarean, and their share — the ANS indicator of caesarean deliveries. A delivery glosed whole (a guide
 * presented again, a duplicate) is not one.
 */
export const PERCENTUAL_PARTOS = defineReport({
  code: 'rep264',
  command: '/relatorio/ans/percentual-partos',
  about: 'Os partos faturados no período (pela data do atendimento), por prestador: partos normais, cesáreos e o percentual de cesáreos; os glosados por inteiro (guia reapresentada, duplicidade) não contam.',
  list: {
    key: 'relatorio.rep264',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      partos: f.integer('Partos'),
      normais: f.integer('Normais'),
      cesareos: f.integer('Cesáreos'),
      percentualCesareos: f.percent('% cesáreos'),
      periodo: f.date('Atendimentos de'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Atendimentos de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Atendimentos até' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 11, 1)),
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'partos' }, { key: 'normais' }, { key: 'cesareos' }, { key: 'percentualCesareos' }],
    sort: [{ field: 'partos', dir: 'desc' }],
    sortable: ['partos', 'percentualCesareos', 'nome'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  totals: [
    { key: 'partos', label: 'Partos', kind: 'integer' },
    { key: 'normais', label: 'Normais', kind: 'integer' },
    { key: 'cesareos', label: 'Cesáreos', kind: 'integer' },
    { key: 'percentualCesareos', label: '% cesáreos', kind: 'percent', of: ['cesareos', 'partos'] },
  ],
  orientation: 'portrait',
  widths: { codigo: 0.9, nome: 3.4, partos: 0.9, normais: 0.9, cesareos: 0.9, percentualCesareos: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep117 — Radar TISS: how the period's billed guides reached the operator, by provider — a TISS lot file (XML), typed
 * by the provider in the portal, or on paper (typed by the operator's staff) — and the share received electronically,
 * the figure the ANS's Radar TISS asks of the operator. The same channels as the Radar TISS export (src/server/ans/radar.ts).
 */
export const RADAR_TISS = defineReport({
  code: 'rep117',
  command: '/relatorio/ans/radar-tiss',
  about: 'As guias faturadas recebidas no período, por prestador e canal: lote XML do padrão TISS, digitadas pelo prestador no portal ou em papel (digitadas pela operadora), com o percentual recebido por meio eletrônico.',
  list: {
    key: 'relatorio.rep117',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      xml: f.integer('Lote XML'),
      portal: f.integer('Digitadas no portal'),
      eletronicas: f.integer('Eletrônicas'),
      papel: f.integer('Papel'),
      total: f.integer('Guias'),
      percentualEletronico: f.percent('% eletrônico'),
      periodo: f.date('Recebidas de'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Recebidas de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Recebidas até' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 2, 1)),
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'xml' }, { key: 'portal' }, { key: 'eletronicas' }, { key: 'papel' }, { key: 'total' }, { key: 'percentualEletronico' }],
    sort: [{ field: 'total', dir: 'desc' }],
    sortable: ['total', 'percentualEletronico', 'nome'],
    scope: { entity: 'protocolorecebimento' },
    pageSize: 200,
  },
  totals: [
    { key: 'xml', label: 'Lote XML', kind: 'integer' },
    { key: 'portal', label: 'Digitadas no portal', kind: 'integer' },
    { key: 'eletronicas', label: 'Eletrônicas', kind: 'integer' },
    { key: 'papel', label: 'Papel', kind: 'integer' },
    { key: 'total', label: 'Guias', kind: 'integer' },
    { key: 'percentualEletronico', label: '% eletrônico', kind: 'percent', of: ['eletronicas', 'total'] },
  ],
  orientation: 'landscape',
  widths: { codigo: 0.9, nome: 3.4, xml: 0.9, portal: 1.1, eletronicas: 1, papel: 0.8, total: 0.8, percentualEletronico: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
