import type { FastifyInstance, FastifyReply } from 'fastify';
import { analiseItemSchema } from '../../shared/faturamento/analise';
import { encerramentoSchema } from '../../shared/faturamento/conta';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { analisarItem } from './analise';
import { encerrarAnalise, lerConta, motivosGlosa } from './conta';
import { demonstrativoPdf, demonstrativoXml } from './demonstrativo';
import { digitacaoRoutes } from './digitacao-routes';
import { protocolosRecebimentoRoutes } from './listas';
import { recursosRoutes } from './recursos-routes';

const disposition = (nome: string) => `attachment; filename="${nome}"`;
const enviar = (reply: FastifyReply, tipo: string, f: { nome: string; conteudo: Buffer }) =>
  reply
    .header('content-type', tipo)
    .header('content-disposition', disposition(f.nome))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(f.conteudo);

/**
 * TISS billing (Faturamentos de Prestadores): the received protocols' list; a protocol's bill (guides, items, values)
 * for its reviewer or its own provider; the review of an item; closing the review; the glosa reasons' picker; and
 * the demonstrativo de análise de conta as TISS XML and PDF.
 */
export function faturamentoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  protocolosRecebimentoRoutes(fastify, ctx);
  recursosRoutes(fastify, ctx);
  digitacaoRoutes(fastify, ctx);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: '/principal/faturamento/faturamentos-prestadores' } } as const;
  app.put('/api/faturamento/itens/:id/analise', { config, schema: { params: idParams, body: body(analiseItemSchema) } }, async (req) => ({
    result: await analisarItem(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body),
  }));
  app.get('/api/faturamento/protocolos/:id/conta', { config, schema: { params: idParams } }, async (req) => ({
    result: await lerConta(ctx.db, ctx, sessionOf(req), req.params.id),
  }));
  app.post('/api/faturamento/protocolos/:id/encerramento', { config, schema: { params: idParams, body: body(encerramentoSchema) } }, async (req) => ({
    result: await encerrarAnalise(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body),
  }));
  app.get('/api/faturamento/motivos-glosa', { config }, async () => ({ result: await motivosGlosa(ctx.db) }));
  app.get('/api/faturamento/protocolos/:id/demonstrativo.xml', { config, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, 'application/xml; charset=ISO-8859-1', await demonstrativoXml(ctx, sessionOf(req), req.params.id)),
  );
  app.get('/api/faturamento/protocolos/:id/demonstrativo.pdf', { config, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, 'application/pdf', await demonstrativoPdf(ctx, sessionOf(req), req.params.id)),
  );
}
