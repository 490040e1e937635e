import { z } from 'zod';
import { APP_MSG } from '../messages';
import { formatMoneyPlain } from '../money';
import type { EnumField, Field } from '../resources/define';
import { parseFieldValue } from '../resources/schema';
import { fold } from '../text';
import { FILTER_OPS, MAX_LIMIT, type Filter, type FilterOp, type FilterValue, type ListDef, type ListQuery, type SearchInput, type Sort } from './types';

/**
 * The one URL format of every list — the tab's address and the API query are the same string, so a link or a tab
 * reproduces the list:
 *   nome.contains=belo & uf.eq=MG & valor.gte=1234,56 & dataNascimento.gte=01/01/1990 & sort=nome.desc
 *   & limit=100 & after=<cursor> | before=<cursor> | offset=200
 * A search input may name its own parameter (the spec's inicio, termino, statusAutorizacao). Values are written as a
 * person reads them: dates DD/MM/YYYY, money in reais ('1234,56'), enumerations by value (or by label where the spec
 * says so). Reading checks every field, operator and value against the definition; the server refuses what does
 * not fit (strict), the screen ignores parameters that are not list state.
 */

export const PAGING_KEYS = ['sort', 'limit', 'offset', 'after', 'before', 'count'] as const;

export interface QueryProblem {
  field: string;
  message: string;
}

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(q: QueryInput): [string, string][] {
  if (q instanceof URLSearchParams) return [...q.entries()];
  return Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, String(x)] as [string, string]) : [[k, String(v)] as [string, string]]));
}

/** The URL parameter of a search input for an operator. */
export function paramOf(s: SearchInput, op: FilterOp): string {
  if (typeof s.param === 'string') return s.param;
  if (s.param && (op === 'gte' || op === 'lte')) return s.param[op];
  return `${s.field}.${op}`;
}

/** Every parameter a definition reads, with its input and operator. */
function paramTable(def: ListDef): Map<string, { input: SearchInput; op: FilterOp }> {
  const t = new Map<string, { input: SearchInput; op: FilterOp }>();
  for (const s of def.search) {
    const ops: FilterOp[] = s.op === 'range' ? ['gte', 'lte'] : [s.op];
    for (const op of ops) t.set(paramOf(s, op), { input: s, op });
  }
  return t;
}
const tables = new WeakMap<ListDef, Map<string, { input: SearchInput; op: FilterOp }>>();
const paramsOf = (def: ListDef) => {
  let t = tables.get(def);
  if (!t) tables.set(def, (t = paramTable(def)));
  return t;
};

/** Every filter parameter a list reads. */
export const listParams = (def: ListDef): string[] => [...paramsOf(def).keys()];

/** A filter value as the address writes it. */
export function writeValue(field: Field, value: FilterValue, byLabel = false): string {
  if (field.kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  if (field.kind === 'money' && typeof value === 'number') return formatMoneyPlain(value).replace(/\./g, '');
  if (field.kind === 'decimal' && typeof value === 'number') return String(value).replace('.', ',');
  if (field.kind === 'enum' && byLabel) return field.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/** An enumeration's option by value or, folded, by label ('em analise' → the 'Em Análise' option's value). */
function enumValue(field: EnumField, raw: string): string | undefined {
  if (field.options.some((o) => o.value === raw)) return raw;
  const f = fold(raw.trim());
  return field.options.find((o) => fold(o.label) === f)?.value;
}

/** Reads one filter value for its field and operator. */
export function readValue(field: Field, op: FilterOp, raw: string): { ok: true; value: FilterValue | null } | { ok: false; message: string } {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  if (op === 'contains' || op === 'startsWith' || op === 'search') {
    if (text.length > 200) return { ok: false, message: `${field.label}: texto de busca muito longo.` };
    return { ok: true, value: text };
  }
  if (field.kind === 'enum') {
    const v = enumValue(field, text);
    return v === undefined ? { ok: false, message: `Selecione uma opção válida em ${field.label}.` } : { ok: true, value: v };
  }
  // a filter is not a record: no required, no bounds of the field; the value must still be one the field holds
  const loose = { ...field, required: false, min: undefined, max: field.kind === 'text' ? 1000 : undefined } as Field;
  const parsed = parseFieldValue(loose, text);
  if (!parsed.ok) return parsed;
  return { ok: true, value: parsed.value as FilterValue | null };
}

const NUM = /^\d+$/;

/**
 * Reads a list request. `strict` (the API) reports unknown parameters; the screen passes `strict: false` and its
 * address's other parameters (the record open in the tab, `id`) are left alone.
 */
export function readListQuery(def: ListDef, q: QueryInput, opts: { strict?: boolean; extra?: readonly string[] } = {}): { query: ListQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const query: ListQuery = { filters: [], sort: [], page: { limit: def.pageSize, offset: 0, count: true } };
  const table = paramsOf(def);
  for (const [key, raw] of entries(q)) {
    if (opts.extra?.includes(key)) continue;
    switch (key) {
      case 'limit':
      case 'offset': {
        const n = Number(raw);
        const ok = NUM.test(raw) && (key === 'limit' ? n >= 1 && n <= MAX_LIMIT : n <= 10_000_000);
        if (!ok) problems.push({ field: key, message: key === 'limit' ? `O limite deve estar entre 1 e ${MAX_LIMIT}.` : 'Posição inicial inválida.' });
        else query.page[key] = n;
        continue;
      }
      case 'after':
      case 'before':
        if (raw.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(raw)) problems.push({ field: key, message: 'Posição da lista inválida.' });
        else query.page[key] = raw;
        continue;
      case 'count':
        query.page.count = raw !== '0';
        continue;
      case 'sort':
        for (const part of raw.split(',').filter(Boolean)) {
          const [field, dir = 'asc', ...rest] = part.split('.');
          if (!def.sortable.includes(field) || (dir !== 'asc' && dir !== 'desc') || rest.length) problems.push({ field: 'sort', message: `Ordenação inválida: ${part}.` });
          else if (query.sort.length < 3 && !query.sort.some((s) => s.field === field)) query.sort.push({ field, dir });
        }
        continue;
    }
    const p = table.get(key);
    if (!p) {
      if (opts.strict) problems.push({ field: key, message: `Filtro inválido: ${key}.` });
      continue;
    }
    // messages name the input as the search view shows it ("De", "Até")
    const field = p.input.label ? ({ ...def.fields[p.input.field], label: p.input.label } as Field) : def.fields[p.input.field];
    const r = readValue(field, p.op, raw);
    if (!r.ok) problems.push({ field: key, message: r.message });
    else if (r.value !== null) query.filters.push({ field: p.input.field, op: p.op, value: r.value });
  }
  if (query.page.after && query.page.before) problems.push({ field: 'after', message: 'Informe só uma posição da lista.' });
  if (!problems.length) problems.push(...filterProblems(def, query.filters));
  if (query.filters.length > 20) problems.push({ field: 'filters', message: 'Filtros demais.' });
  return { query, problems };
}

/** A range that ends before it starts (a period, an amount from … to), on its upper input: every list, no declaration. */
function rangeProblems(def: ListDef, filters: readonly Filter[]): QueryProblem[] {
  const out: QueryProblem[] = [];
  for (const upper of filters) {
    if (upper.op !== 'lte') continue;
    const lower = filters.find((f) => f.field === upper.field && f.op === 'gte');
    if (!lower || !(lower.value > upper.value)) continue;
    const input = def.search.find((s) => s.field === upper.field && (s.op === 'lte' || s.op === 'range'));
    const field = def.fields[upper.field];
    out.push({
      field: input ? paramOf(input, 'lte') : `${upper.field}.lte`,
      message: field.kind === 'date' ? APP_MSG.periodoInvertido : `${field.label}: o valor final é menor que o inicial.`,
    });
  }
  return out;
}

/** The rules between filters, by URL parameter, the same on both sides: a range that ends before it starts, then the definition's checks. */
export function filterProblems(def: ListDef, filters: readonly Filter[]): QueryProblem[] {
  const range = rangeProblems(def, filters);
  return range.length ? range : (def.checks?.(filters) ?? []).map((c) => ({ field: c.param, message: c.message }));
}

/** Writes list state into a query string (keeping the other parameters of `into`). */
export function writeListQuery(def: ListDef, state: { filters?: readonly Filter[]; sort?: readonly Sort[]; page?: Partial<ListQuery['page']> }, into = new URLSearchParams()): URLSearchParams {
  for (const f of state.filters ?? []) {
    const input = def.search.find((s) => s.field === f.field && (s.op === f.op || (s.op === 'range' && (f.op === 'gte' || f.op === 'lte'))));
    if (!input || Array.isArray(f.value)) continue;
    into.append(paramOf(input, f.op), writeValue(def.fields[f.field], f.value as FilterValue, input.byLabel));
  }
  if (state.sort?.length) into.set('sort', state.sort.map((s) => `${s.field}.${s.dir}`).join(','));
  const p = state.page;
  if (p?.limit) into.set('limit', String(p.limit));
  if (p?.offset) into.set('offset', String(p.offset));
  if (p?.after) into.set('after', p.after);
  if (p?.before) into.set('before', p.before);
  if (p?.count === false) into.set('count', '0');
  return into;
}

/** Removes list state (filters, sort, paging) from a query string, keeping the rest (the record open, the view). */
export function withoutListState(def: ListDef, q: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(q);
  const table = paramsOf(def);
  for (const k of [...out.keys()]) if (table.has(k) || (PAGING_KEYS as readonly string[]).includes(k)) out.delete(k);
  return out;
}

/** Whether a query string carries any filter of the list. */
export const hasFilters = (def: ListDef, q: URLSearchParams) => [...q.keys()].some((k) => paramsOf(def).has(k));

/**
 * The API's query schema of a list (the same on both sides): unknown parameters, operators, values, sorts and
 * cursors are refused with pt-BR messages by parameter. `extra` names other parameters an endpoint takes (`id`).
 */
export function listQuerySchema(def: ListDef, extra: readonly string[] = []) {
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).transform((q, ctx) => {
    const { query, problems } = readListQuery(def, q, { strict: true, extra });
    for (const p of problems) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
    return query;
  });
}

export const isFilterOp = (v: string): v is FilterOp => (FILTER_OPS as readonly string[]).includes(v);
