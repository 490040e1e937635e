import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FLUXO, msgRegistrada, prorrogacaoSchema, registroSchema, transicaoSchema, type Acao, type ManifestacaoDetalhe } from '../../shared/ouvidoria';
import { isoToBr } from '../../shared/dates';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { scopeOf } from '../policy';
import { manifestacoesListRoutes } from './listas';
import { detalhe, registrar } from './registro';
import { MSG_NAO_ENCONTRADA, prorrogar, transicionar } from './transicao';

/**
 * Ouvidoria:
 * - the list of manifestações (src/shared/ouvidoria/listas.ts): a page, `/resumo`, `/vizinhos` (Acompanhar Manifestações);
 * - GET /api/ouvidoria/manifestacoes/:id — one manifestação as the session may read it (the family: no internal notes);
 * - POST /api/ouvidoria/manifestacoes — registers one and answers its protocol (Registro de Manifestação);
 * - GET /api/ouvidoria/beneficiarios?termo= — the register form's picker (the staff by the policy's lookup; a family
 *   its members, with or without a term);
 * - POST /api/ouvidoria/manifestacoes/:id/transicao — a step (./transicao.ts); /prorrogacao — the 30-day extension.
 */
const ACOMPANHAR = FLUXO.command;
const REGISTRAR = '/ouvidoria/registro-manifestacao' as const;
const FEITO: Record<Acao, (d: ManifestacaoDetalhe) => string> = {
  analisar: (d) => `Manifestação ${d.protocolo} em análise.`,
  encaminhar: (d) => `Manifestação ${d.protocolo} encaminhada à área.`,
  retornar: (d) => `Retorno da área registrado na manifestação ${d.protocolo}.`,
  responder: (d) => `Resposta registrada na manifestação ${d.protocolo}.`,
  avaliar: () => 'Obrigado pela avaliação. Manifestação encerrada.',
  encerrar: (d) => `Manifestação ${d.protocolo} encerrada.`,
  reabrir: (d) => `Manifestação ${d.protocolo} reaberta. Novo prazo de resposta: ${isoToBr(d.prazo)}.`,
};
const termo = z.object({ termo: z.string().trim().max(150).optional() });

export function ouvidoriaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const acompanhar = { access: { command: ACOMPANHAR } } as const;
  const registrarCfg = { access: { command: REGISTRAR } } as const;

  manifestacoesListRoutes(fastify, ctx);

  app.get('/api/ouvidoria/beneficiarios', { config: registrarCfg, schema: { querystring: termo } }, async (req) => {
    const s = sessionOf(req);
    const escopo = await scopeOf(ctx, s, 'manifestacao');
    if (escopo.kind === 'family') {
      const t = req.query.termo ?? '';
      const rows = await query<BeneficiarioOpcao>(
        ctx.db,
        sql`select id, nome, carteirinha, situacao from beneficiarios where id in (${sql.join(
          escopo.beneficiarioIds.map((i) => sql`${i}`),
          sql`, `,
        )}) order by titular nulls first, nome`,
      );
      return { result: t.length >= 2 ? rows.filter((r) => r.nome.toLowerCase().includes(t.toLowerCase())) : rows };
    }
    if (escopo.kind !== 'all' || (req.query.termo ?? '').length < 2) return { result: [] };
    return { result: await beneficiarioOpcoes(ctx, s, req.query.termo!) };
  });

  app.get('/api/ouvidoria/manifestacoes/:id', { config: acompanhar, schema: { params: idParams } }, async (req) => {
    // another family's manifestação answers as a missing one
    const d = await detalhe(ctx, sessionOf(req), req.params.id);
    if (!d) throw notFound(MSG_NAO_ENCONTRADA);
    return { result: d };
  });

  app.post('/api/ouvidoria/manifestacoes', { config: registrarCfg, schema: { body: body(registroSchema) } }, async (req, reply) => {
    const { detalhe: d, repetida } = await registrar(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: d, messages: { alerts: [{ type: 'success', value: msgRegistrada(d.protocolo) }] } };
  });

  app.post('/api/ouvidoria/manifestacoes/:id/transicao', { config: acompanhar, schema: { params: idParams, body: body(transicaoSchema) } }, async (req) => {
    const d = await transicionar(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d) }] } };
  });

  app.post('/api/ouvidoria/manifestacoes/:id/prorrogacao', { config: acompanhar, schema: { params: idParams, body: body(prorrogacaoSchema) } }, async (req) => {
    const d = await prorrogar(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: `Prazo da manifestação ${d.protocolo} prorrogado para ${isoToBr(d.prazo)}.` }] } };
  });
}
