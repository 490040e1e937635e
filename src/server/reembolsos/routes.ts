import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney } from '../../shared/money';
import { msgSolicitado, passoSchemas, solicitacaoSchema, TELAS, type Acao, type ProcedimentoOpcao, type ReembolsoDetalhe, type Tela } from '../../shared/reembolsos';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { AppContext } from '../context';
import { query, searchTerm } from '../db/sql';
import { sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { scopeOf } from '../policy';
import { reembolsosListRoutes } from './listas';
import { passo } from './passos';
import { detalhe, MSG_NAO_ENCONTRADO, solicitar } from './registro';

/**
 * Reimbursement (issue 15, flow 7), one set of routes per screen, each guarded by its command:
 * - the lists (src/shared/reembolsos/listas.ts): GET /api/reembolsos, /api/reembolsos/protocolos, /api/reembolsos/analises
 *   (a page, `/resumo`, `/vizinhos`);
 * - GET …/:id — one request as the session may read it (the family: its members'), with the steps of that screen;
 * - POST /api/reembolsos — the beneficiary asks (or the staff on their behalf) and gets the protocol (Idempotency-Key);
 * - POST …/:id/passo — the screen's steps: withdraw (family); protocol or deny (desk); analyse, release or deny (billing);
 * - GET /api/reembolsos/beneficiarios, /procedimentos — the form's pickers (the family's members; TUSS codes).
 */
const FEITO: Record<Acao, (d: ReembolsoDetalhe) => string> = {
  protocolar: (d) => `Reembolso ${d.protocolo} protocolado.`,
  analisar: (d) => (d.glosa ? `Reembolso ${d.protocolo} analisado: glosa ${d.glosa.codigo} – ${d.glosa.descricao}.` : `Reembolso ${d.protocolo} analisado: ${formatMoney(d.valorLiberado)} a liberar.`),
  liberar: (d) => `Reembolso ${d.protocolo} liberado: ${formatMoney(d.valorLiberado)}.`,
  negar: (d) => `Reembolso ${d.protocolo} negado.`,
  cancelar: (d) => `Pedido de reembolso ${d.protocolo} cancelado.`,
};
const termo = z.object({ termo: z.string().trim().max(150).optional() });
const BASE: Record<Tela, string> = { solicitacao: '/api/reembolsos', protocolo: '/api/reembolsos/protocolos', analise: '/api/reembolsos/analises' };

export function reembolsosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const solicitacao = { access: { command: TELAS.solicitacao } } as const;
  reembolsosListRoutes(fastify, ctx);

  // who was attended: the family's members for a beneficiary; the policy's lookup for the staff
  app.get('/api/reembolsos/beneficiarios', { config: solicitacao, schema: { querystring: termo } }, async (req) => {
    const s = sessionOf(req);
    const escopo = await scopeOf(ctx, s, 'reembolso');
    if (escopo.kind === 'family') {
      if (!escopo.beneficiarioIds.length) return { result: [] };
      const rows = await query<BeneficiarioOpcao>(
        ctx.db,
        sql`select id, nome, carteirinha, situacao from beneficiarios where id in (${sql.join(escopo.beneficiarioIds.map((i) => sql`${i}`), sql`, `)}) order by titular nulls first, nome`,
      );
      return { result: rows };
    }
    if (escopo.kind !== 'all' || (req.query.termo ?? '').length < 2) return { result: [] };
    return { result: await beneficiarioOpcoes(ctx, s, req.query.termo!) };
  });

  // the procedure: the exact TUSS code, or any part of its description (accents ignored)
  app.get('/api/reembolsos/procedimentos', { config: solicitacao, schema: { querystring: termo } }, async (req) => {
    const t = (req.query.termo ?? '').trim();
    if (t.length < 2) return { result: [] };
    const codigo = /^\d{8}$/.test(t) ? t : null;
    const rows = await query<ProcedimentoOpcao>(
      ctx.db,
      codigo
        ? sql`select id, codigo, descricao from procedimentos where codigo = ${codigo} and ativo`
        : sql`select id, codigo, descricao from procedimentos where ativo and (descricao_busca like ${`%${searchTerm(t)}%`} or codigo like ${`${t.replace(/\D/g, '') || '-'}%`})
              order by descricao_busca like ${`${searchTerm(t)}%`} desc, codigo limit 20`,
    );
    return { result: rows };
  });

  app.post('/api/reembolsos', { config: solicitacao, schema: { body: body(solicitacaoSchema) } }, async (req, reply) => {
    const { detalhe: d, repetida } = await solicitar(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: d, messages: { alerts: [{ type: 'success', value: msgSolicitado(d.protocolo) }] } };
  });

  for (const tela of Object.keys(TELAS) as Tela[]) {
    const config = { access: { command: TELAS[tela] } } as const;
    app.get(`${BASE[tela]}/:id`, { config, schema: { params: idParams } }, async (req) => {
      // another family's request answers as a missing one
      const d = await detalhe(ctx, sessionOf(req), req.params.id, tela);
      if (!d) throw notFound(MSG_NAO_ENCONTRADO);
      return { result: d };
    });
    app.post(`${BASE[tela]}/:id/passo`, { config, schema: { params: idParams, body: body(passoSchemas[tela]) } }, async (req) => {
      const d = await passo(ctx, { session: sessionOf(req), ip: req.ip }, tela, req.params.id, req.body);
      return { result: d, messages: { alerts: [{ type: 'success', value: FEITO[req.body.acao](d) }] } };
    });
  }
}
