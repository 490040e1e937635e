import { sql, type SQL } from 'drizzle-orm';
import { fold } from '../../shared/text';
import type { Db } from './client';

/** Rows of a raw query on either driver (PGlite and node-postgres answer {rows}; arrays pass through). */
export const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];

/** A raw query's rows. */
export async function query<T>(db: Db, q: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(q));
}

/** A LIKE pattern's literal part: %, _ and \ match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A typed search term as the folded `*_busca` columns hold text (accents and case removed, one space between words),
 * escaped for LIKE. Pair it with `%` where the match may start or end.
 */
export const searchTerm = (s: string) => escapeLike(fold(s.trim()).replace(/\s+/g, ' '));

/** The planner's row estimate for a query (planning only, no rows read). */
export async function estimateRows(db: Db, q: SQL): Promise<number> {
  const [first] = await query<Record<string, unknown>>(db, sql`explain (format json) ${q}`);
  const json = Object.values(first)[0];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}
