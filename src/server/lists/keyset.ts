import { toIsoDate } from '../../shared/dates';
import { hasForbiddenChar } from '../http/input';
import { INT4_MAX } from '../../shared/validation/ids';
import { sql, type SQL } from 'drizzle-orm';
import type { Dir } from '../../shared/lists/types';
import { badRequest } from '../http/errors';

/**
 * Keyset paging: a page continues after (or before) a row by comparing the sort key, not by counting rows to skip,
 * so the thousandth page costs what the first does. The cursor is the row's sort key (its values for each sort
 * expression, the id last), opaque to the client (base64url JSON) and checked when it comes back.
 */

export interface SortKey {
  expr: SQL;
  dir: Dir;
  nullable: boolean;
  /** What the cursor may hold for it. */
  kind: 'text' | 'number' | 'date' | 'instant' | 'boolean';
  /** How the page reads the key for its cursor when it differs from `expr` (an instant: text with microseconds). */
  read?: SQL;
}

export type KeyValue = string | number | boolean | null;

export function encodeCursor(values: KeyValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** A cursor that came back from a client: exactly one value of the right kind per sort key, else 400. */
export function decodeCursor(cursor: string, keys: SortKey[]): KeyValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const fits = (v: unknown, k: SortKey) => {
    if (v === null) return k.nullable;
    switch (k.kind) {
      case 'number':
        return typeof v === 'number' && Number.isSafeInteger(v);
      case 'boolean':
        return typeof v === 'boolean';
      case 'date':
        return typeof v === 'string' && toIsoDate(v) === v;
      case 'instant':
        return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(v) && !Number.isNaN(Date.parse(v));
      case 'text':
        return typeof v === 'string' && v.length <= 1000 && !hasForbiddenChar(v);
    }
  };
  // the last key is the row's id, a serial (int4): past it the comparison would be a database error
  const idFits = (v: unknown) => typeof v === 'number' && Math.abs(v) <= INT4_MAX;
  if (!Array.isArray(values) || values.length !== keys.length || !values.every((v, i) => fits(v, keys[i])) || !idFits(values[values.length - 1])) throw badRequest('Posição da lista inválida: recarregue a lista.', 'after');
  return values as KeyValue[];
}

/** A value read from the database as the cursor keeps it (dates as ISO days, instants in UTC, big integers as numbers). */
export function cursorValue(v: unknown, kind: SortKey['kind']): KeyValue {
  if (v == null) return null;
  if (kind === 'instant') return instantText(v);
  if (kind === 'date') return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  if (kind === 'number') return Number(v);
  if (kind === 'boolean') return v === true || v === 't' || v === 'true';
  return String(v);
}

/**
 * The rows after (or before) a cursor in the order of `keys`. PostgreSQL sorts nulls last ascending and first
 * descending; the comparison follows it. When every key is non-null and in one direction, a row comparison
 * ((a, b, id) > (x, y, z)) lets the index do the seek; otherwise the expanded form, with a bound on the first key
 * so the scan still starts near the cursor.
 */
export function seek(keys: SortKey[], values: KeyValue[], side: 'after' | 'before'): SQL {
  const forward = (k: SortKey) => (side === 'after') === (k.dir === 'asc');
  if (keys.every((k) => !k.nullable) && keys.every((k) => k.dir === keys[0].dir)) {
    const op = sql.raw(forward(keys[0]) ? '>' : '<');
    return sql`(${sql.join(keys.map((k) => k.expr), sql`, `)}) ${op} (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
  }
  // strictly beyond the value on key i, in the walking direction
  const beyond = (k: SortKey, v: KeyValue): SQL => {
    const upward = forward(k);
    // nulls sort last ascending and first descending: they lie ahead exactly when the walk goes up the order
    const nullsAhead = upward;
    if (v === null) return nullsAhead ? sql`false` : sql`${k.expr} is not null`;
    const cmp = sql`${k.expr} ${sql.raw(upward ? '>' : '<')} ${v}`;
    return k.nullable && nullsAhead ? sql`(${cmp} or ${k.expr} is null)` : cmp;
  };
  const same = (k: SortKey, v: KeyValue): SQL => (v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${v}`);
  let cond = beyond(keys[keys.length - 1], values[values.length - 1]);
  for (let i = keys.length - 2; i >= 0; i--) cond = sql`(${beyond(keys[i], values[i])} or (${same(keys[i], values[i])} and ${cond}))`;
  const first = keys[0];
  if (!first.nullable && values[0] !== null) cond = sql`${first.expr} ${sql.raw(forward(first) ? '>=' : '<=')} ${values[0]} and ${cond}`;
  return cond;
}

/**
 * ORDER BY of the keys, reversed for a page read backwards (before a cursor). PostgreSQL's defaults (nulls last
 * ascending, first descending) make the reversed order the exact mirror of the forward one.
 */
export function orderBy(keys: SortKey[], reverse = false): SQL {
  return sql.join(
    keys.map((k) => sql`${k.expr} ${sql.raw((k.dir === 'asc') !== reverse ? 'asc' : 'desc')}`),
    sql`, `,
  );
}

const instantText = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/**
 * How a page reads an instant's key: ISO text in UTC with the microseconds PostgreSQL keeps. A cursor rounded to
 * milliseconds (a JavaScript Date) would show again the row it stopped at. The comparison stays on the column.
 */
export const instantKey = (expr: SQL): SQL => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
