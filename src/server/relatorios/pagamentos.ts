import { sql, type SQL } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { SITUACOES_PAGAMENTO } from '../../shared/relatorios/pagamentos';
import { searchTerm, query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind } from './comum';
import type { ReportSource } from './engine';

/**
 * The provider payments' reports (src/shared/relatorios/pagamentos.ts). A payment is paid by its live borderô line
 * (`bordero_pagamentos` not reversed): the day of the credit, the operator's account, the provider's account credited.
 * The withholdings come from `retencoes_pagamentos`, one column per tax.
 */

const n = (v: unknown) => toCentavos(v) ?? 0;

/** Per payment, its withholdings by tax and the DARF code of its IRRF. */
const RETENCOES = sql`(select pagamento_id,
    sum(valor_centavos) filter (where tributo = 'IRRF') as irrf, sum(valor_centavos) filter (where tributo = 'PIS') as pis,
    sum(valor_centavos) filter (where tributo = 'COFINS') as cofins, sum(valor_centavos) filter (where tributo = 'CSLL') as csll,
    sum(valor_centavos) filter (where tributo = 'ISS') as iss, sum(valor_centavos) filter (where tributo = 'INSS') as inss,
    max(codigo_receita) filter (where tributo = 'IRRF') as codigo_irrf
  from retencoes_pagamentos group by pagamento_id)`;

/** One row per payment paid (a live line of a borderô), everything the reports read. */
const PAGOS_COLUNAS = sql`b.id as bordero_id, b.numero as bordero, b.data_credito, b.banco_origem, b.agencia_origem, b.conta_origem,
    g.id as pagamento_id, g.numero, g.competencia, g.vencimento, g.qtd_protocolos, g.prestador_id, pr.nome as prestador_nome, pr.nome_busca, pr.codigo as prestador_codigo,
    coalesce(pr.cnpj, pr.cpf) as documento, x.banco, x.agencia, x.conta, g.valor_bruto_centavos as bruto, g.valor_retencoes_centavos as retencoes,
    x.valor_liquido_centavos as liquido, coalesce(r.irrf, 0) as irrf, coalesce(r.pis, 0) as pis, coalesce(r.cofins, 0) as cofins, coalesce(r.csll, 0) as csll,
    coalesce(r.iss, 0) as iss, coalesce(r.inss, 0) as inss, r.codigo_irrf`;
const PAGOS_FROM = sql`bordero_pagamentos x join borderos_pagamento b on b.id = x.bordero_id join pagamentos_prestadores g on g.id = x.pagamento_id
    join prestadores pr on pr.id = g.prestador_id left join ${RETENCOES} r on r.pagamento_id = g.id
  where x.estornado_em is null and g.estornado_em is null`;
const PAGOS = sql`(select x.id, ${PAGOS_COLUNAS} from ${PAGOS_FROM}) p`;

/** The provider by code, CNPJ/CPF (digits) or any part of its name. */
const prestadorPorTermo = (col: SQL) => (v: string): SQL => {
  const d = v.replace(/[\s.\-/]/g, '');
  return sql`${col} in (select id from prestadores where codigo = ${v.trim()} or (${d} ~ '^[0-9]{11,14}$' and (cnpj = ${d} or cpf = ${d})) or nome_busca like ${`%${searchTerm(v)}%`})`;
};

const BORDERO_GRUPO = (a: string) =>
  sql.raw(`('Borderô ' || ${a}.bordero || ' · crédito em ' || to_char(${a}.data_credito, 'DD/MM/YYYY') || ' · conta pagadora ' || ${a}.banco_origem || ' ag. ' || ${a}.agencia_origem || ' c/c ' || ${a}.conta_origem)`);
/** Borderôs in the order they were paid (the day, then the number). */
const BORDERO_ORDEM = (a: string) => sql.raw(`(to_char(${a}.data_credito, 'YYYYMMDD') || ${a}.bordero)`);
const PRESTADOR = (a: string) => sql.raw(`(${a}.prestador_nome || coalesce(' · ' || ${a}.documento, ''))`);
const CONTA = (a: string) => sql.raw(`(${a}.banco || ' · ' || ${a}.agencia || ' · ' || ${a}.conta)`);
const MES = (a: string) => sql.raw(`(substr(${a}.competencia, 6, 2) || '/' || substr(${a}.competencia, 1, 4))`);

const SOMAS_PAGO = {
  bruto: sql`p.bruto`,
  irrf: sql`p.irrf`,
  pis: sql`p.pis`,
  cofins: sql`p.cofins`,
  csll: sql`p.csll`,
  iss: sql`p.iss`,
  inss: sql`p.inss`,
  liquido: sql`p.liquido`,
};

function pagosSource(from: SQL, extra: SQL = sql``): ReportSource {
  return {
    from,
    alias: 'p',
    fields: {
      id: { expr: sql`p.id` },
      grupo: { expr: BORDERO_GRUPO('p'), sortExpr: BORDERO_ORDEM('p') },
      prestadorNome: { expr: sql`p.prestador_nome`, sortExpr: sql`p.nome_busca` },
      dataCredito: { expr: sql`p.data_credito` },
      bordero: { expr: sql`p.bordero` },
      prestador: { search: prestadorPorTermo(sql`p.prestador_id`) },
      dias: { expr: sql`(p.data_credito - p.vencimento)` },
    },
    sums: SOMAS_PAGO,
    async rows(db, ids) {
      const rows = await query<Row & Record<string, unknown>>(
        db,
        sql`select p.id, ${BORDERO_GRUPO('p')} as grupo, ${PRESTADOR('p')} as "prestadorNome", ${CONTA('p')} as "contaCredito", ${MES('p')} as "competenciaMes", p.numero,
            p.bruto, p.irrf, p.pis, p.cofins, p.csll, (p.pis + p.cofins + p.csll) as csrf, p.iss, p.inss, p.liquido, p.vencimento::text as vencimento, (p.data_credito - p.vencimento)::int as dias ${extra}
          from ${pageIds(ids, 'k')} join ${from} on p.id = k.id order by k.ord`,
      );
      return rows.map((r) => ({ ...r, csrf: n(r.csrf), ...Object.fromEntries(Object.keys(SOMAS_PAGO).map((k) => [k, n(r[k])])) }));
    },
  };
}

/** rep140 — one row per payment paid, by borderô. */
export const borderoPagamentoSource = pagosSource(PAGOS);

/**
 * rep140 (fora de folha) — the payments credited on a day other than their due day (the regular monthly run on the
 * 20th of the month after the competência).
 */
export const borderoForaFolhaSource = pagosSource(sql`(select x.id, ${PAGOS_COLUNAS} from ${PAGOS_FROM} and b.data_credito <> g.vencimento) p`);

/** Each protocol a live borderô line paid (a protocol is asked once: its id is the row's), with the value released when asked. */
// the protocols join the paid payments through the requests consolidated into them
const PROTOCOLOS_FROM = sql`(select pp.protocolo_id as id, ${PAGOS_COLUNAS}, pt.numero as protocolo, pt.numero_lote, pt.recebido_em, pp.valor_liberado_centavos as liberado
  from bordero_pagamentos x join borderos_pagamento b on b.id = x.bordero_id join pagamentos_prestadores g on g.id = x.pagamento_id
    join prestadores pr on pr.id = g.prestador_id left join ${RETENCOES} r on r.pagamento_id = g.id
    join solicitacoes_pagamento s on s.pagamento_id = g.id join solicitacao_pagamento_protocolos pp on pp.solicitacao_id = s.id
    join protocolos_recebimento pt on pt.id = pp.protocolo_id
  where x.estornado_em is null and g.estornado_em is null) p`;
function protocolosSource(grupo: SQL, ordem: SQL): ReportSource {
  return {
    from: PROTOCOLOS_FROM,
    alias: 'p',
    fields: {
      id: { expr: sql`p.id` },
      grupo: { expr: grupo, sortExpr: ordem },
      prestadorNome: { expr: sql`p.prestador_nome`, sortExpr: sql`(p.nome_busca || p.numero || p.protocolo)` },
      dataCredito: { expr: sql`p.data_credito`, sortExpr: sql`(to_char(p.data_credito, 'YYYYMMDD') || p.protocolo)` },
      bordero: { expr: sql`p.bordero` },
      prestador: { search: prestadorPorTermo(sql`p.prestador_id`) },
    },
    sums: { liberado: sql`p.liberado` },
    async rows(db, ids) {
      const rows = await query<Row & Record<string, unknown>>(
        db,
        sql`select p.id, ${grupo} as grupo, ${PRESTADOR('p')} as "prestadorNome", p.numero, p.protocolo, p.numero_lote as "numeroLote", p.recebido_em as "recebidoEm",
            p.data_credito::text as "dataCredito", p.bordero, p.liberado
          from ${pageIds(ids, 'k')} join ${PROTOCOLOS_FROM} on p.id = k.id order by k.ord`,
      );
      return rows.map((r) => ({ ...r, recebidoEm: r.recebidoEm instanceof Date ? r.recebidoEm.toISOString() : r.recebidoEm, liberado: n(r.liberado) }));
    },
  };
}

/** rep140 (analítico) — the protocols paid, by borderô. */
export const borderoAnaliticoSource = protocolosSource(BORDERO_GRUPO('p'), BORDERO_ORDEM('p'));
/** rep205 (protocolo por data de pagamento) — the protocols paid, by provider. */
export const protocoloDataPagamentoSource = protocolosSource(PRESTADOR('p'), sql`(p.nome_busca || '#' || p.prestador_id)`);

/** rep178 — every payment consolidated (paid or not), with its live baixa when there is one. */
const HISTORICO = sql`(select g.id, g.numero, g.competencia, (g.competencia || '-01')::date as competencia_dia, g.qtd_protocolos, g.vencimento, g.prestador_id,
    pr.nome as prestador_nome, pr.nome_busca, coalesce(pr.cnpj, pr.cpf) as documento,
    case when g.estornado_em is not null then 'ESTORNADO' else g.status end as situacao, b.data_credito, b.numero as bordero, x.banco, x.agencia, x.conta,
    g.valor_bruto_centavos as bruto, g.valor_retencoes_centavos as retencoes, g.valor_liquido_centavos as liquido
  from pagamentos_prestadores g join prestadores pr on pr.id = g.prestador_id
    left join bordero_pagamentos x on x.pagamento_id = g.id and x.estornado_em is null left join borderos_pagamento b on b.id = x.bordero_id) h`;
const ORDEM_SITUACAO = sql.raw(`(case h.situacao ${SITUACOES_PAGAMENTO.map(([s], i) => `when '${s}' then ${i + 1}`).join(' ')} else 99 end)`);

export const historicoPagamentoSource: ReportSource = {
  from: HISTORICO,
  alias: 'h',
  fields: {
    id: { expr: sql`h.id` },
    grupo: { expr: PRESTADOR('h'), sortExpr: sql`(h.nome_busca || '#' || h.prestador_id)` },
    competencia: { expr: sql`h.competencia_dia`, sortExpr: sql`(h.competencia || h.numero)` },
    situacao: { expr: sql`h.situacao`, sortExpr: ORDEM_SITUACAO },
    prestador: { search: prestadorPorTermo(sql`h.prestador_id`) },
  },
  sums: { protocolos: sql`h.qtd_protocolos`, bruto: sql`h.bruto`, retencoes: sql`h.retencoes`, liquido: sql`h.liquido` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select h.id, ${PRESTADOR('h')} as grupo, ${MES('h')} as "competenciaMes", h.numero, h.qtd_protocolos as protocolos, h.vencimento::text as vencimento, h.situacao,
          h.data_credito::text as "dataCredito", h.bordero, case when h.banco is null then null else ${CONTA('h')} end as "contaCredito", h.bruto, h.retencoes, h.liquido
        from ${pageIds(ids, 'k')} join ${HISTORICO} on h.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, protocolos: Number(r.protocolos), bruto: n(r.bruto), retencoes: n(r.retencoes), liquido: n(r.liquido) }));
  },
};

/**
 * rep121 — per provider and month of credit in the calendar year (`ano`, this year when not given: read by `bind`),
 * what was paid: a row per provider × month (id = provider × 12 + month − 1, unique within the year).
 */
const rendimentosDoAno = (ano: number) => sql`(select (p.prestador_id * 12 + extract(month from p.data_credito)::int - 1) as id, p.prestador_id,
    max(p.prestador_nome) as prestador_nome, max(p.nome_busca) as nome_busca, max(p.documento) as documento, extract(month from p.data_credito)::int as mes,
    count(*)::int as pagamentos, string_agg(distinct p.codigo_irrf, ', ') as codigo_irrf, sum(p.bruto) as bruto, sum(p.irrf) as irrf, sum(p.pis + p.cofins + p.csll) as csrf
  from ${PAGOS} where p.data_credito >= ${`${ano}-01-01`}::date and p.data_credito < ${`${ano + 1}-01-01`}::date group by p.prestador_id, extract(month from p.data_credito)) d`;

export const rendimentosPrestadoresSource: ReportSource = {
  from: rendimentosDoAno(new Date().getFullYear()),
  alias: 'd',
  fields: { id: { expr: sql`d.id` }, ano: lidoNoBind },
  rows: () => Promise.reject(new Error('rep121: a fonte precisa do ano-calendário (bind)')),
  async bind(_ctx, _s, q) {
    const pedido = Number(q.filters.find((f) => f.field === 'ano')?.value);
    const ano = Number.isInteger(pedido) && pedido >= 2000 && pedido <= 2100 ? pedido : new Date().getFullYear();
    const from = rendimentosDoAno(ano);
    return {
      from,
      alias: 'd',
      fields: {
        id: { expr: sql`d.id` },
        grupo: { expr: PRESTADOR('d'), sortExpr: sql`(d.nome_busca || '#' || d.prestador_id)` },
        mes: { expr: sql`d.mes` },
        ano: lidoNoBind,
        prestador: { search: prestadorPorTermo(sql`d.prestador_id`) },
      },
      sums: { pagamentos: sql`d.pagamentos`, bruto: sql`d.bruto`, irrf: sql`d.irrf`, csrf: sql`d.csrf` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select d.id, ${PRESTADOR('d')} as grupo, (lpad(d.mes::text, 2, '0') || '/' || ${String(ano)}) as mes, d.pagamentos, d.codigo_irrf as "codigoIrrf", d.bruto, d.irrf, d.csrf
            from ${pageIds(ids, 'k')} join ${from} on d.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, pagamentos: Number(r.pagamentos), bruto: n(r.bruto), irrf: n(r.irrf), csrf: n(r.csrf) }));
      },
    };
  },
};
