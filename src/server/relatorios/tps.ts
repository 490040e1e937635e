import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../shared/lists/types';
import { periodoDoTrimestre, trimestreBr } from '../../shared/sip/analise';
import { todayIso } from '../../shared/dates';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, badRequest } from '../http/errors';
import { pageIds } from '../lists/source';
import { lidoNoBind } from './comum';
import type { ReportSource } from './engine';

/**
 * TPS (src/shared/relatorios/tps.ts): one SQL, `tpsMensal`, gives each plan × month its beneficiaries, value, discounts,
 * increases and amount due by the configuration in force on the month's last day; rep039 lists it, rep038 sums it per
 * quarter and plan — the synthetic is the analytic's sum, never a second calculation.
 */

const valor = (q: ListQuery, campo: string) => q.filters.find((f) => f.field === campo && f.op === 'eq')?.value;
const mesBr = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The months (first days, ISO) from `inicio` to `fim`, none after today's month. */
function mesesDe(inicio: string, fim: string): string[] {
  const out: string[] = [];
  const hoje = todayIso().slice(0, 7);
  for (let a = Number(inicio.slice(0, 4)), m = Number(inicio.slice(5, 7)); `${a}-${String(m).padStart(2, '0')}` <= fim.slice(0, 7); m === 12 ? ((a += 1), (m = 1)) : (m += 1)) {
    const mes = `${a}-${String(m).padStart(2, '0')}`;
    if (mes > hoje) break;
    out.push(`${mes}-01`);
  }
  return out;
}

/** Refuses a month without a base in force on its last day, naming the month and where to register one. */
async function exigirBases(db: Db, meses: readonly string[]) {
  if (!meses.length) return;
  const sem = await query<{ mes: string }>(
    db,
    sql`select m.mes::text as mes from unnest(${`{${meses.join(',')}}`}::date[]) m(mes)
        where not exists (select 1 from bases_tps bt where bt.inicio_vigencia <= (m.mes + interval '1 month' - interval '1 day')::date
          and (bt.fim_vigencia is null or bt.fim_vigencia >= (m.mes + interval '1 month' - interval '1 day')::date))
        order by 1`,
  );
  if (sem.length)
    throw AppError.of(422, `Nenhuma base de cálculo da TPS vigente em ${sem.map((s) => mesBr(s.mes)).join(', ')}: cadastre-a em ANS (Operadora) › Bases de Cálculo da TPS.`);
}

/** The month's percentages of one effect in force for the plan (`c` of tpsMensal): by its segmentação, abrangência or contratação. */
const percentualVigente = (efeito: 'DESCONTO' | 'ACRESCIMO', alem = sql``) =>
  sql`(select sum(d.percentual) from descontos_tps d where d.efeito = ${efeito} ${alem} and d.inicio_vigencia <= c.dia and (d.fim_vigencia is null or d.fim_vigencia >= c.dia)
    and ((d.criterio = 'SEGMENTACAO' and d.segmentacao = c.segmentacao) or (d.criterio = 'ABRANGENCIA' and d.abrangencia = c.abrangencia) or (d.criterio = 'CONTRATACAO' and d.contratacao = c.contratacao)))`;

/**
 * Per plan and month (alias t): produto_id, mes (first day), n (beneficiaries on its last day, not older than the
 * base's limit), base, pdesc/pacr (the percentages summed), desconto, acrescimo and devido (centavos, half up).
 * Plans with no beneficiary counted in any of the months are left out.
 */
export function tpsMensal(meses: readonly string[], produto: number | null): SQL {
  const doProduto = produto == null ? sql`` : sql`and p.id = ${produto}`;
  const doBeneficiario = produto == null ? sql`` : sql`and b.produto = ${produto}`;
  return sql`(
    with m as (select mes, (mes + interval '1 month' - interval '1 day')::date as dia from unnest(${`{${meses.join(',')}}`}::date[]) u(mes)),
    bm as (select m.mes, m.dia, bt.valor_beneficiario as v, bt.parcelas_ano as pa, bt.idade_limite as il, bt.descontos_desde as dd
      from m join lateral (select * from bases_tps bt where bt.inicio_vigencia <= m.dia and (bt.fim_vigencia is null or bt.fim_vigencia >= m.dia) order by bt.inicio_vigencia desc, bt.id desc limit 1) bt on true),
    -- one pass over the beneficiaries for all the months (not one count per plan and month)
    cnt as (select b.produto as produto_id, bm.mes, count(*)::int as n from bm join beneficiarios b
        on b.data_adesao <= bm.dia and (b.situacao <> 'CANCELADO' or b.data_situacao > bm.dia)
          and (b.data_nascimento is null or b.data_nascimento > (bm.dia - make_interval(years => bm.il + 1))::date)
        where true ${doBeneficiario} group by b.produto, bm.mes),
    c as (select p.id as produto_id, bm.mes, coalesce(cnt.n, 0) as n,
        case when bm.dd is null or p.inicio_comercializacao >= bm.dd then true else false end as com_descontos,
        bm.v, bm.pa, bm.dia, p.abrangencia, p.contratacao, g.segmentacao
      from bm cross join produtos p join grupos_produtos g on g.id = p.grupo left join cnt on cnt.produto_id = p.id and cnt.mes = bm.mes where true ${doProduto}),
    pc as (select c.*,
        coalesce(${percentualVigente('DESCONTO', sql`and c.com_descontos`)}, 0) as pdesc,
        coalesce(${percentualVigente('ACRESCIMO')}, 0) as pacr,
        round(c.n::numeric * c.v / (c.pa * 3))::bigint as base
      from c where c.produto_id in (select produto_id from c group by produto_id having sum(n) > 0)),
    r as (select pc.*, least(pc.pdesc, 100) as pd, round(pc.base * least(pc.pdesc, 100) / 100)::bigint as desconto, round(pc.base * pc.pacr / 100)::bigint as acrescimo from pc)
    select r.produto_id, r.mes, r.n, r.base, r.pd as pdesc, r.pacr, r.desconto, r.acrescimo, (r.base - r.desconto + r.acrescimo)::bigint as devido from r
  )`;
}

const produtoDe = (q: ListQuery) => {
  const v = valor(q, 'produto');
  return v == null ? null : Number(v);
};

/** rep039: id = plan × 10 + the month's place in the quarter (1–3). */
const analiticoBase: ReportSource = {
  from: sql`produtos q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, trimestre: lidoNoBind, produto: lidoNoBind },
  rows: () => Promise.reject(new Error('rep039: a fonte precisa do trimestre (bind)')),
};

export const tpsAnaliticoSource: ReportSource = {
  ...analiticoBase,
  async bind(ctx, _s, q) {
    const t = valor(q, 'trimestre');
    const p = periodoDoTrimestre(t);
    if (!p) throw badRequest('Trimestre inválido: use AAAA-T (ex.: 2026-1).', 'trimestre');
    const meses = mesesDe(p.inicio, p.fim);
    await exigirBases(ctx.db, meses);
    const agg = meses.length
      ? sql`(select t.produto_id * 10 + ((extract(month from t.mes)::int - 1) % 3) + 1 as id, t.*, pr.nome, pr.registro_ans from ${tpsMensal(meses, produtoDe(q))} t join produtos pr on pr.id = t.produto_id)`
      : sql`(select 0 as id, 0 as produto_id, null::date as mes, 0 as n, 0::bigint as base, 0 as pdesc, 0 as pacr, 0::bigint as desconto, 0::bigint as acrescimo, 0::bigint as devido, '' as nome, '' as registro_ans where false)`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: sql`(q.nome || ' (' || q.registro_ans || ')')`, sortExpr: sql`q.nome || q.produto_id::text` },
        mes: { expr: sql`q.mes` },
        trimestre: lidoNoBind,
        produto: lidoNoBind,
      },
      sums: { beneficiarios: sql`q.n`, valorBase: sql`q.base`, desconto: sql`q.desconto`, acrescimo: sql`q.acrescimo`, devido: sql`q.devido` },
      async rows(db, ids) {
        const rows = await query<Record<string, unknown>>(db, sql`select q.*, q.mes::text as mes_iso from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`);
        return rows.map((r) => ({
          id: Number(r.id),
          grupo: `${String(r.nome)} (${String(r.registro_ans)})`,
          mes: mesBr(String(r.mes_iso)),
          beneficiarios: Number(r.n),
          valorBase: Number(r.base),
          percentualDesconto: Number(r.pdesc),
          desconto: Number(r.desconto),
          percentualAcrescimo: Number(r.pacr),
          acrescimo: Number(r.acrescimo),
          devido: Number(r.devido),
        }));
      },
    };
  },
};

/** rep038: id = plan × 10 + the quarter (1–4); the rows are the analytic's months summed. */
const sinteticoBase: ReportSource = {
  from: sql`produtos q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, ano: lidoNoBind, produto: lidoNoBind },
  rows: () => Promise.reject(new Error('rep038: a fonte precisa do ano (bind)')),
};

export const tpsSinteticoSource: ReportSource = {
  ...sinteticoBase,
  async bind(ctx, _s, q) {
    const ano = String(valor(q, 'ano') ?? '');
    if (!/^20\d\d$/.test(ano)) throw badRequest('Ano inválido: use AAAA (ex.: 2026).', 'ano');
    const meses = mesesDe(`${ano}-01-01`, `${ano}-12-31`);
    await exigirBases(ctx.db, meses);
    const agg = meses.length
      ? sql`(select t.produto_id * 10 + (extract(month from t.mes)::int + 2) / 3 as id, t.produto_id, (extract(month from t.mes)::int + 2) / 3 as tri,
            count(*)::int as meses, sum(t.n)::int as n, sum(t.base)::bigint as base, max(t.pdesc) as pdesc, max(t.pacr) as pacr, sum(t.desconto)::bigint as desconto,
            sum(t.acrescimo)::bigint as acrescimo, sum(t.devido)::bigint as devido, pr.nome, pr.registro_ans
          from ${tpsMensal(meses, produtoDe(q))} t join produtos pr on pr.id = t.produto_id
          group by t.produto_id, (extract(month from t.mes)::int + 2) / 3, pr.nome, pr.registro_ans)`
      : sql`(select 0 as id, 0 as produto_id, 0 as tri, 0 as meses, 0 as n, 0::bigint as base, 0 as pdesc, 0 as pacr, 0::bigint as desconto, 0::bigint as acrescimo, 0::bigint as devido, '' as nome, '' as registro_ans where false)`;
    const grupo = sql`(q.tri::text || 'º trimestre de ' || ${ano}::text)`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: grupo, sortExpr: sql`q.tri` },
        plano: { expr: sql`(q.nome || ' (' || q.registro_ans || ')')` },
        ano: lidoNoBind,
        produto: lidoNoBind,
      },
      sums: { valorBase: sql`q.base`, desconto: sql`q.desconto`, acrescimo: sql`q.acrescimo`, devido: sql`q.devido` },
      async rows(db, ids) {
        const rows = await query<Record<string, unknown>>(db, sql`select q.* from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`);
        return rows.map((r) => ({
          id: Number(r.id),
          grupo: trimestreBr(`${ano}-${Number(r.tri)}`),
          plano: `${String(r.nome)} (${String(r.registro_ans)})`,
          meses: Number(r.meses),
          mediaBeneficiarios: Math.round((Number(r.n) * 100) / Number(r.meses)) / 100,
          beneficiarios: Number(r.n),
          valorBase: Number(r.base),
          percentualDesconto: Number(r.pdesc),
          desconto: Number(r.desconto),
          percentualAcrescimo: Number(r.pacr),
          acrescimo: Number(r.acrescimo),
          devido: Number(r.devido),
        }));
      },
    };
  },
};

