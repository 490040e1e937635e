import { asc, eq, sql } from 'drizzle-orm';
import { PERFIL_MSG, type Perfil, type PerfilForm } from '../../shared/usuarios/perfis';
import { bumpProfileHolders } from '../auth/permissions';
import type { Db } from '../db/client';
import { perfilPermissoes, perfis, usuarioPerfis } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';
import { permissionCatalog } from './catalogo';

/**
 * Permission profiles: read, create, change and delete. A change of a profile's permissions bumps the permission
 * version of every user holding it in the same transaction, so it holds from their next request on.
 */

export async function listPerfis(db: Db): Promise<Perfil[]> {
  const rows = await query<{ id: number; nome: string; descricao: string | null; version: number; permissoes: string[] | null; usuarios: number }>(
    db,
    sql`select p.id, p.nome, p.descricao, p.version,
      (select array_agg(pp.permissao order by pp.permissao) from perfil_permissoes pp where pp.perfil_id = p.id) as permissoes,
      (select count(*)::int from usuario_perfis up where up.perfil_id = p.id) as usuarios
      from perfis p order by p.nome`,
  );
  return rows.map((r) => ({ id: Number(r.id), nome: r.nome, descricao: r.descricao, version: Number(r.version), permissoes: r.permissoes ?? [], usuarios: Number(r.usuarios) }));
}

export async function getPerfil(db: Db, id: number): Promise<Perfil> {
  const [p] = await db.select().from(perfis).where(eq(perfis.id, id));
  if (!p) throw notFound();
  const perms = await db.select({ p: perfilPermissoes.permissao }).from(perfilPermissoes).where(eq(perfilPermissoes.perfilId, id)).orderBy(asc(perfilPermissoes.permissao));
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from usuario_perfis where perfil_id = ${id}`);
  return { id: p.id, nome: p.nome, descricao: p.descricao, version: p.version, permissoes: perms.map((r) => r.p), usuarios: Number(n) };
}

/** Only permissions of the catalogue: an unknown string (or manage-on-all) is refused, never stored. */
function checkPermissions(permissoes: string[]): string[] {
  const { all } = permissionCatalog();
  const unique = [...new Set(permissoes)].sort();
  const bad = unique.filter((p) => !all.has(p));
  if (bad.length) throw new AppError(400, bad.slice(0, 5).map((p) => ({ type: 'error' as const, value: PERFIL_MSG.permissaoInvalida(p), field: 'permissoes' })));
  return unique;
}

async function nameFree(db: Db, nome: string, except?: number) {
  const rows = await query<{ id: number }>(db, sql`select id from perfis where lower(nome) = lower(${nome})`);
  if (rows.some((r) => Number(r.id) !== except)) throw badRequest(PERFIL_MSG.nomeExiste, 'nome');
}

const snapshot = (p: Pick<Perfil, 'nome' | 'descricao' | 'permissoes'>) => ({ nome: p.nome, descricao: p.descricao, permissoes: p.permissoes });

export async function createPerfil(db: Db, actor: Actor, form: PerfilForm): Promise<Perfil> {
  const permissoes = checkPermissions(form.permissoes);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await nameFree(t, form.nome);
    const [row] = await t.insert(perfis).values({ nome: form.nome, descricao: form.descricao }).returning();
    if (permissoes.length) await t.insert(perfilPermissoes).values(permissoes.map((permissao) => ({ perfilId: row.id, permissao })));
    await recordTrail(t, actor, { entidade: 'perfil', registroId: row.id, acao: 'insert', depois: snapshot({ ...form, permissoes }) });
    return { id: row.id, nome: row.nome, descricao: row.descricao, version: row.version, permissoes, usuarios: 0 };
  });
}

export async function updatePerfil(db: Db, actor: Actor, id: number, form: PerfilForm & { version: number }): Promise<{ perfil: Perfil; afetados: number }> {
  const permissoes = checkPermissions(form.permissoes);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before = await getPerfil(t, id);
    await nameFree(t, form.nome, id);
    const [row] = await t
      .update(perfis)
      .set({ nome: form.nome, descricao: form.descricao, version: sql`${perfis.version} + 1` })
      .where(sql`${perfis.id} = ${id} and ${perfis.version} = ${form.version}`)
      .returning();
    if (!row) throw conflict(PERFIL_MSG.versaoDesatualizada);
    await t.delete(perfilPermissoes).where(eq(perfilPermissoes.perfilId, id));
    if (permissoes.length) await t.insert(perfilPermissoes).values(permissoes.map((permissao) => ({ perfilId: id, permissao })));
    const afetados = await bumpProfileHolders(t, id);
    // the trail keeps what changed: the permissions added and removed, not two lists of hundreds
    const added = permissoes.filter((p) => !before.permissoes.includes(p));
    const removed = before.permissoes.filter((p) => !permissoes.includes(p));
    await recordTrail(t, actor, {
      entidade: 'perfil',
      registroId: id,
      acao: 'update',
      antes: { nome: before.nome, descricao: before.descricao, permissoesRetiradas: [], permissoesIncluidas: [] },
      depois: { nome: row.nome, descricao: row.descricao, permissoesRetiradas: removed, permissoesIncluidas: added },
    });
    return { perfil: { id, nome: row.nome, descricao: row.descricao, version: row.version, permissoes, usuarios: before.usuarios }, afetados };
  });
}

export async function deletePerfil(db: Db, actor: Actor, id: number): Promise<Perfil> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before = await getPerfil(t, id);
    if (before.usuarios) throw badRequest(PERFIL_MSG.emUso(before.usuarios));
    await t.delete(usuarioPerfis).where(eq(usuarioPerfis.perfilId, id));
    await t.delete(perfis).where(eq(perfis.id, id));
    await recordTrail(t, actor, { entidade: 'perfil', registroId: id, acao: 'delete', antes: snapshot(before) });
    return before;
  });
}
