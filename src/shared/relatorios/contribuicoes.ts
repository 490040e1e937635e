import { f } from '../resources/define';
import { defineReport, type ReportTotal } from './define';
import { anoCorrente, FILTRO_BENEFICIARIO } from './filtros';

/**
 * The contribution reports over the receivables (titles issued per family and competência, src/server/financeiro/,
 * and their payments from the bank's return): rep275, each family's titles; rep375, the open titles past due at a day.
 * The operator's staff only (the family sees its own boletos on its screen); money in integer centavos.
 */

/** The title's situation (titulos.status) as the reader sees it. */
export const SITUACOES_TITULO = [
  ['ABERTO', 'Em aberto'],
  ['PAGO', 'Pago'],
  ['ESTORNADO', 'Estornado'],
  ['CANCELADO', 'Cancelado'],
] as const;
const SITUACAO = f.enum('Situação', SITUACOES_TITULO);
const T_VALOR: ReportTotal = { key: 'valor', label: 'Valor', kind: 'money' };

/** rep275 — Contribuições por Beneficiário: each family's titles by competência, with what was paid and when. */
export const CONTRIBUICOES_BENEFICIARIO = defineReport({
  code: 'rep275',
  command: '/relatorio/contribuicao/contribuicoes-beneficiario',
  about: 'Os títulos de contribuição de cada família (titular) por competência: nosso número, vencimento, valor, situação, data e valor do pagamento.',
  list: {
    key: 'relatorio.rep275',
    noun: { singular: 'título', plural: 'títulos', gender: 'm' },
    fields: {
      grupo: f.text('Titular', { max: 190 }),
      mes: f.text('Competência', { max: 7 }),
      nossoNumero: f.text('Nosso número', { max: 20 }),
      vencimento: f.date('Vencimento'),
      mensalidade: f.money('Mensalidade'),
      subsidio: f.money('Subsídio'),
      coparticipacao: f.money('Coparticipação'),
      valor: f.money('Valor'),
      status: SITUACAO,
      dataPagamento: f.date('Pago em'),
      valorPago: f.money('Valor pago'),
      // filters only
      competencia: f.date('Competência'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      FILTRO_BENEFICIARIO,
      { field: 'status', op: 'eq', param: 'situacao' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'nossoNumero' }, { key: 'vencimento' }, { key: 'mensalidade' }, { key: 'subsidio' }, { key: 'coparticipacao' }, { key: 'valor' }, { key: 'status' }, { key: 'dataPagamento' }, { key: 'valorPago' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Titular', plural: 'titulares' },
  totals: [
    { key: 'mensalidade', label: 'Mensalidade', kind: 'money' },
    { key: 'subsidio', label: 'Subsídio', kind: 'money' },
    { key: 'coparticipacao', label: 'Coparticipação', kind: 'money' },
    T_VALOR,
    { key: 'valorPago', label: 'Valor pago', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 0.8, nossoNumero: 1.5, vencimento: 0.9, mensalidade: 1, subsidio: 1, coparticipacao: 1, valor: 1, status: 0.9, dataPagamento: 0.9, valorPago: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep375 — Contribuições em Atraso: the titles open at the position day whose due date had passed (paid later, or
 * never), by the titular's plan, with the days late at that day.
 */
export const CONTRIBUICOES_ATRASO = defineReport({
  code: 'rep375',
  command: '/relatorio/contribuicao/contribuicoes-atraso',
  about: 'Os títulos em aberto e vencidos na data de posição, por plano do titular: competência, vencimento, dias de atraso e valor, com os totais.',
  list: {
    key: 'relatorio.rep375',
    noun: { singular: 'título em atraso', plural: 'títulos em atraso', gender: 'm' },
    fields: {
      grupo: f.text('Plano', { max: 190 }),
      titular: f.text('Titular', { max: 190 }),
      mes: f.text('Competência', { max: 7 }),
      nossoNumero: f.text('Nosso número', { max: 20 }),
      vencimento: f.date('Vencimento'),
      dias: f.integer('Dias de atraso'),
      valor: f.money('Valor'),
      // filters only
      posicao: f.date('Posição em'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'posicao', op: 'lte', param: 'posicao', label: 'Posição em' },
      { field: 'produto', op: 'eq', param: 'plano' },
      FILTRO_BENEFICIARIO,
    ],
    columns: [{ key: 'titular' }, { key: 'mes' }, { key: 'nossoNumero' }, { key: 'vencimento' }, { key: 'dias' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'vencimento', dir: 'asc' },
    ],
    sortable: ['grupo', 'vencimento', 'dias'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  totals: [T_VALOR],
  orientation: 'portrait',
  widths: { titular: 3, mes: 0.9, nossoNumero: 1.6, vencimento: 1, dias: 0.8, valor: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const CONTRIBUICAO_REPORTS = [CONTRIBUICOES_BENEFICIARIO, CONTRIBUICOES_ATRASO] as const;
