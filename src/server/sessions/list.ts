import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { SESSION_MSG, SESSIONS_LIST, type SessionStatus } from '../../shared/sessions/list';
import type { AppContext } from '../context';
import { folded, query, searchTerm } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { sessionOf } from '../http/access';
import { AppError } from '../http/errors';
import { idParams, type ZodTypeProvider } from '../http/schemas';
import { recordTrail } from '../trail/record';

/**
 * The sessions' list over `sessoes` (alias "s"), joined to `usuarios` for the page's rows only. Only the columns
 * named below are read: the token's hash never leaves the table.
 */

/**
 * Each status as a condition; the row's status is derived from the same conditions, so filter and chip agree. A
 * session unused for the idle time (SESSION_IDLE_MINUTES) is expired as one past its lifetime.
 */
function when(idleMinutes: number): Record<SessionStatus, SQL> {
  const vencida = sql`(s.expira_em <= now() or s.ultimo_uso_em <= now() - ${idleMinutes}::float8 * interval '1 minute')`;
  return {
    encerrada: sql`s.revogada_em is not null`,
    expirada: sql`(s.revogada_em is null and ${vencida})`,
    ativa: sql`(s.revogada_em is null and not ${vencida})`,
  };
}
/** A live session (alias "s"): the same condition as the list's "ativa", for every count of active sessions. */
export const sessaoAtiva = (idleMinutes: number): SQL => when(idleMinutes).ativa;
const statusOf = (w: Record<SessionStatus, SQL>) => sql`case when ${w.encerrada} then 'encerrada' when ${w.expirada} then 'expirada' else 'ativa' end`;

/** A user by login (logins are stored in lower case) or by any part of the name, accents ignored. */
const usuarioPorTermo = (v: string): SQL =>
  sql`s.usuario_id in (select u.id from usuarios u where u.login = ${v.trim().toLowerCase()} or ${folded(sql`u.nome`)} like ${`%${searchTerm(v)}%`})`;

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const sessionsSource = (ctx: AppContext): ListSource => ({
  from: sql`sessoes s`,
  alias: 's',
  fields: {
    id: { expr: sql`s.id` },
    usuario: { search: usuarioPorTermo },
    status: { filter: (_op, v) => when(ctx.config.sessionIdleMinutes)[v as SessionStatus] ?? sql`false` },
    criadaEm: { expr: sql`s.criada_em` },
    expiraEm: { expr: sql`s.expira_em` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select s.id, u.login as "usuarioLogin", u.nome as "usuarioNome", s.criada_em as "criadaEm", s.expira_em as "expiraEm",
          s.revogada_em as "revogadaEm", ${statusOf(when(ctx.config.sessionIdleMinutes))} as status
        from ${pageIds(ids, 'k')}
        join sessoes s on s.id = k.id join usuarios u on u.id = s.usuario_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, criadaEm: iso(r.criadaEm), expiraEm: iso(r.expiraEm), revogadaEm: iso(r.revogadaEm) })) as unknown as Row[];
  },
});

/**
 * GET /api/sessoes (and /resumo): the administrator's only (the command needs manage on all); no record screen.
 * POST /api/sessoes/:id/encerrar: ends an active session (its token stops working at once), with the trail; the
 * administrator's own current session is ended by "Sair", not here.
 */
export function sessionsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerList(fastify, ctx, SESSIONS_LIST, sessionsSource(ctx), { neighbors: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/sessoes/:id/encerrar', { config: { access: { command: SESSIONS_LIST.command } }, schema: { params: idParams } }, async (req) => {
    const s = sessionOf(req);
    const id = req.params.id;
    if (id === s.sessaoId) throw AppError.of(422, SESSION_MSG.propria);
    await ctx.db.transaction(async (tx) => {
      const [antes] = await query<{ id: number; ativa: boolean }>(
        tx as never,
        sql`select s.id, ${when(ctx.config.sessionIdleMinutes).ativa} as ativa from sessoes s where s.id = ${id} for update`,
      );
      if (!antes) throw AppError.of(404, SESSION_MSG.naoEncontrada);
      if (!antes.ativa) throw AppError.of(422, SESSION_MSG.naoAtiva);
      const [depois] = await query<{ revogada_em: unknown }>(tx as never, sql`update sessoes set revogada_em = now() where id = ${id} returning revogada_em`);
      await recordTrail(tx as never, { session: s, ip: req.ip }, {
        entidade: 'sessao',
        registroId: id,
        acao: 'update',
        antes: { revogadaEm: null },
        depois: { revogadaEm: iso(depois.revogada_em) },
      });
    });
    return { result: { id }, messages: { alerts: [{ type: 'success', value: SESSION_MSG.encerrada }] } };
  });
}
