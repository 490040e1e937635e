import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { listQuerySchema } from '../../shared/lists/query';
import type { ListQuery, Sort } from '../../shared/lists/types';
import { comPercentuais, MAX_GROUPS, type ReportDef, type ReportSummary } from '../../shared/relatorios/define';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { parse } from '../http/errors';
import { idsInOrder, pageOf, whereOf } from '../lists/engine';
import type { ListSource, Row } from '../lists/source';

/**
 * A report's data: a list source (its FROM holds every join a filter needs) whose group field's `expr` is the group's
 * label and its `sortExpr` (when given: an indexed column such as the product's id, so a page is an index range
 * and not a sort of the whole table) the order — one label per key —, so the rows of a group come together; and
 * the SQL of each summed column.
 */
export interface ReportSource extends ListSource {
  sums?: Readonly<Record<string, SQL>>;
  /**
   * The source for one request, when its rows depend on more than their ids (a price table: the provider and the
   * date chosen, the session's own provider): checks those filters and answers a source bound to them.
   */
  bind?(ctx: AppContext, s: RequestSession, q: ListQuery): Promise<ReportSource>;
  /** What `bind` fixed for the session beyond its filters (the beneficiary's own plan): the screen and the files say it. */
  nota?: string;
}

/** The source a request reads (bound to its filters when the report needs it). */
export const sourceFor = (ctx: AppContext, s: RequestSession, source: ReportSource, q: ListQuery) => (source.bind ? source.bind(ctx, s, q) : Promise.resolve(source));

/** The sort a report runs in: its group first (whatever the address asks), then the asked or default order. */
export function reportSort(def: ReportDef, asked: readonly Sort[]): Sort[] {
  const rest = (asked.length ? asked : def.list.sort).filter((s) => s.field !== def.group?.key);
  return def.group ? [{ field: def.group.key, dir: 'asc' }, ...rest] : [...rest];
}

export const reportQuery = (def: ReportDef, raw: unknown): ListQuery => {
  const q = parse(listQuerySchema(def.list), raw);
  return { ...q, sort: reportSort(def, q.sort) };
};

export async function reportWhere(ctx: AppContext, s: RequestSession, def: ReportDef, source: ReportSource, q: ListQuery): Promise<SQL> {
  return (await whereOf(ctx, s, def.list, source, q)).where;
}

/** The count and the totals of the whole report and, when grouped, of each group in the rows' order. */
export async function reportSummary(ctx: AppContext, def: ReportDef, source: ReportSource, where: SQL): Promise<ReportSummary> {
  // percentages are computed from the sums they divide, per group and overall
  const totals = (def.totals ?? []).filter((t) => t.kind !== 'percent');
  const sums = totals.map((t) => sql`coalesce(sum(${source.sums?.[t.key] ?? sql`0`}), 0)::bigint as ${sql.raw(`"${t.key}"`)}`);
  const cols = sql.join([sql`count(*)::int as n`, ...sums], sql`, `);
  const read = (r: Record<string, unknown>) => comPercentuais(def, Object.fromEntries(totals.map((t) => [t.key, Number(r[t.key] ?? 0)])));
  const [all] = await query<Record<string, unknown>>(ctx.db, sql`select ${cols} from ${source.from} where ${where}`);
  const out: ReportSummary = { total: Number(all.n), totais: read(all), grupos: null, ...(source.nota ? { nota: source.nota } : {}) };
  if (!def.group || !out.total) return out;
  // the label names the group; the group's sort key (an indexed id, when it has one) orders it, as it orders the rows
  const g = source.fields[def.group.key];
  const label = g.expr ?? g.sortExpr!;
  const key = g.sortExpr ?? label;
  const rows = await query<Record<string, unknown>>(
    ctx.db,
    // by position: an expression with parameters is not the same expression twice
    sql`select ${label} as rotulo, ${key} as chave, ${cols} from ${source.from} ${g.join ?? sql``} where ${where} group by 1, 2 order by 2 limit ${MAX_GROUPS + 1}`,
  );
  if (rows.length <= MAX_GROUPS) out.grupos = rows.map((r) => ({ rotulo: String(r.rotulo ?? ''), n: Number(r.n), totais: read(r) }));
  return out;
}

/** The report's rows in order, a batch at a time (ids by keyset, then the batch's rows), for the files. */
export async function* reportBatches(ctx: AppContext, def: ReportDef, source: ReportSource, where: SQL, sort: readonly Sort[], max: number, batch = 500): AsyncGenerator<Row[]> {
  for await (const ids of idsInOrder(ctx.db, def.list, source, where, sort, max, batch)) yield await source.rows(ctx.db, ids);
}

/**
 * GET /api/relatorios/<code> (a page of rows, keyset) and /grupos (count, totals, groups), guarded by the report's
 * command and scoped by the policy, with the definition's schema — the screen's.
 */
export function registerReport(app: FastifyInstance, ctx: AppContext, def: ReportDef, source: ReportSource) {
  const config = { access: { command: def.command } };
  const base = `/api${def.list.endpoint}`;
  const read = async (req: FastifyRequest) => {
    const q = reportQuery(def, req.query);
    const s = sessionOf(req);
    const src = await sourceFor(ctx, s, source, q);
    return { q, src, where: await reportWhere(ctx, s, def, src, q) };
  };
  app.get(base, { config }, async (req) => {
    const { q, src, where } = await read(req);
    return { result: await pageOf(ctx.db, def.list, src, where, q) };
  });
  app.get(`${base}/grupos`, { config }, async (req) => {
    const { src, where } = await read(req);
    return { result: await reportSummary(ctx, def, src, where) };
  });
}
