import { sql, type SQL } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { ETAPAS_LIQUIDACAO } from '../../shared/relatorios/contabil';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { badRequest } from '../http/errors';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';

/** Contábil › Impostos (src/shared/relatorios/contabil.ts): one row per withholding of a payment not reversed. */

const n = (v: unknown) => toCentavos(v) ?? 0;
const RETENCOES = sql`(select r0.id, r0.tributo, r0.codigo_receita, r0.natureza_rendimento, r0.base_centavos as base, r0.aliquota, r0.valor_centavos as valor,
    p0.numero, p0.competencia as mes_iso, (p0.competencia || '-01')::date as competencia, p0.prestador_id
  from retencoes_pagamentos r0 join pagamentos_prestadores p0 on p0.id = r0.pagamento_id where p0.estornado_em is null) r`;
const GRUPO = sql`(r.tributo || coalesce(' · DARF ' || r.codigo_receita, ''))`;

export const impostosRetidosSource: ReportSource = {
  from: RETENCOES,
  alias: 'r',
  fields: {
    id: { expr: sql`r.id` },
    grupo: { expr: GRUPO },
    competencia: { expr: sql`r.competencia` },
    tributo: { expr: sql`r.tributo` },
  },
  sums: { base: sql`r.base`, valor: sql`r.valor` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select r.id, ${GRUPO} as grupo, to_char(r.competencia, 'MM/YYYY') as mes, r.numero, (px.nome || coalesce(' · ' || coalesce(px.cnpj, px.cpf), '')) as prestador,
          r.natureza_rendimento as natureza, r.base, replace(r.aliquota, '.', ',') as aliquota, r.valor
        from ${pageIds(ids, 'k')} join ${RETENCOES} on r.id = k.id join prestadores px on px.id = r.prestador_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, base: n(r.base), valor: n(r.valor) }));
  },
};

/** Contábil › Movimento Contábil: one row per entry; its value is both the debit and the credit. */
export const movimentoContabilSource: ReportSource = {
  from: sql`lancamentos_contabeis l`,
  alias: 'l',
  fields: {
    id: { expr: sql`l.id` },
    grupo: { expr: sql`l.origem` },
    data: { expr: sql`l.data` },
    competencia: { expr: sql`(l.competencia || '-01')::date` },
  },
  sums: { debito: sql`l.valor_centavos`, credito: sql`l.valor_centavos` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select l.id, l.origem as grupo, l.data::text as data, (l.documento_tipo || ' ' || l.documento) as documento, l.conta_debito as "contaDebito",
          l.conta_credito as "contaCredito", l.historico, l.valor_centavos as valor
        from ${pageIds(ids, 'k')} join lancamentos_contabeis l on l.id = k.id order by k.ord`,
    );
    return rows.map(({ valor, ...r }) => ({ ...r, debito: n(valor), credito: n(valor) }));
  },
};

// ---- rep120 Razão por Conta -----------------------------------------------------------------------------------------

/**
 * The ledger lines of a period (alias x): per account, an opening line (ordem 0, id −conta×2, moving the balance
 * before the period), each entry on that account's side (ordem 1; id entry×2 on the debit side, entry×2+1 on the
 * credit side) and a closing line (ordem 2, id −conta×2−1); `saldo` is the running sum of `mov` in that order.
 */
function razao(de: string, ate: string, conta: string | null): SQL {
  const daConta = conta ? sql`and m.conta = ${conta}` : sql``;
  return sql`(
    with m as (
      select l.id * 2 as id, l.conta_debito as conta, l.conta_credito as contrapartida, l.data, l.valor_centavos as debito, 0::bigint as credito, l.id as lancamento
        from lancamentos_contabeis l where l.data <= ${ate}::date
      union all
      select l.id * 2 + 1, l.conta_credito, l.conta_debito, l.data, 0::bigint, l.valor_centavos, l.id
        from lancamentos_contabeis l where l.data <= ${ate}::date
    ), ab as (
      select m.conta, coalesce(sum(m.debito - m.credito) filter (where m.data < ${de}::date), 0)::bigint as saldo
        from m where true ${daConta} group by m.conta
    ), linhas as (
      select -(ab.conta::bigint * 2)::int as id, ab.conta, 0 as ordem, ${de}::date as data, null::int as lancamento, null::varchar as contrapartida, 0::bigint as debito, 0::bigint as credito, ab.saldo as mov from ab
      union all
      select m.id, m.conta, 1, m.data, m.lancamento, m.contrapartida, m.debito, m.credito, m.debito - m.credito from m where m.data >= ${de}::date ${daConta}
      union all
      select -(ab.conta::bigint * 2 + 1)::int, ab.conta, 2, ${ate}::date, null, null, 0, 0, 0 from ab
    )
    select linhas.*, row_number() over w as seq, sum(linhas.mov) over (w rows unbounded preceding)::bigint as saldo
      from linhas window w as (partition by linhas.conta order by linhas.ordem, linhas.data, linhas.id)
  ) x`;
}

const CONTA_ROTULO = sql`(x.conta || coalesce(' · ' || (select pc.descricao from planos_contas pc where pc.codigo = x.conta), ''))`;

const razaoBase: ReportSource = {
  from: razao('1900-01-01', '1900-01-01', null),
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: CONTA_ROTULO, sortExpr: sql`x.conta` },
    seq: { expr: sql`x.seq` },
    periodo: lidoNoBind,
    conta: lidoNoBind,
  },
  sums: { debito: sql`x.debito`, credito: sql`x.credito` },
  rows: () => Promise.reject(new Error('rep120: a fonte precisa do período (bind)')),
};

export const razaoContaSource: ReportSource = {
  ...razaoBase,
  async bind(ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const id = q.filters.find((f) => f.field === 'conta' && f.op === 'eq')?.value;
    let conta: string | null = null;
    if (id != null) {
      const [c] = await query<{ codigo: string }>(ctx.db, sql`select codigo from planos_contas where id = ${Number(id)}`);
      if (!c) throw badRequest('Conta contábil não encontrada.', 'conta');
      conta = c.codigo;
    }
    const from = razao(de, ate, conta);
    return {
      ...razaoBase,
      from,
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select x.id, ${CONTA_ROTULO} as grupo, x.ordem, x.data::text as data, x.contrapartida, x.debito, x.credito, x.saldo, x.seq,
              l.documento_tipo, l.documento, l.historico
            from ${pageIds(ids, 'k')} join ${from} on x.id = k.id left join lancamentos_contabeis l on l.id = x.lancamento order by k.ord`,
        );
        return rows.map(({ ordem, documento_tipo, documento, debito, credito, saldo, seq, ...r }) => ({
          ...r,
          seq: Number(seq),
          documento: documento ? `${String(documento_tipo)} ${String(documento)}` : null,
          historico: ordem === 0 ? 'Saldo anterior' : ordem === 2 ? 'Saldo final' : r.historico,
          debito: ordem === 1 ? n(debito) : null,
          credito: ordem === 1 ? n(credito) : null,
          saldo: n(saldo),
        }));
      },
    };
  },
};

// ---- Eventos a Liquidar ---------------------------------------------------------------------------------------------

/**
 * The protocols not paid (alias e): the released value summed from the guides once the review is closed, the
 * request that asks for it and the payment it was consolidated into (not reversed); the stage follows from those.
 */
const A_LIQUIDAR = sql`(
  select p.id, p.numero, p.prestador_id, p.recebido_em, (p.recebido_em at time zone 'America/Sao_Paulo')::date as recebido, p.valor_informado_centavos as informado,
    p.analise_encerrada_em is not null as encerrado, g.guias, g.liberado, g.glosa, pg.numero as pagamento, pg.vencimento, pg.competencia,
    case when p.analise_encerrada_em is null then '1' when s.id is null then '2' when pg.id is null then '3' else '4' end as etapa,
    case when p.analise_encerrada_em is null then p.valor_informado_centavos else g.liberado end as a_liquidar
  from protocolos_recebimento p
  join (select protocolo_id, count(*)::int as guias, coalesce(sum(valor_liberado_centavos), 0)::bigint as liberado, coalesce(sum(valor_glosa_centavos), 0)::bigint as glosa
        from guias_faturadas group by protocolo_id) g on g.protocolo_id = p.id
  left join solicitacao_pagamento_protocolos sp on sp.protocolo_id = p.id left join solicitacoes_pagamento s on s.id = sp.solicitacao_id
  left join pagamentos_prestadores pg on pg.id = s.pagamento_id and pg.estornado_em is null
  -- a protocol glosed whole has nothing to settle
  where coalesce(pg.status, '') <> 'PAGO' and (p.analise_encerrada_em is null or g.liberado > 0)
) e`;

const ETAPA = sql.raw(`(case e.etapa ${ETAPAS_LIQUIDACAO.map(([v, l]) => `when '${v}' then '${l}'`).join(' ')} end)`);

export const eventosLiquidarSource: ReportSource = {
  from: A_LIQUIDAR,
  alias: 'e',
  fields: {
    id: { expr: sql`e.id` },
    grupo: { expr: ETAPA, sortExpr: sql`e.etapa` },
    etapa: { expr: sql`e.etapa` },
    recebido: { expr: sql`e.recebido_em` },
    ate: { expr: sql`e.recebido` },
    prestadorId: { expr: sql`e.prestador_id` },
  },
  sums: { guias: sql`e.guias`, informado: sql`e.informado`, glosa: sql`case when e.encerrado then e.glosa else 0 end`, aLiquidar: sql`e.a_liquidar` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select e.id, ${ETAPA} as grupo, e.numero, e.recebido::text as recebido, (px.nome || coalesce(' · ' || coalesce(px.cnpj, px.cpf), '')) as prestador,
          case when e.competencia is null then null else substr(e.competencia, 6, 2) || '/' || substr(e.competencia, 1, 4) end as competencia, e.guias, e.informado,
          case when e.encerrado then e.glosa else 0 end as glosa, e.a_liquidar, e.pagamento, e.vencimento::text as vencimento
        from ${pageIds(ids, 'k')} join ${A_LIQUIDAR} on e.id = k.id join prestadores px on px.id = e.prestador_id order by k.ord`,
    );
    return rows.map(({ a_liquidar, ...r }) => ({ ...r, guias: Number(r.guias), informado: n(r.informado), glosa: n(r.glosa), aLiquidar: n(a_liquidar) }));
  },
};
