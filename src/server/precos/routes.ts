import type { FastifyInstance } from 'fastify';
import { CALCULO, type CalculoParams } from '../../shared/precos';
import { paramsSchema } from '../../shared/processos/schema';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, type ZodTypeProvider } from '../http/schemas';
import { calcularProcedimento } from './calculo';

/** POST /api/precos/calculo — Cálculo de Procedimento: the price of a procedure for a provider at a date, rule by rule. */
export function precosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/precos/calculo', { config: { access: { command: '/util/analise/calculo-procedimento' } }, schema: { body: body(paramsSchema(CALCULO)) } }, async (req) => ({
    result: await calcularProcedimento(ctx, sessionOf(req), req.body as unknown as CalculoParams),
  }));
}
