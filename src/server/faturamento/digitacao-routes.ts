import type { FastifyInstance, FastifyReply } from 'fastify';
import { cancelamentoFaturaSchema, faturaDigitadaSchema, faturasAbertasQuerySchema, gerarProtocoloSchema, senhaQuerySchema } from '../../shared/faturamento/digitacao';
import { fechamentoGlosaSchema } from '../../shared/faturamento/fechamento-glosa';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { demonstrativoPdf, demonstrativoXml } from './demonstrativo';
import { demonstrativoPagamentoPdf, demonstrativoPagamentoXml } from './demonstrativo-pagamento';
import { autorizacaoParaAtender, cancelarFatura, lerFatura, registrarFatura } from './digitacao';
import { digitacaoListRoutes } from './digitacao-listas';
import { fecharGlosas, protocoloParaFechamento } from './fechamento-glosa';
import { faturasAbertas, gerarProtocoloDigitado } from './protocolo-digitado';
import { comprovanteProtocolo, contaMedicaPdf } from './segunda-via';

const enviar = (reply: FastifyReply, tipo: string, f: { nome: string; conteudo: Buffer }) =>
  reply
    .header('content-type', tipo)
    .header('content-disposition', `attachment; filename="${f.nome}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(f.conteudo);
const PDF = 'application/pdf';
const XML = 'application/xml; charset=ISO-8859-1';

/**
 * Flow 1 typed in the portal and the screens around the review: Atender Autorização (the senha's authorization and
 * registering its execution), Digitar Faturas (the typed bills: list, one, new, cancel), Encerrar Fatura / Gerar
 * Protocolo (the open bills, the protocol and its receipt), 2ª via (receipt, demonstrativos, conta médica), Controle de
 * Atendimento and Fechamento de Glosa Manual. Each route is its command's; the services apply the record scope.
 */
export function digitacaoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  digitacaoListRoutes(fastify, ctx);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ator = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  // Atender Autorização
  const atender = { access: { command: '/principal/atendimento-autorizacao' } } as const;
  app.get('/api/faturamento/atendimento/autorizacao', { config: { ...atender, queryParams: ['senha'] }, schema: { querystring: senhaQuerySchema } }, async (req) => ({
    result: await autorizacaoParaAtender(ctx, sessionOf(req), req.query.senha),
  }));
  app.post('/api/faturamento/atendimento', { config: atender, schema: { body: body(faturaDigitadaSchema) } }, async (req, reply) => {
    const { fatura, repetida } = await registrarFatura(ctx, ator(req), req.body, chaveIdempotencia(req.headers['idempotency-key']));
    return reply.status(repetida ? 200 : 201).send({ result: fatura });
  });

  // Digitar Faturas
  const digitar = { access: { command: '/principal/tiss/atendimento-autorizacao' } } as const;
  app.get('/api/faturamento/digitadas/autorizacao', { config: { ...digitar, queryParams: ['senha'] }, schema: { querystring: senhaQuerySchema } }, async (req) => ({
    result: await autorizacaoParaAtender(ctx, sessionOf(req), req.query.senha),
  }));
  app.post('/api/faturamento/digitadas', { config: digitar, schema: { body: body(faturaDigitadaSchema) } }, async (req, reply) => {
    const { fatura, repetida } = await registrarFatura(ctx, ator(req), req.body, chaveIdempotencia(req.headers['idempotency-key']));
    return reply.status(repetida ? 200 : 201).send({ result: fatura });
  });
  app.get('/api/faturamento/digitadas/:id', { config: digitar, schema: { params: idParams } }, async (req) => ({ result: await lerFatura(ctx, sessionOf(req), req.params.id) }));
  app.post('/api/faturamento/digitadas/:id/cancelamento', { config: digitar, schema: { params: idParams, body: body(cancelamentoFaturaSchema) } }, async (req) => ({
    result: await cancelarFatura(ctx, ator(req), req.params.id, req.body.version),
  }));

  // Encerrar Fatura / Gerar Protocolo
  const encerrar = { access: { command: '/principal/tiss/fatura-protocolo-digitado-prestador' } } as const;
  app.get('/api/faturamento/faturas-abertas', { config: { ...encerrar, queryParams: ['prestadorId'] }, schema: { querystring: faturasAbertasQuerySchema } }, async (req) => ({
    result: await faturasAbertas(ctx, sessionOf(req), req.query.prestadorId),
  }));
  app.post('/api/faturamento/faturas-abertas/protocolo', { config: encerrar, schema: { body: body(gerarProtocoloSchema) } }, async (req, reply) => {
    const { repetida, ...p } = await gerarProtocoloDigitado(ctx, ator(req), req.body, chaveIdempotencia(req.headers['idempotency-key']));
    return reply.status(repetida ? 200 : 201).send({ result: p });
  });
  app.get('/api/faturamento/faturas-abertas/protocolo/:id/comprovante.pdf', { config: encerrar, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, PDF, await comprovanteProtocolo(ctx, sessionOf(req), req.params.id, { segundaVia: false, soPortal: true })),
  );

  // 2ª via
  const via = { access: { command: '/principal/tiss/segunda-via' } } as const;
  app.get('/api/faturamento/segunda-via/:id/protocolo.pdf', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, PDF, await comprovanteProtocolo(ctx, sessionOf(req), req.params.id, { segundaVia: true })),
  );
  app.get('/api/faturamento/segunda-via/:id/demonstrativo-analise.pdf', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, PDF, await demonstrativoPdf(ctx, sessionOf(req), req.params.id)),
  );
  app.get('/api/faturamento/segunda-via/:id/demonstrativo-analise.xml', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, XML, await demonstrativoXml(ctx, sessionOf(req), req.params.id)),
  );
  app.get('/api/faturamento/segunda-via/:id/demonstrativo-pagamento.pdf', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, PDF, await demonstrativoPagamentoPdf(ctx, sessionOf(req), req.params.id)),
  );
  app.get('/api/faturamento/segunda-via/:id/demonstrativo-pagamento.xml', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, XML, await demonstrativoPagamentoXml(ctx, sessionOf(req), req.params.id)),
  );
  app.get('/api/faturamento/segunda-via/:id/conta-medica.pdf', { config: via, schema: { params: idParams } }, async (req, reply) =>
    enviar(reply, PDF, await contaMedicaPdf(ctx, sessionOf(req), req.params.id)),
  );

  // Fechamento de Glosa Manual
  const fechamento = { access: { command: '/principal/tiss/fechamento-glosa-manual' } } as const;
  app.get('/api/faturamento/fechamento-glosa/:id', { config: fechamento, schema: { params: idParams } }, async (req) => ({
    result: await protocoloParaFechamento(ctx, sessionOf(req), req.params.id),
  }));
  app.post('/api/faturamento/fechamento-glosa/:id', { config: fechamento, schema: { params: idParams, body: body(fechamentoGlosaSchema) } }, async (req) => ({
    result: await fecharGlosas(ctx, ator(req), req.params.id, req.body),
  }));
}
