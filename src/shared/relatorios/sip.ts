import { f, uf } from '../resources/define';
import { CONTRATACOES, ITENS_SIP, periodoDoTrimestre, trimestresRecentes } from '../sip/analise';
import type { Filter } from '../lists/types';
import { defineReport } from './define';

/**
 * rep276 — SIP Analítico: the events behind each figure of the quarter's SIP filing (Análise do SIP, the .xsip), one
 * row per item of an authorized request or of a received bill, by SIP assistance item, with the record, the
 * beneficiary and its UF, the TUSS code, the quantity and the expense released. Its totals per item are the filing's
 * (the server reads the same SQL, src/server/sip/analise.ts `eventosSip`); the records a rule keeps out of the filing
 * are not here (Análise do SIP lists them).
 */

export const trimestreCheck = (filters: readonly Filter[]) => {
  const t = filters.find((x) => x.field === 'trimestre')?.value;
  return t == null ? [{ param: 'trimestre', message: 'Escolha o trimestre.' }] : periodoDoTrimestre(t) ? [] : [{ param: 'trimestre', message: 'Trimestre inválido: use AAAA-T (ex.: 2026-1).' }];
};

/** The item as the group reads: "A · Consultas médicas" (sorted by the letter, as the filing lists them). */
export const itemSipRotulo = (item: string) => `${item} · ${ITENS_SIP.find((i) => i.item === item)?.titulo ?? 'Item não identificado'}`;

/** Opens on the last quarter already closed (the one to be filed). */
export const ultimoTrimestre = (current: URLSearchParams, now: Date): URLSearchParams | undefined => {
  if (current.has('trimestre')) return undefined;
  const hoje = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
  return new URLSearchParams([...current, ['trimestre', trimestresRecentes(hoje, 1)[0]]]);
};

export const SIP_ANALITICO = defineReport({
  code: 'rep276',
  command: '/relatorio/ans/sip-analitico',
  about:
    'Os eventos por trás de cada número do SIP do trimestre, por item assistencial: cada item das solicitações autorizadas (pela data da solicitação) e das contas recebidas (pela data do atendimento), com o beneficiário, a UF, o código TUSS, a quantidade e a despesa liberada. Os totais de cada item são os do arquivo do SIP; os registros que uma regra deixa de fora estão na Análise do SIP.',
  list: {
    key: 'relatorio.rep276',
    noun: { singular: 'evento', plural: 'eventos', gender: 'm' },
    fields: {
      grupo: f.text('Item do SIP', { max: 60 }),
      origem: f.enum('Origem', [
        ['AUTORIZADA', 'Solicitação autorizada'],
        ['FATURADA', 'Conta recebida'],
      ]),
      guia: f.text('Guia', { max: 20 }),
      data: f.date('Data'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      carteira: f.text('Carteirinha', { max: 20 }),
      uf: uf('UF'),
      codigo: f.text('Código TUSS', { max: 10 }),
      descricao: f.text('Procedimento', { max: 150 }),
      autorizados: f.integer('Eventos autorizados'),
      faturados: f.integer('Eventos faturados'),
      despesa: f.money('Despesa'),
      // filters only
      trimestre: f.text('Trimestre (AAAA-T)', { max: 6 }),
      contratacao: f.enum('Contratação', CONTRATACOES),
      item: f.enum(
        'Item do SIP',
        ITENS_SIP.map((i) => [i.item, `${i.item} · ${i.titulo}`] as const),
      ),
    },
    search: [
      { field: 'trimestre', op: 'eq', param: 'trimestre', placeholder: 'ex.: 2026-1' },
      { field: 'contratacao', op: 'eq', param: 'contratacao' },
      { field: 'item', op: 'eq', param: 'item' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'origem', op: 'eq', param: 'origem' },
    ],
    checks: trimestreCheck,
    initial: ultimoTrimestre,
    columns: [
      { key: 'origem' },
      { key: 'guia' },
      { key: 'data' },
      { key: 'beneficiario' },
      { key: 'carteira' },
      { key: 'uf' },
      { key: 'codigo' },
      { key: 'descricao' },
      { key: 'autorizados' },
      { key: 'faturados' },
      { key: 'despesa' },
    ],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data', 'uf'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Item do SIP', plural: 'itens' },
  totals: [
    { key: 'autorizados', label: 'Eventos autorizados', kind: 'integer' },
    { key: 'faturados', label: 'Eventos faturados', kind: 'integer' },
    { key: 'despesa', label: 'Despesa', kind: 'money' },
  ],
  chart: { title: 'Despesa por item do SIP', value: 'despesa' },
  orientation: 'landscape',
  widths: { origem: 1.3, guia: 1.1, data: 0.8, beneficiario: 2.2, carteira: 1.2, uf: 0.4, codigo: 0.8, descricao: 2.4, autorizados: 0.8, faturados: 0.8, despesa: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep123 — Configuração do SIP: the SIP items as the operator keeps them in Gerências SIP (the guide types and TUSS
 * codes that feed each item, in order of precedence) with the quarter's target and the quarter's events by the same
 * rules (the Análise do SIP's figures, `eventosSip`): authorized and billed, and the billed share of the target.
 */
export const CONFIGURACAO_SIP = defineReport({
  code: 'rep123',
  command: '/relatorio/ans/configuracao-sip',
  about:
    'Os itens do SIP como a operadora os mantém em Gerências SIP — tipos de guia e códigos TUSS que alimentam cada item, na ordem de precedência — com a meta do trimestre e os eventos do trimestre pelas mesmas regras (autorizados e faturados) e o percentual da meta atingido pelos faturados.',
  list: {
    key: 'relatorio.rep123',
    noun: { singular: 'item', plural: 'itens', gender: 'm' },
    fields: {
      ordem: f.integer('Ordem'),
      rotulo: f.text('Item do SIP', { max: 60 }),
      tiposGuia: f.text('Tipos de guia', { max: 200 }),
      prefixosTuss: f.text('Códigos TUSS (início)', { max: 300 }),
      metaTrimestral: f.integer('Meta no trimestre'),
      autorizados: f.integer('Autorizados'),
      faturados: f.integer('Faturados'),
      percentualMeta: f.percent('% da meta', { max: 100_000 }),
      descricao: f.text('Descrição', { max: 400 }),
      // filters only
      trimestre: f.text('Trimestre (AAAA-T)', { max: 6 }),
      item: f.enum(
        'Item do SIP',
        ITENS_SIP.map((i) => [i.item, `${i.item} · ${i.titulo}`] as const),
      ),
    },
    search: [
      { field: 'trimestre', op: 'eq', param: 'trimestre', placeholder: 'ex.: 2026-1' },
      { field: 'item', op: 'eq', param: 'item' },
    ],
    checks: trimestreCheck,
    initial: ultimoTrimestre,
    columns: [{ key: 'ordem' }, { key: 'rotulo' }, { key: 'tiposGuia' }, { key: 'prefixosTuss' }, { key: 'metaTrimestral' }, { key: 'autorizados' }, { key: 'faturados' }, { key: 'percentualMeta' }],
    sort: [{ field: 'ordem', dir: 'asc' }],
    sortable: ['ordem'],
    pageSize: 200,
  },
  totals: [
    { key: 'metaTrimestral', label: 'Meta no trimestre', kind: 'integer' },
    { key: 'autorizados', label: 'Eventos autorizados', kind: 'integer' },
    { key: 'faturados', label: 'Eventos faturados', kind: 'integer' },
  ],
  orientation: 'landscape',
  widths: { ordem: 0.5, rotulo: 2.4, tiposGuia: 2.6, prefixosTuss: 2.2, metaTrimestral: 0.9, autorizados: 0.9, faturados: 0.8, percentualMeta: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});
