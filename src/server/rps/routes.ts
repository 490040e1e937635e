import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { exclusaoRedeSchema, inclusaoRedeSchema, RPS_MSG } from '../../shared/rps';
import { MOVIMENTOS_RPS_LIST, type MovimentoRpsRow } from '../../shared/rps/listas';
import { onlyDigits } from '../../shared/text';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { buscaNome } from '../lists/busca-nome';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { excluirDaRede, incluirNaRede, produtosRede, redeDoPrestador } from './movimentos';

/**
 * Movimentos RPS over `movimentos_rps` (alias "m") with the network period it belongs to (`rede_produtos` rp): the
 * list (newest first), the products and a provider's networks for the inclusion form, the inclusion and the
 * exclusion. Every route is the command's, manage on all: only the administrator (spec: RPS movement registry).
 */

/** A provider by its code, CPF or CNPJ (digits), else any part of its name. */
const prestadorPorTermo = (v: string): SQL => {
  const d = onlyDigits(v);
  if (d.length >= 11) return sql`rp.prestador_id in (select id from prestadores where cpf = ${d} or cnpj = ${d})`;
  if (d && d === v.trim()) return sql`rp.prestador_id in (select id from prestadores where codigo = ${d})`;
  return sql`rp.prestador_id in (select id from prestadores where ${buscaNome(sql`nome_busca`, v).where})`;
};

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const movimentosSource: ListSource = {
  from: sql`movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id`,
  alias: 'm',
  fields: {
    id: { expr: sql`m.id` },
    data: { expr: sql`m.data` },
    tipo: { expr: sql`m.tipo` },
    produto: { expr: sql`rp.produto_id` },
    prestador: { search: prestadorPorTermo },
    motivo: { expr: sql`m.motivo` },
    envio: { expr: sql`m.envio` },
    registradoEm: { expr: sql`m.em` },
  },
  async rows(db, ids) {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select m.id, m.data::text as data, m.tipo, rp.produto_id as "produtoId", pr.nome as "produtoNome", pr.registro_ans as "registroAns",
          p.id as "prestadorId", p.codigo as "prestadorCodigo", p.nome as "prestadorNome", coalesce(p.cnpj, p.cpf) as documento,
          m.motivo, m.observacao, m.envio, m.usuario_nome as "usuarioNome", m.em as "registradoEm",
          rp.id as "vinculoId", rp.fim is null as "vinculoAberto", rp.version as "vinculoVersion"
        from ${pageIds(ids, 'k')} join movimentos_rps m on m.id = k.id join rede_produtos rp on rp.id = m.vinculo_id
        join produtos pr on pr.id = rp.produto_id join prestadores p on p.id = rp.prestador_id
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, registradoEm: iso(r.registradoEm) }) as unknown as MovimentoRpsRow) as unknown as Row[];
  },
};

const success = (value: string) => ({ alerts: [{ type: 'success' as const, value }] });

export function rpsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerList(fastify, ctx, MOVIMENTOS_RPS_LIST, movimentosSource, { neighbors: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: MOVIMENTOS_RPS_LIST.command } };
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });

  app.get('/api/rps/produtos', { config }, async () => ({ result: await produtosRede(ctx.db) }));
  app.get('/api/rps/prestadores/:id/rede', { config, schema: { params: idParams } }, async (req) => ({ result: await redeDoPrestador(ctx.db, req.params.id) }));
  app.post('/api/rps/inclusoes', { config, schema: { body: body(inclusaoRedeSchema) } }, async (req, reply) => {
    const r = await incluirNaRede(ctx.db, actor(req), req.body, chaveIdempotencia(req.headers['idempotency-key']));
    const [p] = await query<{ nome: string }>(ctx.db, sql`select nome from prestadores where id = ${req.body.prestadorId}`);
    reply.status(r.repetida ? 200 : 201);
    return { result: r, messages: success(RPS_MSG.incluido(r.movimentos.length, p?.nome ?? 'Prestador')) };
  });
  app.post('/api/rps/vinculos/:id/exclusao', { config, schema: { params: idParams, body: body(exclusaoRedeSchema) } }, async (req) => {
    const r = await excluirDaRede(ctx.db, actor(req), req.params.id, req.body);
    return { result: r, messages: success(RPS_MSG.excluido(r.prestador, r.produto)) };
  });
}
