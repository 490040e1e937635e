import { isoToBr } from '../dates';
import { formatMoney } from '../money';
import { f } from '../resources/define';
import { formatDocument } from '../validation/br';
import { FLUXO, STATUS } from '../verbas/fluxo';
import { defineReport, type ReportDocumento } from './define';
import { anoCorrente } from './filtros';

/**
 * The Solicitação de Verba reports (Contábil): the requests of funds to the sponsor companies
 * (src/server/verbas, table solicitacoes_verba), as a list by company and as the formal document of one request.
 * The operator's finance staff only (the report commands guard them; no beneficiary or provider rows).
 */

const SITUACAO = f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const));
const PERIODO = [
  { field: 'dataSolicitacao', op: 'gte', param: 'inicio', label: 'Solicitadas de' },
  { field: 'dataSolicitacao', op: 'lte', param: 'termino', label: 'Solicitadas até' },
] as const;

/**
 * Contábil › Solicitação de Verba: the requests made in a period, by company, with the amount asked, received and the
 * balance still to receive (asked − received; a cancelled request has none).
 */
export const SOLICITACOES_VERBA = defineReport({
  code: null,
  command: '/relatorio/contabil/solicitacao-verba',
  about:
    'As solicitações de verba às empresas contratantes feitas no período, por empresa: número, competência, situação, valor solicitado, recebido e o saldo a receber (solicitado − recebido; uma solicitação cancelada não tem saldo).',
  list: {
    key: 'relatorio.solicitacao-verba',
    noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
    fields: {
      grupo: f.text('Empresa', { max: 150 }),
      numero: f.text('Número', { max: 11 }),
      competenciaRotulo: f.text('Competência', { max: 7 }),
      dataSolicitacao: f.date('Solicitada em'),
      vencimento: f.date('Vencimento'),
      situacao: f.text('Situação', { max: 20 }),
      solicitado: f.money('Solicitado'),
      recebido: f.money('Recebido'),
      saldo: f.money('Saldo'),
      // filters only
      empresa: f.ref('Empresa', 'empresa'),
      status: SITUACAO,
    },
    search: [...PERIODO, { field: 'empresa', op: 'eq', param: 'empresa' }, { field: 'status', op: 'eq', param: 'situacao' }],
    initial: anoCorrente,
    columns: [{ key: 'numero' }, { key: 'competenciaRotulo' }, { key: 'dataSolicitacao' }, { key: 'vencimento' }, { key: 'situacao' }, { key: 'solicitado' }, { key: 'recebido' }, { key: 'saldo' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'numero', dir: 'asc' },
    ],
    sortable: ['grupo', 'numero'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Empresa', plural: 'empresas' },
  totals: [
    { key: 'solicitado', label: 'Solicitado', kind: 'money' },
    { key: 'recebido', label: 'Recebido', kind: 'money' },
    { key: 'saldo', label: 'Saldo', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { numero: 1.2, competenciaRotulo: 1.1, dataSolicitacao: 1, vencimento: 1, situacao: 1, solicitado: 1.2, recebido: 1.2, saldo: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

const dinheiro = (v: unknown) => formatMoney(Number(v ?? 0));
const texto = (v: unknown) => (v == null || v === '' ? '—' : String(v));
const dia = (v: unknown) => (v ? isoToBr(String(v)) : '—');

/**
 * Contábil › Solicitação de Verba por Identificador: the formal request the finance office sends to the sponsor
 * company, one page per request (the number filter gives the one): the company, the competência, the due date, the
 * composition computed at its creation (provider bills and reimbursements, how many and how much) and the total.
 */
export const SOLICITACAO_VERBA_DOCUMENTO = defineReport({
  code: null,
  command: '/relatorio/contabil/solicitacao-verba-id',
  about:
    'O documento de cada solicitação de verba (pelo número): empresa contratante, competência, vencimento, a composição calculada na criação (contas de prestadores e reembolsos, quantidade e valor) e o total a repassar. Em PDF, uma solicitação por página.',
  list: {
    key: 'relatorio.solicitacao-verba-id',
    noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
    fields: {
      numero: f.text('Número', { max: 11 }),
      empresaNome: f.text('Empresa', { max: 150 }),
      competenciaRotulo: f.text('Competência', { max: 7 }),
      dataSolicitacao: f.date('Solicitada em'),
      vencimento: f.date('Vencimento'),
      contas: f.money('Contas de prestadores'),
      reembolsos: f.money('Reembolsos'),
      solicitado: f.money('Total solicitado'),
      situacao: f.text('Situação', { max: 20 }),
      // filters only
      empresa: f.ref('Empresa', 'empresa'),
    },
    search: [{ field: 'numero', op: 'search', param: 'numero', placeholder: 'Ex.: 2026/000123' }, ...PERIODO, { field: 'empresa', op: 'eq', param: 'empresa' }],
    initial: anoCorrente,
    columns: [{ key: 'numero' }, { key: 'empresaNome' }, { key: 'competenciaRotulo' }, { key: 'dataSolicitacao' }, { key: 'vencimento' }, { key: 'contas' }, { key: 'reembolsos' }, { key: 'solicitado' }, { key: 'situacao' }],
    sort: [{ field: 'numero', dir: 'asc' }],
    sortable: ['numero'],
    pageSize: 200,
  },
  totals: [
    { key: 'contas', label: 'Contas de prestadores', kind: 'money' },
    { key: 'reembolsos', label: 'Reembolsos', kind: 'money' },
    { key: 'solicitado', label: 'Total solicitado', kind: 'money' },
  ],
  orientation: 'portrait',
  widths: { numero: 1.2, empresaNome: 2.6, competenciaRotulo: 0.9, dataSolicitacao: 1, vencimento: 1, contas: 1.2, reembolsos: 1.1, solicitado: 1.2, situacao: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
  documento: (r): ReportDocumento => ({
    titulo: `Solicitação de Verba nº ${texto(r.numero)}`,
    campos: [
      ['Empresa contratante', texto(r.empresaNome)],
      ['CNPJ', r.cnpj ? formatDocument('cnpj', String(r.cnpj)) : '—'],
      ['Competência', texto(r.competenciaRotulo)],
      ['Data da solicitação', dia(r.dataSolicitacao)],
      ['Vencimento', dia(r.vencimento)],
      ['Contas de prestadores', `${texto(r.qtdContas)} guia(s) · ${dinheiro(r.contas)}`],
      ['Reembolsos', `${texto(r.qtdReembolsos)} reembolso(s) · ${dinheiro(r.reembolsos)}`],
      ['Total solicitado', dinheiro(r.solicitado)],
      ['Situação', texto(r.situacao)],
    ],
    destaque: `Valor a repassar até ${dia(r.vencimento)}: ${dinheiro(r.solicitado)}`,
    texto: [
      `Solicitamos o repasse de ${dinheiro(r.solicitado)} para a cobertura das despesas assistenciais dos beneficiários vinculados a ${texto(r.empresaNome)} na competência ${texto(r.competenciaRotulo)}: as contas de prestadores pagas na competência (valor liberado das guias) e os reembolsos liberados no mês, conforme a composição acima.`,
      ...(r.observacao ? [`Observação: ${String(r.observacao)}`] : []),
    ],
    assinaturas: ['Operadora (financeiro)', 'Empresa contratante (recebido por)'],
  }),
});

export const VERBA_REPORTS = [SOLICITACOES_VERBA, SOLICITACAO_VERBA_DOCUMENTO] as const;
