import { sql } from 'drizzle-orm';
import { STATUS } from '../../shared/autorizacoes';
import { toCentavos } from '../../shared/money';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';

/**
 * rep090: the items of the authorizations authorized (whole or in part) on a day of the period, each with the default
 * agreement of the beneficiary's plan for its procedure in force that day (the latest start wins, as in the Cálculo de
 * Procedimento) when it covers the procedure with a percentage; the share is the percentage of the authorized value
 * (quantity authorized × unit value), rounded half away from zero to the centavo, capped by the agreement's cap.
 */
function itens(de: string, ate: string) {
  return sql`(select i.id, i.autorizacao_id as aut, a.beneficiario_id as benef, a.data_autorizacao as data, i.quantidade_autorizada as qtd,
      i.quantidade_autorizada * i.valor_centavos as valor, ac.pct, ac.teto,
      least(round(i.quantidade_autorizada * i.valor_centavos * ac.pct / 100), coalesce(ac.teto, 9223372036854775807))::bigint as copart
    from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id join beneficiarios b on b.id = a.beneficiario_id
      join procedimentos p on p.codigo = i.codigo
      cross join lateral (select ap.coberto, ap.percentual_coparticipacao as pct, ap.valor_maximo_coparticipacao as teto from acordos_padrao_procedimentos ap
        where ap.produto = b.produto and ap.procedimento = p.id and ap.inicio_vigencia <= a.data_autorizacao and (ap.fim_vigencia is null or ap.fim_vigencia >= a.data_autorizacao)
        order by ap.inicio_vigencia desc, ap.id desc limit 1) ac
    where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE}) and a.data_autorizacao between ${de}::date and ${ate}::date
      and coalesce(i.quantidade_autorizada, 0) > 0 and ac.coberto and ac.pct > 0)`;
}

const BENEFICIARIO = sql`(b.nome || ' (' || b.matricula || ')')`;

export const coparticipacaoPrevistaSource: ReportSource = {
  from: sql`autorizacao_itens q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep090: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = itens(de, ate);
    return {
      from: sql`${agg} q join beneficiarios b on b.id = q.benef`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: BENEFICIARIO },
        dataAutorizacao: { expr: sql`q.data` },
        produto: { expr: sql`b.produto` },
        beneficiario: { expr: sql`b.nome`, folded: sql`b.nome_busca` },
        periodo: lidoNoBind,
      },
      sums: { quantidade: sql`q.qtd`, valorAutorizado: sql`q.valor`, coparticipacao: sql`q.copart` },
      async rows(db, ids) {
        const rows = await query<Row & { valorAutorizado: unknown; teto: unknown; coparticipacao: unknown; percentual: unknown }>(
          db,
          sql`select q.id, ${BENEFICIARIO} as grupo, a.numero, to_char(q.data, 'YYYY-MM-DD') as "dataAutorizacao", i.codigo || ' – ' || i.descricao as procedimento,
              q.qtd as quantidade, q.valor as "valorAutorizado", q.pct::text as percentual, q.teto, q.copart as coparticipacao
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join autorizacao_itens i on i.id = q.id join autorizacoes a on a.id = q.aut
              join beneficiarios b on b.id = q.benef order by k.ord`,
        );
        return rows.map((r) => ({
          ...r,
          valorAutorizado: toCentavos(r.valorAutorizado) ?? 0,
          teto: toCentavos(r.teto),
          coparticipacao: toCentavos(r.coparticipacao) ?? 0,
          percentual: Number(r.percentual),
        }));
      },
    };
  },
};
