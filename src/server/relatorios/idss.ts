import { sql, type SQL } from 'drizzle-orm';
import { DIMENSOES_IDSS, SENTIDOS_IDSS } from '../../shared/resources/ans';
import { PARTOS } from '../../shared/relatorios/faturamento';
import { UNIDADE_IDSS } from '../../shared/relatorios/idss';
import { query } from '../db/sql';
import { pageIds } from '../lists/source';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';

/**
 * rep363 — IDSS (src/shared/relatorios/idss.ts): the active indicators with the value of their calculation in the
 * period, each calculation one SQL over the portal's own records (cross joined once: a handful of aggregates), or
 * the value the ANS published. Beneficiaries "ativos" at the period's end: joined by then and not cancelled by then,
 * the rule of the SIP and the TPS.
 */

const ATIVOS = (ate: string) => sql`beneficiarios b where b.data_adesao <= ${ate}::date and (b.situacao <> 'CANCELADO' or b.data_situacao > ${ate}::date)`;

/** The period's figures the calculations read (one row). */
export function figurasIdss(de: string, ate: string): SQL {
  const codigos = sql.join([...PARTOS.normal, ...PARTOS.cesareo].map((c) => sql`${c}`), sql`, `);
  const cesareos = sql.join(PARTOS.cesareo.map((c) => sql`${c}`), sql`, `);
  return sql`(select
      (select count(*) from ${ATIVOS(ate)})::int as ativos,
      (select count(*) from ${ATIVOS(ate)} and nullif(b.cpf, '') is not null and nullif(b.cns, '') is not null and nullif(trim(b.nome_mae), '') is not null)::int as completos,
      (select count(*) from (select g.id, bool_or(i.codigo_procedimento in (${cesareos})) as cesareo
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id
          where i.procedimento_id in (select id from procedimentos where codigo in (${codigos}))
            and (i.valor_liberado_centavos is null or i.valor_liberado_centavos > 0) and g.data_atendimento between ${de}::date and ${ate}::date
          group by g.id) k)::int as partos,
      (select count(*) from (select g.id, bool_or(i.codigo_procedimento in (${cesareos})) as cesareo
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id
          where i.procedimento_id in (select id from procedimentos where codigo in (${codigos}))
            and (i.valor_liberado_centavos is null or i.valor_liberado_centavos > 0) and g.data_atendimento between ${de}::date and ${ate}::date
          group by g.id) k where k.cesareo)::int as cesareos,
      (select coalesce(sum(i.quantidade), 0) from itens_faturados i join guias_faturadas g on g.id = i.guia_id
          where i.codigo_tabela = '22' and i.codigo_procedimento like '101010%' and (i.valor_liberado_centavos is null or i.valor_liberado_centavos > 0)
            and g.data_atendimento between ${de}::date and ${ate}::date)::int as consultas,
      (select count(*) from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id
          where p.tipo_guia = 'RESUMO_INTERNACAO' and g.data_atendimento between ${de}::date and ${ate}::date)::int as internacoes
  ) f`;
}

const VALOR = sql`(case i.calculo
    when 'INFORMADO' then i.valor_informado
    when 'QUALIDADE_CADASTRAL' then round(100.0 * f.completos / nullif(f.ativos, 0), 2)
    when 'PARTO_CESAREO' then round(100.0 * f.cesareos / nullif(f.partos, 0), 2)
    when 'CONSULTAS' then round(f.consultas::numeric / nullif(f.ativos, 0), 4)
    when 'INTERNACOES' then round(1000.0 * f.internacoes / nullif(f.ativos, 0), 2)
  end)`;

const dimensaoRotulo = sql.raw(`(case q.dimensao ${DIMENSOES_IDSS.map(([k, l]) => `when '${k}' then '${k} · ${l}'`).join(' ')} else q.dimensao end)`);

const base: ReportSource = {
  from: sql`indicadores_idss q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep363: a fonte precisa do período (bind)')),
};

export const idssSource: ReportSource = {
  ...base,
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = sql`(select i.id, i.dimensao, i.codigo, i.nome, i.formula, i.calculo, i.peso, i.meta, i.sentido, ${VALOR} as valor
      from indicadores_idss i cross join ${figurasIdss(de, ate)} where i.ativo)`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: dimensaoRotulo, sortExpr: sql`q.dimensao` },
        codigo: { expr: sql`q.codigo` },
        dimensao: { expr: sql`q.dimensao` },
        periodo: lidoNoBind,
      },
      async rows(db, ids) {
        const rows = await query<Record<string, unknown>>(db, sql`select q.*, ${dimensaoRotulo} as grupo from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`);
        return rows.map((r) => {
          const valor = r.valor == null ? null : Number(r.valor);
          const meta = r.meta == null ? null : Number(r.meta);
          const maior = r.sentido === 'MAIOR';
          const situacao = valor == null ? 'SEM_VALOR' : meta == null ? 'SEM_META' : (maior ? valor >= meta : valor <= meta) ? 'ATINGIDA' : 'NAO_ATINGIDA';
          return {
            id: Number(r.id),
            grupo: String(r.grupo),
            codigo: r.codigo,
            nome: r.nome,
            origem: r.calculo === 'INFORMADO' ? 'INFORMADO' : 'CALCULADO',
            valor,
            unidade: UNIDADE_IDSS[r.calculo as keyof typeof UNIDADE_IDSS] ?? '',
            meta,
            sentido: SENTIDOS_IDSS.find(([k]) => k === r.sentido)?.[1] ?? '',
            peso: Number(r.peso),
            situacao,
            formula: r.formula,
          };
        });
      },
    };
  },
};
