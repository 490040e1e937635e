import { eq, inArray, sql } from 'drizzle-orm';
import { REGRA_MSG, type GrupoRegras, type GrupoRegrasForm, type RegrasOpcoes, type UsuarioResumo } from '../../shared/usuarios/regras';
import { bumpUsers } from '../auth/permissions';
import type { Db } from '../db/client';
import { grupoRegrasPerfis, grupoRegrasUsuarios, gruposRegras, perfis, usuarios } from '../db/schema';
import { folded, query, searchTerm } from '../db/sql';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';

/**
 * Access rule groups (Acesso › Regras): read, create, change and delete. Every write bumps the permission version of
 * every user the group restricted before or restricts after (src/server/auth/access-rules.ts caches by it), in the
 * same transaction, so the change holds from their next request. Administrators cannot be attached (they are exempt
 * from rules, so nobody locks the administration out); every change goes to the trail with before and after.
 */

export async function regrasOpcoes(db: Db): Promise<RegrasOpcoes> {
  const rows = await query<{ id: number; nome: string; usuarios: number }>(
    db,
    sql`select p.id, p.nome, (select count(*)::int from usuario_perfis up where up.perfil_id = p.id) as usuarios from perfis p order by p.nome`,
  );
  return { perfis: rows.map((r) => ({ id: Number(r.id), nome: r.nome, usuarios: Number(r.usuarios) })) };
}

/** Accounts by login or name, for the pickers of the access screens (rules, clone, migration). */
export async function buscarUsuarios(db: Db, termo: string): Promise<UsuarioResumo[]> {
  const t = `%${searchTerm(termo)}%`;
  const rows = await query<{ id: number; login: string; nome: string; ativo: boolean; admin: boolean }>(
    db,
    sql`select id, login, nome, ativo, admin from usuarios
      where login like ${t} or ${folded(sql`nome`)} like ${t}
      order by (login like ${`${searchTerm(termo)}%`}) desc, login limit 20`,
  );
  return rows.map((r) => ({ id: Number(r.id), login: r.login, nome: r.nome, ativo: r.ativo === true, admin: r.admin === true }));
}

/** Who a group restricts: the holders of its profiles and its users, administrators left out (they are exempt). */
const RESTRINGE = (grupo: ReturnType<typeof sql>) => sql`(select u.id from usuarios u where not u.admin and (
  u.id in (select gu.usuario_id from grupo_regras_usuarios gu where gu.grupo_id = ${grupo})
  or u.id in (select up.usuario_id from usuario_perfis up join grupo_regras_perfis gp on gp.perfil_id = up.perfil_id where gp.grupo_id = ${grupo})))`;

async function touched(db: Db, id: number): Promise<number[]> {
  const rows = await query<{ id: number }>(db, RESTRINGE(sql`${id}`));
  return rows.map((r) => Number(r.id));
}

export async function listGruposRegras(db: Db, onlyId?: number): Promise<GrupoRegras[]> {
  const rows = await query<{ id: number; nome: string; descricao: string | null; ativo: boolean; regras: unknown; version: number; perfis: number[] | null; usuarios: UsuarioResumo[] | null; restringe: number }>(
    db,
    sql`select g.id, g.nome, g.descricao, g.ativo, g.regras, g.version,
      (select array_agg(gp.perfil_id order by gp.perfil_id) from grupo_regras_perfis gp where gp.grupo_id = g.id) as perfis,
      (select json_agg(json_build_object('id', u.id, 'login', u.login, 'nome', u.nome, 'ativo', u.ativo, 'admin', u.admin) order by u.login)
         from grupo_regras_usuarios gu join usuarios u on u.id = gu.usuario_id where gu.grupo_id = g.id) as usuarios,
      (select count(*)::int from ${RESTRINGE(sql`g.id`)} r) as restringe
      from grupos_regras g ${onlyId == null ? sql`` : sql`where g.id = ${onlyId}`} order by g.nome`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    nome: r.nome,
    descricao: r.descricao,
    ativo: r.ativo === true,
    regras: (typeof r.regras === 'string' ? JSON.parse(r.regras) : r.regras) as GrupoRegras['regras'],
    perfis: (r.perfis ?? []).map(Number),
    usuarios: (typeof r.usuarios === 'string' ? JSON.parse(r.usuarios) : (r.usuarios ?? [])) as UsuarioResumo[],
    restringe: Number(r.restringe),
    version: Number(r.version),
  }));
}

export async function getGrupoRegras(db: Db, id: number): Promise<GrupoRegras> {
  const [g] = await listGruposRegras(db, id);
  if (!g) throw notFound();
  return g;
}

/** Profiles that exist; users that exist and are not administrators (a rule would not restrict them). */
async function checkRefs(db: Db, form: GrupoRegrasForm) {
  const perfilIds = [...new Set(form.perfis)];
  if (perfilIds.length) {
    const found = await db.select({ id: perfis.id }).from(perfis).where(inArray(perfis.id, perfilIds));
    if (found.length !== perfilIds.length) throw badRequest(REGRA_MSG.perfilInexistente, 'perfis');
  }
  const usuarioIds = [...new Set(form.usuarios)];
  if (usuarioIds.length) {
    const found = await db.select({ id: usuarios.id, login: usuarios.login, admin: usuarios.admin }).from(usuarios).where(inArray(usuarios.id, usuarioIds));
    if (found.length !== usuarioIds.length) throw badRequest(REGRA_MSG.usuarioInexistente, 'usuarios');
    const admins = found.filter((u) => u.admin);
    if (admins.length) throw new AppError(400, admins.map((u) => ({ type: 'error' as const, value: REGRA_MSG.usuarioAdministrador(u.login), field: 'usuarios' })));
  }
  return { perfilIds, usuarioIds };
}

async function nameFree(db: Db, nome: string, except?: number) {
  const rows = await query<{ id: number }>(db, sql`select id from grupos_regras where lower(nome) = lower(${nome})`);
  if (rows.some((r) => Number(r.id) !== except)) throw badRequest(REGRA_MSG.nomeExiste, 'nome');
}

async function setLinks(db: Db, grupoId: number, perfilIds: number[], usuarioIds: number[]) {
  await db.delete(grupoRegrasPerfis).where(eq(grupoRegrasPerfis.grupoId, grupoId));
  await db.delete(grupoRegrasUsuarios).where(eq(grupoRegrasUsuarios.grupoId, grupoId));
  if (perfilIds.length) await db.insert(grupoRegrasPerfis).values(perfilIds.map((perfilId) => ({ grupoId, perfilId })));
  if (usuarioIds.length) await db.insert(grupoRegrasUsuarios).values(usuarioIds.map((usuarioId) => ({ grupoId, usuarioId })));
}

/** The trail's view of a group: its windows as stored, the profiles by name and the users by login. */
async function snapshot(db: Db, id: number) {
  const g = await getGrupoRegras(db, id);
  const nomes = g.perfis.length ? (await db.select({ nome: perfis.nome }).from(perfis).where(inArray(perfis.id, g.perfis)).orderBy(perfis.nome)).map((p) => p.nome) : [];
  return { nome: g.nome, descricao: g.descricao, ativo: g.ativo, regras: g.regras, perfis: nomes, usuarios: g.usuarios.map((u) => u.login), restringe: g.restringe };
}

export async function createGrupoRegras(db: Db, actor: Actor, form: GrupoRegrasForm): Promise<{ grupo: GrupoRegras; afetados: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await nameFree(t, form.nome);
    const { perfilIds, usuarioIds } = await checkRefs(t, form);
    const [row] = await t.insert(gruposRegras).values({ nome: form.nome, descricao: form.descricao, ativo: form.ativo, regras: form.regras }).returning();
    await setLinks(t, row.id, perfilIds, usuarioIds);
    const afetados = await touched(t, row.id);
    await bumpUsers(t, afetados);
    await recordTrail(t, actor, { entidade: 'regra', registroId: row.id, acao: 'insert', depois: await snapshot(t, row.id) });
    return { grupo: await getGrupoRegras(t, row.id), afetados: form.ativo ? afetados.length : 0 };
  });
}

export async function updateGrupoRegras(db: Db, actor: Actor, id: number, form: GrupoRegrasForm & { version: number }): Promise<{ grupo: GrupoRegras; afetados: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await t.select({ id: gruposRegras.id }).from(gruposRegras).where(eq(gruposRegras.id, id)).for('update');
    if (!locked) throw notFound();
    const antes = await snapshot(t, id);
    const before = await touched(t, id);
    await nameFree(t, form.nome, id);
    const { perfilIds, usuarioIds } = await checkRefs(t, form);
    const [row] = await t
      .update(gruposRegras)
      .set({ nome: form.nome, descricao: form.descricao, ativo: form.ativo, regras: form.regras, version: sql`${gruposRegras.version} + 1` })
      .where(sql`${gruposRegras.id} = ${id} and ${gruposRegras.version} = ${form.version}`)
      .returning();
    if (!row) throw conflict(REGRA_MSG.versaoDesatualizada);
    await setLinks(t, id, perfilIds, usuarioIds);
    const after = await touched(t, id);
    const afetados = [...new Set([...before, ...after])];
    await bumpUsers(t, afetados);
    await recordTrail(t, actor, { entidade: 'regra', registroId: id, acao: 'update', antes, depois: await snapshot(t, id) });
    return { grupo: await getGrupoRegras(t, id), afetados: afetados.length };
  });
}

export async function deleteGrupoRegras(db: Db, actor: Actor, id: number): Promise<{ nome: string; afetados: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await t.select({ id: gruposRegras.id }).from(gruposRegras).where(eq(gruposRegras.id, id)).for('update');
    if (!locked) throw notFound();
    const antes = await snapshot(t, id);
    const afetados = await touched(t, id);
    await t.delete(gruposRegras).where(eq(gruposRegras.id, id));
    await bumpUsers(t, afetados);
    await recordTrail(t, actor, { entidade: 'regra', registroId: id, acao: 'delete', antes });
    return { nome: antes.nome, afetados: afetados.length };
  });
}
