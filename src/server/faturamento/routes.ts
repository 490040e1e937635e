import type { FastifyInstance } from 'fastify';
import { analiseItemSchema } from '../../shared/faturamento/analise';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { analisarItem } from './analise';
import { protocolosRecebimentoRoutes } from './listas';
import { recursosRoutes } from './recursos-routes';

/** TISS billing: the received protocols' list and the review of a billed item (Faturamentos de Prestadores). */
export function faturamentoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  protocolosRecebimentoRoutes(fastify, ctx);
  recursosRoutes(fastify, ctx);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: '/principal/faturamento/faturamentos-prestadores' } } as const;
  app.put('/api/faturamento/itens/:id/analise', { config, schema: { params: idParams, body: body(analiseItemSchema) } }, async (req) => ({
    result: await analisarItem(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body),
  }));
}
