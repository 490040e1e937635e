import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { todayIso } from '../../shared/dates';
import { adesaoServicoSchema, encerramentoServicoSchema, SERVICOS_MSG, SERVICOS_TELAS, type ServicoTela } from '../../shared/servicos';
import { ADESOES_SERVICOS_LISTS, type AdesaoServicoRow } from '../../shared/servicos/listas';
import type { FilterOp, FilterValue } from '../../shared/lists/types';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { chaveIdempotencia } from '../http/idempotencia';
import { body, idParams, type ZodTypeProvider } from '../http/schemas';
import { buscaNome } from '../lists/busca-nome';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { beneficiarioOpcoes } from '../pessoas/consultas';
import { aderir, encerrar, servicoPorCodigo } from './adesoes';

/**
 * Adesão ao Aeromédico and Adesão ao Odontológico (client copass), the same routes for each service under
 * /api/servicos/<segmento>, guarded by the service's command (list) and, to write, its insert or update:
 * - the list (src/shared/servicos/listas.ts): a page and `/resumo`;
 * - GET …/catalogo — the service and its monthly value (the form shows what the adhesion will cost);
 * - GET …/beneficiarios?termo= — the form's beneficiary picker (the policy's lookup);
 * - POST …/adesoes — Nova adesão; POST …/adesoes/:id/encerramento — Encerrar adesão.
 */

/** The adhesion's state on the operator's today: the end date still ahead (or none) is in force. */
const situacaoSql = (hoje: string): SQL => sql`(case when a.fim is null or a.fim >= ${hoje}::date then 'VIGENTE' else 'ENCERRADA' end)`;

/** A beneficiary by the card number or CPF (digits), else any part of the name. */
const beneficiarioPorTermo = (v: string): SQL => {
  const d = v.replace(/[\s.\-/]/g, '');
  if (/^\d{6,}$/.test(d)) return sql`a.beneficiario_id in (select id from beneficiarios where carteirinha = ${d} or cpf = ${d} or matricula = ${d})`;
  return sql`a.beneficiario_id in (select id from beneficiarios where ${buscaNome(sql`nome_busca`, v).where})`;
};

function fonte(s: ServicoTela): ListSource {
  const from = sql`(select x.* from adesoes_servicos x join servicos_adicionais sv on sv.id = x.servico_id where sv.codigo = ${s.codigo}) a join beneficiarios b on b.id = a.beneficiario_id`;
  return {
    from,
    alias: 'a',
    fields: {
      id: { expr: sql`a.id` },
      beneficiario: { search: beneficiarioPorTermo },
      beneficiarioNome: { expr: sql`b.nome` },
      inicio: { expr: sql`a.inicio` },
      fim: { expr: sql`a.fim`, nullable: true },
      valorMensal: { expr: sql`a.valor_mensal_centavos` },
      situacao: { filter: (_op: FilterOp, value: FilterValue) => sql`${situacaoSql(todayIso())} = ${String(value)}` },
      motivo: { expr: sql`a.motivo_encerramento` },
    },
    async rows(db: Db, ids: number[]) {
      const hoje = todayIso();
      const rows = await query<AdesaoServicoRow>(
        db,
        sql`select a.id, b.id as "beneficiarioId", b.nome as "beneficiarioNome", b.carteirinha, a.inicio::text as inicio, a.fim::text as fim,
              a.motivo_encerramento as motivo, a.valor_mensal_centavos::text as "valorMensal", ${situacaoSql(hoje)} as situacao,
              a.usuario_nome as "usuarioNome", a.encerrado_por as "encerradoPor", a.version
            from ${pageIds(ids, 'k')} join adesoes_servicos a on a.id = k.id join beneficiarios b on b.id = a.beneficiario_id order by k.ord`,
      );
      return rows.map((r) => ({ ...r, valorMensal: Number(r.valorMensal) })) as unknown as Row[];
    },
    async totals(db: Db, where: SQL) {
      const [r] = await query<{ v: string }>(db, sql`select coalesce(sum(a.valor_mensal_centavos), 0)::text as v from ${from} where ${where}`);
      return { valorMensal: Number(r.v) };
    },
  };
}

const termo = z.object({ termo: z.string({ error: 'Informe o nome, o CPF ou a carteirinha.' }).trim().min(2, 'Digite ao menos 2 caracteres.').max(150) });
const success = (value: string) => ({ alerts: [{ type: 'success' as const, value }] });

export function servicosRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });
  for (const s of SERVICOS_TELAS) {
    registerList(fastify, ctx, ADESOES_SERVICOS_LISTS[s.segmento], fonte(s), { neighbors: false });
    const base = `/api/servicos/${s.segmento}`;
    const ler = { access: { command: s.comando } } as const;
    app.get(`${base}/catalogo`, { config: ler }, async () => ({ result: await servicoPorCodigo(ctx.db, s.codigo) }));
    app.get(`${base}/beneficiarios`, { config: ler, schema: { querystring: termo } }, async (req) => ({ result: await beneficiarioOpcoes(ctx, sessionOf(req), req.query.termo) }));
    app.post(`${base}/adesoes`, { config: { access: { command: s.comando, action: 'insert' } }, schema: { body: body(adesaoServicoSchema) } }, async (req, reply) => {
      const r = await aderir(ctx, actor(req), s.codigo, req.body, chaveIdempotencia(req.headers['idempotency-key']));
      reply.status(r.repetida ? 200 : 201);
      return { result: { id: r.id }, messages: success(SERVICOS_MSG.aderiu(r.beneficiario, r.servico)) };
    });
    app.post(
      `${base}/adesoes/:id/encerramento`,
      { config: { access: { command: s.comando, action: 'update' } }, schema: { params: idParams, body: body(encerramentoServicoSchema) } },
      async (req) => {
        const r = await encerrar(ctx, actor(req), s.codigo, req.params.id, req.body);
        return { result: { id: r.id }, messages: success(SERVICOS_MSG.encerrada(r.beneficiario, r.servico)) };
      },
    );
  }
}
