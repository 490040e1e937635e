import { sql } from 'drizzle-orm';
import { isVisible, registry, type Command } from '../../../commands';
import { ROLE_FLAGS, type RoleFlag } from '../../shared/roles';
import { buildAbility, type AppAbility } from '../../shared/permissions';
import { VISAO_MSG, type VisaoComando, type VisaoDoBeneficiario, type VisaoDoComando, type VisaoDoUsuario, type VisaoUsuarioResumo } from '../../shared/acessos/visao';
import { effectivePermissions } from '../auth/permissions';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError, notFound } from '../http/errors';
import { flushAccessLog } from './log';

/**
 * Who can see what: a user's permissions of now (the same effective permissions the session uses: the union of
 * their profiles, manage-on-all for administrators) put through the one visibility predicate (`isVisible`) over the
 * whole command registry, with the installation's client and switches. A blocked user opens nothing (the login
 * refuses them), but what their profiles would open is listed, marked as blocked.
 */

const ROLE_SQL = ROLE_FLAGS.map((r) => `u."${r.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}" as "${r}"`).join(', ');

interface UserRow extends Record<string, unknown> {
  id: number;
  login: string;
  nome: string;
  ativo: boolean;
  admin: boolean;
  permissoesVersao: number;
}

async function usersWhere(ctx: AppContext, where: ReturnType<typeof sql>): Promise<UserRow[]> {
  return query<UserRow>(ctx.db, sql`select u.id, u.login, u.nome, u.ativo, u.permissoes_versao as "permissoesVersao", ${sql.raw(ROLE_SQL)} from usuarios u where ${where} order by u.login`);
}

const resumo = (u: UserRow): VisaoUsuarioResumo => ({ id: Number(u.id), login: u.login, nome: u.nome, ativo: u.ativo, papeis: ROLE_FLAGS.filter((r) => u[r] === true) as RoleFlag[] });

const TIPO: Record<Command['kind'], VisaoComando['tipo']> = { folder: 'pasta', route: 'tela', report: 'relatorio', process: 'processo', export: 'exportacao', link: 'link' };

export function visaoComando(c: Command): VisaoComando {
  const onde = registry
    .trailOf(c)
    .slice(1, -1)
    .map((x) => x.title)
    .join(' › ');
  return { id: c.id, path: c.path, title: c.title, onde, tipo: TIPO[c.kind] };
}

/** Every command but the root (the home page everyone opens). */
const COMMANDS = () => registry.all.filter((c) => c !== registry.root);

async function abilityOf(ctx: AppContext, u: UserRow): Promise<AppAbility> {
  return buildAbility(await effectivePermissions(ctx.db, { id: Number(u.id), admin: u.admin === true, permissoesVersao: Number(u.permissoesVersao) }));
}

const sees = (ctx: AppContext, ability: AppAbility, c: Command) => isVisible(c, { ability, client: ctx.settings.id, flags: ctx.settings.flags });

/** The accounts, for the screen's picker. */
export async function visaoUsuarios(ctx: AppContext): Promise<VisaoUsuarioResumo[]> {
  return (await usersWhere(ctx, sql`true`)).map(resumo);
}

export async function comandosDoUsuario(ctx: AppContext, id: number): Promise<VisaoDoUsuario> {
  const [u] = await usersWhere(ctx, sql`u.id = ${id}`);
  if (!u) throw notFound(VISAO_MSG.usuarioInexistente);
  const ability = await abilityOf(ctx, u);
  return { usuario: resumo(u), comandos: COMMANDS().filter((c) => sees(ctx, ability, c)).map(visaoComando) };
}

export function comandoPorId(id: string): Command {
  const c = registry.byId.get(id);
  if (!c || c === registry.root) throw new AppError(404, [{ type: 'error', value: VISAO_MSG.comandoInexistente, field: 'comando' }]);
  return c;
}

export async function usuariosDoComando(ctx: AppContext, comando: string): Promise<VisaoDoComando> {
  const c = comandoPorId(comando);
  const users = await usersWhere(ctx, sql`true`);
  const out: VisaoUsuarioResumo[] = [];
  // one ability per distinct permission list (a handful of profiles' combinations), not per user
  const byKey = new Map<string, AppAbility>();
  for (const u of users) {
    const perms = await effectivePermissions(ctx.db, { id: Number(u.id), admin: u.admin === true, permissoesVersao: Number(u.permissoesVersao) });
    const key = perms.join('|');
    let a = byKey.get(key);
    if (!a) byKey.set(key, (a = buildAbility(perms)));
    if (sees(ctx, a, c)) out.push(resumo(u));
  }
  return { comando: visaoComando(c), usuarios: out };
}

export async function leitoresDoBeneficiario(ctx: AppContext, id: number): Promise<VisaoDoBeneficiario> {
  const [b] = await query<{ id: number; nome: string; matricula: string | null }>(ctx.db, sql`select id, nome, matricula from beneficiarios where id = ${id}`);
  if (!b) throw notFound(VISAO_MSG.beneficiarioInexistente);
  await flushAccessLog(ctx.db);
  const rows = await query<Record<string, unknown>>(
    ctx.db,
    sql`select a.usuario_login as login, max(u.nome) as nome, count(*)::int as vezes, min(a.em) as primeiro, max(a.em) as ultimo
      from acessos_registros a left join usuarios u on u.id = a.usuario_id
      where a.entidade = 'beneficiario' and a.registro_id = ${id}
      group by a.usuario_login order by max(a.em) desc`,
  );
  const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
  return {
    beneficiario: { id: Number(b.id), nome: b.nome, matricula: b.matricula ?? null },
    leitores: rows.map((r) => ({ login: String(r.login), nome: (r.nome as string | null) ?? null, vezes: Number(r.vezes), primeiro: iso(r.primeiro), ultimo: iso(r.ultimo) })),
  };
}
