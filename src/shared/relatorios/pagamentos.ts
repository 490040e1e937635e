import { f } from '../resources/define';
import { defineReport, type ReportTotal } from './define';
import { anoCorrente, FILTRO_PRESTADOR, periodoAteHoje } from './filtros';

/**
 * The reports over the provider payments paid (src/server/pagamentos/bordero.ts: a borderô pays payables on the day
 * of the credit, each to the provider's account): the borderô itself (rep140) and its analytic and out-of-run views,
 * a provider's payment history (rep178), the income paid for the DIRF (rep121) and the protocols paid in a period
 * (rep205, shared by the spec with the issued fees: its own id). The operator's finance staff only; money in integer
 * centavos. A reversed baixa does not count as paid.
 */

const CREDITO = [
  { field: 'dataCredito', op: 'gte', param: 'inicio', label: 'Créditos de' },
  { field: 'dataCredito', op: 'lte', param: 'termino', label: 'Créditos até' },
] as const;
/** The last three months: finance reads its borderôs by quarter. */
const TRIMESTRE = periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 2, 1));
const PAGAMENTO_NOUN = { singular: 'pagamento', plural: 'pagamentos', gender: 'm' } as const;
const money = (key: string, label: string): ReportTotal => ({ key, label, kind: 'money' });
// PIS, COFINS and CSLL are paid together (DARF 5952): one column on the borderô, each tax in the totals
const TRIBUTOS = [money('irrf', 'IRRF'), money('pis', 'PIS'), money('cofins', 'COFINS'), money('csll', 'CSLL'), money('iss', 'ISS'), money('inss', 'INSS')];

/** The columns of a paid payment with its withholdings by tax. */
const CAMPOS_PAGO = {
  grupo: f.text('Borderô', { max: 200 }),
  prestadorNome: f.text('Prestador', { max: 200 }),
  contaCredito: f.text('Banco · agência · conta', { max: 40 }),
  competenciaMes: f.text('Competência', { max: 7 }),
  numero: f.text('Pagamento', { max: 12 }),
  bruto: f.money('Bruto'),
  irrf: f.money('IRRF'),
  pis: f.money('PIS'),
  cofins: f.money('COFINS'),
  csll: f.money('CSLL'),
  csrf: f.money('PIS/COFINS/CSLL'),
  iss: f.money('ISS'),
  inss: f.money('INSS'),
  liquido: f.money('Líquido'),
  // filters only
  dataCredito: f.date('Data do crédito'),
  bordero: f.text('Borderô nº', { max: 12 }),
  prestador: f.text('Prestador', { max: 150 }),
};
const COLUNAS_PAGO = [{ key: 'prestadorNome' }, { key: 'contaCredito' }, { key: 'numero' }, { key: 'bruto' }, { key: 'irrf' }, { key: 'csrf' }, { key: 'iss' }, { key: 'inss' }, { key: 'liquido' }] as const;
const LARGURAS_PAGO = { prestadorNome: 3.6, contaCredito: 2, numero: 1.1, bruto: 1.1, irrf: 0.9, csrf: 1, iss: 0.9, inss: 0.9, liquido: 1.1 };

/** rep140 — Borderô de Pagamento: each batch paid, one line per provider payment with its account and withholdings. */
export const BORDERO_PAGAMENTO = defineReport({
  code: 'rep140',
  command: '/relatorio/financeiro/bordero-pagamento',
  about: 'Cada borderô pago no período (data do crédito e conta pagadora), com os prestadores creditados: banco, agência e conta, o bruto, as retenções por tributo e o líquido, com os totais do borderô e do período.',
  list: {
    key: 'relatorio.rep140',
    noun: PAGAMENTO_NOUN,
    fields: CAMPOS_PAGO,
    search: [...CREDITO, { field: 'bordero', op: 'eq', param: 'bordero' }, FILTRO_PRESTADOR],
    initial: TRIMESTRE,
    columns: [...COLUNAS_PAGO],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'prestadorNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'prestadorNome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Borderô', plural: 'borderôs' },
  totals: [money('bruto', 'Bruto'), ...TRIBUTOS, money('liquido', 'Líquido')],
  orientation: 'landscape',
  widths: LARGURAS_PAGO,
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep140 (analítico) — down to the protocols each payment of the borderô paid, with the lot and the value released. */
export const BORDERO_PAGAMENTO_ANALITICO = defineReport({
  code: 'rep140',
  id: 'rep140-analitico',
  command: '/relatorio/financeiro/bordero-pagamento-analitico',
  about: 'Cada borderô pago no período aberto até os protocolos que pagou: prestador, pagamento, protocolo, lote, recebimento e o valor liberado de cada um, que somados dão o bruto do pagamento.',
  list: {
    key: 'relatorio.rep140-analitico',
    noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
    fields: {
      grupo: f.text('Borderô', { max: 200 }),
      prestadorNome: f.text('Prestador', { max: 200 }),
      numero: f.text('Pagamento', { max: 12 }),
      protocolo: f.text('Protocolo', { max: 12 }),
      numeroLote: f.text('Lote', { max: 20 }),
      recebidoEm: f.instant('Recebido em'),
      liberado: f.money('Valor liberado'),
      dataCredito: f.date('Data do crédito'),
      bordero: f.text('Borderô nº', { max: 12 }),
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [...CREDITO, { field: 'bordero', op: 'eq', param: 'bordero' }, FILTRO_PRESTADOR],
    initial: TRIMESTRE,
    columns: [{ key: 'prestadorNome' }, { key: 'numero' }, { key: 'protocolo' }, { key: 'numeroLote' }, { key: 'recebidoEm' }, { key: 'liberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'prestadorNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'prestadorNome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Borderô', plural: 'borderôs' },
  totals: [money('liberado', 'Valor liberado')],
  orientation: 'portrait',
  widths: { prestadorNome: 3, numero: 1.2, protocolo: 1.2, numeroLote: 1, recebidoEm: 1.3, liberado: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** What "fora da folha" means here, said on the screen and in the PDF. */
export const FORA_DA_FOLHA =
  'Fora da folha: o pagamento creditado em outro dia que não o do seu vencimento — o dia 20 do mês seguinte à competência, em que corre o pagamento mensal regular —, antes (antecipado) ou depois (atrasado).';

/** rep140 (fora de folha) — the payments paid outside the regular monthly run. */
export const BORDERO_PAGAMENTO_FORA_FOLHA = defineReport({
  code: 'rep140',
  id: 'rep140-fora-folha',
  command: '/relatorio/financeiro/bordero-pagamento-fora-folha',
  about: `${FORA_DA_FOLHA} Por borderô, com o vencimento, os dias de diferença e os valores.`,
  list: {
    key: 'relatorio.rep140-fora-folha',
    noun: PAGAMENTO_NOUN,
    fields: {
      ...CAMPOS_PAGO,
      vencimento: f.date('Vencimento'),
      dias: f.integer('Dias após o vencimento'),
    },
    search: [...CREDITO, { field: 'bordero', op: 'eq', param: 'bordero' }, FILTRO_PRESTADOR],
    initial: anoCorrente,
    columns: [{ key: 'prestadorNome' }, { key: 'contaCredito' }, { key: 'numero' }, { key: 'vencimento' }, { key: 'dias' }, { key: 'bruto' }, { key: 'irrf' }, { key: 'iss' }, { key: 'liquido' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'prestadorNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'prestadorNome', 'dias'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Borderô', plural: 'borderôs' },
  totals: [money('bruto', 'Bruto'), money('irrf', 'IRRF'), money('iss', 'ISS'), money('liquido', 'Líquido')],
  orientation: 'landscape',
  widths: { prestadorNome: 3.4, contaCredito: 2, numero: 1.1, vencimento: 1, dias: 0.9, bruto: 1.1, irrf: 0.9, iss: 0.9, liquido: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const SITUACOES_PAGAMENTO = [
  ['A_PAGAR', 'A pagar'],
  ['PAGO', 'Pago'],
  ['ESTORNADO', 'Rendimento estornado'],
] as const;

/** rep178 (financeiro) — a provider's payments consolidated over a period, paid or not, with when and where each was credited. */
export const HISTORICO_PAGAMENTO = defineReport({
  code: 'rep178',
  command: '/relatorio/financeiro/historico-pagamento',
  about: 'Os pagamentos de cada prestador nas competências do período: vencimento, situação, data do crédito, borderô e conta creditada, bruto, retenções e líquido, com os totais do prestador.',
  list: {
    key: 'relatorio.rep178',
    noun: PAGAMENTO_NOUN,
    fields: {
      grupo: f.text('Prestador', { max: 200 }),
      competenciaMes: f.text('Competência', { max: 7 }),
      numero: f.text('Pagamento', { max: 12 }),
      protocolos: f.integer('Protocolos'),
      vencimento: f.date('Vencimento'),
      situacao: f.enum('Situação', SITUACOES_PAGAMENTO),
      dataCredito: f.date('Crédito em'),
      bordero: f.text('Borderô', { max: 12 }),
      contaCredito: f.text('Banco · agência · conta', { max: 40 }),
      bruto: f.money('Bruto'),
      retencoes: f.money('Retenções'),
      liquido: f.money('Líquido'),
      competencia: f.date('Competência'),
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      FILTRO_PRESTADOR,
      { field: 'situacao', op: 'eq', param: 'situacao' },
    ],
    initial: anoCorrente,
    columns: [
      { key: 'competenciaMes' },
      { key: 'numero' },
      { key: 'protocolos' },
      { key: 'vencimento' },
      { key: 'situacao' },
      { key: 'dataCredito' },
      { key: 'bordero' },
      { key: 'contaCredito' },
      { key: 'bruto' },
      { key: 'retencoes' },
      { key: 'liquido' },
    ],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  totals: [{ key: 'protocolos', label: 'Protocolos', kind: 'integer' }, money('bruto', 'Bruto'), money('retencoes', 'Retenções'), money('liquido', 'Líquido')],
  orientation: 'landscape',
  widths: { competenciaMes: 0.9, numero: 1.1, protocolos: 0.8, vencimento: 0.9, situacao: 1.3, dataCredito: 0.9, bordero: 1.1, contaCredito: 1.7, bruto: 1, retencoes: 1, liquido: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep121 — DIRF: the income paid to each provider in a calendar year, month by month of the credit, and the IRRF withheld. */
export const RENDIMENTOS_PRESTADORES = defineReport({
  code: 'rep121',
  command: '/relatorio/dirf/rendimentos-prestadores',
  about:
    'Os rendimentos pagos a cada prestador no ano-calendário, mês a mês pela data do crédito (só o que foi pago): o rendimento bruto, o IRRF retido com o seu código DARF e as contribuições retidas (PIS, COFINS e CSLL, 5952), com os totais do ano.',
  list: {
    key: 'relatorio.rep121',
    noun: { singular: 'mês', plural: 'meses', gender: 'm' },
    fields: {
      grupo: f.text('Prestador', { max: 220 }),
      mes: f.text('Mês', { max: 7 }),
      pagamentos: f.integer('Pagamentos'),
      codigoIrrf: f.text('Código DARF', { max: 20 }),
      bruto: f.money('Rendimento bruto'),
      irrf: f.money('IRRF retido'),
      csrf: f.money('PIS/COFINS/CSLL'),
      ano: f.integer('Ano-calendário'),
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [{ field: 'ano', op: 'eq', param: 'ano', label: 'Ano-calendário' }, FILTRO_PRESTADOR],
    initial: (current, now) => {
      if (current.has('ano')) return undefined;
      const p = new URLSearchParams(current);
      p.set('ano', String(now.getFullYear()));
      return p;
    },
    columns: [{ key: 'mes' }, { key: 'pagamentos' }, { key: 'codigoIrrf' }, { key: 'bruto' }, { key: 'irrf' }, { key: 'csrf' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'mes', dir: 'asc' },
    ],
    sortable: ['grupo', 'mes'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  totals: [{ key: 'pagamentos', label: 'Pagamentos', kind: 'integer' }, money('bruto', 'Rendimento bruto'), money('irrf', 'IRRF retido'), money('csrf', 'PIS/COFINS/CSLL')],
  orientation: 'portrait',
  widths: { mes: 0.8, pagamentos: 0.8, codigoIrrf: 0.9, bruto: 1.2, irrf: 1.1, csrf: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep205 (protocolo) — the protocols paid in a period of credit, by provider. */
export const PROTOCOLO_DATA_PAGAMENTO = defineReport({
  code: 'rep205',
  id: 'protocolo-data-pagamento-bordero',
  command: '/relatorio/protocolo/prestador/protocolo-data-pagamento-bordero',
  about: 'Os protocolos pagos no período (data do crédito do borderô), por prestador: protocolo, lote, recebimento, tipo de guia, o pagamento e o borderô que o pagaram e o valor pago.',
  list: {
    key: 'relatorio.protocolo-data-pagamento-bordero',
    noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
    fields: {
      grupo: f.text('Prestador', { max: 200 }),
      protocolo: f.text('Protocolo', { max: 12 }),
      numeroLote: f.text('Lote', { max: 20 }),
      recebidoEm: f.instant('Recebido em'),
      dataCredito: f.date('Pago em'),
      bordero: f.text('Borderô', { max: 12 }),
      numero: f.text('Pagamento', { max: 12 }),
      liberado: f.money('Valor pago'),
      prestador: f.text('Prestador', { max: 150 }),
    },
    search: [
      { field: 'dataCredito', op: 'gte', param: 'inicio', label: 'Pagos de' },
      { field: 'dataCredito', op: 'lte', param: 'termino', label: 'Pagos até' },
      FILTRO_PRESTADOR,
    ],
    initial: TRIMESTRE,
    columns: [{ key: 'protocolo' }, { key: 'numeroLote' }, { key: 'recebidoEm' }, { key: 'dataCredito' }, { key: 'bordero' }, { key: 'numero' }, { key: 'liberado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataCredito', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataCredito'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  totals: [money('liberado', 'Valor pago')],
  orientation: 'portrait',
  widths: { protocolo: 1.2, numeroLote: 1, recebidoEm: 1.3, dataCredito: 1, bordero: 1.2, numero: 1.2, liberado: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const PAGAMENTO_REPORTS = [BORDERO_PAGAMENTO, BORDERO_PAGAMENTO_ANALITICO, BORDERO_PAGAMENTO_FORA_FOLHA, HISTORICO_PAGAMENTO, RENDIMENTOS_PRESTADORES, PROTOCOLO_DATA_PAGAMENTO] as const;
