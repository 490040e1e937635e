import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { resourceByName, type Resource } from '../../shared/resources';
import type { Db } from '../db/client';
import { AppError, conflict, notFound } from '../http/errors';
import { APP_MSG } from '../../shared/messages';
import { snake, tableOf, type ResourceTable } from './tables';

/**
 * Reads and writes of any resource, driven by its definition: records with their references' labels, optimistic
 * locking on update, clear answers when a record is in use or a unique value repeats. (Lists are the list engine's:
 * src/server/lists, with the resource's source in ./list-source.ts.)
 */

export type Row = Record<string, unknown>;
export const labelKey = (k: string) => `${k}Label`;

interface Joined {
  table: ResourceTable;
  refs: { key: string; label: SQL }[];
}

const joinCache = new Map<string, Joined>();
function joined(def: Resource): Joined {
  let j = joinCache.get(def.name);
  if (!j) {
    const refs = def.keys
      .filter((k) => def.fields[k].kind === 'ref')
      .map((k) => {
        const target = resourceByName.get((def.fields[k] as { resource: string }).resource)!;
        // the label as a scalar subquery over the referenced table (aliased, so a self-reference reads the outer row)
        const label = sql.raw(`(select "r_${k}"."${snake(target.display)}" from "${target.table}" "r_${k}" where "r_${k}"."id" = "${def.table}"."${snake(k)}")`);
        return { key: k, label };
      });
    j = { table: tableOf(def), refs };
    joinCache.set(def.name, j);
  }
  return j;
}

/**
 * The columns a record answers: id, fields, version (and `<ref>Label` when listing). Labels are scalar subqueries
 * over the page's rows, not joins: a table with several references (people) plans in a fraction of the time and
 * the labels are read only for the rows returned.
 */
function selection(def: Resource, withLabels: boolean) {
  const { table, refs } = joined(def);
  const sel: Record<string, PgColumn | SQL> = { id: table.id };
  for (const k of def.keys) sel[k] = table[k];
  sel.version = table.version;
  if (withLabels) for (const r of refs) sel[labelKey(r.key)] = r.label;
  return sel;
}

export async function rowsByIds(db: Db, def: Resource, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const table = tableOf(def);
  const q = db.select(selection(def, true)).from(table).$dynamic() as unknown as { where(w: SQL): Promise<Row[]> };
  const rows = await q.where(inArray(table.id, ids));
  const byId = new Map(rows.map((r) => [r.id as number, normalize(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => !!r);
}

/** Dates come back as ISO strings; numerics as numbers. */
function normalize(r: Row): Row {
  for (const k of Object.keys(r)) {
    const v = r[k];
    if (v instanceof Date) r[k] = v.toISOString().slice(0, 10);
  }
  return r;
}

export async function getRow(db: Db, def: Resource, id: number): Promise<Row> {
  const [row] = await rowsByIds(db, def, [id]);
  if (!row) throw notFound(`${cap(art(def))} ${def.label.singular.toLowerCase()} não foi encontrad${art(def)}. Pode ter sido excluíd${art(def)} por outro usuário.`);
  return row;
}

const art = (def: Resource) => (def.label.gender === 'f' ? 'a' : 'o');
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const um = (def: Resource) => (def.label.gender === 'f' ? 'uma' : 'um');

/** Unique fields: a clear field alert before the database refuses. */
export async function checkUnique(db: Db, def: Resource, values: Row, id?: number) {
  const table = tableOf(def);
  const alerts: AppError['alerts'] = [];
  const keys = def.keys.filter((k) => (def.fields[k].unique || (k === 'id' && def.naturalId)) && values[k] != null);
  for (const k of keys) {
    const [hit] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table[k], values[k]), id === undefined ? undefined : ne(table.id, id)))
      .limit(1);
    if (hit) alerts.push({ type: 'error', field: k, value: `Já existe ${um(def)} ${def.label.singular.toLowerCase()} com este valor de ${def.fields[k].label}.` });
  }
  if (alerts.length) throw new AppError(409, alerts);
}

/** References: the record pointed to must exist (a clear field alert instead of a foreign-key crash). */
export async function checkRefs(db: Db, def: Resource, values: Row) {
  const alerts: AppError['alerts'] = [];
  for (const k of def.keys) {
    const fd = def.fields[k];
    if (fd.kind !== 'ref' || values[k] == null) continue;
    const t = tableOf(fd.resource);
    const dep = fd.dependsOn;
    const [hit] = (await db
      .select({ id: t.id, ...(dep ? { alvo: t[dep.target] } : {}) })
      .from(t)
      .where(eq(t.id, values[k]))
      .limit(1)) as { id: number; alvo?: unknown }[];
    if (!hit) alerts.push({ type: 'error', field: k, value: `${fd.label}: o registro escolhido não existe mais. Escolha outro.` });
    // a dependent reference must agree with the field it depends on (the city belongs to the UF chosen)
    else if (dep && values[dep.field] != null && hit.alvo !== values[dep.field])
      alerts.push({ type: 'error', field: k, value: `${fd.label}: a opção escolhida não pertence à ${def.fields[dep.field]?.label ?? dep.field} ${String(values[dep.field])}. Escolha outra.` });
  }
  if (alerts.length) throw new AppError(400, alerts);
}

/** Booleans are NOT NULL columns: an omitted or null flag takes the definition's default (else false). */
export function valueOrDefault(def: Resource, k: string, v: unknown): unknown {
  const field = def.fields[k];
  return v == null && field.kind === 'boolean' ? (field.default ?? false) : v;
}

export async function createRow(db: Db, def: Resource, values: Row): Promise<Row> {
  await checkUnique(db, def, values);
  await checkRefs(db, def, values);
  const table = tableOf(def);
  const data = Object.fromEntries(def.keys.map((k) => [k, valueOrDefault(def, k, values[k])]));
  try {
    const [row] = (await db.insert(table).values(data as never).returning({ id: table.id })) as { id: number }[];
    return getRow(db, def, row.id);
  } catch (err) {
    throw dbError(def, err);
  }
}

export async function updateRow(db: Db, def: Resource, id: number, values: Row & { version: number }): Promise<Row> {
  await checkUnique(db, def, values, id);
  await checkRefs(db, def, values);
  const table = tableOf(def);
  const data: Row = {};
  for (const k of def.keys) if (!def.fields[k].immutable) data[k] = valueOrDefault(def, k, values[k]);
  data.version = sql`${table.version} + 1`;
  let updated: { id: number }[];
  try {
    updated = (await db
      .update(table)
      .set(data as never)
      .where(and(eq(table.id, id), eq(table.version, values.version)))
      .returning({ id: table.id })) as { id: number }[];
  } catch (err) {
    throw dbError(def, err);
  }
  if (!updated.length) {
    await getRow(db, def, id); // 404 when it is gone
    throw conflict(APP_MSG.conflito);
  }
  return getRow(db, def, id);
}

/** Deletes records (all or none); a stale version answers 409, a record in use a clear 409. */
export async function deleteRows(db: Db, def: Resource, items: { id: number; version?: number }[]): Promise<number> {
  const table = tableOf(def);
  try {
    return await db.transaction(async (tx) => {
      let n = 0;
      for (const it of items) {
        const where = it.version === undefined ? eq(table.id, it.id) : and(eq(table.id, it.id), eq(table.version, it.version));
        const del = (await (tx as unknown as Db).delete(table).where(where).returning({ id: table.id })) as unknown[];
        if (!del.length) {
          const [still] = await (tx as unknown as Db).select({ id: table.id }).from(table).where(eq(table.id, it.id));
          if (still) throw conflict(APP_MSG.conflito);
        } else n++;
      }
      return n;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw dbError(def, err);
  }
}

/** Database refusals in pt-BR: a record in use, a repeated unique value. */
export function dbError(def: Resource, err: unknown): Error {
  const e = (err as { cause?: unknown }).cause ?? err;
  const code = (e as { code?: string }).code;
  if (code === '23503' || code === '23001') {
    const tableName = (e as { table?: string }).table ?? /on table "([^"]+)"/.exec(String((e as Error).message))?.[2];
    const detail = String((e as { detail?: string }).detail ?? (e as Error).message ?? '');
    const other = [...resourceByName.values()].find((r) => r.table === tableName || detail.includes(`"${r.table}"`));
    return AppError.of(
      409,
      `Não é possível excluir: ${art(def)} ${def.label.singular.toLowerCase()} está em uso${other && other !== def ? ` em ${other.label.plural}` : ''}. Remova as referências ou desative o registro.`,
    );
  }
  if (code === '23505') return AppError.of(409, `Já existe ${um(def)} ${def.label.singular.toLowerCase()} com estes dados.`);
  return err as Error;
}
