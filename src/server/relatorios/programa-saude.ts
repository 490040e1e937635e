import { sql, type SQL } from 'drizzle-orm';
import { STATUS } from '../../shared/autorizacoes';
import { CIDS_GESTACAO, CONDICOES_CRONICAS } from '../../shared/relatorios/programa-saude';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, periodoDe, PLANO } from './comum';
import type { ReportSource } from './engine';

const emFaixas = (faixas: readonly (readonly [string, string])[]) =>
  sql.raw(`(${faixas.map(([de, ate]) => `left(a.cid, 3) between '${de}' and '${ate}'`).join(' or ')})`);
/** The condition's position (1…) of an authorization's CID, null when it is none of them. */
const CONDICAO_N = sql.join(
  [sql`(case`, ...CONDICOES_CRONICAS.map((c, i) => sql`when ${emFaixas(c.faixas)} then ${sql.raw(String(i + 1))}`), sql`end)`],
  sql` `,
);
const CONDICAO_LABEL = sql.raw(`(case q.cond ${CONDICOES_CRONICAS.map((c, i) => `when ${i + 1} then '${c.label}'`).join(' ')} end)`);
const IDADE = sql`date_part('year', age(current_date, b.data_nascimento))::int`;

const lido = lidoNoBind;

/** A person's authorizations of the period (not cancelled) grouped by `chave`: how many, first and last day, the CIDs. */
const porPessoa = (de: string, ate: string, chave: SQL, cond: SQL, id: SQL) =>
  sql`(select ${id} as id, a.beneficiario_id as benef, ${chave} as cond, count(*) as n, min(a.data_solicitacao) as primeira, max(a.data_solicitacao) as ultima,
      string_agg(distinct a.cid, ', ') as cids
    from autorizacoes a where a.status <> ${STATUS.CANCELADA} and a.data_solicitacao between ${de} and ${ate} and a.cid is not null and ${cond}
    group by a.beneficiario_id, ${chave})`;

const colunas = (grupo: SQL) => sql`q.id, ${grupo} as grupo, b.matricula, b.nome, ${IDADE} as idade, q.cids, q.n::int as autorizacoes,
  to_char(q.primeira, 'YYYY-MM-DD') as primeira, to_char(q.ultima, 'YYYY-MM-DD') as ultima, b.celular`;

/** rep218: one row per person and condition (id: beneficiary × 10 + the condition's position). */
export const condicoesCronicasSource: ReportSource = {
  from: sql`autorizacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lido, condicao: lido },
  rows: () => Promise.reject(new Error('rep218: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = porPessoa(de, ate, CONDICAO_N, sql`${CONDICAO_N} is not null`, sql`a.beneficiario_id * 10 + ${CONDICAO_N}`);
    return {
      from: sql`${agg} q join beneficiarios b on b.id = q.benef`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: CONDICAO_LABEL, sortExpr: sql`q.cond` },
        nome: { expr: sql`b.nome_busca` },
        periodo: lido,
        condicao: { filter: (_op, v) => sql`q.cond = ${CONDICOES_CRONICAS.findIndex((c) => c.value === v) + 1}` },
      },
      sums: { autorizacoes: sql`q.n` },
      rows: (db, ids) =>
        query<Row>(db, sql`select ${colunas(CONDICAO_LABEL)} from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join beneficiarios b on b.id = q.benef order by k.ord`),
    };
  },
};

/** rep320: one row per person with a pregnancy or prenatal CID in the period, by plan. */
export const gestantesSource: ReportSource = {
  from: sql`autorizacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lido },
  rows: () => Promise.reject(new Error('rep320: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = porPessoa(de, ate, sql`1`, emFaixas(CIDS_GESTACAO), sql`a.beneficiario_id`);
    const from = sql`${agg} q join beneficiarios b on b.id = q.benef join produtos pr on pr.id = b.produto`;
    return {
      from,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, grupo: { expr: PLANO, sortExpr: sql`b.produto` }, nome: { expr: sql`b.nome_busca` }, periodo: lido },
      sums: { autorizacoes: sql`q.n` },
      rows: (db, ids) =>
        query<Row>(
          db,
          sql`select ${colunas(PLANO)} from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join beneficiarios b on b.id = q.benef join produtos pr on pr.id = b.produto order by k.ord`,
        ),
    };
  },
};
