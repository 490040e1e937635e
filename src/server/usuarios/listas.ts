import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { ROLE_FLAGS, type RoleFlag } from '../../shared/roles';
import { USUARIOS_LIST, type UsuarioRow, type UsuarioSituacao } from '../../shared/usuarios/listas';
import type { AppContext } from '../context';
import { folded, query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The users' list over `usuarios` (alias "u"). The last access is the newest session the login opened (every
 * successful login writes one to `sessoes`), aggregated once per query; the planner drops that join when neither a
 * filter nor the sort needs it. Only the columns named below are read: the password's hash never leaves the table.
 */

/** Each role flag's column (names fixed here, never taken from the request). */
const ROLE_COLUMN: Record<RoleFlag, SQL> = Object.fromEntries(
  ROLE_FLAGS.map((r) => [r, sql.raw(`u."${r.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`)]),
) as Record<RoleFlag, SQL>;

const SITUACAO: Record<UsuarioSituacao, SQL> = { ativo: sql`u.ativo`, bloqueado: sql`not u.ativo` };

const ULTIMO_ACESSO = sql`(select usuario_id, max(criada_em) as em from sessoes group by usuario_id)`;

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const usuariosSource: ListSource = {
  from: sql`usuarios u left join ${ULTIMO_ACESSO} ua on ua.usuario_id = u.id`,
  alias: 'u',
  fields: {
    id: { expr: sql`u.id` },
    // logins are stored in lower case: the typed prefix is folded the same way
    login: { expr: sql`u.login`, folded: sql`u.login` },
    // a handful of accounts per operator: folding without a `*_busca` column is cheap here
    nome: { expr: sql`u.nome`, folded: folded(sql`u.nome`) },
    email: { expr: sql`u.email`, folded: folded(sql`u.email`) },
    papel: { filter: (_op, v) => ROLE_COLUMN[v as RoleFlag] ?? sql`false` },
    situacao: { filter: (_op, v) => SITUACAO[v as UsuarioSituacao] ?? sql`false` },
    ultimoAcesso: { expr: sql`ua.em`, nullable: true },
    senhaExpiraEm: { expr: sql`u.senha_expira_em`, nullable: true },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select u.id, u.login, u.nome, u.email, ${sql.join(
        ROLE_FLAGS.map((r) => sql`${ROLE_COLUMN[r]} as ${sql.raw(`"${r}"`)}`),
        sql`, `,
      )}, b.nome as "beneficiarioNome", p.nome as "prestadorNome", u.ativo, ua.em as "ultimoAcesso", u.senha_expira_em as "senhaExpiraEm"
        from ${pageIds(ids, 'k')}
        join usuarios u on u.id = k.id
        left join beneficiarios b on b.id = u.beneficiario_id
        left join prestadores p on p.id = u.prestador_id
        left join (select usuario_id, max(criada_em) as em from sessoes where usuario_id in (select id from ${pageIds(ids, 'k2')}) group by usuario_id) ua
          on ua.usuario_id = u.id
        order by k.ord`,
    );
    return rows.map((r): UsuarioRow => {
      // a self-service account is linked to its beneficiary or its provider (never both in the seed; the beneficiary wins)
      const vinculoTipo = r.beneficiarioNome != null ? ('beneficiario' as const) : r.prestadorNome != null ? ('prestador' as const) : null;
      return {
        id: Number(r.id),
        login: String(r.login),
        nome: String(r.nome),
        email: (r.email as string | null) ?? null,
        papeis: ROLE_FLAGS.filter((f) => r[f] === true),
        vinculo: ((r.beneficiarioNome ?? r.prestadorNome) as string | null) ?? null,
        vinculoTipo,
        situacao: r.ativo ? 'ativo' : 'bloqueado',
        ultimoAcesso: iso(r.ultimoAcesso),
        senhaExpiraEm: iso(r.senhaExpiraEm),
      };
    }) as unknown as Row[];
  },
};

/**
 * GET /api/usuarios (and /resumo): the command's permission (list on usuario; only the administrator holds it) guards
 * them; every account is listed to whoever holds it, so there is no record scope. No record screen yet: no /vizinhos.
 */
export function usuariosListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, USUARIOS_LIST, usuariosSource, { neighbors: false });
}
