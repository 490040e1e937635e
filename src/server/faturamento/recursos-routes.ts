import type { FastifyInstance } from 'fastify';
import { decisaoRecursoSchema, glosasQuerySchema, RECURSO_MSG, recursoManualSchema, recursosQuerySchema } from '../../shared/faturamento/recursos';
import type { AppContext } from '../context';
import { sessionOf } from '../http/access';
import { AppError } from '../http/errors';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { operadoraPropria } from '../pessoas/cadastro';
import { scopeOf } from '../policy';
import { comprovanteRecurso } from './comprovante-recurso';
import { conferirRecurso, decidirItemRecurso, glosasDoProtocolo, gravarRecurso, listarRecursos, recusaRecurso, RecursoRepetido } from './recursos';
import { respostaRecursoXml } from './resposta-recurso';

const COMANDO = '/principal/tiss/recurso-glosa-manual';

/**
 * Recurso de Glosa Manual (copass, cet, rondo): the provider looks up a protocol's glosed items, appeals them (per
 * guide or per item) and follows the answers; the operator's staff see every provider's appeals and decide each item.
 * The appeal's receipt (PDF) and the TISS answer (XML) are downloaded from here too.
 */
export function recursosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: COMANDO } } as const;

  app.get('/api/faturamento/recursos/glosas', { config, schema: { querystring: glosasQuerySchema } }, async (req) => ({
    result: await glosasDoProtocolo(ctx, sessionOf(req), req.query.protocolo, req.query.todos === '1'),
  }));

  app.get('/api/faturamento/recursos', { config, schema: { querystring: recursosQuerySchema } }, async (req) => ({
    result: await listarRecursos(ctx, sessionOf(req), req.query),
  }));

  app.post('/api/faturamento/recursos', { config, schema: { body: body(recursoManualSchema) } }, async (req, reply) => {
    const session = sessionOf(req);
    const scope = await scopeOf(ctx, session, 'protocolorecebimento');
    if (scope.kind === 'none') throw AppError.of(403, RECURSO_MSG.semPrestador);
    const pedido = { protocolo: req.body.protocolo, numeroGuiaRecurso: null, guias: req.body.guias };
    const c = await conferirRecurso(ctx.db, scope, pedido);
    if (!c.ok) throw recusaRecurso(c.erros);
    try {
      const r = await gravarRecurso(ctx, { session, ip: req.ip }, c, pedido, { origem: 'PORTAL' });
      return reply.status(201).send({ result: r });
    } catch (e) {
      if (e instanceof RecursoRepetido) throw AppError.of(409, e.message);
      throw e;
    }
  });

  app.put('/api/faturamento/recursos/itens/:id/decisao', { config, schema: { params: idParams, body: body(decisaoRecursoSchema) } }, async (req) => ({
    result: await decidirItemRecurso(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body),
  }));

  const doEscopo = async (session: ReturnType<typeof sessionOf>, id: number) => {
    const [r] = await listarRecursos(ctx, session, { id });
    if (!r) throw AppError.of(404, RECURSO_MSG.naoEncontrado);
    return r;
  };

  app.get('/api/faturamento/recursos/:id/comprovante', { config, schema: { params: idParams } }, async (req, reply) => {
    const r = await doEscopo(sessionOf(req), req.params.id);
    const op = await operadoraPropria(ctx.db);
    const pdf = await comprovanteRecurso({ nome: op?.nome ?? op?.razao ?? 'Operadora', registroAns: op?.registroAns ?? '' }, r);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="recurso-${r.numero}.pdf"`).header('cache-control', 'no-store').send(pdf);
  });

  app.get('/api/faturamento/recursos/:id/resposta', { config, schema: { params: idParams } }, async (req, reply) => {
    const r = await doEscopo(sessionOf(req), req.params.id);
    if (r.situacao !== '3') throw AppError.of(409, MSG_SEM_RESPOSTA);
    const xml = await respostaRecursoXml(ctx, r.id);
    return reply
      .header('content-type', 'application/xml; charset=ISO-8859-1')
      .header('content-disposition', `attachment; filename="resposta-recurso-${r.numero}.xml"`)
      .header('cache-control', 'no-store')
      .send(xml);
  });
}

export const MSG_SEM_RESPOSTA = 'O recurso ainda não foi respondido em todos os itens: a resposta TISS sai quando a análise termina.';
