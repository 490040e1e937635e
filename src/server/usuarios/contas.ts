import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { ROLE_FLAGS, type RoleFlag } from '../../shared/roles';
import { BENEFICIARIO_ROLES, PRESTADOR_ROLES, USUARIO_MSG, type SenhaTemporaria, type UsuarioDetalhe, type UsuarioForm, type UsuarioOpcoes } from '../../shared/usuarios/contas';
import { hashPassword } from '../auth/passwords';
import { bumpUsers } from '../auth/permissions';
import { endSessions, type RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { grupos, perfis, usuarioPerfis, usuarios } from '../db/schema';
import { query } from '../db/sql';
import { badRequest, conflict, notFound } from '../http/errors';
import { recordTrail, type Actor } from '../trail/record';

/**
 * The administrator's account management: create, edit, block, unblock, reset the password and end the sessions of
 * a user. Rules: nobody takes away their own administration or blocks themselves; the last active administrator
 * keeps the role and stays active (the administrators' rows are locked while that is checked, so two administrators
 * cannot demote each other at once). Every change goes to the trail with before and after (the trail never keeps a
 * password nor its hash, and drops every key that names one); a change of roles or profiles bumps the user's permission version, so it holds from their next request.
 */

type Row = typeof usuarios.$inferSelect;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A temporary password: 12 characters of both rules' alphabets (letters, digits, hyphen), with each class present. */
export function temporaryPassword(): string {
  const pick = (s: string) => s[randomInt(s.length)];
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const body = Array.from({ length: 9 }, () => pick(lower + upper + digits));
  return `${pick(upper)}${body.slice(0, 4).join('')}-${pick(digits)}${body.slice(4).join('')}${pick(lower)}`;
}

export async function usuarioOpcoes(db: Db): Promise<UsuarioOpcoes> {
  const p = await db.select({ id: perfis.id, nome: perfis.nome, descricao: perfis.descricao }).from(perfis).orderBy(perfis.nome);
  const g = await db.select({ id: grupos.id, nome: grupos.nome, validaSenha: grupos.validaSenha }).from(grupos).orderBy(grupos.nome);
  return { perfis: p, grupos: g };
}

export async function getUsuario(db: Db, id: number): Promise<UsuarioDetalhe> {
  const [r] = await query<Record<string, unknown>>(
    db,
    sql`select u.*, b.nome as beneficiario_nome, p.nome as prestador_nome,
      (select max(criada_em) from sessoes s where s.usuario_id = u.id) as ultimo_acesso,
      (select count(*)::int from sessoes s where s.usuario_id = u.id and s.revogada_em is null and s.expira_em > now()) as sessoes_abertas,
      (select coalesce(array_agg(up.perfil_id order by up.perfil_id), '{}') from usuario_perfis up where up.usuario_id = u.id) as perfis
      from usuarios u left join beneficiarios b on b.id = u.beneficiario_id left join prestadores p on p.id = u.prestador_id where u.id = ${id}`,
  );
  if (!r) throw notFound();
  const col = (f: RoleFlag) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return {
    id: Number(r.id),
    login: String(r.login),
    nome: String(r.nome),
    email: (r.email as string | null) ?? null,
    ...(Object.fromEntries(ROLE_FLAGS.map((f) => [f, r[col(f)] === true])) as Record<RoleFlag, boolean>),
    beneficiarioId: r.beneficiario_id == null ? null : Number(r.beneficiario_id),
    beneficiarioNome: (r.beneficiario_nome as string | null) ?? null,
    prestadorId: r.prestador_id == null ? null : Number(r.prestador_id),
    prestadorNome: (r.prestador_nome as string | null) ?? null,
    perfis: ((r.perfis as number[] | null) ?? []).map(Number),
    grupoId: Number(r.grupo_id),
    ativo: r.ativo === true,
    senhaExpiraEm: iso(r.senha_expira_em as string | null),
    ultimoAcesso: iso(r.ultimo_acesso as string | null),
    sessoesAbertas: Number(r.sessoes_abertas),
    version: Number(r.version),
  };
}

/** The trail's view of an account: no hash, profiles by name. */
export async function snapshot(db: Db, id: number) {
  const d = await getUsuario(db, id);
  const nomes = d.perfis.length ? (await db.select({ nome: perfis.nome }).from(perfis).where(inArray(perfis.id, d.perfis)).orderBy(perfis.nome)).map((p) => p.nome) : [];
  const [g] = await db.select({ nome: grupos.nome }).from(grupos).where(eq(grupos.id, d.grupoId));
  return {
    login: d.login,
    nome: d.nome,
    email: d.email,
    papeis: ROLE_FLAGS.filter((f) => d[f]),
    beneficiarioId: d.beneficiarioId,
    prestadorId: d.prestadorId,
    perfis: nomes,
    // the trail drops every key naming a password (src/server/trail/record.ts): the password group is `grupo`
    grupo: g?.nome ?? null,
    ativo: d.ativo,
  };
}

/** Checks the references of the form (the zod schema already checked the shape and the role ↔ link rule). */
async function checkRefs(db: Db, form: UsuarioForm) {
  const [g] = await db.select({ id: grupos.id }).from(grupos).where(eq(grupos.id, form.grupoId));
  if (!g) throw badRequest(USUARIO_MSG.grupoInexistente, 'grupoId');
  const ids = [...new Set(form.perfis)];
  if (ids.length) {
    const found = await db.select({ id: perfis.id }).from(perfis).where(inArray(perfis.id, ids));
    if (found.length !== ids.length) throw badRequest(USUARIO_MSG.perfilInexistente, 'perfis');
  }
  const benef = BENEFICIARIO_ROLES.some((r) => form[r]);
  const prest = PRESTADOR_ROLES.some((r) => form[r]);
  if (benef) {
    const [b] = await query<{ id: number }>(db, sql`select id from beneficiarios where id = ${form.beneficiarioId}`);
    if (!b) throw badRequest(USUARIO_MSG.beneficiarioInexistente, 'beneficiarioId');
  }
  if (prest) {
    const [p] = await query<{ id: number }>(db, sql`select id from prestadores where id = ${form.prestadorId}`);
    if (!p) throw badRequest(USUARIO_MSG.prestadorInexistente, 'prestadorId');
  }
  // a link only where a self-service role needs it: an operator's account is linked to nobody
  return { ids, beneficiarioId: benef ? form.beneficiarioId : null, prestadorId: prest ? form.prestadorId : null };
}

/**
 * Refuses a change that would leave no active administrator, or take the acting administrator's own role or
 * access. Locks the administrators' rows first: concurrent demotions are serialized.
 */
export async function guardAdministration(db: Db, session: RequestSession, target: Row, next: { admin: boolean; ativo: boolean }) {
  if (target.id === session.user.id && target.admin && !next.admin) throw badRequest(USUARIO_MSG.propriaAdministracao, 'admin');
  if (target.id === session.user.id && !next.ativo) throw badRequest(USUARIO_MSG.proprioBloqueio);
  const losesAdmin = target.admin && target.ativo && !(next.admin && next.ativo);
  if (!losesAdmin) return;
  const admins = await query<{ id: number }>(db, sql`select id from usuarios where admin and ativo order by id for update`);
  if (!admins.some((a) => Number(a.id) !== target.id)) throw badRequest(USUARIO_MSG.ultimoAdministrador, next.admin ? undefined : 'admin');
}

const roleValues = (form: UsuarioForm) => Object.fromEntries(ROLE_FLAGS.map((r) => [r, form[r]])) as Record<RoleFlag, boolean>;

async function setProfiles(db: Db, usuarioId: number, ids: number[]) {
  await db.delete(usuarioPerfis).where(eq(usuarioPerfis.usuarioId, usuarioId));
  if (ids.length) await db.insert(usuarioPerfis).values(ids.map((perfilId) => ({ usuarioId, perfilId })));
}

export async function createUsuario(db: Db, actor: Actor, form: UsuarioForm & { login: string }, hashN: number): Promise<SenhaTemporaria> {
  const senhaTemporaria = temporaryPassword();
  const senhaHash = await hashPassword(senhaTemporaria, hashN);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [dup] = await t.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.login, form.login));
    if (dup) throw badRequest(USUARIO_MSG.loginExiste, 'login');
    const refs = await checkRefs(t, form);
    const [row] = await t
      .insert(usuarios)
      .values({
        login: form.login,
        nome: form.nome,
        email: form.email,
        senhaHash,
        // expired from the start: the first login opens the password dialog that cannot be dismissed (spec §4)
        senhaExpiraEm: new Date(),
        grupoId: form.grupoId,
        ...roleValues(form),
        beneficiarioId: refs.beneficiarioId,
        prestadorId: refs.prestadorId,
      })
      .returning();
    await setProfiles(t, row.id, refs.ids);
    await recordTrail(t, actor, { entidade: 'usuario', registroId: row.id, acao: 'insert', depois: await snapshot(t, row.id) });
    return { id: row.id, login: row.login, senhaTemporaria };
  });
}

export async function updateUsuario(db: Db, actor: Actor & { session: RequestSession }, id: number, form: UsuarioForm & { version: number }): Promise<UsuarioDetalhe> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [target] = await t.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
    if (!target) throw notFound();
    if (target.version !== form.version) throw conflict(USUARIO_MSG.versaoDesatualizada);
    const refs = await checkRefs(t, form);
    await guardAdministration(t, actor.session, target, { admin: form.admin, ativo: target.ativo });
    const antes = await snapshot(t, id);
    await t
      .update(usuarios)
      .set({ nome: form.nome, email: form.email, grupoId: form.grupoId, ...roleValues(form), beneficiarioId: refs.beneficiarioId, prestadorId: refs.prestadorId, version: sql`${usuarios.version} + 1` })
      .where(eq(usuarios.id, id));
    await setProfiles(t, id, refs.ids);
    await bumpUsers(t, [id]);
    await recordTrail(t, actor, { entidade: 'usuario', registroId: id, acao: 'update', antes, depois: await snapshot(t, id) });
    return getUsuario(t, id);
  });
}

/** Blocks (every token of the user stops at once: the session check reads `ativo`, and the sessions are ended) or unblocks. */
export async function setBlocked(db: Db, actor: Actor & { session: RequestSession }, id: number, bloquear: boolean): Promise<{ login: string; encerradas: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [target] = await t.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
    if (!target) throw notFound();
    if (bloquear) await guardAdministration(t, actor.session, target, { admin: target.admin, ativo: false });
    await t.update(usuarios).set({ ativo: !bloquear, version: sql`${usuarios.version} + 1` }).where(eq(usuarios.id, id));
    const encerradas = bloquear ? await endSessions(t, id) : 0;
    await recordTrail(t, actor, { entidade: 'usuario', registroId: id, acao: 'update', antes: { ativo: target.ativo }, depois: { ativo: !bloquear, ...(bloquear ? { sessoesEncerradas: encerradas } : {}) } });
    return { login: target.login, encerradas };
  });
}

/**
 * A new temporary password for another user, expired at once (the next login asks for a new one in the spec's
 * dialog); every session of the user ends.
 */
export async function resetPassword(db: Db, actor: Actor & { session: RequestSession }, id: number, hashN: number): Promise<SenhaTemporaria & { encerradas: number }> {
  const senhaTemporaria = temporaryPassword();
  const senhaHash = await hashPassword(senhaTemporaria, hashN);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [target] = await t.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
    if (!target) throw notFound();
    // one's own password is changed knowing the current one (the user menu), never reset to a temporary one
    if (id === actor.session.user.id) throw badRequest(USUARIO_MSG.propriaSenha);
    await t.update(usuarios).set({ senhaHash, senhaExpiraEm: new Date(), version: sql`${usuarios.version} + 1` }).where(eq(usuarios.id, id));
    const encerradas = await endSessions(t, id);
    await recordTrail(t, actor, { entidade: 'usuario', registroId: id, acao: 'update', antes: { redefinicaoAcesso: false }, depois: { redefinicaoAcesso: true, sessoesEncerradas: encerradas } });
    return { id, login: target.login, senhaTemporaria, encerradas };
  });
}

/** Ends every session of the user (the acting administrator's own current one stays when it is theirs). */
export async function endUserSessions(db: Db, actor: Actor & { session: RequestSession }, id: number): Promise<{ login: string; encerradas: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [target] = await t.select({ id: usuarios.id, login: usuarios.login }).from(usuarios).where(eq(usuarios.id, id));
    if (!target) throw notFound();
    const encerradas = await endSessions(t, id, id === actor.session.user.id ? actor.session.sessaoId : undefined);
    await recordTrail(t, actor, { entidade: 'usuario', registroId: id, acao: 'update', antes: { sessoesEncerradas: 0 }, depois: { sessoesEncerradas: encerradas } });
    return { login: target.login, encerradas };
  });
}
