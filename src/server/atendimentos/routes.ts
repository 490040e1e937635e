import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FLUXO, registroSchema, resultadoLabel, transicaoSchema, type Acao, type AtendimentoDetalhe } from '../../shared/atendimentos';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { assertRecord } from '../policy';
import { atendimentosListRoutes } from './listas';
import { detalhe, registrar } from './registro';
import { MSG_NAO_ENCONTRADO, transicionar } from './transicao';

/**
 * Atendimentos (/operadora/atendimentos), every route guarded by the command:
 * - the list (src/shared/atendimentos/listas.ts): a page, `/resumo`, `/vizinhos`;
 * - GET /api/atendimentos/:id — one contact with its history (the policy's record scope);
 * - GET /api/atendimentos/beneficiarios?termo= — the register form's beneficiary picker (the policy's lookup);
 * - POST /api/atendimentos — registers a contact and answers its protocol (./registro.ts);
 * - POST /api/atendimentos/:id/transicao — concluir, cancelar, reabrir (./transicao.ts).
 */
const COMANDO = FLUXO.command;
const FEITO: Record<Acao, (d: AtendimentoDetalhe) => string> = {
  concluir: (d) => `Atendimento ${d.protocolo} concluído: ${resultadoLabel(d.resultado).toLowerCase()}.`,
  cancelar: (d) => `Atendimento ${d.protocolo} cancelado.`,
  reabrir: (d) => `Atendimento ${d.protocolo} reaberto.`,
};
const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });

export function atendimentosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: COMANDO } } as const;

  atendimentosListRoutes(fastify, ctx);

  app.get('/api/atendimentos/beneficiarios', { config, schema: { querystring: termo } }, async (req) => ({
    result: await beneficiarioOpcoes(ctx, sessionOf(req), req.query.termo),
  }));

  app.get('/api/atendimentos/:id', { config, schema: { params: idParams } }, async (req) => {
    const d = await detalhe(ctx.db, req.params.id);
    // out of scope and missing answer alike (no data of another's contact): the scope first, then the 404
    await assertRecord(ctx, sessionOf(req), 'atendimento', { beneficiario_id: d?.beneficiarioId, prestador_id: d?.prestadorId });
    if (!d) throw notFound(MSG_NAO_ENCONTRADO);
    return { result: d };
  });

  app.post('/api/atendimentos', { config, schema: { body: body(registroSchema) } }, async (req, reply) => {
    const d = await registrar(ctx, { session: sessionOf(req), ip: req.ip }, req.body);
    reply.status(201);
    return { result: d, messages: { alerts: [{ type: 'success', value: `Atendimento registrado sob o protocolo nº ${d.protocolo}.` }] } };
  });

  app.post('/api/atendimentos/:id/transicao', { config, schema: { params: idParams, body: body(transicaoSchema) } }, async (req) => {
    const d = await transicionar(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d) }] } };
  });
}
