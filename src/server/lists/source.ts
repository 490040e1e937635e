import { sql, type SQL } from 'drizzle-orm';
import type { FilterOp, FilterValue, RecordEntity } from '../../shared/lists/types';
import type { Db } from '../db/client';

export type Row = Record<string, unknown> & { id: number };

/** What a list field is in SQL: its expression, and what filtering and sorting it need. */
export interface SourceField {
  /** The column or expression (filters, and the sort unless `sortExpr`). */
  expr?: SQL;
  /** The accent-folded form of a text (a `*_busca` column): prefix and "contains" searches and the sort use it. */
  folded?: SQL;
  /** A person's name over a large table: 'contains' is the name search (busca-nome.ts: every word, indexed). */
  name?: boolean;
  /** Sort by another expression (a reference's label) — with the join it needs. */
  sortExpr?: SQL;
  join?: SQL;
  /** The sort expression may be null (nulls sort last ascending, first descending, as PostgreSQL does). */
  nullable?: boolean;
  /** The field's own lookup for the 'search' operator (a beneficiary by name, card or CPF). */
  search?: (value: string) => SQL;
  /** The field's own condition for an operator (a period of days over a timestamp), instead of the generic one. */
  filter?: (op: FilterOp, value: FilterValue) => SQL;
}

/** Where a list's rows come from: a table (a resource) or a domain query (authorization requests). */
export interface ListSource {
  /** The FROM clause, the main table under `alias` (e.g. sql`autorizacoes a`). */
  from: SQL;
  alias: string;
  fields: Record<string, SourceField>;
  /** The page's rows by id, in that order (names, labels and counts read for these rows only). */
  rows(db: Db, ids: number[]): Promise<Row[]>;
  /** Totals over the matching records (the summary), by the keys of the definition's `summary.totals`. */
  totals?(db: Db, where: SQL): Promise<Record<string, number>>;
  /** The entity the policy scopes, when the definition does not say (a resource of people). */
  entity?: RecordEntity;
}

/**
 * The FROM of a page's rows: the page's ids with their position, as `<alias>(id, ord)`. Join the tables on
 * `<alias>.id` and order by `<alias>.ord`, so `rows` answers in the page's order.
 */
export const pageIds = (ids: readonly number[], alias = 'pg'): SQL =>
  sql`unnest(${sql.raw(`array[${ids.map((i) => Math.trunc(Number(i)) || 0).join(',')}]::int[]`)}) with ordinality as ${sql.raw(alias)}(id, ord)`;
