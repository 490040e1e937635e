import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JOB_MSG } from '../../shared/jobs';
import { queueJobBody } from '../../shared/jobs-schemas';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { cancelJob, jobDetail, listJobs, previewJob, queueJob } from './service';

const listQuery = z.object({
  comando: z.string().max(200).optional(),
  antes: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  todos: z.enum(['1']).optional(),
});

/**
 * Runs of processes and exports ("Meus processos"). Any session may call these; each call checks the command of the
 * run (queueing) or that the run is the caller's (reading, cancelling):
 * - POST /api/execucoes {tipo, comando, parametros} — queues a run;
 * - POST /api/execucoes/previa {tipo, comando, parametros} — what such a run would change (count and sample);
 * - GET /api/execucoes?comando=&antes= — the caller's runs, newest first;
 * - GET /api/execucoes/:id — one run with its log and files;
 * - POST /api/execucoes/:id/cancelar — stops it (at once when queued, at the next chunk when running).
 */
export function jobsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'session' } as const;

  app.post('/api/execucoes', { config, schema: { body: body(queueJobBody) } }, async (req, reply) => {
    const job = await queueJob(ctx, sessionOf(req), req.body);
    reply.status(201);
    return { result: job, messages: { alerts: [{ type: 'success', value: JOB_MSG.enfileirada }] } };
  });

  app.post('/api/execucoes/previa', { config, schema: { body: body(queueJobBody) } }, async (req) => ({ result: await previewJob(ctx, sessionOf(req), req.body) }));

  app.get('/api/execucoes', { config, schema: { querystring: listQuery } }, async (req) => ({
    result: await listJobs(ctx, sessionOf(req), { comando: req.query.comando, antes: req.query.antes, todos: req.query.todos === '1' }),
  }));

  app.get('/api/execucoes/:id', { config, schema: { params: idParams } }, async (req) => ({ result: await jobDetail(ctx, sessionOf(req), req.params.id) }));

  app.post('/api/execucoes/:id/cancelar', { config, schema: { params: idParams } }, async (req) => {
    const status = await cancelJob(ctx, sessionOf(req), req.params.id);
    return { result: { status }, messages: { alerts: [{ type: 'success', value: status === 'cancelada' ? JOB_MSG.cancelada : JOB_MSG.cancelamentoPedido }] } };
  });
}
