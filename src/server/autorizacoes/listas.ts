import { sql, type SQL } from 'drizzle-orm';
import { STATUS } from '../../shared/autorizacoes';
import { LISTAS } from '../../shared/autorizacoes/listas';
import { EXACT_COUNT_LIMIT } from '../../shared/lists/types';
import { toCentavos } from '../../shared/money';
import { onlyDigits } from '../../shared/text';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { escapeLike, query } from '../db/sql';
import { buscaNome } from '../lists/busca-nome';
import type { FastifyInstance } from 'fastify';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { linha, type LinhaRow } from './service';

/**
 * The source of every list of authorization requests (one definition each: src/shared/autorizacoes/listas.ts), over
 * hundreds of thousands of rows (ARCHITECTURE list budget):
 * - filters are conditions on `autorizacoes` alone (beneficiary, provider and procedure as id subqueries on their
 *   own indexes), so the page is cut on the table's indexes — the queues' order (status, caráter desc, data, id,
 *   tipo) is one index, read index-only — and only the page's rows are joined to names and item counts;
 * - the totals (requested, authorized, authorized value) are the summary's, over at most TOTAIS_LIMITE requests.
 */

/** Digits typed as a document (punctuation allowed), or null when the term is a name. */
const soDigitos = (s: string) => {
  const d = onlyDigits(s);
  return d.length > 0 && d.length === s.replace(/[\s.\-/]/g, '').length ? d : null;
};

const beneficiarioPorTermo = (v: string): SQL => {
  // card, matrícula or CPF by their digits, else any part of the name (busca-nome.ts: accents ignored, indexed)
  const d = soDigitos(v);
  if (d && d.length >= 6) return sql`a.beneficiario_id in (select id from beneficiarios where carteirinha = ${d} or matricula = ${d} or cpf = ${d})`;
  return sql`a.beneficiario_id in (select id from beneficiarios where ${buscaNome(sql`nome_busca`, v).where})`;
};

const prestadorPorTermo = (v: string): SQL => {
  // CPF or CNPJ by their digits, else any part of the name (the provider lookup's rule)
  const d = soDigitos(v);
  if (d && d.length >= 11) return sql`a.prestador_id in (select id from prestadores where cpf = ${d} or cnpj = ${d})`;
  return sql`a.prestador_id in (select id from prestadores where ${buscaNome(sql`nome_busca`, v).where})`;
};

const procedimentoPorTermo = (v: string): SQL => {
  // a TUSS code: any item with it (index on the items' code); a text: the first item's code and description
  const c = v.trim();
  if (/^\d{3,10}$/.test(c)) return sql`a.id in (select i.autorizacao_id from autorizacao_itens i where i.codigo = ${c})`;
  return sql`a.procedimento ilike ${`%${escapeLike(c)}%`}`;
};

/** The page's rows by id, in that order, with names and item counts read for them only. */
async function linhas(db: Db, ids: number[]): Promise<Row[]> {
  const rows = await query<LinhaRow>(
    db,
    sql`select a.id, a.numero, a.tipo, a.status, a.carater, a.data_solicitacao, a.beneficiario_id, b.nome as beneficiario_nome, b.carteirinha,
      a.prestador_id, p.nome as prestador_nome, a.procedimento,
      (select count(*)::int from autorizacao_itens i where i.autorizacao_id = a.id) as itens,
      a.senha, a.validade_senha, a.valor_centavos, a.version
      from ${pageIds(ids)}
      join autorizacoes a on a.id = pg.id join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = a.prestador_id
      order by pg.ord`,
  );
  return rows.map(linha) as unknown as Row[];
}

/** Totals of the matching requests: how many, how many authorized (fully or partially) and the authorized value. */
async function totais(db: Db, where: SQL): Promise<Record<string, number>> {
  const [t] = await query<{ solicitados: number; autorizados: number; valor: unknown }>(
    db,
    sql`select count(*)::int as solicitados, count(*) filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE}))::int as autorizados,
      coalesce(sum((select coalesce(sum(i.quantidade_autorizada * i.valor_centavos), 0) from autorizacao_itens i where i.autorizacao_id = a.id))
        filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE})), 0)::bigint as valor
      from autorizacoes a where ${where}`,
  );
  return { solicitados: Number(t.solicitados), autorizados: Number(t.autorizados), valorAutorizado: toCentavos(t.valor) ?? 0 };
}

export const autorizacoesSource: ListSource = {
  from: sql`autorizacoes a`,
  alias: 'a',
  fields: {
    numero: { expr: sql`a.numero` },
    dataSolicitacao: { expr: sql`a.data_solicitacao` },
    tipo: { expr: sql`a.tipo` },
    status: { expr: sql`a.status` },
    carater: { expr: sql`a.carater` },
    valor: { expr: sql`a.valor_centavos` },
    beneficiarioId: { expr: sql`a.beneficiario_id` },
    beneficiario: { search: beneficiarioPorTermo, sortExpr: sql`b.nome_busca`, join: sql`join beneficiarios b on b.id = a.beneficiario_id` },
    prestador: { search: prestadorPorTermo, sortExpr: sql`p.nome_busca`, join: sql`join prestadores p on p.id = a.prestador_id` },
    procedimento: { search: procedimentoPorTermo },
  },
  rows: linhas,
  totals: totais,
};

/**
 * One GET per list — the page —, one `/resumo` — the exact count and the totals — and one `/vizinhos` — the requests
 * before and after one, for the decision screen —, each guarded by the list's command.
 */
export function listasRoutes(app: FastifyInstance, ctx: AppContext) {
  // beyond a small estimate the total is not counted (estimates err by a factor of two at worst on these filters)
  for (const def of LISTAS) registerList(app, ctx, def, autorizacoesSource, { trustEstimateAbove: 2 * EXACT_COUNT_LIMIT });
}
