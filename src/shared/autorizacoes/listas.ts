import { auditoriaDefaultQuery } from '../default-query';
import { defineList } from '../lists/define';
import type { ListDef, SearchInput } from '../lists/types';
import { f, type Field } from '../resources/define';
import { ANEXOS, CARATER, FILAS, FILA_KEYS, STATUS, STATUS_LABEL, TIPOS, TIPO_KEYS, type Fila, type Tipo } from './index';

/**
 * Every list of authorization requests, each one list definition (src/shared/lists): the audit queues (spec §2.5
 * /auditoria children), the authorizations done, the beneficiary's utilization history and own follow-up, the
 * pre-authorizations (behind `autorizador.preautorizacao`), the attachments done, the hospitalization extensions,
 * the no-cost guides issued and the primary-care (APS) guides. The server registers them with one source
 * (src/server/autorizacoes/listas.ts); the web shows them with the generic list screen.
 */

/** The fields the lists filter, sort and show. */
const CAMPOS: Record<string, Field> = {
  numero: f.text('Nº da guia', { max: 20 }),
  dataSolicitacao: f.date('Data'),
  tipo: f.enum('Tipo de guia', TIPO_KEYS.map((t) => [t, TIPOS[t].label] as const)),
  status: f.enum('Status', (Object.entries(STATUS_LABEL) as [string, string][]).map(([v, l]) => [v, l] as const)),
  carater: f.enum('Caráter', CARATER),
  // the lookups: a beneficiary by name, card, matrícula or CPF; a provider by name, CPF or CNPJ; a TUSS code or text
  beneficiario: f.text('Beneficiário', { max: 150 }),
  beneficiarioId: { kind: 'integer', label: 'Beneficiário' },
  prestador: f.text('Prestador', { max: 150 }),
  procedimento: f.text('Procedimento', { max: 170 }),
  // shown only
  beneficiarioNome: f.text('Beneficiário', { max: 150 }),
  prestadorNome: f.text('Prestador', { max: 150 }),
  valor: f.money('Valor'),
};

/** The side search's inputs, under the spec's query names (inicio, termino, statusAutorizacao). */
const IN = {
  inicio: { field: 'dataSolicitacao', op: 'gte', param: 'inicio', label: 'Início', placeholder: 'DD/MM/AAAA' },
  termino: { field: 'dataSolicitacao', op: 'lte', param: 'termino', label: 'Término', placeholder: 'DD/MM/AAAA' },
  statusAutorizacao: { field: 'status', op: 'eq', param: 'statusAutorizacao', byLabel: true },
  beneficiario: { field: 'beneficiario', op: 'search', param: 'beneficiario', placeholder: 'Nome ou carteirinha' },
  prestador: { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome, CPF ou CNPJ' },
  procedimento: { field: 'procedimento', op: 'search', param: 'procedimento', placeholder: 'TUSS ou descrição' },
  carater: { field: 'carater', op: 'eq', param: 'carater' },
  tipo: { field: 'tipo', op: 'eq', param: 'tipo' },
  // links' filters, kept in the address without an input
  beneficiarioId: { field: 'beneficiarioId', op: 'eq', param: 'beneficiarioId', hidden: true },
  numero: { field: 'numero', op: 'eq', param: 'numero', hidden: true },
} as const satisfies Record<string, SearchInput>;

const AUDITORIA: SearchInput[] = [IN.inicio, IN.termino, IN.statusAutorizacao, IN.beneficiario, IN.prestador, IN.procedimento, IN.carater, IN.beneficiarioId, IN.numero];
/** The guide type filter offering only the list's own types. */
const tipoEntre = (tipos: readonly Tipo[]): SearchInput => ({ ...IN.tipo, options: tipos });

const COLUNAS: ListDef['columns'] = [
  { key: 'numero', sort: 'numero' },
  { key: 'dataSolicitacao', sort: 'dataSolicitacao' },
  { key: 'tipo' },
  { key: 'beneficiarioNome', sort: 'beneficiario' },
  { key: 'prestadorNome', sort: 'prestador' },
  { key: 'procedimento' },
  { key: 'carater', sort: 'carater' },
  { key: 'status', type: 'tag', sort: 'status' },
  { key: 'valor', sort: 'valor' },
];

/** Totals are computed over at most this many requests (a narrower filter is asked for beyond it). */
export const TOTAIS_LIMITE = 20_000;

const base = {
  noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
  fields: CAMPOS,
  columns: COLUNAS,
  sortable: ['dataSolicitacao', 'numero', 'status', 'carater', 'valor', 'beneficiario', 'prestador'],
  scope: { entity: 'autorizacao' },
  pageSize: 50,
} as const satisfies Partial<ListDef>;

/** Newest first. */
const RECENTES: ListDef['sort'] = [{ field: 'dataSolicitacao', dir: 'desc' }];
/** The queues: urgent first, then the oldest (the auditor works from the top; one index serves it). */
const FILA: ListDef['sort'] = [
  { field: 'carater', dir: 'desc' },
  { field: 'dataSolicitacao', dir: 'asc' },
];
const TOTAIS: ListDef['summary'] = {
  totals: [
    { key: 'solicitados', label: 'Solicitações', kind: 'integer', hidden: true }, // the count beside it says it
    { key: 'autorizados', label: 'Autorizadas', kind: 'integer' },
    { key: 'valorAutorizado', label: 'Valor autorizado', kind: 'money' },
  ],
  limit: TOTAIS_LIMITE,
};

const fila = (k: Fila): ListDef => {
  const tipos = FILAS[k].tipos;
  return defineList({
    ...base,
    key: `autorizacoes.fila-${k}`,
    command: FILAS[k].command,
    endpoint: `/autorizacoes/fila/${k}`,
    // a queue of several guide types (anexos: quimio, radio, odonto, OPME) also filters by type
    search: tipos && tipos.length > 1 ? [...AUDITORIA, tipoEntre(tipos)] : AUDITORIA,
    permanent: tipos ? [{ field: 'tipo', op: 'in', value: tipos }] : undefined,
    // Autorização Parcial: the partially authorized, unless another status is chosen
    fallback: k === 'parcial' ? [{ field: 'status', op: 'eq', value: String(STATUS.AUTORIZADO_PARCIALMENTE) }] : undefined,
    // spec §2.5: the medical and dental audit open with the last 360 days "Em Análise"
    initial: k === 'medica' || k === 'odontologica' ? auditoriaDefaultQuery : undefined,
    sort: FILA,
  });
};

const lista = (key: string, command: ListDef['command'], tipos: readonly Tipo[], extra: Partial<ListDef> = {}): ListDef =>
  defineList({
    ...base,
    key: `autorizacoes.${key}`,
    command,
    endpoint: `/autorizacoes/lista/${key}`,
    search: tipos.length > 1 ? [...AUDITORIA, tipoEntre(tipos)] : AUDITORIA,
    permanent: [{ field: 'tipo', op: 'in', value: tipos }],
    sort: RECENTES,
    summary: TOTAIS,
    ...extra,
  });

const TODOS = [IN.inicio, IN.termino, IN.statusAutorizacao, IN.beneficiario, IN.prestador, IN.procedimento, IN.carater, IN.tipo, IN.beneficiarioId, IN.numero];

export const LISTAS: readonly ListDef[] = [
  ...FILA_KEYS.map(fila),
  defineList({ ...base, key: 'autorizacoes.realizadas', command: '/principal/autorizacao/autorizacoes', endpoint: '/autorizacoes', search: TODOS, sort: RECENTES, summary: TOTAIS }),
  defineList({
    ...base,
    key: 'autorizacoes.historico',
    command: '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
    endpoint: '/autorizacoes/historico',
    search: TODOS,
    sort: RECENTES,
    summary: TOTAIS,
    requires: { anyOf: ['beneficiario', 'beneficiarioId'], message: 'Informe o beneficiário (nome, carteirinha ou matrícula).' },
  }),
  defineList({
    ...base,
    key: 'autorizacoes.beneficiario',
    command: '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
    endpoint: '/autorizacoes/beneficiario',
    search: [IN.inicio, IN.termino, IN.statusAutorizacao, IN.procedimento, IN.carater, IN.tipo],
    sort: RECENTES,
    summary: TOTAIS,
    // the beneficiary's own follow-up: the family's requests, for whoever opens it
    scope: { entity: 'autorizacao', only: 'family' },
  }),
  lista('pre-autorizacoes', '/principal/autorizacao/pre-autorizacoes', ['PRE_AUTORIZACAO']),
  lista('prorrogacoes', '/principal/autorizacao/prorrogacoes', ['PRORROGACAO'], { create: { command: TIPOS.PRORROGACAO.command, label: 'Nova prorrogação' } }),
  lista('guias-sem-onus', '/principal/autorizacao/guiasemonus/guias-sem-onus', ['SEM_ONUS'], { create: { command: TIPOS.SEM_ONUS.command, label: 'Emitir guia sem ônus' } }),
  lista('guias-aps', '/principal/autorizacao/guiasemonus/guias-aps', ['APS'], { create: { command: TIPOS.APS.command, label: 'Nova guia APS' } }),
  lista('anexos', '/principal/autorizacao/anexo/autorizacoes-anexos', ANEXOS),
];

export const listaOfPath = (path: string): ListDef | undefined => LISTAS.find((l) => l.command === path);
