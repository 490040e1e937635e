import { sql, type SQL } from 'drizzle-orm';
import { fold } from '../../shared/text';
import { escapeLike } from '../db/sql';

/**
 * Name search, the one rule of every name lookup (grids, pickers, Consulta de Beneficiário, the palette's `@`): each
 * word typed occurs somewhere in the name ("souz" finds "Beatriz Almeida Souza"), accents and case ignored as the
 * `*_busca` columns fold them. A word of 3 letters or more is found anywhere (the pg_trgm GIN index on the large tables,
 * migration 0027); a shorter one only where a word of the name starts; a term made only of short words (1–2 letters),
 * at the start of the name (the btree on the "C" column: `like 'x%'`).
 */

/** Trigrams need 3 characters: a shorter word would scan the whole table. */
const MIN_ANYWHERE = 3;

export interface NameSearch {
  /** Every name the term finds. */
  where: SQL;
  /**
   * Wider and wider conditions, the last one `where`, best first: the name starts with the term; every word of the
   * term starts a word of the name; anywhere. A ranked lookup reads them in turn until it has enough (`rankedByName`).
   */
  tiers: SQL[];
}

/** The search of a typed term over a folded name column (`b.nome_busca`). */
export function buscaNome(col: SQL, termo: string): NameSearch {
  const words = fold(termo.trim()).split(/\s+/).filter(Boolean);
  if (!words.length) return { where: sql`true`, tiers: [sql`true`] };
  const prefix = sql`${col} like ${`${escapeLike(words.join(' '))}%`}`;
  if (words.every((w) => w.length < MIN_ANYWHERE)) return { where: prefix, tiers: [prefix] };
  const startsWord = (w: string) => sql`(${col} like ${`${escapeLike(w)}%`} or ${col} like ${`% ${escapeLike(w)}%`})`;
  const all = (parts: SQL[]) => sql`(${sql.join(parts, sql` and `)})`;
  const where = all(words.map((w) => (w.length >= MIN_ANYWHERE ? sql`${col} like ${`%${escapeLike(w)}%`}` : startsWord(w))));
  return { where, tiers: [prefix, all(words.map(startsWord)), where] };
}

/** A lookup that is not by name (a document's digits), read as one tier by `rankedByName`. */
export const unranked = (where: SQL): NameSearch => ({ where, tiers: [where] });

/**
 * Up to `limit` records of a ranked lookup: `find` reads one tier (its own order inside it, usually the name) and the
 * next tier is read only while the list is short — each read stops at its limit, where one `order by rank` would sort
 * every match of a common surname first. A tier read after a short one leaves out the ids already found (`id`: the
 * table's id column), instead of "and not <the tier before>": the planner then estimates each tier as it is, and
 * never walks the whole name index looking for the few names inside words that a common fragment lacks.
 */
export async function rankedByName<T extends { id: number }>(search: NameSearch, limit: number, id: SQL, find: (where: SQL, limit: number) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (const tier of search.tiers) {
    if (found.length >= limit) break;
    const seen = found.map((f) => sql`${Number(f.id)}`);
    found.push(...(await find(seen.length ? sql`${tier} and ${id} not in (${sql.join(seen, sql`, `)})` : tier, limit - found.length)));
  }
  return found;
}
