import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context';
import { auditoriaEventos } from '../db/schema';
import { parse } from '../http/errors';

const querySchema = z.object({
  entidade: z.string().trim().max(60).optional(),
  registroId: z.string().trim().max(40).optional(),
  usuario: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1, 'Limite inválido.').max(500, 'Limite inválido.').default(100),
  offset: z.coerce.number().int().min(0, 'Deslocamento inválido.').default(0),
});

/** The audit trail, newest first; admin only (manage on all). */
export function auditoriaRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/auditoria/eventos', { config: { access: { can: ['manage', 'all'] } } }, async (req) => {
    const q = parse(querySchema, req.query);
    const where: SQL[] = [];
    if (q.entidade) where.push(eq(auditoriaEventos.entidade, q.entidade));
    if (q.registroId) where.push(eq(auditoriaEventos.registroId, q.registroId));
    if (q.usuario) where.push(eq(auditoriaEventos.usuarioLogin, q.usuario));
    const cond = where.length ? and(...where) : undefined;
    const rows = await db.select().from(auditoriaEventos).where(cond).orderBy(desc(auditoriaEventos.id)).limit(q.limit).offset(q.offset);
    const [{ total }] = await db.select({ total: count() }).from(auditoriaEventos).where(cond);
    return { result: { rows, total } };
  });
}
