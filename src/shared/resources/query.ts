import type { Dir, Field, FilterOp, Resource } from './define';
import { FILTER_OPS } from './define';
import { parseFieldValue } from './schema';

/**
 * List state on the wire and in the URL: structured filters {field, op, value}, sort and paging.
 * Encoding (same in the API query and the screen's URL, so a link reproduces the list):
 *   nome.contains=belo & uf.eq=MG & valor.gte=10 & sort=nome.desc & offset=0 & limit=100
 */
export interface Filter {
  field: string;
  op: FilterOp;
  value: string | number | boolean;
}
export interface Sort {
  field: string;
  dir: Dir;
}
export interface ListParams {
  offset: number;
  limit: number;
  sort: Sort[];
  filters: Filter[];
}
export interface ListResult<T = Record<string, unknown>> {
  rows: T[];
  /** Total rows matching the filters (exact up to EXACT_COUNT_LIMIT, estimated beyond it). */
  total: number | null;
  exact: boolean;
}
export const MAX_LIMIT = 500;
export const EXACT_COUNT_LIMIT = 1000;

const OPS_BY_KIND: Record<Field['kind'], readonly FilterOp[]> = {
  text: ['eq', 'contains', 'startsWith'],
  integer: ['eq', 'gte', 'lte'],
  decimal: ['eq', 'gte', 'lte'],
  money: ['eq', 'gte', 'lte'],
  date: ['eq', 'gte', 'lte'],
  boolean: ['eq'],
  enum: ['eq'],
  ref: ['eq'],
};
export const opsFor = (f: Field) => OPS_BY_KIND[f.kind];

export function encodeList(p: Partial<ListParams>, into = new URLSearchParams()): URLSearchParams {
  for (const f of p.filters ?? []) into.append(`${f.field}.${f.op}`, String(f.value));
  if (p.sort?.length) into.set('sort', p.sort.map((s) => `${s.field}.${s.dir}`).join(','));
  if (p.offset) into.set('offset', String(p.offset));
  if (p.limit) into.set('limit', String(p.limit));
  return into;
}

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(q: QueryInput): [string, string][] {
  if (q instanceof URLSearchParams) return [...q.entries()];
  return Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]]));
}

export interface ParseProblem {
  field: string;
  message: string;
}

/**
 * Parses and validates list params against the definition (whitelisted fields and operators, typed values).
 * `strict` refuses unknown parameters (the API); the screen ignores parameters that are not list state.
 */
export function parseList(def: Resource, q: QueryInput, opts: { strict?: boolean } = {}): { params: ListParams; problems: ParseProblem[] } {
  const problems: ParseProblem[] = [];
  const params: ListParams = { offset: 0, limit: 100, sort: [], filters: [] };
  for (const [key, raw] of entries(q)) {
    if (key === 'offset' || key === 'limit') {
      const n = Number(raw);
      const max = key === 'limit' ? MAX_LIMIT : 10_000_000;
      if (!/^\d+$/.test(raw) || n > max || (key === 'limit' && n < 1)) problems.push({ field: key, message: key === 'limit' ? `O limite deve estar entre 1 e ${MAX_LIMIT}.` : 'Posição inicial inválida.' });
      else params[key] = n;
      continue;
    }
    if (key === 'sort') {
      for (const part of raw.split(',').filter(Boolean)) {
        const [field, dir = 'asc'] = part.split('.');
        if (!(field === 'id' || def.fields[field]) || (dir !== 'asc' && dir !== 'desc')) problems.push({ field: 'sort', message: `Ordenação inválida: ${part}.` });
        else if (params.sort.length < 3 && !params.sort.some((s) => s.field === field)) params.sort.push({ field, dir });
      }
      continue;
    }
    const dot = key.lastIndexOf('.');
    const field = dot > 0 ? key.slice(0, dot) : '';
    const op = key.slice(dot + 1) as FilterOp;
    const fd = def.fields[field];
    if (!fd || !FILTER_OPS.includes(op) || !opsFor(fd).includes(op)) {
      if (opts.strict) problems.push({ field: key, message: `Filtro inválido: ${key}.` });
      continue;
    }
    if (raw.trim() === '') continue;
    if (op === 'contains' || op === 'startsWith') {
      if (raw.length > 200) problems.push({ field, message: `${fd.label}: texto de busca muito longo.` });
      else params.filters.push({ field, op, value: raw.trim() });
      continue;
    }
    const parsed = parseFieldValue({ ...fd, required: false, min: undefined, max: fd.kind === 'text' ? 1000 : undefined } as Field, raw);
    if (!parsed.ok) problems.push({ field, message: parsed.message });
    else if (parsed.value !== null) params.filters.push({ field, op, value: parsed.value as string | number | boolean });
  }
  if (params.filters.length > 20) problems.push({ field: 'filters', message: 'Filtros demais.' });
  return { params, problems };
}

/** The sort actually used: the requested one, else the definition's default; always ends with id for a stable order. */
export function effectiveSort(def: Resource, sort: Sort[]): Sort[] {
  const s = sort.length ? [...sort] : [def.sort];
  if (!s.some((x) => x.field === 'id')) s.push({ field: 'id', dir: s[0].dir });
  return s;
}
