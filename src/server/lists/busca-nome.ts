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
   * The same names split into disjoint groups, best first: the name starts with the term; every word of the term
   * starts a word of the name; the rest. A ranked lookup reads them in turn until it has enough (`rankedByName`).
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
  const wordStarts = all(words.map(startsWord));
  return { where, tiers: [prefix, sql`${where} and ${wordStarts} and not ${prefix}`, sql`${where} and not ${wordStarts}`] };
}

/** A lookup that is not by name (a document's digits), read as one tier by `rankedByName`. */
export const unranked = (where: SQL): NameSearch => ({ where, tiers: [where] });

/**
 * Up to `limit` records of a ranked lookup: `find` reads one tier (its own order inside it, usually the name) and the
 * next tier is read only while the list is short — each read stops at its limit, where one `order by rank` would sort
 * every match of a common surname first.
 */
export async function rankedByName<T>(search: NameSearch, limit: number, find: (where: SQL, limit: number) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (const tier of search.tiers) {
    if (found.length >= limit) break;
    found.push(...(await find(tier, limit - found.length)));
  }
  return found;
}
