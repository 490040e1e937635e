import { sql } from 'drizzle-orm';
import type { Resource } from '../../shared/resources';
import { DESFAZER_PRAZO_MINUTOS, MSG_DESFAZER, undoable } from '../../shared/resources/undo';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, conflict, notFound } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';
import { checkRefs, checkUnique, dbError, getRow, rowsByIds, updateRow, valueOrDefault, type Row } from './service';
import { tableOf } from './tables';

/**
 * Undo of the resource engine's writes, real on the server and read from the change trail: the user's own latest
 * change of a record, within DESFAZER_PRAZO_MINUTOS. An edit is reverted field by field when the record still holds
 * what the edit wrote (the version the page holds, and the values); a deletion is written back from its trail entry
 * (same id, every field; the version moves on, so a page holding the old record gets a 409). Both leave their own
 * trail entry ('update'; 'restore').
 */

interface LastEvent {
  usuario_id: number | null;
  acao: string;
  antes: Row | null;
  depois: Row | null;
  recente: boolean;
}

/** The record's latest trail entry, which must be this user's own `acao` within the window. */
async function ownLatest(db: Db, actor: Actor, def: Resource, id: number, acao: 'update' | 'delete'): Promise<LastEvent> {
  const [ev] = await query<LastEvent>(
    db,
    sql`select usuario_id, acao, antes, depois, em >= now() - make_interval(mins => ${DESFAZER_PRAZO_MINUTOS}) as recente
      from trilha_eventos where entidade = ${def.name} and registro_id = ${String(id)} order by id desc limit 1`,
  );
  const mine = !!ev && ev.usuario_id != null && ev.usuario_id === actor.session?.user.id;
  if (!ev || !mine || ev.acao !== acao) {
    if (acao === 'delete') throw notFound();
    throw conflict(MSG_DESFAZER.outraAlteracao);
  }
  if (!ev.recente) throw AppError.of(409, MSG_DESFAZER.prazo);
  return ev;
}

function assertUndoable(def: Resource) {
  if (!undoable(def)) throw AppError.of(409, MSG_DESFAZER.semTrilha);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Reverts the user's own last edit of a record; `version` is the one the page holds (after the edit). */
export async function undoUpdate(db: Db, actor: Actor, def: Resource, id: number, version: number): Promise<Row> {
  assertUndoable(def);
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const ev = await ownLatest(tx, actor, def, id, 'update');
    const current = await getRow(tx, def, id);
    const keys = Object.keys(ev.antes ?? {}).filter((k) => def.keys.includes(k) && !def.fields[k].immutable);
    if (current.version !== version || !keys.length || keys.some((k) => !same(current[k], ev.depois?.[k]))) throw conflict(MSG_DESFAZER.outraAlteracao);
    const values: Row & { version: number } = { ...current, version };
    for (const k of keys) values[k] = ev.antes![k];
    const after = await updateRow(tx, def, id, values);
    await recordTrail(tx, actor, { entidade: def.name, registroId: id, acao: 'update', antes: current, depois: after });
    return after;
  });
}

/** Writes back records the user deleted (all or none), each as its deletion's trail entry holds it. */
export async function restoreDeleted(db: Db, actor: Actor, def: Resource, ids: number[]): Promise<Row[]> {
  assertUndoable(def);
  const table = tableOf(def);
  try {
    return await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const restored: Row[] = [];
      for (const id of ids) {
        const ev = await ownLatest(tx, actor, def, id, 'delete');
        if ((await rowsByIds(tx, def, [id])).length) throw conflict(MSG_DESFAZER.jaExiste);
        const antes = ev.antes ?? {};
        const values: Row = Object.fromEntries(def.keys.map((k) => [k, valueOrDefault(def, k, antes[k])]));
        await checkUnique(tx, def, values);
        await checkRefs(tx, def, values);
        await tx.insert(table).values({ ...values, id, version: Number(antes.version ?? 1) + 1 } as never);
        const row = await getRow(tx, def, id);
        await recordTrail(tx, actor, { entidade: def.name, registroId: id, acao: 'restore', depois: row });
        restored.push(row);
      }
      return restored;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw dbError(def, err);
  }
}
