import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditoriaQuerySchema } from '../../shared/auditoria';
import type { AppContext } from '../context';
import { auditoriaEventos } from '../db/schema';
import { parse } from '../http/errors';

/** The audit trail, newest first, with its filters (entity, record, user, action, period); admin only (manage on all). */
export function auditoriaRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/auditoria/eventos', { config: { access: { command: '/cadastro/acesso/trilha-auditoria' } } }, async (req) => {
    const q = parse(auditoriaQuerySchema, req.query);
    const where: SQL[] = [];
    if (q.entidade) where.push(eq(auditoriaEventos.entidade, q.entidade));
    if (q.registroId) where.push(eq(auditoriaEventos.registroId, q.registroId));
    if (q.usuario) where.push(eq(auditoriaEventos.usuarioLogin, q.usuario));
    if (q.acao) where.push(eq(auditoriaEventos.acao, q.acao));
    // the period in the operator's calendar days (São Paulo), whole days inclusive
    if (q.de) where.push(gte(auditoriaEventos.em, sql`(${q.de}::date)::timestamp at time zone 'America/Sao_Paulo'`));
    if (q.ate) where.push(lt(auditoriaEventos.em, sql`(${q.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`));
    const cond = where.length ? and(...where) : undefined;
    const rows = await db.select().from(auditoriaEventos).where(cond).orderBy(desc(auditoriaEventos.id)).limit(q.limit).offset(q.offset);
    const [{ total }] = await db.select({ total: count() }).from(auditoriaEventos).where(cond);
    return { result: { rows, total } };
  });
}
