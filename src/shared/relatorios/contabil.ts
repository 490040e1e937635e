import { dateToBr } from '../dates';
import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente, mesCorrente, PERIODO_OBRIGATORIO } from './filtros';

/**
 * Contábil › Impostos: the withholdings on the payments to providers (retencoes_pagamentos, computed at consolidation
 * or from the RPAs), by tax and DARF code, for the competências of a period; a reversed payment's are left out (the
 * Estorno de Rendimento takes them out of the returns and the accounts). The operator's staff only.
 */
export const IMPOSTOS_RETIDOS = defineReport({
  code: null,
  command: '/relatorio/contabil/imposto',
  about: 'As retenções dos pagamentos a prestadores nas competências do período, por tributo e código DARF: pagamento, prestador, natureza do rendimento, base, alíquota e valor retido.',
  list: {
    key: 'relatorio.imposto',
    noun: { singular: 'retenção', plural: 'retenções', gender: 'f' },
    fields: {
      grupo: f.text('Tributo · DARF', { max: 40 }),
      mes: f.text('Competência', { max: 7 }),
      numero: f.text('Pagamento', { max: 12 }),
      prestador: f.text('Prestador', { max: 200 }),
      natureza: f.text('Natureza', { max: 5 }),
      base: f.money('Base de cálculo'),
      aliquota: f.text('Alíquota (%)', { max: 8 }),
      valor: f.money('Valor retido'),
      // filters only
      competencia: f.date('Competência'),
      tributo: f.enum('Tributo', [
        ['IRRF', 'IRRF'],
        ['PIS', 'PIS'],
        ['COFINS', 'COFINS'],
        ['CSLL', 'CSLL'],
        ['INSS', 'INSS'],
        ['ISS', 'ISS'],
      ]),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      { field: 'tributo', op: 'eq', param: 'tributo' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'numero' }, { key: 'prestador' }, { key: 'natureza' }, { key: 'base' }, { key: 'aliquota' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Tributo · DARF', plural: 'tributos' },
  totals: [
    { key: 'base', label: 'Base de cálculo', kind: 'money' },
    { key: 'valor', label: 'Valor retido', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 0.8, numero: 1, prestador: 3, natureza: 0.8, base: 1.2, aliquota: 0.8, valor: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * Contábil › Movimento Contábil: the entries of the competências of a period (Processar Movimento Contábil), by
 * origin; each is a debit and a credit of the same value, so the debits' total is the credits' (a reversal is the
 * mirrored pair and appears as its own entry).
 */
export const MOVIMENTO_CONTABIL = defineReport({
  code: null,
  command: '/relatorio/contabil/movimento',
  about: 'Os lançamentos contábeis das competências do período, por origem: data, documento, conta a débito, conta a crédito, histórico e valor (débitos iguais aos créditos).',
  list: {
    key: 'relatorio.movimento',
    noun: { singular: 'lançamento', plural: 'lançamentos', gender: 'm' },
    fields: {
      grupo: f.text('Origem', { max: 20 }),
      data: f.date('Data'),
      documento: f.text('Documento', { max: 32 }),
      contaDebito: f.text('Conta a débito', { max: 9 }),
      contaCredito: f.text('Conta a crédito', { max: 9 }),
      historico: f.text('Histórico', { max: 200 }),
      debito: f.money('Débito'),
      credito: f.money('Crédito'),
      competencia: f.date('Competência'),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'data' }, { key: 'documento' }, { key: 'contaDebito' }, { key: 'contaCredito' }, { key: 'historico' }, { key: 'debito' }, { key: 'credito' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Origem', plural: 'origens' },
  totals: [
    { key: 'debito', label: 'Débito', kind: 'money' },
    { key: 'credito', label: 'Crédito', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { data: 0.8, documento: 1.3, contaDebito: 0.9, contaCredito: 0.9, historico: 3.2, debito: 1.1, credito: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep120 — Razão por Conta: the ledger of each account (or of the one chosen) over a period, from the accounting
 * entries (Movimento Contábil and the PPSC provision, reversals included: each is an entry of its own): the balance
 * before the period, each entry on the account's side with its counterpart, the running balance after it, and the
 * balance at the period's end. Balances are debit minus credit (positive: debit balance; negative: credit balance),
 * so the closing balance is the opening one plus the period's debits minus its credits.
 */
export const RAZAO_CONTA = defineReport({
  code: 'rep120',
  command: '/relatorio/contabil/razao-conta',
  about:
    'O razão de cada conta no período, dos lançamentos contábeis (movimento do mês, provisões e estornos): saldo anterior, cada lançamento com a contrapartida e o saldo depois dele, e o saldo final. Saldo = débitos − créditos (positivo devedor, negativo credor).',
  list: {
    key: 'relatorio.rep120',
    noun: { singular: 'linha', plural: 'linhas', gender: 'f' },
    fields: {
      grupo: f.text('Conta', { max: 170 }),
      data: f.date('Data'),
      documento: f.text('Documento', { max: 32 }),
      contrapartida: f.text('Contrapartida', { max: 9 }),
      historico: f.text('Histórico', { max: 200 }),
      debito: f.money('Débito'),
      credito: f.money('Crédito'),
      saldo: f.money('Saldo'),
      seq: f.integer('Ordem'),
      // filters only
      conta: f.ref('Conta', 'planoconta'),
      periodo: f.date('Período'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'conta', op: 'eq', param: 'conta' }],
    initial: mesCorrente,
    columns: [{ key: 'data' }, { key: 'documento' }, { key: 'contrapartida' }, { key: 'historico' }, { key: 'debito' }, { key: 'credito' }, { key: 'saldo' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'seq', dir: 'asc' },
    ],
    sortable: ['grupo', 'seq'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Conta', plural: 'contas' },
  totals: [
    { key: 'debito', label: 'Débitos', kind: 'money' },
    { key: 'credito', label: 'Créditos', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { data: 0.8, documento: 1.4, contrapartida: 1, historico: 3.4, debito: 1.1, credito: 1.1, saldo: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The stages of a known event until it is paid (Eventos a Liquidar), in order. */
export const ETAPAS_LIQUIDACAO = [
  ['1', '1 · Em análise (valor informado)'],
  ['2', '2 · Liberado, sem solicitação de pagamento'],
  ['3', '3 · Pagamento solicitado pelo prestador'],
  ['4', '4 · Consolidado, a pagar'],
] as const;

/**
 * Eventos a Liquidar (the PESL reading): the protocols of providers' bills received up to a date and not paid yet,
 * by stage — under review (its informed value), released and not asked for, asked for by the provider, consolidated
 * into a payment still to pay —, with the value to settle (the released value once the review is closed, the informed
 * value before). The payment's situation is today's (the payment records no date of payment); a payment reversed
 * (Estorno de Rendimento) does not settle its protocols.
 */
export const EVENTOS_LIQUIDAR = defineReport({
  code: null,
  command: '/relatorio/contabil/eventos-liquidar',
  about:
    'Os protocolos de contas de prestadores recebidos até a data e ainda não pagos, por etapa (em análise, liberado sem solicitação, solicitado, consolidado a pagar), com o valor a liquidar: o liberado depois da análise, o informado antes. A situação do pagamento é a de hoje.',
  list: {
    key: 'relatorio.eventos-liquidar',
    noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
    fields: {
      grupo: f.text('Etapa', { max: 60 }),
      numero: f.text('Protocolo', { max: 12 }),
      recebido: f.date('Recebido em'),
      prestador: f.text('Prestador', { max: 200 }),
      competencia: f.text('Competência', { max: 7 }),
      guias: f.integer('Guias'),
      informado: f.money('Informado'),
      glosa: f.money('Glosa'),
      aLiquidar: f.money('A liquidar'),
      pagamento: f.text('Pagamento', { max: 12 }),
      vencimento: f.date('Vencimento'),
      // filters only
      ate: f.date('Recebidos até'),
      etapa: f.enum('Etapa', ETAPAS_LIQUIDACAO),
      prestadorId: f.ref('Prestador', 'prestador'),
    },
    search: [
      { field: 'ate', op: 'lte', param: 'data', label: 'Recebidos até' },
      { field: 'etapa', op: 'eq', param: 'etapa' },
      { field: 'prestadorId', op: 'eq', param: 'prestador' },
    ],
    columns: [{ key: 'numero' }, { key: 'recebido' }, { key: 'prestador' }, { key: 'competencia' }, { key: 'guias' }, { key: 'informado' }, { key: 'glosa' }, { key: 'aLiquidar' }, { key: 'pagamento' }, { key: 'vencimento' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'recebido', dir: 'asc' },
    ],
    sortable: ['grupo', 'recebido'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Etapa', plural: 'etapas' },
  totals: [
    { key: 'guias', label: 'Guias', kind: 'integer' },
    { key: 'informado', label: 'Informado', kind: 'money' },
    { key: 'glosa', label: 'Glosa', kind: 'money' },
    { key: 'aLiquidar', label: 'A liquidar', kind: 'money' },
  ],
  chart: { title: 'Valor a liquidar por etapa', value: 'aLiquidar' },
  orientation: 'landscape',
  widths: { numero: 1.1, recebido: 0.9, prestador: 3, competencia: 0.8, guias: 0.6, informado: 1.1, glosa: 1, aLiquidar: 1.1, pagamento: 1, vencimento: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});


/** rep058 opens at today's position, unless the address says otherwise. */
const posicaoHoje = (current: URLSearchParams, now: Date): URLSearchParams | undefined => {
  if (current.has('data')) return undefined;
  const p = new URLSearchParams(current);
  p.set('data', dateToBr(now));
  return p;
};

/**
 * rep058 — Eventos Conhecidos a Pagar (the PESL's "eventos conhecidos ou avisados"): at a position date, the
 * protocols of providers' bills received by then and not paid by then, by stage — each stage as it stood that day
 * (the review closed, the request made, the payment consolidated and not reversed, the borderô's credit date) —,
 * with the value to pay (released once the review is closed, informed before), the days since receipt and the
 * provision account the ledger credited for it (Processar Movimento Contábil; empty while the month is not
 * generated). At today's date the stages and totals are Eventos a Liquidar's.
 */
export const EVENTOS_CONHECIDOS = defineReport({
  code: 'rep058',
  command: '/relatorio/contabil/eventos-conhecidos',
  about:
    'Na data da posição, os protocolos de contas de prestadores recebidos e ainda não pagos, por etapa como estava naquele dia (em análise, liberado sem solicitação, solicitado, consolidado a pagar), com o valor a pagar (o liberado depois da análise, o informado antes), os dias desde o recebimento e a conta da provisão em que o movimento contábil o lançou. Pago = creditado num borderô até a data.',
  list: {
    key: 'relatorio.rep058',
    noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
    fields: {
      grupo: f.text('Etapa', { max: 60 }),
      numero: f.text('Protocolo', { max: 12 }),
      recebido: f.date('Recebido em'),
      dias: f.integer('Dias'),
      prestador: f.text('Prestador', { max: 200 }),
      conta: f.text('Conta (PESL)', { max: 9 }),
      informado: f.money('Informado'),
      glosa: f.money('Glosa'),
      aPagar: f.money('A pagar'),
      pagamento: f.text('Pagamento', { max: 12 }),
      vencimento: f.date('Vencimento'),
      // filters only
      posicao: f.date('Posição em'),
      etapa: f.enum('Etapa', ETAPAS_LIQUIDACAO),
      prestadorId: f.ref('Prestador', 'prestador'),
    },
    search: [
      { field: 'posicao', op: 'eq', param: 'data', label: 'Posição em' },
      { field: 'etapa', op: 'eq', param: 'etapa' },
      { field: 'prestadorId', op: 'eq', param: 'prestador' },
    ],
    initial: posicaoHoje,
    columns: [{ key: 'prestador' }, { key: 'numero' }, { key: 'recebido' }, { key: 'dias' }, { key: 'conta' }, { key: 'informado' }, { key: 'glosa' }, { key: 'aPagar' }, { key: 'pagamento' }, { key: 'vencimento' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'prestador', dir: 'asc' },
      { field: 'recebido', dir: 'asc' },
    ],
    sortable: ['grupo', 'prestador', 'recebido'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Etapa', plural: 'etapas' },
  totals: [
    { key: 'informado', label: 'Informado', kind: 'money' },
    { key: 'glosa', label: 'Glosa', kind: 'money' },
    { key: 'aPagar', label: 'A pagar', kind: 'money' },
  ],
  chart: { title: 'Valor a pagar por etapa', value: 'aPagar' },
  orientation: 'landscape',
  widths: { prestador: 2.4, numero: 1.3, recebido: 1, dias: 0.6, conta: 1, informado: 1.1, glosa: 1, aPagar: 1.1, pagamento: 1.2, vencimento: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const CONTRATACOES = [
  ['INDIVIDUAL', 'Individual/Familiar'],
  ['EMPRESARIAL', 'Coletivo empresarial'],
  ['ADESAO', 'Coletivo por adesão'],
] as const;

/**
 * Contribuição Atuarial: per competência and plan, the contributions charged (the live titles' member shares: fee by
 * age band, subsidy, coparticipation, amount charged and amount received on titles paid) against the events of that
 * competência (the released value of the billed guides of the plan's beneficiaries attended in the month, review
 * closed), and the loss ratio (sinistralidade = events ÷ fees). The plan is the member's current one.
 */
export const CONTRIBUICAO_ATUARIAL = defineReport({
  code: null,
  command: '/relatorio/contabil/contribuicao-atuarial',
  about:
    'Por competência e plano: vidas cobradas, contraprestação (mensalidades por faixa), subsídio, coparticipação, valor cobrado e recebido nos títulos vivos, os eventos da competência (valor liberado das guias atendidas no mês, análise encerrada) e a sinistralidade (eventos ÷ contraprestação).',
  list: {
    key: 'relatorio.contribuicao-atuarial',
    noun: { singular: 'plano', plural: 'planos', gender: 'm' },
    fields: {
      grupo: f.text('Competência', { max: 7 }),
      plano: f.text('Plano', { max: 200 }),
      contratacaoRotulo: f.text('Contratação', { max: 30 }),
      vidas: f.integer('Vidas'),
      mensalidade: f.money('Contraprestação'),
      subsidio: f.money('Subsídio'),
      coparticipacao: f.money('Coparticipação'),
      cobrado: f.money('Cobrado'),
      recebido: f.money('Recebido'),
      eventos: f.money('Eventos'),
      sinistralidade: f.decimal('Sinistralidade (%)', { format: 'percent' }),
      // filters only
      periodo: f.date('Competência'),
      produto: f.ref('Plano', 'produto'),
      contratacao: f.enum('Contratação', CONTRATACOES),
    },
    search: [
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Competências até' },
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'contratacao', op: 'eq', param: 'contratacao' },
    ],
    initial: anoCorrente,
    columns: [
      { key: 'plano' },
      { key: 'contratacaoRotulo' },
      { key: 'vidas' },
      { key: 'mensalidade' },
      { key: 'subsidio' },
      { key: 'coparticipacao' },
      { key: 'cobrado' },
      { key: 'recebido' },
      { key: 'eventos' },
      { key: 'sinistralidade' },
    ],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'plano', dir: 'asc' },
    ],
    sortable: ['grupo', 'plano'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Competência', plural: 'competências' },
  totals: [
    { key: 'vidas', label: 'Vidas', kind: 'integer' },
    { key: 'mensalidade', label: 'Contraprestação', kind: 'money' },
    { key: 'subsidio', label: 'Subsídio', kind: 'money' },
    { key: 'coparticipacao', label: 'Coparticipação', kind: 'money' },
    { key: 'cobrado', label: 'Cobrado', kind: 'money' },
    { key: 'recebido', label: 'Recebido', kind: 'money' },
    { key: 'eventos', label: 'Eventos', kind: 'money' },
    { key: 'sinistralidade', label: 'Sinistralidade (%)', kind: 'percent', of: ['eventos', 'mensalidade'] },
  ],
  orientation: 'landscape',
  widths: { plano: 1.9, contratacaoRotulo: 1.1, vidas: 0.6, mensalidade: 1.3, subsidio: 1.2, coparticipacao: 1.2, cobrado: 1.3, recebido: 1.3, eventos: 1.3, sinistralidade: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The accounting runs that send entries to the accounting system (their kind and operation), for Remessas. */
export const PROCESSOS_REMESSA = [
  ['GERAR', 'Movimento contábil'],
  ['ESTORNAR', 'Estorno do movimento'],
  ['PPSC', 'PPSC'],
] as const;

/**
 * Contábil › Remessas: the remittances of entries to the accounting system — each run of Processar Movimento
 * Contábil (generation or reversal) and of Processar PPSC that finished —, by competência: who ran it and when, the
 * entries it wrote (lancamentos_contabeis.execucao_id) with their debit and credit totals, and its file (in Meus
 * processos). The spec's Remessas do Plano de Contas screen (/financeiro/remessas-plano-conta) has no layout to
 * build from; these are the remittances the portal does generate.
 */
export const REMESSAS_CONTABEIS = defineReport({
  code: null,
  command: '/relatorio/contabil/remessa',
  about:
    'As remessas de lançamentos à contabilidade por competência: cada execução concluída do movimento contábil (geração ou estorno) e do PPSC, com quem e quando, os lançamentos gravados, os totais de débito e crédito e o arquivo gerado.',
  list: {
    key: 'relatorio.remessa',
    noun: { singular: 'remessa', plural: 'remessas', gender: 'f' },
    fields: {
      grupo: f.text('Competência', { max: 7 }),
      processoRotulo: f.text('Processo', { max: 30 }),
      execucao: f.integer('Execução'),
      geradoEm: f.text('Gerada em', { max: 16 }),
      usuario: f.text('Por', { max: 120 }),
      lancamentos: f.integer('Lançamentos'),
      debito: f.money('Débitos'),
      credito: f.money('Créditos'),
      arquivo: f.text('Arquivo', { max: 200 }),
      // filters only
      competencia: f.date('Competência'),
      processo: f.enum('Processo', PROCESSOS_REMESSA),
      criado: f.date('Gerada em'),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      { field: 'processo', op: 'eq', param: 'processo' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'processoRotulo' }, { key: 'execucao' }, { key: 'geradoEm' }, { key: 'usuario' }, { key: 'lancamentos' }, { key: 'debito' }, { key: 'credito' }, { key: 'arquivo' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'criado', dir: 'asc' },
    ],
    sortable: ['grupo', 'criado'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Competência', plural: 'competências' },
  totals: [
    { key: 'lancamentos', label: 'Lançamentos', kind: 'integer' },
    { key: 'debito', label: 'Débitos', kind: 'money' },
    { key: 'credito', label: 'Créditos', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { processoRotulo: 1.4, execucao: 0.7, geradoEm: 1.1, usuario: 1.8, lancamentos: 0.8, debito: 1.2, credito: 1.2, arquivo: 2.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const CONTABIL_REPORTS = [IMPOSTOS_RETIDOS, MOVIMENTO_CONTABIL, RAZAO_CONTA, EVENTOS_LIQUIDAR, EVENTOS_CONHECIDOS, CONTRIBUICAO_ATUARIAL, REMESSAS_CONTABEIS] as const;
