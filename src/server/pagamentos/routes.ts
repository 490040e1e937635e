import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney } from '../../shared/money';
import {
  COMANDO_CONSOLIDACAO,
  COMANDO_RPA,
  COMANDO_SOLICITACAO,
  competenciaBr,
  competenciaQuery,
  consolidacaoSchema,
  rpaSchema,
  situacaoRpaSchema,
  solicitacaoPagamentoSchema,
  statusPagamentoLabel,
} from '../../shared/pagamentos';
import { optionalId } from '../../shared/workflow/schemas';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { forbidden } from '../http/errors';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { buscaNome, rankedByName, unranked } from '../lists/busca-nome';
import { digitosDe } from '../pessoas/consultas';
import { scopeOf } from '../policy';
import { COMANDO_BORDERO, baixaSchema, borderosQuery, estornoBaixaSchema } from '../../shared/pagamentos/bordero';
import { isoToBr } from '../../shared/dates';
import { borderosRecentes, estornarBaixa, pagaveisParaBaixa, registrarBaixa } from './bordero';
import { consolidacaoDoMes, consolidar } from './consolidacao';
import { pagamentosListRoutes } from './listas';
import { detalheRpa, emitirRpa, previaRpa, protocolosSemRpa, situacaoRpa } from './rpa';
import { rpaPdf } from './rpa-pdf';
import { protocolosDisponiveis, solicitarPagamento } from './solicitacao';

/**
 * Paying providers (issue 15, flows 5 and 6):
 * - Fatura RPA: the RPAs' list; GET /api/pagamentos/rpas/:id and its PDF; POST …/previa (the computation, nothing
 *   written) and POST /api/pagamentos/rpas (issue, Idempotency-Key); POST …/:id/situacao (release, block); the
 *   natural-person providers and their protocols for the form;
 * - the provider's payment request: the requests' list, the protocols it may ask for, POST /api/pagamentos/solicitacoes;
 * - finance's consolidation: GET/POST /api/pagamentos/consolidacao (per provider and month) and the payables' list;
 * - the baixa (Borderô de Pagamento): the payables to pay and the latest borderôs (GET /api/pagamentos/borderos/a-pagar,
 *   GET /api/pagamentos/borderos), POST /api/pagamentos/borderos (Idempotency-Key) and the reversal of one payment's
 *   baixa, POST /api/pagamentos/a-pagar/:id/estorno-baixa.
 */
const termo = z.object({ termo: z.string().trim().max(150).optional() });
const doPrestador = z.object({ prestadorId: optionalId });
const disposition = (nome: string) => `attachment; filename="${nome}"`;

export function pagamentosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rpa = { access: { command: COMANDO_RPA } } as const;
  const solicitacao = { access: { command: COMANDO_SOLICITACAO } } as const;
  const consolidacao = { access: { command: COMANDO_CONSOLIDACAO } } as const;
  const bordero = { access: { command: COMANDO_BORDERO } } as const;
  pagamentosListRoutes(fastify, ctx);

  /** Providers for the staff's pickers: by code, CPF/CNPJ or any part of the name (natural persons only for the RPA). */
  const prestadores = async (s: Parameters<typeof scopeOf>[1], t: string, soFisica: boolean, entidade: 'protocolorecebimento' | 'solicitacaopagamento') => {
    if ((await scopeOf(ctx, s, entidade)).kind !== 'all' || t.length < 2) return [];
    const d = digitosDe(t);
    const busca = d ? unranked(sql`(p.codigo = ${d} or p.cpf = ${d} or p.cnpj = ${d})`) : buscaNome(sql`p.nome_busca`, t);
    return rankedByName(busca, 20, sql`p.id`, (cond, limit) =>
      query<{ id: number; nome: string; codigo: string | null; tipoPessoa: string }>(
        ctx.db,
        sql`select p.id, p.nome, p.codigo, p.tipo_pessoa as "tipoPessoa" from prestadores p where ${cond} ${soFisica ? sql`and p.tipo_pessoa = 'F'` : sql``} order by p.nome_busca limit ${limit}`,
      ),
    );
  };

  // ---- Fatura RPA
  app.get('/api/pagamentos/rpas/prestadores', { config: rpa, schema: { querystring: termo } }, async (req) => ({
    result: await prestadores(sessionOf(req), req.query.termo ?? '', true, 'protocolorecebimento'),
  }));
  app.get('/api/pagamentos/rpas/protocolos', { config: rpa, schema: { querystring: z.object({ prestadorId: idParams.shape.id }) } }, async (req) => ({
    result: await protocolosSemRpa(ctx, sessionOf(req), req.query.prestadorId),
  }));
  app.post('/api/pagamentos/rpas/previa', { config: rpa, schema: { body: body(rpaSchema) } }, async (req) => ({ result: await previaRpa(ctx, sessionOf(req), req.body) }));
  app.post('/api/pagamentos/rpas', { config: rpa, schema: { body: body(rpaSchema) } }, async (req, reply) => {
    const { detalhe: d, repetida } = await emitirRpa(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: d, messages: { alerts: [{ type: 'success', value: `RPA nº ${d.numero} emitido: líquido de ${formatMoney(d.valorLiquido)} para ${d.prestadorNome}, em conferência.` }] } };
  });
  app.get('/api/pagamentos/rpas/:id', { config: rpa, schema: { params: idParams } }, async (req) => ({ result: await detalheRpa(ctx, sessionOf(req), req.params.id) }));
  app.get('/api/pagamentos/rpas/:id/rpa.pdf', { config: rpa, schema: { params: idParams } }, async (req, reply) => {
    const f = await rpaPdf(ctx.db, await detalheRpa(ctx, sessionOf(req), req.params.id));
    return reply.header('content-type', 'application/pdf').header('content-disposition', disposition(f.nome)).header('cache-control', 'private, no-store').send(f.conteudo);
  });
  app.post('/api/pagamentos/rpas/:id/situacao', { config: rpa, schema: { params: idParams, body: body(situacaoRpaSchema) } }, async (req) => {
    const d = await situacaoRpa(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body);
    return { result: d, messages: { alerts: [{ type: 'success', value: `RPA nº ${d.numero}: ${statusPagamentoLabel(d.statusPagamento).toLowerCase()}.` }] } };
  });

  // ---- the provider's payment request
  app.get('/api/pagamentos/prestadores', { config: solicitacao, schema: { querystring: termo } }, async (req) => ({
    result: await prestadores(sessionOf(req), req.query.termo ?? '', false, 'solicitacaopagamento'),
  }));
  app.get('/api/pagamentos/protocolos', { config: solicitacao, schema: { querystring: doPrestador } }, async (req) => ({
    result: await protocolosDisponiveis(ctx, sessionOf(req), req.query.prestadorId),
  }));
  app.post('/api/pagamentos/solicitacoes', { config: solicitacao, schema: { body: body(solicitacaoPagamentoSchema) } }, async (req, reply) => {
    const { solicitacao: s, repetida } = await solicitarPagamento(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    return { result: s, messages: { alerts: [{ type: 'success', value: `Pagamento solicitado sob o nº ${s.numero}: ${s.qtdProtocolos} ${s.qtdProtocolos === 1 ? 'protocolo' : 'protocolos'}, ${formatMoney(s.valorTotal)}.` }] } };
  });

  // ---- finance's consolidation per provider and month
  app.get('/api/pagamentos/consolidacao', { config: consolidacao, schema: { querystring: competenciaQuery } }, async (req) => ({
    result: await consolidacaoDoMes(ctx, sessionOf(req), req.query.competencia),
  }));
  app.post('/api/pagamentos/consolidacao', { config: consolidacao, schema: { body: body(consolidacaoSchema) } }, async (req) => {
    const s = sessionOf(req);
    if ((await scopeOf(ctx, s, 'solicitacaopagamento')).kind !== 'all') throw forbidden();
    const criados = await consolidar(ctx, { session: s, ip: req.ip }, req.body);
    const total = criados.reduce((soma, c) => soma + c.valorLiquido, 0);
    return {
      result: criados,
      messages: { alerts: [{ type: 'success', value: `${criados.length === 1 ? '1 pagamento consolidado' : `${criados.length} pagamentos consolidados`} na competência ${competenciaBr(req.body.competencia)}: ${formatMoney(total)} a pagar.` }] },
    };
  });

  // ---- the baixa: borderôs of payments paid
  app.get('/api/pagamentos/borderos/a-pagar', { config: bordero, schema: { querystring: borderosQuery } }, async (req) => ({
    result: await pagaveisParaBaixa(ctx, sessionOf(req), req.query.competencia),
  }));
  app.get('/api/pagamentos/borderos', { config: bordero, schema: { querystring: borderosQuery } }, async (req) => ({
    result: await borderosRecentes(ctx, sessionOf(req), req.query.competencia),
  }));
  app.post('/api/pagamentos/borderos', { config: bordero, schema: { body: body(baixaSchema) } }, async (req, reply) => {
    const { bordero: b, repetida } = await registrarBaixa(ctx, { session: sessionOf(req), ip: req.ip }, req.body, chaveIdempotencia(req.headers['idempotency-key']));
    reply.status(repetida ? 200 : 201);
    const n = b.linhas.length;
    return { result: b, messages: { alerts: [{ type: 'success', value: `Borderô nº ${b.numero} registrado: ${n === 1 ? '1 pagamento pago' : `${n} pagamentos pagos`} em ${isoToBr(b.dataCredito)}, ${formatMoney(b.valorLiquido)} creditados.` }] } };
  });
  app.post('/api/pagamentos/a-pagar/:id/estorno-baixa', { config: bordero, schema: { params: idParams, body: body(estornoBaixaSchema) } }, async (req) => {
    const b = await estornarBaixa(ctx, { session: sessionOf(req), ip: req.ip }, req.params.id, req.body.motivo);
    const l = b.linhas.find((x) => x.pagamentoId === req.params.id)!;
    return { result: b, messages: { alerts: [{ type: 'success', value: `Baixa do pagamento nº ${l.numero} estornada: ele volta a pagar.` }] } };
  });
}
