import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TIPOS, TIPO_KEYS, decisaoSchema, slugOf, solicitacaoSchema } from '../../shared/autorizacoes';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { assertRecord, scopeOf } from '../policy';
import { decidir, DECISOES_AUDITORIA, responder } from './decisao';
import { listasRoutes } from './listas';
import { beneficiariosDoPedido, profissionaisDoPedido } from './opcoes';
import { detalhe } from './service';
import { solicitar } from './solicitacao';
import { chaveIdempotencia } from '../http/idempotencia';

/**
 * Authorization requests and the audit desk (issue 7, spec §2.5). The routes parse (the shared schemas, declared to
 * Fastify), call a service and reply:
 * - the lists (one definition each, src/shared/autorizacoes/listas.ts): a page, `/resumo`, `/vizinhos`;
 * - GET /api/autorizacoes/:id — one request with items, attachments and history (the policy's record scope);
 * - GET /api/autorizacoes/beneficiarios, /profissionais — the request form's pickers (./opcoes.ts);
 * - POST /api/autorizacoes/tipo/:tipo — a request of one guide type, guarded by that type's command (./solicitacao.ts);
 * - POST /api/autorizacoes/:id/decisao — the auditor's decisions; POST /:id/resposta — the provider's answer (./decisao.ts).
 */

const AUDITORIA = '/principal/autorizacao/auditoria';
const termoDe = (vazio: string) => z.object({ termo: z.string({ error: vazio }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });

export function autorizacoesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  listasRoutes(fastify, ctx);

  app.get('/api/autorizacoes/:id', { config: { access: 'session' }, schema: { params: idParams } }, async (req) => {
    const d = await detalhe(ctx.db, req.params.id);
    if (!d) throw notFound('Solicitação de autorização não encontrada.');
    await assertRecord(ctx, sessionOf(req), 'autorizacao', { beneficiario_id: d.beneficiarioId, prestador_id: d.prestadorId, prestador_executante_id: d.prestadorExecutanteId });
    return { result: d };
  });

  app.get('/api/autorizacoes/beneficiarios', { config: { access: 'session' }, schema: { querystring: termoDe('Informe o nome, o CPF ou a carteirinha.') } }, async (req) => ({
    result: await beneficiariosDoPedido(ctx, sessionOf(req), req.query.termo),
  }));

  app.get('/api/autorizacoes/profissionais', { config: { access: 'session' }, schema: { querystring: termoDe('Informe o nome ou o número no conselho.') } }, async (req) => ({
    result: await profissionaisDoPedido(ctx, sessionOf(req), req.query.termo),
  }));

  for (const tipo of TIPO_KEYS) {
    app.post(`/api/autorizacoes/tipo/${slugOf(tipo)}`, { config: { access: { command: TIPOS[tipo].command } }, schema: { body: body(solicitacaoSchema) } }, async (req, reply) => {
      const { detalhe: d, imediato, repetida } = await solicitar(ctx, { session: sessionOf(req), ip: req.ip }, tipo, req.body, chaveIdempotencia(req.headers['idempotency-key']));
      reply.status(repetida ? 200 : 201);
      const aviso = imediato ? `Solicitação ${d.numero} autorizada. Senha ${d.senha}.` : `Solicitação ${d.numero} enviada para auditoria (Em Análise).`;
      return { result: d, messages: { alerts: [{ type: 'success', value: aviso }] } };
    });
  }

  app.post('/api/autorizacoes/:id/decisao', { config: { access: { command: AUDITORIA } }, schema: { params: idParams, body: body(decisaoSchema) } }, async (req) => {
    const s = sessionOf(req);
    return { result: await decidir(ctx, { session: s, ip: req.ip }, req.params.id, req.body, DECISOES_AUDITORIA, await scopeOf(ctx, s, 'autorizacao')) };
  });

  app.post('/api/autorizacoes/:id/resposta', { config: { access: 'session' }, schema: { params: idParams, body: body(decisaoSchema) } }, async (req) => ({
    result: await responder(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body),
  }));
}
