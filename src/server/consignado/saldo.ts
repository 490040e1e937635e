import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { saldoConsignadoQuery, type SaldoConsignadoFamilia, type SaldoConsignadoLinha, type SaldoConsignadoPagina } from '../../shared/consignado';
import { sumMoney } from '../../shared/money';
import { competenciaIso } from '../../shared/processos/folha';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { sessionOf } from '../http/access';
import { notFound, parse } from '../http/errors';
import { idParams, type ZodTypeProvider } from '../http/schemas';
import { familias, lerTabelas, titularesWhere, type Familia } from '../financeiro/cobranca';
import { buscaNome } from '../lists/busca-nome';

/**
 * Saldo Consignado (aeco): a page of titulares of the competência (keyset by id), each family computed by the billing
 * calculation, with what is consigned and the balance the monthly ceiling left; one family opened with its members'
 * fees and events. The policy's scope holds inside `titularesWhere`.
 */

const COMANDO = '/util/analise/saldo-consignado' as const;
const PAGINA = 50;

type Q = z.output<typeof saldoConsignadoQuery>;

const fimDoMes = (iso: string) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).toISOString().slice(0, 10);

async function condicao(ctx: AppContext, s: RequestSession, q: Q, comp: string): Promise<SQL> {
  const base = await titularesWhere(ctx, s, { competencia: comp, empresa: q.empresa ?? null, produto: q.produto ?? null });
  const extra: SQL[] = [base];
  if (q.nome) extra.push(buscaNome(sql`b.nome_busca`, q.nome).where);
  if (q.comEventos === '1')
    extra.push(sql`exists (select 1 from beneficiarios m join autorizacoes a on a.beneficiario_id = m.id
      where (m.id = b.id or m.titular = b.id) and a.status in (1, 7) and a.data_autorizacao between ${comp}::date and ${fimDoMes(comp)}::date)`);
  return sql.join(extra, sql` and `);
}

function linhaDe(f: Familia, nomes: Map<number, { empresa: string | null; plano: string }>): SaldoConsignadoLinha {
  const n = nomes.get(f.titularId);
  return {
    titularId: f.titularId,
    matricula: f.matricula,
    nome: f.nome,
    cpf: f.cpf,
    empresa: n?.empresa ?? null,
    plano: n?.plano ?? '',
    vidas: f.membros.length,
    mensalidade: f.mensalidade,
    subsidio: f.subsidio,
    coparticipacao: f.coparticipacao,
    consignado: f.total,
    saldo: sumMoney(f.membros.map((m) => m.limiteCortou)),
  };
}

async function nomesDe(ctx: AppContext, ids: number[]) {
  if (!ids.length) return new Map<number, { empresa: string | null; plano: string }>();
  const rows = await query<{ id: number; empresa: string | null; plano: string }>(
    ctx.db,
    sql`select b.id, coalesce(e.nome_fantasia, e.razao_social) as empresa, p.nome as plano from beneficiarios b join produtos p on p.id = b.produto left join empresas e on e.id = b.empresa
        where b.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function paginaSaldo(ctx: AppContext, s: RequestSession, q: Q): Promise<SaldoConsignadoPagina> {
  const comp = competenciaIso(q.competencia)!;
  const where = await condicao(ctx, s, q, comp);
  const filtro = { competencia: comp, empresa: q.empresa ?? null, produto: q.produto ?? null };
  const fs = await familias(ctx.db, await lerTabelas(ctx.db, comp), filtro, where, q.depois ?? 0, PAGINA + 1);
  const [{ n }] = await query<{ n: number }>(ctx.db, sql`select count(*)::int as n from beneficiarios b where ${where}`);
  const pagina = fs.slice(0, PAGINA);
  const nomes = await nomesDe(ctx, pagina.map((f) => f.titularId));
  return { competencia: comp, linhas: pagina.map((f) => linhaDe(f, nomes)), proximo: fs.length > PAGINA ? pagina.at(-1)!.titularId : null, titulares: n };
}

export async function familiaSaldo(ctx: AppContext, s: RequestSession, titularId: number, competencia: string): Promise<SaldoConsignadoFamilia> {
  const comp = competenciaIso(competencia)!;
  const where = sql`${await titularesWhere(ctx, s, { competencia: comp, empresa: null, produto: null })} and b.id = ${titularId}`;
  const [f] = await familias(ctx.db, await lerTabelas(ctx.db, comp), { competencia: comp, empresa: null, produto: null }, where, titularId - 1, 1);
  if (!f || f.titularId !== titularId) throw notFound('Titular não encontrado entre os ativos na competência.');
  const nomes = await nomesDe(ctx, [titularId]);
  return {
    ...linhaDe(f, nomes),
    competencia: comp,
    membros: f.membros.map((m) => ({ id: m.id, nome: m.nome, matricula: m.matricula, relacao: m.relacao, idade: m.idade, mensalidade: m.mensalidade, coparticipacao: m.coparticipacao, limiteCortou: m.limiteCortou, eventos: m.eventos })),
  };
}

const familiaQuery = saldoConsignadoQuery.pick({ competencia: true });

export function saldoConsignadoRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: { command: COMANDO } } as const;
  app.get('/api/saldo-consignado', { config: { ...config, queryParams: Object.keys(saldoConsignadoQuery.shape) }, schema: { querystring: saldoConsignadoQuery } }, async (req) => ({
    result: await paginaSaldo(ctx, sessionOf(req), parse(saldoConsignadoQuery, req.query)),
  }));
  app.get('/api/saldo-consignado/:id', { config: { ...config, queryParams: ['competencia'] }, schema: { params: idParams, querystring: familiaQuery } }, async (req) => ({
    result: await familiaSaldo(ctx, sessionOf(req), req.params.id, parse(familiaQuery, req.query).competencia),
  }));
}
