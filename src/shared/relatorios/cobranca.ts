import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente, mesCorrente } from './filtros';
import { SITUACOES_TITULO } from './contribuicoes';

/**
 * The collection reports over the receivables (titles and their payments, src/server/financeiro/): rep134, default per
 * competência; rep205, the titles issued in a period. The operator's staff only; money in integer centavos.
 */

/** rep134 — Inadimplência por Competência: issued, paid and open past due per competência, with the default rate. */
export const INADIMPLENCIA_COMPETENCIA = defineReport({
  code: 'rep134',
  command: '/relatorio/cobranca/inadimplencia-competencia',
  about: 'Por competência: os títulos emitidos (em aberto ou pagos), os pagos, os em aberto já vencidos hoje e a taxa de inadimplência (valor vencido em aberto sobre o valor emitido).',
  list: {
    key: 'relatorio.rep134',
    noun: { singular: 'competência', plural: 'competências', gender: 'f' },
    fields: {
      mes: f.text('Competência', { max: 7 }),
      emitidos: f.integer('Emitidos'),
      valorEmitido: f.money('Valor emitido'),
      pagos: f.integer('Pagos'),
      valorPago: f.money('Valor pago'),
      vencidos: f.integer('Vencidos em aberto'),
      valorVencido: f.money('Valor vencido'),
      taxa: f.decimal('Inadimplência (%)', { format: 'percent' }),
      // filters only
      periodo: f.date('Competência'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Competências até' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'emitidos' }, { key: 'valorEmitido' }, { key: 'pagos' }, { key: 'valorPago' }, { key: 'vencidos' }, { key: 'valorVencido' }, { key: 'taxa' }],
    sort: [{ field: 'periodo', dir: 'asc' }],
    sortable: ['periodo'],
    pageSize: 200,
  },
  totals: [
    { key: 'emitidos', label: 'Emitidos', kind: 'integer' },
    { key: 'valorEmitido', label: 'Valor emitido', kind: 'money' },
    { key: 'pagos', label: 'Pagos', kind: 'integer' },
    { key: 'valorPago', label: 'Valor pago', kind: 'money' },
    { key: 'vencidos', label: 'Vencidos em aberto', kind: 'integer' },
    { key: 'valorVencido', label: 'Valor vencido', kind: 'money' },
    { key: 'taxa', label: 'Inadimplência (%)', kind: 'percent', of: ['valorVencido', 'valorEmitido'] },
  ],
  orientation: 'landscape',
  widths: { mes: 1, emitidos: 0.8, valorEmitido: 1.3, pagos: 0.8, valorPago: 1.3, vencidos: 0.9, valorVencido: 1.3, taxa: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep205 — Contraprestações Emitidas: the titles issued in the period, by competência, with the fee's parts. */
export const CONTRAPRESTACOES_EMITIDAS = defineReport({
  code: 'rep205',
  command: '/relatorio/cobranca/contraprestacoes-emitidas',
  about: 'Os títulos emitidos no período, por competência: titular, nosso número, emissão, vencimento, mensalidade, subsídio, coparticipação, valor e situação.',
  list: {
    key: 'relatorio.rep205',
    noun: { singular: 'título', plural: 'títulos', gender: 'm' },
    fields: {
      grupo: f.text('Competência', { max: 7 }),
      titular: f.text('Titular', { max: 190 }),
      nossoNumero: f.text('Nosso número', { max: 20 }),
      emissao: f.date('Emissão'),
      vencimento: f.date('Vencimento'),
      mensalidade: f.money('Mensalidade'),
      subsidio: f.money('Subsídio'),
      coparticipacao: f.money('Coparticipação'),
      valor: f.money('Valor'),
      status: f.enum('Situação', SITUACOES_TITULO),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'emissao', op: 'gte', param: 'inicio', label: 'Emitidos de' },
      { field: 'emissao', op: 'lte', param: 'termino', label: 'Emitidos até' },
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'status', op: 'eq', param: 'situacao' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'titular' }, { key: 'nossoNumero' }, { key: 'emissao' }, { key: 'vencimento' }, { key: 'mensalidade' }, { key: 'subsidio' }, { key: 'coparticipacao' }, { key: 'valor' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'titular', dir: 'asc' },
    ],
    sortable: ['grupo', 'titular', 'emissao'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Competência', plural: 'competências' },
  totals: [
    { key: 'mensalidade', label: 'Mensalidade', kind: 'money' },
    { key: 'subsidio', label: 'Subsídio', kind: 'money' },
    { key: 'coparticipacao', label: 'Coparticipação', kind: 'money' },
    { key: 'valor', label: 'Valor', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { titular: 2.8, nossoNumero: 1.5, emissao: 0.9, vencimento: 0.9, mensalidade: 1, subsidio: 1, coparticipacao: 1, valor: 1, status: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const COBRANCA_REPORTS = [INADIMPLENCIA_COMPETENCIA, CONTRAPRESTACOES_EMITIDAS] as const;
