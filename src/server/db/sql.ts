import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { fold } from '../../shared/text';
import type { Db } from './client';

/** Rows of a raw query on either driver (PGlite and node-postgres answer {rows}; arrays pass through). */
export const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as T[];

// A transaction is one connection, which runs one query at a time: queries sent together on it (a Promise.all in code
// that also runs outside transactions, such as carregarTabelas) wait here for the one before, instead of in
// node-postgres' own queue, which is deprecated and goes away in pg 9.
const inTransaction = new WeakMap<object, Promise<unknown>>();

/** A raw query's rows. */
export async function query<T>(db: Db, q: SQL): Promise<T[]> {
  if (!(db instanceof PgTransaction)) return rowsOf<T>(await db.execute(q));
  // a native promise: drizzle's query is a lazy thenable that runs again on each then()
  const run = (inTransaction.get(db) ?? Promise.resolve()).then(exec, exec);
  inTransaction.set(db, run);
  return rowsOf<T>(await run);
  function exec() {
    return db.execute(q);
  }
}

/**
 * Waits for the queries still queued on a transaction (a Promise.all whose first query failed leaves the others
 * queued): the commit or rollback must not be sent while one of them runs on the connection.
 */
export async function settleQueries(tx: object): Promise<void> {
  await inTransaction.get(tx)?.catch(() => undefined);
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

// Accent folding in SQL, the same as shared/text.ts fold(): translate accented letters, then lower().
const FOLD_FROM = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°';
const FOLD_TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo';
if ([...FOLD_FROM].length !== [...FOLD_TO].length) throw new Error('fold: tabelas de tradução de tamanhos diferentes');

/** A column folded as `searchTerm` folds the typed text (the `*_busca` generated columns are this, stored and indexed). */
export const foldColumn = (col: string) => sql.raw(`lower(translate("${col}", '${FOLD_FROM}', '${FOLD_TO}'))`);
/** Any text expression folded, for a search over a table without a `*_busca` column (no index: keep such tables small). */
export const folded = (expr: SQL) => sql`lower(translate(${expr}, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}))`;
