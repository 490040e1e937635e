import { sql, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type Filter, type ListDef, type ListNeighbors, type ListPage, type ListQuery, type ListSummary, type Sort } from '../../shared/lists/types';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import { escapeLike, estimateRows, query, searchTerm } from '../db/sql';
import { badRequest, forbidden } from '../http/errors';
import { assertAny, hasBeneficiarioRole, MSG_SEM_BENEFICIARIO, scopeOf, scopeWhere } from '../policy';
import { buscaNome } from './busca-nome';
import { cursorValue, decodeCursor, encodeCursor, instantKey, orderBy, seek, type KeyValue, type SortKey } from './keyset';
import type { ListSource, Row } from './source';

/**
 * The server half of the list engine: one definition (src/shared/lists) and one source give the WHERE (record scope
 * from the policy, permanent and fallback filters, the user's filters), a keyset page of ids cut on the source's
 * own tables and then its rows read for those ids only, the exact-or-estimated total, the summary and a record's
 * neighbours in the list's order.
 */

/** The summary counts exactly up to here (past it, the planner's estimate). */
export const SUMMARY_COUNT_LIMIT = 100_000;

const KIND: Record<string, SortKey['kind']> = { text: 'text', enum: 'text', date: 'date', boolean: 'boolean', integer: 'number', decimal: 'number', money: 'number', ref: 'number' };

/** The sort keys of a request (the definition's default when none), always ending with the id. */
export function sortKeys(def: ListDef, source: ListSource, requested: readonly Sort[]): { keys: SortKey[]; joins: SQL[] } {
  const sort = requested.length ? requested : def.sort;
  const keys: SortKey[] = [];
  const joins: SQL[] = [];
  for (const s of sort) {
    if (s.field === 'id') continue;
    const f = source.fields[s.field];
    const expr = f?.sortExpr ?? f?.folded ?? f?.expr;
    if (!expr) throw new Error(`lista ${def.key}: o campo ${s.field} não tem ordenação na fonte`);
    if (f.join) joins.push(f.join);
    const fd = def.fields[s.field];
    if (fd.kind === 'date' && fd.instant) keys.push({ expr, dir: s.dir, nullable: !!f.nullable, kind: 'instant', read: instantKey(expr) });
    else keys.push({ expr, dir: s.dir, nullable: !!f.nullable, kind: KIND[fd.kind] ?? 'text' });
  }
  const last = sort[sort.length - 1];
  keys.push({ expr: sql.raw(`"${source.alias}"."id"`), dir: last?.dir ?? 'asc', nullable: false, kind: 'number' });
  return { keys, joins };
}

/** An instant against a day of the operator's calendar: from its first moment, or up to its last (inclusive). */
function dayOfInstant(expr: SQL, op: Filter['op'], day: string): SQL {
  const start = (d: SQL) => sql`(${d})::timestamp at time zone ${OPERATOR_TIME_ZONE}`;
  if (op === 'gte') return sql`${expr} >= ${start(sql`${day}::date`)}`;
  if (op === 'lte') return sql`${expr} < ${start(sql`${day}::date + 1`)}`;
  return sql`(${expr} >= ${start(sql`${day}::date`)} and ${expr} < ${start(sql`${day}::date + 1`)})`;
}

function filterSql(def: ListDef, source: ListSource, f: Filter): SQL {
  const sf = source.fields[f.field];
  const fd = def.fields[f.field];
  if (!sf) throw new Error(`lista ${def.key}: o campo ${f.field} não tem SQL na fonte`);
  if (f.op === 'search') {
    if (!sf.search) throw new Error(`lista ${def.key}: o campo ${f.field} não tem busca própria`);
    return sf.search(String(f.value));
  }
  if (sf.filter && !Array.isArray(f.value)) return sf.filter(f.op, f.value as string | number | boolean);
  if (!sf.expr) throw new Error(`lista ${def.key}: o campo ${f.field} não tem expressão`);
  if (f.op === 'in') {
    const values = f.value as readonly (string | number | boolean)[];
    return values.length ? sql`${sf.expr} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : sql`false`;
  }
  if (f.op === 'contains' || f.op === 'startsWith') {
    const raw = String(f.value);
    if (sf.folded && sf.name && f.op === 'contains') return buscaNome(sf.folded, raw).where;
    if (sf.folded) {
      const t = searchTerm(raw);
      return sql`${sf.folded} like ${f.op === 'contains' ? `%${t}%` : `${t}%`}`;
    }
    const v = fd.kind === 'text' && fd.mask ? raw.replace(/[^0-9A-Za-z]/g, '') : raw;
    return f.op === 'startsWith' ? sql`${sf.expr} like ${`${escapeLike(v)}%`}` : sql`${sf.expr} ilike ${`%${escapeLike(v)}%`}`;
  }
  if (fd.kind === 'date' && fd.instant) return dayOfInstant(sf.expr, f.op, String(f.value));
  const op = sql.raw(f.op === 'eq' ? '=' : f.op === 'gte' ? '>=' : '<=');
  return sql`${sf.expr} ${op} ${f.value as string | number | boolean}`;
}

/**
 * The WHERE of a request: the session's record scope (the policy), the permanent filters, the fallback ones for
 * fields left without a filter, and the request's own.
 */
export async function whereOf(ctx: AppContext, s: RequestSession, def: ListDef, source: ListSource, q: Pick<ListQuery, 'filters'>): Promise<{ where: SQL; scope: SQL }> {
  const parts: SQL[] = [];
  let scopeSql = sql`true`;
  const entity = def.scope?.entity ?? source.entity;
  if (entity) {
    if (def.scope?.only === 'family' && !hasBeneficiarioRole(s)) throw forbidden(MSG_SEM_BENEFICIARIO);
    const scope = await scopeOf(ctx, s, entity);
    assertAny(scope);
    scopeSql = scopeWhere(scope, entity, source.alias);
    parts.push(scopeSql);
  }
  if (def.requires && !q.filters.some((f) => def.requires!.anyOf.includes(f.field))) throw badRequest(def.requires.message, def.requires.anyOf[0]);
  for (const f of def.permanent ?? []) parts.push(filterSql(def, source, f));
  for (const f of def.fallback ?? []) if (!q.filters.some((x) => x.field === f.field)) parts.push(filterSql(def, source, f));
  for (const f of q.filters) parts.push(filterSql(def, source, f));
  return { where: parts.length ? sql.join(parts, sql` and `) : sql`true`, scope: scopeSql };
}

const keyAlias = (i: number) => sql.raw(`"k${i}"`);
const keysOf = (r: Record<string, unknown>, keys: SortKey[]): KeyValue[] => keys.map((k, i) => cursorValue(r[`k${i}`], k.kind));

/** Ids (with their sort key) of the rows of a page, cut on the source's tables alone. */
async function cut(db: Db, source: ListSource, keys: SortKey[], joins: SQL[], where: SQL, extra: { seek?: SQL; reverse?: boolean; limit: number; offset?: number }) {
  const sel = sql.join(
    keys.map((k, i) => sql`${k.read ?? k.expr} as ${keyAlias(i)}`),
    sql`, `,
  );
  const q = sql`select ${sel} from ${source.from} ${sql.join(joins, sql` `)} where ${where}${extra.seek ? sql` and ${extra.seek}` : sql``}
    order by ${orderBy(keys, extra.reverse)} limit ${extra.limit}${extra.offset ? sql` offset ${extra.offset}` : sql``}`;
  return query<Record<string, unknown>>(db, q);
}

/** Total matching rows without a full count: exact when small, else the planner's estimate. */
export async function countOf(db: Db, source: ListSource, where: SQL, opts: { limit: number; trustEstimateAbove: number }): Promise<{ total: number; exact: boolean }> {
  const est = await estimateRows(db, sql`select 1 from ${source.from} where ${where}`);
  if (est > opts.trustEstimateAbove) return { total: est, exact: false };
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${source.from} where ${where} limit ${opts.limit + 1}) s`);
  if (Number(n) <= opts.limit) return { total: Number(n), exact: true };
  return { total: Math.max(opts.limit + 1, est), exact: false };
}

/** A page: keyset after/before a cursor, or an offset to jump; rows read for the page's ids only. */
export async function pageOf(db: Db, def: ListDef, source: ListSource, where: SQL, q: ListQuery, opts: { trustEstimateAbove?: number } = {}): Promise<ListPage<Row>> {
  const { keys, joins } = sortKeys(def, source, q.sort);
  const { limit, offset, after, before } = q.page;
  const cursor = after ?? before;
  const reverse = !!before;
  const found = await cut(db, source, keys, joins, where, {
    seek: cursor ? seek(keys, decodeCursor(cursor, keys), reverse ? 'before' : 'after') : undefined,
    reverse,
    limit: limit + 1,
    offset: cursor ? 0 : offset,
  });
  const more = found.length > limit;
  if (more) found.length = limit;
  if (reverse) found.reverse();
  const ids = found.map((r) => Number(r[`k${keys.length - 1}`]));
  const rows = ids.length ? await source.rows(db, ids) : [];
  const first = found[0];
  const lastRow = found[found.length - 1];
  const hasMore = reverse ? found.length > 0 : more;
  const page: ListPage<Row> = {
    rows,
    total: null,
    exact: false,
    hasMore,
    next: lastRow && hasMore ? encodeCursor(keysOf(lastRow, keys)) : null,
    prev: first && (reverse ? more : !!cursor || offset > 0) ? encodeCursor(keysOf(first, keys)) : null,
  };
  if (!q.page.count) return page;
  if (!cursor && !more && (found.length > 0 || offset === 0)) Object.assign(page, { total: offset + found.length, exact: true });
  else Object.assign(page, await countOf(db, source, where, { limit: EXACT_COUNT_LIMIT, trustEstimateAbove: opts.trustEstimateAbove ?? 20_000 }));
  // an estimate never says fewer than the rows already seen
  if (!page.exact && page.total != null && !cursor) page.total = Math.max(page.total, offset + found.length + (more ? 1 : 0));
  if (def.summary && source.totals && page.exact && page.total! <= def.summary.limit) page.totals = await source.totals(db, where);
  return page;
}

/** The summary: the exact count (up to SUMMARY_COUNT_LIMIT, else the estimate) and the totals when few enough match. */
export async function summaryOf(db: Db, def: ListDef, source: ListSource, where: SQL): Promise<ListSummary> {
  const { total, exact } = await countOf(db, source, where, { limit: SUMMARY_COUNT_LIMIT, trustEstimateAbove: SUMMARY_COUNT_LIMIT * 2 });
  const totals = def.summary && source.totals && exact && total <= def.summary.limit ? await source.totals(db, where) : null;
  return { total, exact, totals };
}

/**
 * The records before and after one in the list's order and filters (the decision screen's previous and next). The
 * record itself need not match the filters any more (a request just decided leaves the "Em Análise" queue): its
 * sort key, read within the session's scope, is where the walk starts.
 */
export async function neighborsOf(db: Db, def: ListDef, source: ListSource, where: SQL, scope: SQL, q: ListQuery, id: number): Promise<ListNeighbors> {
  const { keys, joins } = sortKeys(def, source, q.sort);
  const [row] = await cut(db, source, keys, joins, sql`${sql.raw(`"${source.alias}"."id"`)} = ${id} and ${scope}`, { limit: 1 });
  if (!row) return { previous: null, next: null };
  const at = keysOf(row, keys);
  const idOf = (r: Record<string, unknown> | undefined) => (r ? Number(r[`k${keys.length - 1}`]) : null);
  const [next] = await cut(db, source, keys, joins, where, { seek: seek(keys, at, 'after'), limit: 1 });
  const [previous] = await cut(db, source, keys, joins, where, { seek: seek(keys, at, 'before'), reverse: true, limit: 1 });
  return { previous: idOf(previous), next: idOf(next) };
}

/** Every matching id in the list's order, up to `max` (exports), walking the list by keyset in chunks. */
export async function* idsInOrder(db: Db, def: ListDef, source: ListSource, where: SQL, sort: readonly Sort[], max: number, chunk = 2000): AsyncGenerator<number[]> {
  const { keys, joins } = sortKeys(def, source, sort);
  let at: KeyValue[] | null = null;
  let seen = 0;
  while (seen < max) {
    const rows = await cut(db, source, keys, joins, where, { seek: at ? seek(keys, at, 'after') : undefined, limit: Math.min(chunk, max - seen) });
    if (!rows.length) return;
    seen += rows.length;
    at = keysOf(rows[rows.length - 1], keys);
    yield rows.map((r) => Number(r[`k${keys.length - 1}`]));
    if (rows.length < chunk) return;
  }
}
