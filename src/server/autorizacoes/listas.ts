import { sql, type SQL } from 'drizzle-orm';
import { STATUS, brToIso, statusFromQuery, type ListaAutorizacoes, type ListaQuery } from '../../shared/autorizacoes';
import { TOTAIS_LIMITE, type ListaDef, type ResumoLista, type TotaisLista } from '../../shared/autorizacoes/listas';
import { EXACT_COUNT_LIMIT } from '../../shared/resources/query';
import { toCentavos } from '../../shared/money';
import { fold } from '../../shared/text';
import type { Db } from '../db/client';
import { linha, query, type Escopo, type LinhaRow } from './service';

/**
 * The lists of authorization requests over hundreds of thousands of rows (issue 7, ARCHITECTURE list budget):
 * - the filters are conditions on `autorizacoes` alone (beneficiary, provider and procedure as id subqueries on
 *   their own indexes), so the page is cut on the table's indexes — the queues' order (status, caráter desc,
 *   data, id, tipo) is one index, read index-only — and only the page's rows are joined to names and item counts;
 * - the page asks one row more than it shows (hasMore) instead of counting; the total beside it is exact when
 *   small (up to EXACT_COUNT_LIMIT, like the generic resource lists), the planner's estimate otherwise;
 * - the exact count (up to COUNT_LIMIT) and the totals (up to TOTAIS_LIMITE requests) are the summary's, asked
 *   separately by the screen once the page is painted.
 */

/** Counting stops here: past it the summary gives the estimate. */
export const COUNT_LIMIT = 100_000;
/**
 * Beyond this planner estimate the page's total is not counted at all (shown as "cerca de"): counting would only
 * confirm "more than EXACT_COUNT_LIMIT" (estimates err by a factor of two at worst on these filters).
 */
const TRUST_ESTIMATE_ABOVE = 2 * EXACT_COUNT_LIMIT;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const soDigitos = (s: string) => {
  const d = s.replace(/\D/g, '');
  return d.length > 0 && d.length === s.replace(/[\s.\-/]/g, '').length ? d : null;
};

/** The WHERE of a list: the record rules (escopo), the list's guide types and default status, and the side-search filters. */
export function whereOf(q: ListaQuery, escopo: Escopo, lista?: Pick<ListaDef, 'tipos' | 'statusPadrao'>): { where: SQL; problems: string[] } {
  const parts: SQL[] = [];
  const problems: string[] = [];
  if ('prestadorId' in escopo) parts.push(sql`(a.prestador_id = ${escopo.prestadorId} or a.prestador_executante_id = ${escopo.prestadorId})`);
  if ('beneficiarioIds' in escopo) parts.push(escopo.beneficiarioIds.length ? sql`a.beneficiario_id in (${sql.join(escopo.beneficiarioIds.map((i) => sql`${i}`), sql`, `)})` : sql`false`);
  const tipos = lista?.tipos ?? null;
  if (tipos) parts.push(tipos.length === 1 ? sql`a.tipo = ${tipos[0]}` : sql`a.tipo in (${sql.join(tipos.map((t) => sql`${t}`), sql`, `)})`);
  const inicio = brToIso(q.inicio);
  const termino = brToIso(q.termino);
  if (q.inicio && !inicio) problems.push('Data de início inválida (use DD/MM/AAAA).');
  if (q.termino && !termino) problems.push('Data de término inválida (use DD/MM/AAAA).');
  if (inicio) parts.push(sql`a.data_solicitacao >= ${inicio}`);
  if (termino) parts.push(sql`a.data_solicitacao <= ${termino}`);
  if (q.statusAutorizacao) {
    const st = statusFromQuery(q.statusAutorizacao);
    if (st == null) problems.push('Status da autorização inválido.');
    else parts.push(sql`a.status = ${st}`);
  } else if (lista?.statusPadrao) parts.push(sql`a.status = ${lista.statusPadrao}`);
  if (q.beneficiarioId) parts.push(sql`a.beneficiario_id = ${q.beneficiarioId}`);
  if (q.beneficiario) {
    // the operator's beneficiary lookup: card, matrícula or CPF by their digits, else the name's prefix (accents ignored, indexed)
    const d = soDigitos(q.beneficiario);
    if (d && d.length >= 6) parts.push(sql`a.beneficiario_id in (select id from beneficiarios where carteirinha = ${d} or matricula = ${d} or cpf = ${d})`);
    else parts.push(sql`a.beneficiario_id in (select id from beneficiarios where nome_busca like ${`${escapeLike(fold(q.beneficiario).replace(/\s+/g, ' '))}%`})`);
  }
  if (q.prestador) {
    // CPF or CNPJ by their digits, else the name: its prefix or a word's prefix (the provider lookup's rule)
    const d = soDigitos(q.prestador);
    if (d && d.length >= 11) parts.push(sql`a.prestador_id in (select id from prestadores where cpf = ${d} or cnpj = ${d})`);
    else {
      const n = escapeLike(fold(q.prestador).replace(/\s+/g, ' '));
      parts.push(sql`a.prestador_id in (select id from prestadores where nome_busca like ${`${n}%`} or nome_busca like ${`% ${n}%`})`);
    }
  }
  if (q.procedimento) {
    const c = q.procedimento.trim();
    // a TUSS code: any item with it (index on the items' code); a text: the first item's code and description
    if (/^\d{3,10}$/.test(c)) parts.push(sql`a.id in (select i.autorizacao_id from autorizacao_itens i where i.codigo = ${c})`);
    else parts.push(sql`a.procedimento ilike ${`%${escapeLike(c)}%`}`);
  }
  if (q.carater) parts.push(sql`a.carater = ${q.carater}`);
  if (q.tipo) parts.push(sql`a.tipo = ${q.tipo}`);
  if (q.numero) parts.push(sql`a.numero = ${q.numero}`);
  return { where: parts.length ? sql.join(parts, sql` and `) : sql`true`, problems };
}

/** Sorts the lists offer; a name sort joins the beneficiary or provider for the page's cut. */
const SORTS: Record<string, { col: string; join?: 'b' | 'p' }> = {
  dataSolicitacao: { col: 'a.data_solicitacao' },
  numero: { col: 'a.numero' },
  status: { col: 'a.status' },
  carater: { col: 'a.carater' },
  valor: { col: 'a.valor_centavos' },
  beneficiario: { col: 'b.nome_busca', join: 'b' },
  prestador: { col: 'p.nome_busca', join: 'p' },
};

export function orderOf(sort: string | undefined, ordem: ListaDef['ordem']): { order: SQL; join?: 'b' | 'p' } {
  if (sort) {
    const [f, dir] = sort.split('.');
    const s = SORTS[f];
    if (s) {
      const d = dir === 'desc' ? 'desc' : 'asc';
      return { order: sql.raw(`${s.col} ${d}, a.id ${d}`), join: s.join };
    }
  }
  // queues: urgent first, then the oldest (index autorizacoes_fila_carater_idx); other lists: the newest first
  return { order: sql.raw(ordem === 'fila' ? 'a.carater desc, a.data_solicitacao asc, a.id asc' : 'a.data_solicitacao desc, a.id desc') };
}

const JOINS = { b: sql`join beneficiarios b on b.id = a.beneficiario_id`, p: sql`join prestadores p on p.id = a.prestador_id` };

/**
 * One page: the ids are cut on `autorizacoes` alone (order, limit + 1, offset: an index-only scan for the queues),
 * then those rows are read by id with their names and item counts, in the cut's order.
 */
async function pagina(db: Db, q: ListaQuery, where: SQL, ordem: ListaDef['ordem']): Promise<LinhaRow[]> {
  const { order, join } = orderOf(q.sort, ordem);
  const ids = sql`select a.id from autorizacoes a ${join ? JOINS[join] : sql``} where ${where} order by ${order} limit ${q.limit + 1} offset ${q.offset}`;
  return query<LinhaRow>(
    db,
    sql`select a.id, a.numero, a.tipo, a.status, a.carater, a.data_solicitacao, a.beneficiario_id, b.nome as beneficiario_nome, b.carteirinha,
      a.prestador_id, p.nome as prestador_nome, a.procedimento,
      (select count(*)::int from autorizacao_itens i where i.autorizacao_id = a.id) as itens,
      a.senha, a.validade_senha, a.valor_centavos, a.version
      from unnest(array(${ids})) with ordinality as pg(id, ord)
      join autorizacoes a on a.id = pg.id join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = a.prestador_id
      order by pg.ord`,
  );
}

/** The planner's row estimate for a list's WHERE (planning only, no rows read). */
async function estimativa(db: Db, where: SQL): Promise<number> {
  const [first] = await query<Record<string, unknown>>(db, sql`explain (format json) select 1 from autorizacoes a where ${where}`);
  const json = Object.values(first)[0];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** Exact count up to `limite` (+1: more than that). */
async function contarAte(db: Db, where: SQL, limite: number): Promise<number> {
  const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from autorizacoes a where ${where} limit ${limite + 1}) s`);
  return Number(n);
}

/** Totals of the matching requests: how many, how many authorized (fully or partially) and the authorized value. */
async function totaisDe(db: Db, where: SQL): Promise<TotaisLista> {
  const [t] = await query<{ solicitados: number; autorizados: number; valor: number }>(
    db,
    sql`select count(*)::int as solicitados, count(*) filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE}))::int as autorizados,
      coalesce(sum((select coalesce(sum(i.quantidade_autorizada * i.valor_centavos), 0) from autorizacao_itens i where i.autorizacao_id = a.id))
        filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE})), 0)::bigint as valor
      from autorizacoes a where ${where}`,
  );
  return { solicitados: Number(t.solicitados), autorizados: Number(t.autorizados), valorAutorizado: toCentavos(t.valor) ?? 0 };
}

/**
 * A page of a list. The total: from the page itself when it is the last one; else exact up to EXACT_COUNT_LIMIT
 * when the planner expects few rows; else the planner's estimate (exact: false). A list with totals carries them
 * when the whole list is that small (otherwise the summary has them).
 */
export async function listar(db: Db, q: ListaQuery, where: SQL, lista: Pick<ListaDef, 'ordem' | 'totais'>): Promise<ListaAutorizacoes> {
  const rows = await pagina(db, q, where, lista.ordem);
  const hasMore = rows.length > q.limit;
  if (hasMore) rows.length = q.limit;
  let total: number;
  let exact = true;
  if (!hasMore && (rows.length > 0 || q.offset === 0)) total = q.offset + rows.length;
  else {
    const est = await estimativa(db, where);
    if (est > TRUST_ESTIMATE_ABOVE) [total, exact] = [est, false];
    else {
      const n = await contarAte(db, where, EXACT_COUNT_LIMIT);
      if (n <= EXACT_COUNT_LIMIT) total = n;
      else [total, exact] = [Math.max(EXACT_COUNT_LIMIT + 1, est), false];
    }
  }
  // an estimate never says fewer than the rows already seen
  if (!exact) total = Math.max(total, q.offset + rows.length + (hasMore ? 1 : 0));
  const out: ListaAutorizacoes = { rows: rows.map(linha), total, exact, hasMore };
  if (lista.totais && exact && total <= EXACT_COUNT_LIMIT) out.totais = await totaisDe(db, where);
  return out;
}

/** The summary of a list: the exact count (up to COUNT_LIMIT, else the estimate) and the totals up to TOTAIS_LIMITE. */
export async function resumir(db: Db, where: SQL, lista: Pick<ListaDef, 'totais'>): Promise<ResumoLista> {
  const est = await estimativa(db, where);
  let total: number;
  let exact = true;
  if (est > COUNT_LIMIT * 2) [total, exact] = [est, false];
  else {
    const n = await contarAte(db, where, COUNT_LIMIT);
    if (n <= COUNT_LIMIT) total = n;
    else [total, exact] = [Math.max(COUNT_LIMIT + 1, est), false];
  }
  const totais = lista.totais && exact && total <= TOTAIS_LIMITE ? await totaisDe(db, where) : null;
  return { total, exact, totais };
}
