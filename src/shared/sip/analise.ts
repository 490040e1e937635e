import { defineList } from '../lists/define';
import type { Filter } from '../lists/types';
import { f } from '../resources/define';

/**
 * Análise do SIP (spec §2.7; DOMAIN §3b): what the quarterly SIP filing of the ANS would carry — events and expenses
 * per assistance item and UF, for the operator's own beneficiaries (the interchange beneficiaries of partners are
 * not the operator's to inform) — and the records the filing would have to leave out, rule by rule, as Análise do SIB
 * does for the SIB.
 * - Events: the items of the authorized requests (authorized or partly) asked for in the quarter (quantity
 *   authorized), and the items of the bills received in the quarter (by the attendance date).
 * - Expense: what the bill review released for those items (a bill still under review has none yet).
 * - UF: the beneficiary's UF of residence in the registry. Beneficiaries out of carência at the quarter's end are
 *   counted per type of contract (the ANS wants the national figure, the same in every UF).
 * The item of an event comes from the guide type and the TUSS code, by the rules the operator keeps in Gerências SIP
 * (src/shared/resources/ans.ts, table itens_sip; migration 0047 wrote the rules this file used to hold).
 */

export interface ItemSip {
  item: string;
  titulo: string;
  /** What the item holds (the rules that feed it are the operator's, in Gerências SIP). */
  descricao: string;
}

/** The SIP's assistance items (RN 545/2022); G takes what no item's rule matches. */
export const ITENS_SIP: readonly ItemSip[] = [
  { item: 'H', titulo: 'Procedimentos odontológicos', descricao: 'Guias odontológicas e códigos TUSS iniciados por 8 (odontologia).' },
  {
    item: 'E',
    titulo: 'Internações',
    descricao: 'Todos os itens das guias de internação e de prorrogação, e as visitas hospitalares e o intensivista (10102, 10104).',
  },
  { item: 'A', titulo: 'Consultas médicas', descricao: 'Consultas em consultório, em domicílio e em pronto-socorro (101010).' },
  {
    item: 'D',
    titulo: 'Terapias',
    descricao: 'Terapêutica clínica (20104), acupuntura e analgesia (31601, 31602), radioterapia (412), transfusão (40401), hemodiálise (30909), diálise peritoneal (31008) e os anexos de quimioterapia e radioterapia.',
  },
  { item: 'C', titulo: 'Exames', descricao: 'Procedimentos diagnósticos (40 e 410, 411, 413, 414, 415: laboratório, imagem, métodos gráficos).' },
  { item: 'B', titulo: 'Outros atendimentos ambulatoriais', descricao: 'Procedimentos clínicos e cirúrgicos ambulatoriais (2 e 3) e as sessões com outros profissionais de saúde (50).' },
  { item: 'G', titulo: 'Demais despesas médico-hospitalares', descricao: 'Taxas, materiais e medicamentos (tabelas 18, 19 e 20) e os demais procedimentos.' },
];
export const itemSip = (item: string) => ITENS_SIP.find((x) => x.item === item);

export const REGRAS_SIP = [
  {
    regra: 'beneficiario-nao-identificado',
    titulo: 'Beneficiário não identificado',
    descricao: 'Conta recebida com uma carteirinha que não é de nenhum beneficiário: sem beneficiário não há UF nem plano para o SIP.',
  },
  { regra: 'uf-ausente', titulo: 'UF de residência ausente', descricao: 'Beneficiário sem UF no cadastro: o SIP é informado por UF.' },
  {
    regra: 'fora-da-vigencia',
    titulo: 'Evento fora da vigência',
    descricao: 'Atendimento antes da adesão do beneficiário ou depois do cancelamento: não é evento do contrato.',
  },
  {
    regra: 'despesa-em-analise',
    titulo: 'Despesa ainda em análise',
    descricao: 'Conta recebida com item ainda sem valor liberado pela revisão: a despesa do trimestre só se conhece depois da análise.',
  },
] as const;
export type RegraSip = (typeof REGRAS_SIP)[number]['regra'];

/** 'AAAA-T' of a day: the quarter it falls in. */
export const trimestreDe = (iso: string) => `${iso.slice(0, 4)}-${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}`;
/** The first and last days of a quarter 'AAAA-T'; undefined when it is not one. */
export function periodoDoTrimestre(t: unknown): { inicio: string; fim: string } | undefined {
  const m = typeof t === 'string' ? /^(\d{4})-([1-4])$/.exec(t) : null;
  if (!m) return undefined;
  const ano = Number(m[1]);
  if (ano < 2000 || ano > 2099) return undefined;
  const q = Number(m[2]);
  const mesIni = (q - 1) * 3 + 1;
  const fim = new Date(Date.UTC(ano, mesIni + 2, 0)).toISOString().slice(0, 10);
  return { inicio: `${ano}-${String(mesIni).padStart(2, '0')}-01`, fim };
}
/** '2026-1' → '1º trimestre de 2026'. */
export const trimestreBr = (t: string) => `${t.slice(5)}º trimestre de ${t.slice(0, 4)}`;
/** The last quarter already closed on a day (the SIP of a quarter is filed after it ends), and the 7 before it. */
export function trimestresRecentes(hojeIso: string, n = 8): string[] {
  let ano = Number(hojeIso.slice(0, 4));
  let q = Math.floor((Number(hojeIso.slice(5, 7)) - 1) / 3) + 1;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    q -= 1;
    if (q === 0) [ano, q] = [ano - 1, 4];
    out.push(`${ano}-${q}`);
  }
  return out;
}

export const CONTRATACOES = [
  ['INDIVIDUAL', 'Individual/Familiar'],
  ['EMPRESARIAL', 'Coletivo empresarial'],
  ['ADESAO', 'Coletivo por adesão'],
] as const;

/** GET /api/analise-sip/quadro: the figures of the filing. */
export interface QuadroSip {
  trimestre: string;
  inicio: string;
  fim: string;
  contratacao: string | null;
  /** Per item and UF: authorized and billed events, expense released (centavos). */
  linhas: { item: string; uf: string; eventosAutorizados: number; eventosFaturados: number; despesa: number }[];
  /** Beneficiaries out of carência at the quarter's end, per type of contract (the national figure). */
  foraCarencia: { contratacao: string; beneficiarios: number }[];
  /** Records of the quarter (requests and bills) and how many each rule keeps out. */
  registros: number;
  regras: { regra: RegraSip; total: number }[];
  ms: number;
}

export interface EventoSipRow {
  id: number;
  origem: 'FATURADA' | 'AUTORIZADA';
  guia: string;
  data: string;
  beneficiario: string | null;
  carteira: string | null;
  uf: string | null;
  prestador: string | null;
  valor: number;
}

const trimestreCheck = (filters: readonly Filter[]) => {
  const t = filters.find((x) => x.field === 'trimestre')?.value;
  return t == null ? [{ param: 'trimestre', message: 'Escolha o trimestre.' }] : periodoDoTrimestre(t) ? [] : [{ param: 'trimestre', message: 'Trimestre inválido: use AAAA-T (ex.: 2026-1).' }];
};

export const ANALISE_SIP_LIST = defineList({
  key: 'analise-sip',
  command: '/util/analise/analise-sip',
  endpoint: '/analise-sip',
  noun: { singular: 'registro', plural: 'registros', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    regra: f.enum(
      'Regra',
      REGRAS_SIP.map((r) => [r.regra, r.titulo] as const),
    ),
    trimestre: f.text('Trimestre', { max: 6 }),
    origem: f.enum('Origem', [
      ['AUTORIZADA', 'Solicitação autorizada'],
      ['FATURADA', 'Conta recebida'],
    ]),
    guia: f.text('Guia', { max: 20 }),
    data: f.date('Data'),
    beneficiario: f.text('Beneficiário', { max: 150 }),
    carteira: f.text('Carteirinha', { max: 20 }),
    uf: f.text('UF', { max: 2 }),
    prestador: f.text('Prestador', { max: 150 }),
    valor: f.money('Valor'),
  },
  search: [
    { field: 'regra', op: 'eq', param: 'regra' },
    { field: 'trimestre', op: 'eq', param: 'trimestre', hidden: true },
    { field: 'origem', op: 'eq', param: 'origem' },
  ],
  requires: { anyOf: ['regra'], message: 'Escolha a regra.' },
  checks: trimestreCheck,
  columns: [
    { key: 'origem', type: 'tag', tones: { AUTORIZADA: 'info', FATURADA: 'neutral' } },
    { key: 'guia' },
    { key: 'data' },
    { key: 'beneficiario' },
    { key: 'carteira' },
    { key: 'uf' },
    { key: 'prestador' },
    { key: 'valor' },
  ],
  sort: [{ field: 'id', dir: 'asc' }],
  sortable: ['id'],
  pageSize: 50,
});
