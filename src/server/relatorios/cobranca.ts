import { sql } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { percentual } from '../../shared/relatorios/define';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind } from './comum';
import { MES, TITULAR, TITULOS } from './contribuicoes';
import type { ReportSource } from './engine';

/** The collection reports' data (src/shared/relatorios/cobranca.ts), over the titles of src/server/relatorios/contribuicoes.ts. */

const n = (v: unknown) => toCentavos(v) ?? 0;

/**
 * rep134 — one row per competência (id YYYYMM) of the live titles (open or paid: a reversed or cancelled one was
 * not a charge), those paid, and those still open and past due today; the plan (the titular's) is read by `bind`
 * into the aggregate, the period filters the competência outside it.
 */
export const inadimplenciaCompetenciaSource: ReportSource = {
  from: sql`titulos q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: { expr: sql`q.competencia` }, produto: lidoNoBind },
  rows: () => Promise.reject(new Error('rep134: a fonte precisa do plano (bind)')),
  async bind(_ctx, _s, q) {
    const produto = q.filters.find((f) => f.field === 'produto')?.value;
    const agg = sql`(select (to_char(t.competencia, 'YYYYMM'))::int as id, t.competencia, count(*)::int as emitidos, sum(t.valor) as valor_emitido,
        count(*) filter (where t.data_pagamento is not null)::int as pagos, coalesce(sum(t.valor_pago), 0) as valor_pago,
        count(*) filter (where t.status = 'ABERTO' and t.vencimento < current_date)::int as vencidos,
        coalesce(sum(t.valor) filter (where t.status = 'ABERTO' and t.vencimento < current_date), 0) as valor_vencido
      from ${TITULOS}
      where t.status in ('ABERTO', 'PAGO') ${produto == null ? sql`` : sql`and t.produto_id = ${Number(produto)}`}
      group by t.competencia) q`;
    return {
      from: agg,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, periodo: { expr: sql`q.competencia` }, produto: lidoNoBind },
      sums: { emitidos: sql`q.emitidos`, valorEmitido: sql`q.valor_emitido`, pagos: sql`q.pagos`, valorPago: sql`q.valor_pago`, vencidos: sql`q.vencidos`, valorVencido: sql`q.valor_vencido` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, to_char(q.competencia, 'MM/YYYY') as mes, q.emitidos, q.valor_emitido, q.pagos, q.valor_pago, q.vencidos, q.valor_vencido
            from ${pageIds(ids, 'k')} join ${agg} on q.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({
          id: r.id,
          mes: r.mes,
          emitidos: r.emitidos,
          valorEmitido: n(r.valor_emitido),
          pagos: r.pagos,
          valorPago: n(r.valor_pago),
          vencidos: r.vencidos,
          valorVencido: n(r.valor_vencido),
          taxa: percentual(n(r.valor_vencido), n(r.valor_emitido)),
        }));
      },
    };
  },
};

/** rep205 — the titles issued in the period, by competência (in its order), then by titular. */
export const contraprestacoesEmitidasSource: ReportSource = {
  from: TITULOS,
  alias: 't',
  fields: {
    id: { expr: sql`t.id` },
    grupo: { expr: MES, sortExpr: sql`t.competencia` },
    titular: { expr: sql`t.titular_nome` },
    emissao: { expr: sql`t.emissao` },
    status: { expr: sql`t.status` },
    produto: { expr: sql`t.produto_id` },
  },
  sums: { mensalidade: sql`t.mensalidade`, subsidio: sql`t.subsidio`, coparticipacao: sql`t.coparticipacao`, valor: sql`t.valor` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select t.id, ${MES} as grupo, ${TITULAR} as titular, t.nosso_numero as "nossoNumero", t.emissao::text as emissao, t.vencimento::text as vencimento,
          t.mensalidade, t.subsidio, t.coparticipacao, t.valor, t.status
        from ${pageIds(ids, 'k')} join ${TITULOS} on t.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, mensalidade: n(r.mensalidade), subsidio: n(r.subsidio), coparticipacao: n(r.coparticipacao), valor: n(r.valor) }));
  },
};
