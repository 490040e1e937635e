import { f } from '../resources/define';
import { MOTIVOS_CANCELAMENTO, RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { defineReport } from './define';
import { anoCorrente, mesCorrente, PERIODO_OBRIGATORIO, situacaoAtiva } from './filtros';

/** The ANS age bands of a plan's price (RN 63/2003): ten bands, the last from 59 years. */
export const FAIXAS_ANS: readonly { value: string; label: string; min: number; max: number }[] = [
  [0, 18], [19, 23], [24, 28], [29, 33], [34, 38], [39, 43], [44, 48], [49, 53], [54, 58], [59, 200],
].map(([min, max]) => ({ value: String(min), label: max >= 200 ? `${min} anos ou mais` : `${min} a ${max} anos`, min, max }));

/** The band of an age in years. */
export const faixaAns = (idade: number) => FAIXAS_ANS.findLast((b) => idade >= b.min)!;

/**
 * rep301 — beneficiaries by product and ANS age band: each product's people with their age today and band, a
 * subtotal per product (the actuarial and the ANS filings start from these counts).
 */
export const BENEFICIARIOS_FAIXA_PRODUTO = defineReport({
  code: 'rep301',
  command: '/relatorio/beneficiario/produto/faixa-etaria-produto',
  about: 'Beneficiários de cada produto com a idade de hoje e a faixa etária da ANS, com o total por produto.',
  list: {
    key: 'relatorio.rep301',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Produto', { max: 150 }),
      matricula: f.text('Matrícula', { max: 10 }),
      nome: f.text('Nome', { max: 150 }),
      dataNascimento: f.date('Nascimento'),
      idade: f.integer('Idade'),
      faixa: f.enum('Faixa da ANS', FAIXAS_ANS.map((b) => [b.value, b.label] as const)),
      relacao: f.enum('Relação', RELACOES_DEPENDENCIA),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      produto: f.ref('Produto', 'produto'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'faixa', op: 'eq', param: 'faixa' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'matricula' }, { key: 'nome', sort: 'nome' }, { key: 'dataNascimento' }, { key: 'idade' }, { key: 'faixa' }, { key: 'relacao' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Produto', plural: 'produtos' },
  chart: { title: 'Beneficiários por produto', value: 'count' },
  orientation: 'portrait',
  widths: { matricula: 1.2, nome: 3.6, dataNascimento: 1.1, idade: 0.6, faixa: 1.3, relacao: 1.5, situacao: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const MOVIMENTOS = ['Exclusões', 'Inclusões'] as const;

/**
 * rep170 — the period's inclusions (membership date in the period) and exclusions (cancelled with the cancellation
 * date in the period), with the reason of each exclusion: the movement the SIB file and the billing follow. Someone
 * included and excluded in the same period is listed once, among the exclusions.
 */
export const MOVIMENTACAO_BENEFICIARIOS = defineReport({
  code: 'rep170',
  command: '/relatorio/beneficiario/posicao/movimentacao-cadastral',
  about: 'Inclusões (adesão no período) e exclusões (cancelamento no período, com o motivo) de beneficiários, com o total de cada movimento.',
  list: {
    key: 'relatorio.rep170',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.enum('Movimento', MOVIMENTOS.map((m) => [m, m] as const)),
      matricula: f.text('Matrícula', { max: 10 }),
      nome: f.text('Nome', { max: 150 }),
      relacao: f.enum('Relação', RELACOES_DEPENDENCIA),
      produtoNome: f.text('Produto', { max: 120 }),
      dataAdesao: f.date('Adesão'),
      dataSituacao: f.date('Cancelamento'),
      motivoCancelamento: f.enum('Motivo do cancelamento', MOTIVOS_CANCELAMENTO),
      periodo: f.date('Período'),
      produto: f.ref('Produto', 'produto'),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'grupo', op: 'eq', param: 'movimento' },
      { field: 'produto', op: 'eq', param: 'produto' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'relacao' }, { key: 'produtoNome' }, { key: 'dataAdesao' }, { key: 'dataSituacao' }, { key: 'motivoCancelamento' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Movimento', plural: 'movimentos' },
  orientation: 'landscape',
  widths: { matricula: 1, nome: 3, relacao: 1.5, produtoNome: 2.2, dataAdesao: 1, dataSituacao: 1, motivoCancelamento: 3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep278 — the beneficiaries of each contracting company (collective plans): who, which plan, since when and in
 * which situation, a subtotal per company (the company's HR reconciles its payroll discount with it).
 */
export const BENEFICIARIOS_POR_EMPRESA = defineReport({
  code: 'rep278',
  command: '/relatorio/beneficiario/empresa/beneficiarios-empresa',
  about: 'Beneficiários de cada empresa contratante (planos coletivos), com plano, adesão e situação, e o total por empresa.',
  list: {
    key: 'relatorio.rep278',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Empresa', { max: 200 }),
      matricula: f.text('Matrícula', { max: 10 }),
      nome: f.text('Nome', { max: 150 }),
      relacao: f.enum('Relação', RELACOES_DEPENDENCIA),
      produtoNome: f.text('Plano', { max: 120 }),
      dataAdesao: f.date('Adesão'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      empresa: f.ref('Empresa', 'empresa'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'empresa', op: 'eq', param: 'empresa' },
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'relacao' }, { key: 'produtoNome' }, { key: 'dataAdesao' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Empresa', plural: 'empresas' },
  orientation: 'portrait',
  widths: { matricula: 1.1, nome: 3.4, relacao: 1.6, produtoNome: 2, dataAdesao: 1, situacao: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep095 — the age pyramid: people by ANS age band and sex, a band per group and a plan per row; the bars over the
 * bands are the pyramid itself, and the subtotals the whole portfolio's.
 */
export const PIRAMIDE_ETARIA = defineReport({
  code: 'rep095',
  command: '/relatorio/beneficiario/atuarial/piramide-etaria',
  about: 'Beneficiários por faixa etária da ANS e sexo, cada faixa com a divisão por plano; as barras formam a pirâmide etária da carteira.',
  list: {
    key: 'relatorio.rep095',
    noun: { singular: 'plano por faixa', plural: 'planos por faixa', gender: 'm' },
    fields: {
      grupo: f.text('Faixa etária', { max: 40 }),
      produtoNome: f.text('Plano', { max: 120 }),
      masculino: f.integer('Masculino'),
      feminino: f.integer('Feminino'),
      total: f.integer('Total'),
      produto: f.ref('Plano', 'produto'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
    },
    search: [
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    initial: situacaoAtiva,
    columns: [{ key: 'produtoNome' }, { key: 'masculino' }, { key: 'feminino' }, { key: 'total' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'produtoNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'produtoNome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Faixa etária', plural: 'faixas' },
  totals: [
    { key: 'masculino', label: 'Masculino', kind: 'integer' },
    { key: 'feminino', label: 'Feminino', kind: 'integer' },
    { key: 'total', label: 'Total', kind: 'integer' },
  ],
  chart: { title: 'Beneficiários por faixa etária', value: 'total' },
  orientation: 'portrait',
  widths: { produtoNome: 4, masculino: 1.2, feminino: 1.2, total: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep312 — the exposure the actuary divides the events by: for each competência of the period, the people whose
 * contract is in force at its end (joined on or before it, not cancelled by then; the current month at today), each
 * counted once a month in the ANS band of their age that day — beneficiary-months by band and plan, by sex — with
 * the plan's authorization requests of the period in the band the person was in on the request day (cancelled ones
 * left out) and their frequency per 1,000 beneficiary-months.
 */
export const EXPOSTOS_FAIXA_ETARIA = defineReport({
  code: 'rep312',
  command: '/relatorio/beneficiario/atuarial/expostos-faixa-etaria',
  about: 'Beneficiários-mês expostos em cada faixa etária da ANS e plano (vigentes no fim de cada competência do período), por sexo, com as solicitações de autorização do período e a frequência por mil beneficiários-mês.',
  list: {
    key: 'relatorio.rep312',
    noun: { singular: 'plano por faixa', plural: 'planos por faixa', gender: 'm' },
    fields: {
      grupo: f.text('Faixa etária', { max: 40 }),
      produtoNome: f.text('Plano', { max: 120 }),
      masculino: f.integer('Masculino (benef.-mês)'),
      feminino: f.integer('Feminino (benef.-mês)'),
      total: f.integer('Beneficiários-mês'),
      autorizacoes: f.integer('Solicitações'),
      frequencia: f.decimal('Frequência por mil'),
      periodo: f.date('Período'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'produto', op: 'eq', param: 'plano' }],
    initial: anoCorrente,
    columns: [{ key: 'produtoNome' }, { key: 'masculino' }, { key: 'feminino' }, { key: 'total' }, { key: 'autorizacoes' }, { key: 'frequencia' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'produtoNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'produtoNome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Faixa etária', plural: 'faixas' },
  totals: [
    { key: 'masculino', label: 'Masculino', kind: 'integer' },
    { key: 'feminino', label: 'Feminino', kind: 'integer' },
    { key: 'total', label: 'Beneficiários-mês', kind: 'integer' },
    { key: 'autorizacoes', label: 'Solicitações', kind: 'integer' },
  ],
  chart: { title: 'Beneficiários-mês por faixa etária', value: 'total' },
  orientation: 'portrait',
  widths: { produtoNome: 3.4, masculino: 1.2, feminino: 1.2, total: 1.2, autorizacoes: 1.1, frequencia: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
