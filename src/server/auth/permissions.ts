import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perfilPermissoes, usuarioPerfis, usuarios } from '../db/schema';

/**
 * A user's effective permissions: the union of their profiles' permissions ('subject:action'), read from the
 * database. `all:manage` passes every check, so it is granted only to an administrator (the `admin` role flag),
 * whatever profile holds it.
 *
 * Cached per user and per database handle (a test opens several), keyed by `usuarios.permissoes_versao`: every write
 * that may change someone's permissions bumps that column in its own transaction, so every API process sharing the
 * database reloads on the affected user's next request (the session query reads the version anyway).
 */
export const MANAGE_ALL = 'all:manage';

interface Cached {
  versao: number;
  admin: boolean;
  permissions: string[];
}

const caches = new WeakMap<object, Map<number, Cached>>();
/** Bounded: a few thousand staff accounts fit; beyond it the map starts over (a reload is one small query). */
const MAX_CACHED = 5000;

export interface PermissionsKey {
  id: number;
  admin: boolean;
  permissoesVersao: number;
}

export async function effectivePermissions(db: Db, u: PermissionsKey): Promise<string[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(u.id);
  if (hit && hit.versao === u.permissoesVersao && hit.admin === u.admin) return hit.permissions;
  const rows = await db
    .selectDistinct({ p: perfilPermissoes.permissao })
    .from(usuarioPerfis)
    .innerJoin(perfilPermissoes, eq(perfilPermissoes.perfilId, usuarioPerfis.perfilId))
    .where(eq(usuarioPerfis.usuarioId, u.id));
  const set = new Set(rows.map((r) => r.p));
  set.delete(MANAGE_ALL);
  if (u.admin) set.add(MANAGE_ALL);
  const permissions = [...set].sort();
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(u.id, { versao: u.permissoesVersao, admin: u.admin, permissions });
  return permissions;
}

/** Marks these users' permissions as changed (call inside the transaction that changes them). */
export async function bumpUsers(db: Db, usuarioIds: number[]): Promise<void> {
  if (!usuarioIds.length) return;
  await db
    .update(usuarios)
    .set({ permissoesVersao: sql`${usuarios.permissoesVersao} + 1` })
    .where(inArray(usuarios.id, usuarioIds));
}

/** Marks the permissions of every holder of a profile as changed; returns how many users hold it. */
export async function bumpProfileHolders(db: Db, perfilId: number): Promise<number> {
  const rows = await db
    .update(usuarios)
    .set({ permissoesVersao: sql`${usuarios.permissoesVersao} + 1` })
    .where(inArray(usuarios.id, db.select({ id: usuarioPerfis.usuarioId }).from(usuarioPerfis).where(eq(usuarioPerfis.perfilId, perfilId))))
    .returning({ id: usuarios.id });
  return rows.length;
}
