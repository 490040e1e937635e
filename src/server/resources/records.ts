import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Resource } from '../../shared/resources';
import { fold } from '../../shared/text';
import { recordTrail, type Actor } from '../trail/record';
import type { Db } from '../db/client';
import { searchTerm } from '../db/sql';
import { buscaNome, rankedByName, type NameSearch } from '../lists/busca-nome';
import { scopeWhere, type Scope } from '../policy';
import { createRow, deleteRows, getRow, rowsByIds, updateRow, type Row } from './service';
import { buscaKey, hasBusca, tableOf } from './tables';

/**
 * The writes of any resource with their trail entry, in one transaction (who, when, the change; a definition with
 * `trail: false` says why it has none), and the options a reference field offers.
 */

async function withTrail<T>(db: Db, def: Resource, write: (tx: Db) => Promise<T>, trail: (tx: Db, result: T) => Promise<void>): Promise<T> {
  if (!def.trail) return write(db);
  return db.transaction(async (tx) => {
    const result = await write(tx as unknown as Db);
    await trail(tx as unknown as Db, result);
    return result;
  });
}

export function createRecord(db: Db, actor: Actor, def: Resource, values: Row): Promise<Row> {
  return withTrail(db, def, (tx) => createRow(tx, def, values), (tx, r) => recordTrail(tx, actor, { entidade: def.name, registroId: r.id as number, acao: 'insert', depois: r }));
}

export async function updateRecord(db: Db, actor: Actor, def: Resource, id: number, values: Row & { version: number }): Promise<Row> {
  const before = def.trail ? await getRow(db, def, id) : undefined;
  return withTrail(db, def, (tx) => updateRow(tx, def, id, values), (tx, r) => recordTrail(tx, actor, { entidade: def.name, registroId: id, acao: 'update', antes: before, depois: r }));
}

/** Deletes all or none (a stale version or a record in use answers 409); 404 when the one record asked for is gone. */
export async function deleteRecords(db: Db, actor: Actor, def: Resource, items: { id: number; version?: number }[]): Promise<number> {
  const before = def.trail ? new Map((await rowsByIds(db, def, items.map((i) => i.id))).map((r) => [r.id as number, r])) : new Map<number, unknown>();
  const n = await withTrail(
    db,
    def,
    (tx) => deleteRows(tx, def, items),
    async (tx, k) => {
      if (!k) return;
      for (const { id } of items) if (before.has(id)) await recordTrail(tx, actor, { entidade: def.name, registroId: id, acao: 'delete', antes: before.get(id) });
    },
  );
  if (!n && items.length === 1) await getRow(db, def, items[0].id);
  return n;
}

/** Fields of a resource another's field may narrow its options by (the cities of a UF): enums and plain texts. */
export const optionFilters = (def: Resource) => def.keys.filter((k) => def.fields[k].kind === 'enum' || (def.fields[k].kind === 'text' && !hasBusca(def, k)));

/**
 * Options of a reference field: id + display, by ids or by a term (on large tables, any part of the name by
 * busca-nome.ts, the name's start first; anywhere on small ones; plus the exact lookup keys: CPF, card), narrowed by a
 * dependency (`filtros`) and by the session's record scope. Narrowed by a dependency without a term: the whole list,
 * up to 2,000; otherwise a page of 50.
 */
export async function recordOptions(db: Db, def: Resource, q: { termo?: string; ids?: string }, filtros: Record<string, string>, scope?: { entity: Parameters<typeof scopeWhere>[1]; scope: Scope }) {
  const t = tableOf(def);
  const display = def.display;
  const col = hasBusca(def, display) ? t[buscaKey(display)] : t[display];
  const parts: (SQL | undefined)[] = [];
  let byName: NameSearch | undefined;
  if (q.ids) parts.push(inArray(t.id, q.ids.split(',').map(Number)));
  else if (q.termo) {
    // a typed document or code (digits, punctuation allowed) looks up the exact keys; a name, the display
    const digits = q.termo.replace(/[.\-/\s]/g, '');
    const exact = /^\d+$/.test(digits) ? def.lookup.filter((k) => def.fields[k].kind === 'text' && digits.length <= (def.fields[k] as { max: number }).max).map((k) => eq(t[k], digits)) : [];
    if (def.large && exact.length) parts.push(or(...exact));
    else if (def.large) byName = buscaNome(sql`${col}`, q.termo);
    else {
      // a number or date shown as the label matches by its text (a LIKE on the column itself is a type error)
      const kind = def.fields[display].kind;
      const text = kind === 'text' || kind === 'enum' ? col : sql`${col}::text`;
      parts.push(or(like(text, `%${searchTerm(q.termo)}%`), ...exact));
    }
  }
  for (const [k, v] of Object.entries(filtros)) parts.push(eq(t[k], v));
  if (scope) parts.push(sql`${scopeWhere(scope.scope, scope.entity, def.table)}`);
  const limit = Object.keys(filtros).length && !q.termo ? 2000 : 50;
  type Option = { id: number; label: string };
  const select = (where: (SQL | undefined)[], order: SQL[], n: number) =>
    db.select({ id: t.id, label: t[display] }).from(t).where(and(...where)).orderBy(...order, asc(col)).limit(n) as Promise<Option[]>;
  if (byName) return rankedByName(byName, limit, sql`${t.id}`, (tier, n) => select([...parts, tier], [], n));
  // where the typed word comes first ranks first ("crânio" → "RM - Crânio" before "Angio-RM arterial de crânio")
  const rank = q.termo && !q.ids && !def.large && hasBusca(def, display) ? [sql`strpos(${col}, ${fold(q.termo.trim()).replace(/\s+/g, ' ')})`] : [];
  return select(parts, rank, limit);
}
