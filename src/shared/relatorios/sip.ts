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

const trimestreCheck = (filters: readonly Filter[]) => {
  const t = filters.find((x) => x.field === 'trimestre')?.value;
  return t == null ? [{ param: 'trimestre', message: 'Escolha o trimestre.' }] : periodoDoTrimestre(t) ? [] : [{ param: 'trimestre', message: 'Trimestre inválido: use AAAA-T (ex.: 2026-1).' }];
};

/** The item as the group reads: "A · Consultas médicas" (sorted by the letter, as the filing lists them). */
export const itemSipRotulo = (item: string) => `${item} · ${ITENS_SIP.find((i) => i.item === item)?.titulo ?? 'Item não identificado'}`;

/** Opens on the last quarter already closed (the one to be filed). */
const ultimoTrimestre = (current: URLSearchParams, now: Date): URLSearchParams | undefined => {
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
