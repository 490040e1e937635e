import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../shared/money';
import { FLUXO, passoVerbaSchema, previaVerbaSchema, registroVerbaSchema, type Acao } from '../../shared/verbas';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { detalheVerbaDaSessao, previaVerba, registrarVerba } from './registro';
import { passoVerba } from './passo';
import { verbasListRoutes } from './listas';

/**
 * Solicitações de Verbas, every route guarded by the command (and the policy's `all` scope in the services):
 * - the list (src/shared/verbas/listas.ts): a page, `/resumo`, `/vizinhos`;
 * - GET /api/solicitacoes-verbas/previa?empresaId=&competencia= — the composition a request would have now;
 * - GET /api/solicitacoes-verbas/:id — one request with its composition and history;
 * - POST /api/solicitacoes-verbas — registers one (computed by the server; Idempotency-Key);
 * - POST /api/solicitacoes-verbas/:id/passo — enviar, receber, cancelar.
 */
const FEITO: Record<Acao, (numero: string, valor: string) => string> = {
  enviar: (n) => `Solicitação de verba ${n} enviada à empresa.`,
  receber: (n, v) => `Recebimento de ${v} registrado na solicitação de verba ${n}.`,
  cancelar: (n) => `Solicitação de verba ${n} cancelada.`,
};

export function verbasRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: FLUXO.command } } as const;

  verbasListRoutes(fastify, ctx);

  app.get('/api/solicitacoes-verbas/previa', { config, schema: { querystring: previaVerbaSchema } }, async (req) => ({
    result: await previaVerba(ctx, sessionOf(req), req.query.empresaId, req.query.competencia),
  }));

  app.get('/api/solicitacoes-verbas/:id', { config, schema: { params: idParams } }, async (req) => ({ result: await detalheVerbaDaSessao(ctx, sessionOf(req), req.params.id) }));

  app.post('/api/solicitacoes-verbas', { config, schema: { body: body(registroVerbaSchema) } }, async (req, reply) => {
    const { detalhe: d, repetida } = await registrarVerba(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: d, messages: { alerts: [{ type: 'success', value: `Solicitação de verba nº ${d.numero} registrada: ${formatMoney(d.valorSolicitado)}.` }] } };
  });

  app.post('/api/solicitacoes-verbas/:id/passo', { config, schema: { params: idParams, body: body(passoVerbaSchema) } }, async (req) => {
    const d = await passoVerba(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d.numero, formatMoney(d.valorRecebido ?? 0)) }] } };
  });
}
