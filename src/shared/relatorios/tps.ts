import { f } from '../resources/define';
import type { Filter } from '../lists/types';
import { defineReport } from './define';
import { trimestreCheck, ultimoTrimestre } from './sip';

/**
 * TPS — Taxa de Saúde Suplementar por plano (Lei 9.961/2000, art. 20, I): per plan, the value per beneficiary times the
 * average number of beneficiaries, less the discounts of the law's tables (plus any increase the operator types), in
 * quarterly quotas (§ 2º). Every figure of the law comes from the operator's configuration (ANS (Operadora) › Bases de
 * Cálculo da TPS and Percentuais da TPS), in force on each month's last day.
 * - A month's beneficiaries: those of the plan in force on the month's last day (joined, not cancelled by then), not
 *   older than the base's age limit on that day (§ 1º: the over-sixties are not counted).
 * - A month's value: beneficiaries × the value per beneficiary ÷ the quotas a year ÷ 3 (the quarter's quota spread over
 *   its months), in centavos rounded half up; the quarter's average × the quota is the sum of its three months.
 * - Discounts and increases: the percentages whose kind of plan matches the plan's segmentation (its product group),
 *   coverage or type of contract; none for a plan commercialized before the base's "descontos desde" date.
 * The analytic report (rep039) lists plan × month; the synthetic (rep038) sums them per quarter and plan.
 */

const TPS_FIELDS = {
  beneficiarios: f.integer('Beneficiários'),
  valorBase: f.money('Valor bruto'),
  percentualDesconto: f.percent('Desconto (%)'),
  desconto: f.money('Desconto'),
  percentualAcrescimo: f.percent('Acréscimo (%)', { max: 1000 }),
  acrescimo: f.money('Acréscimo'),
  devido: f.money('Valor devido'),
} as const;

const TPS_TOTALS = [
  { key: 'valorBase', label: 'Valor bruto', kind: 'money' },
  { key: 'desconto', label: 'Desconto', kind: 'money' },
  { key: 'acrescimo', label: 'Acréscimo', kind: 'money' },
  { key: 'devido', label: 'Valor devido', kind: 'money' },
] as const;

export const TPS_ANALITICO = defineReport({
  code: 'rep039',
  command: '/relatorio/ans/tps-analitico',
  about:
    'A Taxa de Saúde Suplementar por plano (Lei 9.961/2000, art. 20, I) no trimestre, mês a mês: os beneficiários do plano no último dia do mês (sem os acima da idade da base de cálculo), o valor bruto, os descontos e acréscimos pelo tipo de plano e o valor devido, pela configuração em ANS (Operadora) › Bases de Cálculo e Percentuais da TPS.',
  list: {
    key: 'relatorio.rep039',
    noun: { singular: 'mês de plano', plural: 'meses de planos', gender: 'm' },
    fields: {
      grupo: f.text('Plano (registro ANS)', { max: 140 }),
      mes: f.text('Mês', { max: 7 }),
      ...TPS_FIELDS,
      // filters only
      trimestre: f.text('Trimestre (AAAA-T)', { max: 6 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'trimestre', op: 'eq', param: 'trimestre', placeholder: 'ex.: 2026-1' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    checks: trimestreCheck,
    initial: ultimoTrimestre,
    columns: [{ key: 'mes' }, { key: 'beneficiarios' }, { key: 'valorBase' }, { key: 'percentualDesconto' }, { key: 'desconto' }, { key: 'percentualAcrescimo' }, { key: 'acrescimo' }, { key: 'devido' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'mes', dir: 'asc' },
    ],
    sortable: ['grupo', 'mes'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  totals: [{ key: 'beneficiarios', label: 'Beneficiários (soma dos meses)', kind: 'integer' }, ...TPS_TOTALS],
  chart: { title: 'Valor devido por plano', value: 'devido' },
  orientation: 'landscape',
  widths: { mes: 0.8, beneficiarios: 1, valorBase: 1.2, percentualDesconto: 1, desconto: 1.2, percentualAcrescimo: 1, acrescimo: 1.2, devido: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

const anoCheck = (filters: readonly Filter[]) => {
  const a = filters.find((x) => x.field === 'ano')?.value;
  return a == null ? [{ param: 'ano', message: 'Informe o ano.' }] : /^(20\d\d)$/.test(String(a)) ? [] : [{ param: 'ano', message: 'Ano inválido: use AAAA (ex.: 2026).' }];
};
/** Opens on this year. */
const anoAtual = (current: URLSearchParams, now: Date): URLSearchParams | undefined =>
  current.has('ano') ? undefined : new URLSearchParams([...current, ['ano', String(now.getFullYear())]]);

export const TPS_SINTETICO = defineReport({
  code: 'rep038',
  command: '/relatorio/ans/tps-sintetico',
  about:
    'A Taxa de Saúde Suplementar do ano por trimestre e plano: a média de beneficiários dos meses do trimestre já começados, o valor bruto, os descontos, os acréscimos e o valor devido (a soma dos meses do TPS Analítico).',
  list: {
    key: 'relatorio.rep038',
    noun: { singular: 'plano no trimestre', plural: 'planos nos trimestres', gender: 'm' },
    fields: {
      grupo: f.text('Trimestre', { max: 30 }),
      plano: f.text('Plano (registro ANS)', { max: 140 }),
      meses: f.integer('Meses'),
      mediaBeneficiarios: f.decimal('Média de beneficiários', { precision: 12, scale: 2 }),
      ...TPS_FIELDS,
      // filters only
      ano: f.text('Ano (AAAA)', { max: 4 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'ano', op: 'eq', param: 'ano', placeholder: 'ex.: 2026' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    checks: anoCheck,
    initial: anoAtual,
    columns: [{ key: 'plano' }, { key: 'meses' }, { key: 'mediaBeneficiarios' }, { key: 'valorBase' }, { key: 'desconto' }, { key: 'acrescimo' }, { key: 'devido' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'plano', dir: 'asc' },
    ],
    sortable: ['grupo', 'plano'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Trimestre', plural: 'trimestres' },
  totals: TPS_TOTALS,
  chart: { title: 'Valor devido por trimestre', value: 'devido' },
  orientation: 'landscape',
  widths: { plano: 2.6, meses: 0.6, mediaBeneficiarios: 1.1, valorBase: 1.1, desconto: 1.1, acrescimo: 1.1, devido: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});
