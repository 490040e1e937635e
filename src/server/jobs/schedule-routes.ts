import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { agendamentoBody } from '../../shared/agendamentos';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { createSchedule, listSchedules, removeSchedule } from './schedules';

const listQuery = z.object({ comando: z.string().max(200).optional() });

/**
 * Scheduled runs, for administrators (manage all):
 * - GET /api/agendamentos?comando= — the schedules (of one command), each with its next three runs;
 * - POST /api/agendamentos {tipo, comando, parametros, frequencia, dia, hora} — schedules a process;
 * - DELETE /api/agendamentos/:id — removes one (the queue forgets it too).
 */
export function scheduleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { can: ['manage', 'all'] } } as const;
  app.get('/api/agendamentos', { config, schema: { querystring: listQuery } }, async (req) => ({ result: await listSchedules(ctx, req.query.comando) }));
  app.post('/api/agendamentos', { config, schema: { body: body(agendamentoBody) } }, async (req, reply) => {
    const a = await createSchedule(ctx, { session: sessionOf(req), ip: req.ip }, req.body);
    reply.status(201);
    return { result: a, messages: { alerts: [{ type: 'success', value: `Agendado: ${a.descricao.toLowerCase()}.` }] } };
  });
  app.delete('/api/agendamentos/:id', { config, schema: { params: idParams } }, async (req) => {
    await removeSchedule(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id);
    return { result: { ok: true }, messages: { alerts: [{ type: 'success', value: 'Agendamento excluído.' }] } };
  });
}
