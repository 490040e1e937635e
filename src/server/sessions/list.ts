import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { SESSIONS_LIST, type SessionStatus } from '../../shared/sessions/list';
import type { AppContext } from '../context';
import { folded, query, searchTerm } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';

/**
 * The sessions' list over `sessoes` (alias "s"), joined to `usuarios` for the page's rows only. Only the columns
 * named below are read: the token's hash never leaves the table.
 */

/** Each status as a condition; the row's status is derived from the same conditions, so filter and chip agree. */
const WHEN: Record<SessionStatus, SQL> = {
  encerrada: sql`s.revogada_em is not null`,
  expirada: sql`(s.revogada_em is null and s.expira_em <= now())`,
  ativa: sql`(s.revogada_em is null and s.expira_em > now())`,
};
const STATUS = sql`case when ${WHEN.encerrada} then 'encerrada' when ${WHEN.expirada} then 'expirada' else 'ativa' end`;

/** A user by login (logins are stored in lower case) or by any part of the name, accents ignored. */
const usuarioPorTermo = (v: string): SQL =>
  sql`s.usuario_id in (select u.id from usuarios u where u.login = ${v.trim().toLowerCase()} or ${folded(sql`u.nome`)} like ${`%${searchTerm(v)}%`})`;

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const sessionsSource: ListSource = {
  from: sql`sessoes s`,
  alias: 's',
  fields: {
    id: { expr: sql`s.id` },
    usuario: { search: usuarioPorTermo },
    status: { filter: (_op, v) => WHEN[v as SessionStatus] ?? sql`false` },
    criadaEm: { expr: sql`s.criada_em` },
    expiraEm: { expr: sql`s.expira_em` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select s.id, u.login as "usuarioLogin", u.nome as "usuarioNome", s.criada_em as "criadaEm", s.expira_em as "expiraEm",
          s.revogada_em as "revogadaEm", ${STATUS} as status
        from ${pageIds(ids, 'k')}
        join sessoes s on s.id = k.id join usuarios u on u.id = s.usuario_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, criadaEm: iso(r.criadaEm), expiraEm: iso(r.expiraEm), revogadaEm: iso(r.revogadaEm) })) as unknown as Row[];
  },
};

/** GET /api/sessoes (and /resumo): the administrator's only (the command needs manage on all); no record screen. */
export function sessionsRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, SESSIONS_LIST, sessionsSource, { neighbors: false });
}
