import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FLUXO, registroSchema, tramitacaoSchema, type Acao } from '../../shared/protocolos';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { assertRecord } from '../policy';
import { protocolosListRoutes } from './listas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { detalhe, registrar } from './registro';
import { MSG_NAO_ENCONTRADO, tramitar } from './tramitacao';

/**
 * Protocolos de Documentos (/principal/protocolos-documentos), every route guarded by the command:
 * - the list (src/shared/protocolos/listas.ts): a page, `/resumo`, `/vizinhos`;
 * - GET /api/protocolos-documentos/:id — one protocol with its history;
 * - GET /api/protocolos-documentos/beneficiarios?termo= — the register form's beneficiary picker (the policy's lookup);
 * - POST /api/protocolos-documentos — registers a document and answers its number (./registro.ts);
 * - POST /api/protocolos-documentos/:id/tramitacao — encaminhar, concluir, devolver, cancelar (./tramitacao.ts).
 */
const COMANDO = FLUXO.command;
const FEITO: Record<Acao, (numero: string, setor: string) => string> = {
  encaminhar: (n, setor) => `Protocolo ${n} encaminhado ao setor ${setor}.`,
  concluir: (n) => `Protocolo ${n} concluído.`,
  devolver: (n) => `Protocolo ${n} devolvido ao remetente.`,
  cancelar: (n) => `Protocolo ${n} cancelado.`,
};
const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });

export function protocolosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: COMANDO } } as const;

  protocolosListRoutes(fastify, ctx);

  app.get('/api/protocolos-documentos/beneficiarios', { config, schema: { querystring: termo } }, async (req) => ({
    result: await beneficiarioOpcoes(ctx, sessionOf(req), req.query.termo),
  }));

  app.get('/api/protocolos-documentos/:id', { config, schema: { params: idParams } }, async (req) => {
    await assertRecord(ctx, sessionOf(req), 'protocolodocumento', {});
    const d = await detalhe(ctx.db, req.params.id);
    if (!d) throw notFound(MSG_NAO_ENCONTRADO);
    return { result: d };
  });

  app.post('/api/protocolos-documentos', { config, schema: { body: body(registroSchema) } }, async (req, reply) => {
    const d = await registrar(ctx, { session: sessionOf(req), ip: req.ip }, req.body);
    reply.status(201);
    return { result: d, messages: { alerts: [{ type: 'success', value: `Documento protocolado sob o nº ${d.numero}.` }] } };
  });

  app.post('/api/protocolos-documentos/:id/tramitacao', { config, schema: { params: idParams, body: body(tramitacaoSchema) } }, async (req) => {
    const d = await tramitar(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d.numero, d.setorNome) }] } };
  });
}
