import { sql, type SQL } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { CONTRATACOES, ETAPAS_LIQUIDACAO, PROCESSOS_REMESSA } from '../../shared/relatorios/contabil';
import { percentual } from '../../shared/relatorios/define';
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

// ---- rep058 Eventos Conhecidos a Pagar ------------------------------------------------------------------------------

const DIA_SP = (col: string) => sql.raw(`(${col} at time zone 'America/Sao_Paulo')::date`);

/**
 * The protocols known and not paid at a position date (alias k), each stage as it stood at the end of that day: the
 * review closed by then, the request made by then, the payment consolidated by then and not reversed by then, paid
 * when a borderô credited it by then and its baixa was not reversed by then (a payment PAGO with no borderô line at
 * all was paid before the borderô existed: paid, with no date to place it). The account is the one the ledger's live
 * EVENTO_CONHECIDO entry of the protocol credited.
 */
function conhecidos(d: string): SQL {
  return sql`(
    select p.id, p.numero, p.prestador_id, px.nome as prestador_nome, (px.nome || coalesce(' · ' || coalesce(px.cnpj, px.cpf), '')) as prestador,
      ${DIA_SP('p.recebido_em')} as recebido, (${d}::date - ${DIA_SP('p.recebido_em')})::int as dias, p.valor_informado_centavos as informado,
      x.encerrado, g.liberado, case when x.encerrado then g.glosa else 0 end as glosa, x.pagamento, x.vencimento,
      case when not x.encerrado then '1' when not x.pedido then '2' when x.pagamento is null then '3' else '4' end as etapa,
      case when x.encerrado then g.liberado else p.valor_informado_centavos end as a_pagar,
      (select l.conta_credito from lancamentos_contabeis l where l.documento_tipo = 'PROTOCOLO' and l.documento_id = p.id and l.origem = 'EVENTO_CONHECIDO'
         and l.estorno_de is null and not l.estornado and l.data <= ${d}::date order by l.id limit 1) as conta
    from protocolos_recebimento p
    join prestadores px on px.id = p.prestador_id
    join (select protocolo_id, coalesce(sum(valor_liberado_centavos), 0)::bigint as liberado, coalesce(sum(valor_glosa_centavos), 0)::bigint as glosa
          from guias_faturadas group by protocolo_id) g on g.protocolo_id = p.id
    left join solicitacao_pagamento_protocolos sp on sp.protocolo_id = p.id
    left join solicitacoes_pagamento s on s.id = sp.solicitacao_id and ${DIA_SP('s.criado_em')} <= ${d}::date
    left join pagamentos_prestadores pg on pg.id = s.pagamento_id and ${DIA_SP('pg.criado_em')} <= ${d}::date
      and (pg.estornado_em is null or ${DIA_SP('pg.estornado_em')} > ${d}::date)
    cross join lateral (select p.analise_encerrada_em is not null and ${DIA_SP('p.analise_encerrada_em')} <= ${d}::date as encerrado,
      s.id is not null as pedido, pg.numero as pagamento, pg.vencimento,
      pg.id is not null and (
        exists (select 1 from bordero_pagamentos bp join borderos_pagamento b on b.id = bp.bordero_id
                where bp.pagamento_id = pg.id and b.data_credito <= ${d}::date and (bp.estornado_em is null or ${DIA_SP('bp.estornado_em')} > ${d}::date))
        or (pg.status = 'PAGO' and not exists (select 1 from bordero_pagamentos bp where bp.pagamento_id = pg.id))
      ) as pago) x
    where ${DIA_SP('p.recebido_em')} <= ${d}::date and not x.pago
      -- a protocol glosed whole has nothing to pay
      and (not x.encerrado or g.liberado > 0)
  ) k`;
}

const ETAPA_K = sql.raw(`(case k.etapa ${ETAPAS_LIQUIDACAO.map(([v, l]) => `when '${v}' then '${l}'`).join(' ')} end)`);

const conhecidosBase: ReportSource = {
  from: conhecidos('1900-01-01'),
  alias: 'k',
  fields: {
    id: { expr: sql`k.id` },
    grupo: { expr: ETAPA_K, sortExpr: sql`k.etapa` },
    prestador: { expr: sql`k.prestador_nome` },
    recebido: { expr: sql`k.recebido` },
    etapa: { expr: sql`k.etapa` },
    prestadorId: { expr: sql`k.prestador_id` },
    posicao: lidoNoBind,
  },
  sums: { informado: sql`k.informado`, glosa: sql`k.glosa`, aPagar: sql`k.a_pagar` },
  rows: () => Promise.reject(new Error('rep058: a fonte precisa da data da posição (bind)')),
};

export const eventosConhecidosSource: ReportSource = {
  ...conhecidosBase,
  bind(_ctx, _s, q) {
    const d = q.filters.find((f) => f.field === 'posicao' && f.op === 'eq')?.value;
    if (d == null) return Promise.reject(badRequest('Informe a data da posição.', 'data'));
    const from = conhecidos(String(d));
    return Promise.resolve({
      ...conhecidosBase,
      from,
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select k.id, ${ETAPA_K} as grupo, k.numero, k.recebido::text as recebido, k.dias, k.prestador, k.conta, k.informado, k.glosa, k.a_pagar, k.pagamento, k.vencimento::text as vencimento
            from ${pageIds(ids, 'ki')} join ${from} on k.id = ki.id order by ki.ord`,
        );
        return rows.map(({ a_pagar, ...r }) => ({ ...r, dias: Number(r.dias), informado: n(r.informado), glosa: n(r.glosa), aPagar: n(a_pagar) }));
      },
    });
  },
};

// ---- Contribuição Atuarial ------------------------------------------------------------------------------------------

/**
 * One row per competência × plan (alias a; id = months since 2000 × 100000 + the plan's id): the live titles' member
 * shares by the member's plan, fully joined to the released value of the billed guides (review closed) of that plan's
 * beneficiaries attended in the month — a month with events and no title still shows its events.
 */
const ATUARIAL = sql`(
  with c as (
    select t.competencia, b.produto as produto_id, count(distinct tm.beneficiario_id)::int as vidas, sum(tm.mensalidade_centavos)::bigint as mensalidade,
      sum(tm.subsidio_centavos)::bigint as subsidio, sum(tm.coparticipacao_centavos)::bigint as coparticipacao, sum(tm.valor_centavos)::bigint as cobrado,
      coalesce(sum(tm.valor_centavos) filter (where exists (select 1 from titulos_pagamentos tp where tp.titulo_id = t.id and tp.estornado_em is null)), 0)::bigint as recebido
    from titulos t join titulos_membros tm on tm.titulo_id = t.id join beneficiarios b on b.id = tm.beneficiario_id
    where t.status in ('ABERTO', 'PAGO') and b.produto is not null
    group by 1, 2
  ), e as (
    select date_trunc('month', g.data_atendimento)::date as competencia, b.produto as produto_id, sum(coalesce(g.valor_liberado_centavos, 0))::bigint as eventos
    from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id join beneficiarios b on b.id = g.beneficiario_id
    where p.analise_encerrada_em is not null and b.produto is not null
    group by 1, 2
  )
  select ((extract(year from x.competencia)::int - 2000) * 12 + extract(month from x.competencia)::int) * 100000 + x.produto_id as id, x.*, pr.nome as plano_nome,
    (pr.nome || ' (' || pr.registro_ans || ')') as plano, pr.contratacao
  from (select coalesce(c.competencia, e.competencia) as competencia, coalesce(c.produto_id, e.produto_id) as produto_id, coalesce(c.vidas, 0) as vidas,
          coalesce(c.mensalidade, 0) as mensalidade, coalesce(c.subsidio, 0) as subsidio, coalesce(c.coparticipacao, 0) as coparticipacao,
          coalesce(c.cobrado, 0) as cobrado, coalesce(c.recebido, 0) as recebido, coalesce(e.eventos, 0) as eventos
        from c full join e on e.competencia = c.competencia and e.produto_id = c.produto_id) x
  join produtos pr on pr.id = x.produto_id
) a`;

const CONTRATACAO = sql.raw(`(case a.contratacao ${CONTRATACOES.map(([v, l]) => `when '${v}' then '${l}'`).join(' ')} end)`);

export const contribuicaoAtuarialSource: ReportSource = {
  from: ATUARIAL,
  alias: 'a',
  fields: {
    id: { expr: sql`a.id` },
    grupo: { expr: sql`to_char(a.competencia, 'MM/YYYY')`, sortExpr: sql`a.competencia` },
    plano: { expr: sql`a.plano_nome` },
    periodo: { expr: sql`a.competencia` },
    produto: { expr: sql`a.produto_id` },
    contratacao: { expr: sql`a.contratacao` },
  },
  sums: {
    vidas: sql`a.vidas`,
    mensalidade: sql`a.mensalidade`,
    subsidio: sql`a.subsidio`,
    coparticipacao: sql`a.coparticipacao`,
    cobrado: sql`a.cobrado`,
    recebido: sql`a.recebido`,
    eventos: sql`a.eventos`,
  },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select a.id, to_char(a.competencia, 'MM/YYYY') as grupo, a.plano, ${CONTRATACAO} as "contratacaoRotulo", a.vidas, a.mensalidade, a.subsidio, a.coparticipacao, a.cobrado, a.recebido, a.eventos
        from ${pageIds(ids, 'k')} join ${ATUARIAL} on a.id = k.id order by k.ord`,
    );
    return rows.map((r) => {
      const mensalidade = n(r.mensalidade);
      const eventos = n(r.eventos);
      return {
        ...r,
        vidas: Number(r.vidas),
        mensalidade,
        subsidio: n(r.subsidio),
        coparticipacao: n(r.coparticipacao),
        cobrado: n(r.cobrado),
        recebido: n(r.recebido),
        eventos,
        // no fee charged: no ratio to read (not 0 %)
        sinistralidade: mensalidade ? percentual(eventos, mensalidade) : null,
      };
    });
  },
};

// ---- Remessas -------------------------------------------------------------------------------------------------------

/**
 * The finished runs of the accounting processes (alias r): the competência of their parameters (MMYYYY), the
 * operation (GERAR, ESTORNAR, or PPSC), the entries written by the run and their total, the file it left.
 */
const REMESSAS = sql`(
  select e.id, e.criado_em, e.usuario_nome,
    case when e.parametros->>'competencia' ~ '^(0[1-9]|1[0-2])[0-9]{4}$' then to_date(e.parametros->>'competencia', 'MMYYYY') end as competencia,
    case when e.tipo = 'ppsc' then 'PPSC' when e.parametros->>'operacao' = 'ESTORNAR' then 'ESTORNAR' else 'GERAR' end as processo,
    coalesce(l.n, 0) as lancamentos, coalesce(l.total, 0)::bigint as total,
    (select string_agg(a.nome, ', ' order by a.id) from arquivos a where a.contexto = 'execucao' and a.contexto_id = e.id) as arquivo
  from execucoes e
  left join (select execucao_id, count(*)::int as n, sum(valor_centavos)::bigint as total from lancamentos_contabeis where execucao_id is not null group by execucao_id) l on l.execucao_id = e.id
  where e.tipo in ('movimento-contabil', 'ppsc') and e.status = 'concluida'
) r`;

const PROCESSO = sql.raw(`(case r.processo ${PROCESSOS_REMESSA.map(([v, l]) => `when '${v}' then '${l}'`).join(' ')} end)`);

export const remessasContabeisSource: ReportSource = {
  from: REMESSAS,
  alias: 'r',
  fields: {
    id: { expr: sql`r.id` },
    grupo: { expr: sql`coalesce(to_char(r.competencia, 'MM/YYYY'), 'Sem competência')`, sortExpr: sql`r.competencia` },
    competencia: { expr: sql`r.competencia` },
    processo: { expr: sql`r.processo` },
    criado: { expr: sql`r.criado_em` },
  },
  sums: { lancamentos: sql`r.lancamentos`, debito: sql`r.total`, credito: sql`r.total` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select r.id, coalesce(to_char(r.competencia, 'MM/YYYY'), 'Sem competência') as grupo, ${PROCESSO} as "processoRotulo", r.id as execucao,
          to_char(r.criado_em at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') as "geradoEm", r.usuario_nome as usuario, r.lancamentos, r.total, r.arquivo
        from ${pageIds(ids, 'k')} join ${REMESSAS} on r.id = k.id order by k.ord`,
    );
    // each entry is a debit and a credit of the same value: the remittance's debits are its credits
    return rows.map(({ total, ...r }) => ({ ...r, execucao: Number(r.execucao), lancamentos: Number(r.lancamentos), debito: n(total), credito: n(total) }));
  },
};
