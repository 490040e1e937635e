import { isoToBr } from '../dates';
import { formatMoney } from '../money';
import { f } from '../resources/define';
import { defineReport, type ReportDocumento } from './define';
import { MEIOS_AVISO, SITUACOES_AVISO, SITUACOES_TITULO_AVISO } from '../financeiro/avisos-debito';
import { anoCorrente, FILTRO_BENEFICIARIO, periodoAteHoje } from './filtros';
import { SITUACOES_TITULO } from './contribuicoes';
import { anoAtual } from './ouvidoria';

/**
 * The reports over the titles seen from the payer's side (src/server/financeiro/: titulos, titulos_membros,
 * titulos_pagamentos): a family's payment history (rep178), the notice of overdue titles per payer (rep214), the
 * coparticipation each member was charged (rep059), the yearly statement for income tax (informe de pagamento, the
 * titular sees the family's), the operator's check of the same figures per titular's CPF before the DMED (rep119) and the
 * unified statement (charged, paid and used per member and month).
 * Money in integer centavos.
 */

const ANO = { field: 'ano', op: 'eq', param: 'ano', label: 'Ano-calendário' } as const;

/** rep178 — Histórico de Pagamento (Cobrança): each family's titles due in the period, with the payment, interest and delay. */
export const HISTORICO_PAGAMENTO = defineReport({
  code: 'rep178',
  // the spec gives rep178 to the provider's payment history too (financeiro): this one has its own id
  id: 'rep178-cobranca',
  command: '/relatorio/cobranca/historico-pagamento',
  about: 'Os títulos de cada família (titular) com vencimento no período: competência, nosso número, vencimento, valor, data do pagamento, valor pago, juros recebidos, dias de atraso e situação.',
  list: {
    key: 'relatorio.rep178-cobranca',
    noun: { singular: 'título', plural: 'títulos', gender: 'm' },
    fields: {
      grupo: f.text('Titular', { max: 190 }),
      mes: f.text('Competência', { max: 7 }),
      nossoNumero: f.text('Nosso número', { max: 20 }),
      vencimento: f.date('Vencimento'),
      valor: f.money('Valor'),
      dataPagamento: f.date('Pago em'),
      valorPago: f.money('Valor pago'),
      juros: f.money('Juros e multa'),
      atraso: f.integer('Dias de atraso'),
      status: f.enum('Situação', SITUACOES_TITULO),
      // filters only
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'vencimento', op: 'gte', param: 'inicio', label: 'Vencimentos de' },
      { field: 'vencimento', op: 'lte', param: 'termino', label: 'Vencimentos até' },
      FILTRO_BENEFICIARIO,
      { field: 'status', op: 'eq', param: 'situacao' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'nossoNumero' }, { key: 'vencimento' }, { key: 'valor' }, { key: 'dataPagamento' }, { key: 'valorPago' }, { key: 'juros' }, { key: 'atraso' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'vencimento', dir: 'asc' },
    ],
    sortable: ['grupo', 'vencimento', 'dataPagamento'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Titular', plural: 'titulares' },
  totals: [
    { key: 'valor', label: 'Valor', kind: 'money' },
    { key: 'valorPago', label: 'Valor pago', kind: 'money' },
    { key: 'juros', label: 'Juros e multa', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 0.9, nossoNumero: 1.6, vencimento: 1, valor: 1.1, dataPagamento: 1, valorPago: 1.1, juros: 1, atraso: 0.8, status: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** One overdue title of a payer, as the notice lists it. */
export interface TituloAviso {
  mes: string;
  nossoNumero: string;
  vencimento: string;
  dias: number;
  valor: number;
}

const texto = (v: unknown) => (v == null || v === '' ? '—' : String(v));

/** rep214 — Aviso de Débitos: per payer (titular), the titles open and past due at the position day; the PDF is one letter per payer. */
export const AVISO_DEBITOS = defineReport({
  code: 'rep214',
  command: '/relatorio/cobranca/aviso-debitos',
  about: 'Os pagadores (titulares) com títulos vencidos e não pagos na data de posição: quantos títulos, o vencimento mais antigo, os dias de atraso e o total devido. O PDF é um aviso por pagador, com os títulos e o total.',
  list: {
    key: 'relatorio.rep214',
    noun: { singular: 'pagador', plural: 'pagadores', gender: 'm' },
    fields: {
      titular: f.text('Titular', { max: 150 }),
      carteirinha: f.text('Carteirinha', { max: 30 }),
      cpf: f.text('CPF', { max: 14 }),
      cidadeUf: f.text('Cidade', { max: 120 }),
      titulos: f.integer('Títulos vencidos'),
      maisAntigo: f.date('Vencimento mais antigo'),
      dias: f.integer('Dias de atraso'),
      valor: f.money('Total devido'),
      // filters only
      posicao: f.date('Posição em'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'posicao', op: 'lte', param: 'posicao', label: 'Posição em' },
      { field: 'dias', op: 'gte', param: 'atrasoMinimo', label: 'Atraso mínimo (dias)' },
      { field: 'produto', op: 'eq', param: 'plano' },
      FILTRO_BENEFICIARIO,
    ],
    columns: [{ key: 'titular' }, { key: 'carteirinha' }, { key: 'cpf' }, { key: 'cidadeUf' }, { key: 'titulos' }, { key: 'maisAntigo' }, { key: 'dias' }, { key: 'valor' }],
    sort: [{ field: 'titular', dir: 'asc' }],
    sortable: ['titular', 'dias', 'valor'],
    pageSize: 200,
  },
  totals: [
    { key: 'titulos', label: 'Títulos vencidos', kind: 'integer' },
    { key: 'valor', label: 'Total devido', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { titular: 2.3, carteirinha: 1.7, cpf: 1.2, cidadeUf: 1.6, titulos: 0.9, maisAntigo: 1.1, dias: 0.8, valor: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
  documento: (r): ReportDocumento => {
    const lista = (r.lista as readonly TituloAviso[] | undefined) ?? [];
    const posicao = r.posicao ? isoToBr(String(r.posicao)) : '—';
    return {
      titulo: 'Aviso de Débito',
      campos: [
        ['Titular (pagador)', texto(r.titular)],
        ['Carteirinha', texto(r.carteirinha)],
        ['CPF', texto(r.cpf)],
        ['Endereço', [r.endereco, r.cidadeUf, r.cep ? `CEP ${String(r.cep)}` : null].filter(Boolean).join(' · ') || '—'],
        ['Posição em', posicao],
        ...lista.map((t): [string, string] => [`Competência ${t.mes}`, `nosso número ${t.nossoNumero} · vencimento ${isoToBr(t.vencimento)} · ${t.dias} dias de atraso · ${formatMoney(t.valor)}`]),
      ],
      destaque: `Total em aberto: ${formatMoney(Number(r.valor ?? 0))}`,
      texto: [
        `Consta em nossos registros, na posição de ${posicao}, ${lista.length === 1 ? 'o título acima, vencido e não pago' : `os ${lista.length} títulos acima, vencidos e não pagos`}, das contraprestações do seu plano de saúde.`,
        'Pedimos que regularize o pagamento; a segunda via do boleto pode ser obtida na Central de Atendimento ou no portal. A falta de pagamento pode levar à suspensão ou ao cancelamento do contrato, nos termos da regulamentação da ANS e do seu contrato.',
        'Se o pagamento já foi feito, desconsidere este aviso.',
      ],
      assinaturas: ['Operadora'],
    };
  },
});

/** The first day of the month five months back: the conference opens on the notices of the last six months. */
const ultimosSeisMeses = periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 5, 1));

/**
 * rep214 — Conferência de Aviso de Débito: each notice registered as sent (avisos_debito, written from the Aviso de
 * Débitos screen) with the titles it named, and whether each was paid afterwards (the title's live payment, the rule
 * rep214 uses for "open"): when, how much, how many days after the notice. A group per notice, its subtotal and the
 * grand total say what was notified, what was paid after the notice and what is still open.
 */
export const CONFERENCIA_AVISO_DEBITO = defineReport({
  code: 'rep214',
  // rep214 is shared with the Aviso de Débitos (the letters): this one has its own id
  id: 'rep214-conferencia',
  command: '/relatorio/cobranca/conferencia-aviso-debito',
  about: 'Os avisos de débito enviados aos pagadores (a quem, quando, por carta ou e-mail, quem registrou) com os títulos que cada um cobrou, se e quando foram pagos depois do aviso e quantos dias depois; por aviso e no total: o notificado, o pago após o aviso e o que continua em aberto.',
  list: {
    key: 'relatorio.rep214-conferencia',
    noun: { singular: 'título notificado', plural: 'títulos notificados', gender: 'm' },
    fields: {
      grupo: f.text('Aviso', { max: 300 }),
      mes: f.text('Competência', { max: 7 }),
      nossoNumero: f.text('Nosso número', { max: 20 }),
      vencimento: f.date('Vencimento'),
      diasAtraso: f.integer('Atraso no aviso (dias)'),
      valor: f.money('Valor notificado'),
      dataPagamento: f.date('Pago em'),
      valorPago: f.money('Valor pago'),
      dias: f.integer('Dias do aviso ao pagamento'),
      situacaoTitulo: f.enum('Situação do título', SITUACOES_TITULO_AVISO),
      // totals only
      valorPagoApos: f.money('Pago após o aviso'),
      valorAberto: f.money('Em aberto'),
      // filters only
      data: f.date('Data do aviso'),
      meio: f.enum('Meio', MEIOS_AVISO),
      situacao: f.enum('Situação do aviso', SITUACOES_AVISO),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [
      { field: 'data', op: 'gte', param: 'inicio', label: 'Avisos de' },
      { field: 'data', op: 'lte', param: 'termino', label: 'Avisos até' },
      { field: 'meio', op: 'eq', param: 'meio' },
      FILTRO_BENEFICIARIO,
      { field: 'situacao', op: 'eq', param: 'situacao' },
    ],
    initial: ultimosSeisMeses,
    columns: [{ key: 'mes' }, { key: 'nossoNumero' }, { key: 'vencimento' }, { key: 'diasAtraso' }, { key: 'valor' }, { key: 'dataPagamento' }, { key: 'valorPago' }, { key: 'dias' }, { key: 'situacaoTitulo', type: 'tag', tones: { PAGO_APOS: 'ok', PAGO_ANTES: 'info', ABERTO: 'warn', ESTORNADO: 'muted' } }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'vencimento', dir: 'asc' },
    ],
    sortable: ['grupo', 'vencimento', 'dataPagamento'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Aviso', plural: 'avisos' },
  totals: [
    { key: 'valor', label: 'Notificado', kind: 'money' },
    { key: 'valorPagoApos', label: 'Pago após o aviso', kind: 'money' },
    { key: 'valorAberto', label: 'Em aberto', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 1.15, nossoNumero: 1.65, vencimento: 1.05, diasAtraso: 0.9, valor: 1.1, dataPagamento: 1, valorPago: 1.1, dias: 1, situacaoTitulo: 1.45 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep059 — Coparticipação Cobrada por Beneficiário: each member's coparticipation charged per competência, with the month's authorized procedures. */
export const COPARTICIPACAO_BENEFICIARIO = defineReport({
  code: 'rep059',
  command: '/relatorio/coparticipacao/coparticipacao-beneficiario',
  about: 'Por beneficiário e competência, a coparticipação cobrada no título da família (a parte do beneficiário), com os procedimentos autorizados para ele no mês que a geraram, o título e a sua situação.',
  list: {
    key: 'relatorio.rep059',
    noun: { singular: 'cobrança', plural: 'cobranças', gender: 'f' },
    fields: {
      grupo: f.text('Beneficiário', { max: 190 }),
      mes: f.text('Competência', { max: 7 }),
      nossoNumero: f.text('Título', { max: 20 }),
      procedimentos: f.text('Procedimentos autorizados no mês', { max: 2000 }),
      coparticipacao: f.money('Coparticipação'),
      status: f.enum('Situação do título', SITUACOES_TITULO),
      // filters only
      competencia: f.date('Competência'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      FILTRO_BENEFICIARIO,
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'nossoNumero' }, { key: 'procedimentos' }, { key: 'coparticipacao' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [{ key: 'coparticipacao', label: 'Coparticipação', kind: 'money' }],
  orientation: 'landscape',
  widths: { mes: 0.9, nossoNumero: 1.5, procedimentos: 5, coparticipacao: 1.1, status: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const PARENTESCO_INFORME = [
  ['TITULAR', 'Titular'],
  ['DEPENDENTE', 'Dependente'],
] as const;

/**
 * Informe de Pagamentos: what each member of the family paid the operator in the calendar year (their share of the
 * titles paid, interest on the titular) and the reimbursements they received — the DMED's figures, for the income
 * tax return. The titular sees the family's; the operator looks anyone up.
 */
export const INFORME_PAGAMENTO = defineReport({
  code: null,
  command: '/relatorio/beneficiario/extratos/informe-pagamento',
  about: 'Os valores pagos à operadora no ano-calendário por pessoa da família (mensalidades e coparticipações dos títulos pagos no ano, juros no titular) e os reembolsos recebidos: os números da DMED, para a declaração do imposto de renda.',
  list: {
    key: 'relatorio.informe-pagamento',
    noun: { singular: 'pessoa', plural: 'pessoas', gender: 'f' },
    fields: {
      grupo: f.text('Titular', { max: 190 }),
      nome: f.text('Beneficiário', { max: 150 }),
      parentesco: f.enum('Condição', PARENTESCO_INFORME),
      cpf: f.text('CPF', { max: 14 }),
      nascimento: f.date('Nascimento'),
      valorPago: f.money('Valor pago no ano'),
      reembolso: f.money('Reembolsos recebidos'),
      // filters only
      ano: f.text('Ano-calendário', { max: 4, mask: '####' }),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [ANO, FILTRO_BENEFICIARIO],
    initial: anoAtual,
    columns: [{ key: 'nome' }, { key: 'parentesco' }, { key: 'cpf' }, { key: 'nascimento' }, { key: 'valorPago' }, { key: 'reembolso' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Titular', plural: 'titulares' },
  totals: [
    { key: 'valorPago', label: 'Valor pago no ano', kind: 'money' },
    { key: 'reembolso', label: 'Reembolsos recebidos', kind: 'money' },
  ],
  orientation: 'portrait',
  widths: { nome: 2.6, parentesco: 1, cpf: 1.3, nascimento: 1, valorPago: 1.2, reembolso: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep119 — Despesas Médicas dos Beneficiários (DMED): the same yearly figures per titular's CPF, the operator's check before the DMED. */
export const DESPESAS_MEDICAS = defineReport({
  code: 'rep119',
  command: '/relatorio/dirf/despesas-medicas-beneficiarios',
  about: 'Por titular (o CPF declarado na DMED), o que ele e os dependentes pagaram à operadora no ano-calendário e os reembolsos da família, com o total da família; o titular sem CPF no cadastro fica de fora da DMED e aparece marcado.',
  list: {
    key: 'relatorio.rep119',
    noun: { singular: 'titular', plural: 'titulares', gender: 'm' },
    fields: {
      titular: f.text('Titular', { max: 150 }),
      cpf: f.text('CPF', { max: 14 }),
      dependentes: f.integer('Dependentes'),
      valorTitular: f.money('Pago pelo titular'),
      valorDependentes: f.money('Pago pelos dependentes'),
      valorTotal: f.money('Total pago'),
      reembolso: f.money('Reembolsos'),
      pendencia: f.text('Pendência', { max: 60 }),
      // filters only
      ano: f.text('Ano-calendário', { max: 4, mask: '####' }),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [ANO, FILTRO_BENEFICIARIO],
    initial: anoAtual,
    columns: [{ key: 'titular' }, { key: 'cpf' }, { key: 'dependentes' }, { key: 'valorTitular' }, { key: 'valorDependentes' }, { key: 'valorTotal' }, { key: 'reembolso' }, { key: 'pendencia' }],
    sort: [{ field: 'titular', dir: 'asc' }],
    sortable: ['titular', 'cpf'],
    pageSize: 200,
  },
  totals: [
    { key: 'valorTitular', label: 'Pago pelos titulares', kind: 'money' },
    { key: 'valorDependentes', label: 'Pago pelos dependentes', kind: 'money' },
    { key: 'valorTotal', label: 'Total pago', kind: 'money' },
    { key: 'reembolso', label: 'Reembolsos', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { titular: 2.6, cpf: 1.3, dependentes: 0.9, valorTitular: 1.2, valorDependentes: 1.2, valorTotal: 1.2, reembolso: 1.1, pendencia: 1.6 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * Extrato Unificado: per member and competência, what the family's title charged them (fee net of the subsidy, their
 * coparticipation), whether and when it was paid, and what they used that month (the procedures authorized for them
 * and their value). The titular sees the family's; the operator looks anyone up.
 */
export const EXTRATO_UNIFICADO = defineReport({
  code: null,
  command: '/relatorio/beneficiario/extratos/extrato-unificado',
  about: 'Por pessoa da família e competência: a mensalidade (já descontado o subsídio) e a coparticipação cobradas no título, a situação e a data do pagamento, e a utilização do mês (procedimentos autorizados e o seu valor).',
  list: {
    key: 'relatorio.extrato-unificado',
    noun: { singular: 'competência', plural: 'competências', gender: 'f' },
    fields: {
      grupo: f.text('Beneficiário', { max: 190 }),
      mes: f.text('Competência', { max: 7 }),
      mensalidade: f.money('Mensalidade'),
      coparticipacao: f.money('Coparticipação'),
      valor: f.money('Cobrado'),
      status: f.enum('Situação do título', SITUACOES_TITULO),
      dataPagamento: f.date('Pago em'),
      procedimentos: f.integer('Procedimentos autorizados'),
      valorUtilizado: f.money('Valor utilizado'),
      // filters only
      competencia: f.date('Competência'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      FILTRO_BENEFICIARIO,
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'mensalidade' }, { key: 'coparticipacao' }, { key: 'valor' }, { key: 'status' }, { key: 'dataPagamento' }, { key: 'procedimentos' }, { key: 'valorUtilizado' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [
    { key: 'mensalidade', label: 'Mensalidade', kind: 'money' },
    { key: 'coparticipacao', label: 'Coparticipação', kind: 'money' },
    { key: 'valor', label: 'Cobrado', kind: 'money' },
    { key: 'procedimentos', label: 'Procedimentos autorizados', kind: 'integer' },
    { key: 'valorUtilizado', label: 'Valor utilizado', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 0.9, mensalidade: 1.1, coparticipacao: 1.1, valor: 1.1, status: 1, dataPagamento: 1, procedimentos: 1, valorUtilizado: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const COBRANCA_BENEFICIARIO_REPORTS = [HISTORICO_PAGAMENTO, AVISO_DEBITOS, CONFERENCIA_AVISO_DEBITO, COPARTICIPACAO_BENEFICIARIO, INFORME_PAGAMENTO, DESPESAS_MEDICAS, EXTRATO_UNIFICADO] as const;
