import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decisaoSchema, FLUXO, msgSolicitada, solicitacaoSchema, type Acao, type AdesaoDetalhe } from '../../shared/adesoes';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { scopeOf } from '../policy';
import { decidir } from './decisao';
import { adesoesListRoutes } from './listas';
import { detalhe, MSG_NAO_ENCONTRADA, solicitar } from './registro';

/**
 * Adesão Dependente Familiar (/principal/solicitacoes-adesoes, client copass):
 * - the list of requests (src/shared/adesoes/listas.ts): a page, `/resumo`, `/vizinhos`;
 * - GET /api/adesoes/:id — one request as the session may read it (the family: its titular's);
 * - POST /api/adesoes — the titular asks (or the staff on a titular's behalf) and gets the protocol;
 * - POST /api/adesoes/:id/decisao — approve (the dependent and the card), refuse with the reason, or withdraw;
 * - GET /api/adesoes/titulares?termo= — the staff's picker of the titular (the policy's lookup).
 */
const FEITO: Record<Acao, (d: AdesaoDetalhe) => string> = {
  aprovar: (d) => `Solicitação aprovada: ${d.nome} incluído(a) na família com a matrícula ${d.dependente?.matricula ?? ''} e o cartão emitido.`,
  recusar: (d) => `Solicitação ${d.protocolo} recusada.`,
  cancelar: (d) => `Solicitação ${d.protocolo} cancelada.`,
};
const termo = z.object({ termo: z.string().trim().max(150).optional() });

export function adesoesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cfg = { access: { command: FLUXO.command } } as const;

  adesoesListRoutes(fastify, ctx);

  app.get('/api/adesoes/titulares', { config: cfg, schema: { querystring: termo } }, async (req) => {
    const s = sessionOf(req);
    // a family asks for its own titular: no picker
    if ((await scopeOf(ctx, s, 'solicitacaoadesao')).kind !== 'all' || (req.query.termo ?? '').length < 2) return { result: [] };
    return { result: await beneficiarioOpcoes(ctx, s, req.query.termo!) };
  });

  app.get('/api/adesoes/:id', { config: cfg, schema: { params: idParams } }, async (req) => {
    // another family's request answers as a missing one
    const d = await detalhe(ctx, sessionOf(req), req.params.id);
    if (!d) throw notFound(MSG_NAO_ENCONTRADA);
    return { result: d };
  });

  app.post('/api/adesoes', { config: cfg, schema: { body: body(solicitacaoSchema) } }, async (req, reply) => {
    const d = await solicitar(ctx, { session: sessionOf(req), ip: req.ip }, req.body);
    reply.status(201);
    return { result: d, messages: { alerts: [{ type: 'success', value: msgSolicitada(d.protocolo) }] } };
  });

  app.post('/api/adesoes/:id/decisao', { config: cfg, schema: { params: idParams, body: body(decisaoSchema) } }, async (req) => {
    const d = await decidir(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d) }] } };
  });
}
