import { isoToBr, instantToBr } from '../dates';
import { formatMoney } from '../money';
import { FLUXO, PRAZO_PAGAMENTO_DIAS, STATUS } from '../reembolsos';
import { f } from '../resources/define';
import { defineReport, type ReportDocumento, type ReportTotal } from './define';
import { FILTRO_BENEFICIARIO, mesCorrente } from './filtros';

/**
 * The reimbursement reports (issue 15, flow 7; spec §2.6 /relatorio/protocolo/reembolso) over the `reembolsos` table
 * and its steps (src/server/relatorios/reembolsos.ts): each request with who was attended, the professional, the
 * procedure, what was paid, the plan's table value, what was released or why it was glosed or denied, and the day of
 * each step. The operator's staff only (the family follows its own requests on their screen); scope `reembolso`.
 */

const SITUACAO = f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const));
const NOUN = { singular: 'pedido', plural: 'pedidos', gender: 'm' } as const;
const CAMPOS = {
  protocolo: f.text('Protocolo', { max: 20 }),
  solicitadoEm: f.instant('Solicitado em'),
  protocoladoEm: f.instant('Protocolado em'),
  analisadoEm: f.instant('Analisado em'),
  decididoEm: f.instant('Decidido em'),
  beneficiarioNome: f.text('Beneficiário', { max: 150 }),
  carteirinha: f.text('Carteirinha', { max: 16 }),
  profissional: f.text('Profissional', { max: 190 }),
  procedimento: f.text('Procedimento', { max: 400 }),
  dataAtendimento: f.date('Atendimento'),
  quantidade: f.integer('Qtd.'),
  pago: f.money('Valor pago'),
  tabela: f.money('Valor da tabela'),
  liberado: f.money('Liberado'),
  calculado: f.money('Valor calculado'),
  glosa: f.text('Glosa', { max: 4 }),
  motivo: f.text('Motivo', { max: 1000 }),
  status: SITUACAO,
  // filters only
  beneficiario: f.text('Beneficiário', { max: 150 }),
  produto: f.ref('Plano', 'produto'),
  procedimentoCodigo: f.text('Código do procedimento', { max: 10 }),
};
const SITUACAO_FILTRO = { field: 'status', op: 'eq', param: 'situacao' } as const;
const PLANO_FILTRO = { field: 'produto', op: 'eq', param: 'plano' } as const;
const PROTOCOLO_FILTRO = { field: 'protocolo', op: 'search', param: 'protocolo', placeholder: 'Nº do protocolo' } as const;
const periodo = (field: string, de: string, ate: string) =>
  [
    { field, op: 'gte', param: 'inicio', label: de },
    { field, op: 'lte', param: 'termino', label: ate },
  ] as const;
const T_PAGO: ReportTotal = { key: 'pago', label: 'Valor pago', kind: 'money' };
const T_TABELA: ReportTotal = { key: 'tabela', label: 'Valor da tabela', kind: 'money' };
const T_LIBERADO: ReportTotal = { key: 'liberado', label: 'Liberado', kind: 'money' };
const T_QTD: ReportTotal = { key: 'quantidade', label: 'Quantidade', kind: 'integer' };

/** rep064 — Analítico de Reembolso: every request asked in the period, by beneficiary, with its values and situation. */
export const ANALITICO_REEMBOLSO = defineReport({
  code: 'rep064',
  command: '/relatorio/protocolo/reembolso/analitico-reembolso',
  about: 'Cada pedido de reembolso do período, por beneficiário: protocolo, atendimento, profissional, procedimento, quantidade, valor pago, valor liberado e situação.',
  list: {
    key: 'relatorio.rep064',
    noun: NOUN,
    fields: { grupo: f.text('Beneficiário', { max: 190 }), ...CAMPOS },
    search: [...periodo('solicitadoEm', 'Solicitados de', 'Solicitados até'), FILTRO_BENEFICIARIO, SITUACAO_FILTRO, PLANO_FILTRO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'solicitadoEm' }, { key: 'dataAtendimento' }, { key: 'profissional' }, { key: 'procedimento' }, { key: 'quantidade' }, { key: 'pago' }, { key: 'liberado' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'solicitadoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'solicitadoEm'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [T_QTD, T_PAGO, T_LIBERADO],
  orientation: 'landscape',
  widths: { protocolo: 2.3, solicitadoEm: 1.5, dataAtendimento: 1.1, profissional: 1.9, procedimento: 2.3, quantidade: 0.5, pago: 1, liberado: 1, status: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep065 — Sintético de Reembolso: the period's requests counted by plan and situation, with what was paid, the table
 * value, what was released and the share released of what was paid.
 */
export const SINTETICO_REEMBOLSO = defineReport({
  code: 'rep065',
  command: '/relatorio/protocolo/reembolso/sintetico-reembolso',
  about: 'Os pedidos de reembolso do período por plano e situação: quantos, o valor pago pelos beneficiários, o valor da tabela, o liberado e o percentual liberado do que foi pago.',
  list: {
    key: 'relatorio.rep065',
    noun: { singular: 'situação', plural: 'situações', gender: 'f' },
    fields: {
      grupo: f.text('Plano', { max: 190 }),
      status: SITUACAO,
      pedidos: f.integer('Pedidos'),
      quantidade: f.integer('Procedimentos'),
      pago: f.money('Valor pago'),
      tabela: f.money('Valor da tabela'),
      liberado: f.money('Liberado'),
      percentualLiberado: f.decimal('% liberado', { format: 'percent' }),
      periodo: f.date('Período'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Solicitados de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Solicitados até' },
      PLANO_FILTRO,
    ],
    initial: mesCorrente,
    columns: [{ key: 'status' }, { key: 'pedidos' }, { key: 'quantidade' }, { key: 'pago' }, { key: 'tabela' }, { key: 'liberado' }, { key: 'percentualLiberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'status', dir: 'asc' },
    ],
    sortable: ['grupo', 'status'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  totals: [
    { key: 'pedidos', label: 'Pedidos', kind: 'integer' },
    { key: 'quantidade', label: 'Procedimentos', kind: 'integer' },
    T_PAGO,
    T_TABELA,
    T_LIBERADO,
    { key: 'percentualLiberado', label: '% liberado', kind: 'percent', of: ['liberado', 'pago'] },
  ],
  chart: { title: 'Valor pago por plano (R$)', value: 'pago' },
  orientation: 'portrait',
  widths: { status: 1.4, pedidos: 0.8, quantidade: 1, pago: 1.2, tabela: 1.2, liberado: 1.2, percentualLiberado: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep066 — Conferência Analítica de Reembolso: the requests the analysis priced (or glosed), by plan, to check the
 * table value, the value the analysis calculated (the multiple's result, limited to what was paid) and the glosa
 * before the release; `liberado` is only what was already released.
 */
export const CONF_ANALITICO_REEMBOLSO = defineReport({
  code: 'rep066',
  command: '/relatorio/protocolo/reembolso/conf-analitico-reembolso',
  about: 'Os pedidos analisados no período, por plano, para conferir antes da liberação: procedimento, quantidade, valor pago, valor da tabela de reembolso, valor calculado pela análise, valor já liberado e a glosa.',
  list: {
    key: 'relatorio.rep066',
    noun: NOUN,
    fields: { grupo: f.text('Plano', { max: 190 }), ...CAMPOS, analisado: f.boolean('Analisado') },
    permanent: [{ field: 'analisado', op: 'eq', value: true }],
    search: [...periodo('analisadoEm', 'Analisados de', 'Analisados até'), SITUACAO_FILTRO, PLANO_FILTRO, FILTRO_BENEFICIARIO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'analisadoEm' }, { key: 'beneficiarioNome' }, { key: 'procedimento' }, { key: 'quantidade' }, { key: 'pago' }, { key: 'tabela' }, { key: 'calculado' }, { key: 'liberado' }, { key: 'glosa' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'analisadoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'analisadoEm'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  totals: [T_QTD, T_PAGO, T_TABELA, { key: 'calculado', label: 'Valor calculado', kind: 'money' }, T_LIBERADO],
  orientation: 'landscape',
  widths: { calculado: 1, protocolo: 1.9, analisadoEm: 1.2, beneficiarioNome: 2, procedimento: 2.8, quantidade: 0.5, pago: 1, tabela: 1, liberado: 1, glosa: 0.6, status: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep255 — Conferência Analítica por Procedimento: the period's requests by procedure (TUSS), with the values. */
export const CONFERENCIA_PROCEDIMENTO = defineReport({
  code: 'rep255',
  command: '/relatorio/protocolo/reembolso/conferencia-analitica-procedimento',
  about: 'Os pedidos de reembolso do período por procedimento (TUSS): protocolo, beneficiário, atendimento, quantidade, valor pago, valor da tabela, liberado e situação.',
  list: {
    key: 'relatorio.rep255',
    noun: NOUN,
    fields: { grupo: f.text('Procedimento', { max: 400 }), ...CAMPOS },
    search: [
      ...periodo('solicitadoEm', 'Solicitados de', 'Solicitados até'),
      { field: 'procedimentoCodigo', op: 'eq', param: 'procedimento', placeholder: 'Ex.: 10101012' },
      SITUACAO_FILTRO,
      FILTRO_BENEFICIARIO,
    ],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'beneficiarioNome' }, { key: 'dataAtendimento' }, { key: 'quantidade' }, { key: 'pago' }, { key: 'tabela' }, { key: 'liberado' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataAtendimento', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataAtendimento'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Procedimento', plural: 'procedimentos' },
  totals: [T_QTD, T_PAGO, T_TABELA, T_LIBERADO],
  chart: { title: 'Pedidos por procedimento', value: 'count' },
  orientation: 'landscape',
  widths: { protocolo: 1.9, beneficiarioNome: 2.6, dataAtendimento: 1, quantidade: 0.6, pago: 1.1, tabela: 1.1, liberado: 1.1, status: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep269 — Conferência de Processamento de Reembolso: where each request of the period stands, by situation, with
 * the day of every step, the legal deadline (30 days from the protocol, Law 9.656/98 art. 12 VI) and the days taken.
 */
export const CONFERENCIA_PROCESSAMENTO = defineReport({
  code: 'rep269',
  command: '/relatorio/protocolo/reembolso/conferencia-processamento-reembolso',
  about: `Onde está cada pedido do período, por situação: a data de cada passo (pedido, protocolo, análise, decisão), o prazo legal de ${PRAZO_PAGAMENTO_DIAS} dias a contar do protocolo e os dias corridos desde o protocolo.`,
  list: {
    key: 'relatorio.rep269',
    noun: NOUN,
    fields: {
      grupo: f.text('Situação', { max: 40 }),
      ...CAMPOS,
      prazo: f.date('Prazo legal'),
      dias: f.integer('Dias desde o protocolo'),
      atrasado: f.boolean('Fora do prazo'),
    },
    search: [...periodo('solicitadoEm', 'Solicitados de', 'Solicitados até'), SITUACAO_FILTRO, { field: 'atrasado', op: 'eq', param: 'atrasado' }, FILTRO_BENEFICIARIO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'beneficiarioNome' }, { key: 'solicitadoEm' }, { key: 'protocoladoEm' }, { key: 'analisadoEm' }, { key: 'decididoEm' }, { key: 'prazo' }, { key: 'dias' }, { key: 'pago' }, { key: 'liberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'solicitadoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'solicitadoEm'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Situação', plural: 'situações' },
  totals: [T_PAGO, T_LIBERADO],
  chart: { title: 'Pedidos por situação', value: 'count' },
  orientation: 'landscape',
  widths: { protocolo: 1.9, beneficiarioNome: 2.2, solicitadoEm: 1.2, protocoladoEm: 1.2, analisadoEm: 1.2, decididoEm: 1.2, prazo: 0.9, dias: 0.7, pago: 1, liberado: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep246 — Reembolsos Protocolados: the requests the desk protocolled, by day, with who protocolled and the receipts. */
export const PROTOCOLADO_REEMBOLSO = defineReport({
  code: 'rep246',
  command: '/relatorio/protocolo/reembolso/protocolado-reembolso',
  about: 'Os pedidos protocolados no período, por dia do protocolo: protocolo, beneficiário, quem protocolou, procedimento, atendimento, recibos anexados, valor pago e situação atual.',
  list: {
    key: 'relatorio.rep246',
    noun: NOUN,
    fields: { grupo: f.text('Dia do protocolo', { max: 10 }), ...CAMPOS, protocoladoPor: f.text('Protocolado por', { max: 120 }), anexos: f.integer('Recibos'), protocolado: f.boolean('Protocolado') },
    permanent: [{ field: 'protocolado', op: 'eq', value: true }],
    search: [...periodo('protocoladoEm', 'Protocolados de', 'Protocolados até'), SITUACAO_FILTRO, FILTRO_BENEFICIARIO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'protocoladoEm' }, { key: 'beneficiarioNome' }, { key: 'protocoladoPor' }, { key: 'procedimento' }, { key: 'dataAtendimento' }, { key: 'anexos' }, { key: 'pago' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'protocoladoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'protocoladoEm'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Dia', plural: 'dias' },
  totals: [{ key: 'anexos', label: 'Recibos', kind: 'integer' }, T_PAGO],
  orientation: 'landscape',
  widths: { protocolo: 1.9, protocoladoEm: 1.2, beneficiarioNome: 2.2, protocoladoPor: 1.4, procedimento: 2.6, dataAtendimento: 0.9, anexos: 0.6, pago: 1, status: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep067 — Folha Analítica de Reembolso: the released reimbursements of the period by payee — the family's titular,
 * who receives the money — each request with who was attended and the amount: the sheet the payment is made from.
 */
export const FOLHA_ANALITICA_REEMBOLSO = defineReport({
  code: 'rep067',
  command: '/relatorio/protocolo/reembolso/folha-analitico-reembolso',
  about: 'Os reembolsos liberados no período, pelo titular que recebe (o favorecido): cada pedido com quem foi atendido, procedimento, valor pago e valor a reembolsar; o total por favorecido e o da folha.',
  list: {
    key: 'relatorio.rep067',
    noun: NOUN,
    fields: { grupo: f.text('Favorecido', { max: 200 }), ...CAMPOS, decididoEm: f.instant('Liberado em'), liberadoSomente: f.boolean('Liberado') },
    permanent: [{ field: 'liberadoSomente', op: 'eq', value: true }],
    search: [...periodo('decididoEm', 'Liberados de', 'Liberados até'), FILTRO_BENEFICIARIO, PLANO_FILTRO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'decididoEm' }, { key: 'beneficiarioNome' }, { key: 'dataAtendimento' }, { key: 'procedimento' }, { key: 'pago' }, { key: 'liberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'decididoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'decididoEm'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Favorecido', plural: 'favorecidos' },
  totals: [T_PAGO, T_LIBERADO],
  orientation: 'landscape',
  widths: { protocolo: 1.9, decididoEm: 1.2, beneficiarioNome: 2.4, dataAtendimento: 0.9, procedimento: 3, pago: 1.1, liberado: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

const dinheiro = (v: unknown) => formatMoney(Number(v ?? 0));
const texto = (v: unknown) => (v == null || v === '' ? '—' : String(v));
const quando = (v: unknown) => (v ? instantToBr(new Date(String(v))) : '—');

/**
 * rep107 — Comprovante de Devolução: the receipt of a released reimbursement (the expense returned to the
 * beneficiary), one per request: the protocol, who was attended and who receives, the care, what was paid, the
 * plan's table value and the amount returned, with the places to sign.
 */
export const COMPROVANTE_DEVOLUCAO = defineReport({
  code: 'rep107',
  command: '/relatorio/protocolo/reembolso/comprovante-devolucao',
  about: 'O comprovante de cada reembolso liberado (a devolução da despesa ao beneficiário): protocolo, beneficiário, favorecido, atendimento, valor pago, valor da tabela e valor devolvido. Em PDF, um comprovante por página.',
  list: {
    key: 'relatorio.rep107',
    noun: { singular: 'comprovante', plural: 'comprovantes', gender: 'm' },
    fields: { ...CAMPOS, decididoEm: f.instant('Liberado em'), favorecido: f.text('Favorecido', { max: 200 }), plano: f.text('Plano', { max: 190 }), liberadoSomente: f.boolean('Liberado') },
    permanent: [{ field: 'liberadoSomente', op: 'eq', value: true }],
    search: [PROTOCOLO_FILTRO, ...periodo('decididoEm', 'Liberados de', 'Liberados até'), FILTRO_BENEFICIARIO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'decididoEm' }, { key: 'beneficiarioNome' }, { key: 'favorecido' }, { key: 'procedimento' }, { key: 'pago' }, { key: 'liberado' }],
    sort: [{ field: 'decididoEm', dir: 'asc' }],
    sortable: ['decididoEm', 'protocolo'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  totals: [T_PAGO, T_LIBERADO],
  orientation: 'portrait',
  widths: { protocolo: 1.9, decididoEm: 1.2, beneficiarioNome: 2, favorecido: 2, procedimento: 2.4, pago: 1, liberado: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
  documento: (r): ReportDocumento => ({
    titulo: 'Comprovante de Devolução de Despesa (Reembolso)',
    campos: [
      ['Protocolo', texto(r.protocolo)],
      ['Liberado em', quando(r.decididoEm)],
      ['Beneficiário atendido', `${texto(r.beneficiarioNome)} · carteirinha ${texto(r.carteirinha)}`],
      ['Favorecido', texto(r.favorecido)],
      ['Plano', texto(r.plano)],
      ['Profissional', texto(r.profissional)],
      ['Procedimento', `${texto(r.procedimento)} · quantidade ${texto(r.quantidade)}`],
      ['Data do atendimento', r.dataAtendimento ? isoToBr(String(r.dataAtendimento)) : '—'],
      ['Valor pago pelo beneficiário', dinheiro(r.pago)],
      ['Valor da tabela de reembolso', r.tabela == null ? '—' : dinheiro(r.tabela)],
      ['Valor devolvido', dinheiro(r.liberado)],
    ],
    destaque: `Valor devolvido: ${dinheiro(r.liberado)}`,
    texto: [
      `Declaramos que o pedido de reembolso de protocolo ${texto(r.protocolo)} foi analisado pela tabela de reembolso do plano e liberado no valor de ${dinheiro(r.liberado)}, a ser creditado ao favorecido acima.`,
    ],
    assinaturas: ['Operadora', 'Favorecido'],
  }),
});

/**
 * rep188 — Devolução de Reembolso Negado por Protocolo: for each denied request, the letter that returns the
 * receipts to the beneficiary with the reason of the denial, one per page, with the places to sign the receipt.
 */
export const DEVOLUCAO_NEGADO = defineReport({
  code: 'rep188',
  command: '/relatorio/protocolo/reembolso/devolucao-reembolso-negado-protocolo',
  about: 'Para cada pedido negado, a carta de devolução dos recibos ao beneficiário com o motivo da negativa: protocolo, beneficiário, atendimento, valor pago e recibos devolvidos. Em PDF, uma carta por página.',
  list: {
    key: 'relatorio.rep188',
    noun: { singular: 'pedido negado', plural: 'pedidos negados', gender: 'm' },
    fields: { ...CAMPOS, decididoEm: f.instant('Negado em'), favorecido: f.text('Titular', { max: 200 }), anexos: f.integer('Recibos'), negadoSomente: f.boolean('Negado') },
    permanent: [{ field: 'negadoSomente', op: 'eq', value: true }],
    search: [PROTOCOLO_FILTRO, ...periodo('decididoEm', 'Negados de', 'Negados até'), FILTRO_BENEFICIARIO],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'decididoEm' }, { key: 'beneficiarioNome' }, { key: 'procedimento' }, { key: 'anexos' }, { key: 'pago' }, { key: 'motivo' }],
    sort: [{ field: 'decididoEm', dir: 'asc' }],
    sortable: ['decididoEm', 'protocolo'],
    scope: { entity: 'reembolso' },
    pageSize: 200,
  },
  totals: [{ key: 'anexos', label: 'Recibos', kind: 'integer' }, T_PAGO],
  orientation: 'portrait',
  widths: { protocolo: 1.9, decididoEm: 1.2, beneficiarioNome: 2, procedimento: 2.2, anexos: 0.6, pago: 1, motivo: 2.4 },
  formats: ['pdf', 'xlsx', 'csv'],
  documento: (r): ReportDocumento => ({
    titulo: 'Devolução de Documentos — Reembolso Negado',
    campos: [
      ['Protocolo', texto(r.protocolo)],
      ['Negado em', quando(r.decididoEm)],
      ['Beneficiário atendido', `${texto(r.beneficiarioNome)} · carteirinha ${texto(r.carteirinha)}`],
      ['Titular', texto(r.favorecido)],
      ['Profissional', texto(r.profissional)],
      ['Procedimento', texto(r.procedimento)],
      ['Data do atendimento', r.dataAtendimento ? isoToBr(String(r.dataAtendimento)) : '—'],
      ['Valor pago', dinheiro(r.pago)],
      ['Recibos devolvidos', texto(r.anexos)],
    ],
    destaque: `Motivo da negativa: ${texto(r.motivo)}`,
    texto: [
      `Comunicamos que o pedido de reembolso de protocolo ${texto(r.protocolo)} foi negado pelo motivo acima e devolvemos os documentos apresentados.`,
      'Em caso de dúvida, procure a Central de Atendimento da operadora com o número do protocolo.',
    ],
    assinaturas: ['Operadora', 'Recebi os documentos (beneficiário)'],
  }),
});

export const REEMBOLSO_REPORTS = [
  ANALITICO_REEMBOLSO,
  SINTETICO_REEMBOLSO,
  CONF_ANALITICO_REEMBOLSO,
  CONFERENCIA_PROCEDIMENTO,
  CONFERENCIA_PROCESSAMENTO,
  PROTOCOLADO_REEMBOLSO,
  FOLHA_ANALITICA_REEMBOLSO,
  COMPROVANTE_DEVOLUCAO,
  DEVOLUCAO_NEGADO,
] as const;
