import { sql, type SQL } from 'drizzle-orm';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import { percentual } from '../../shared/relatorios/define';
import { FLUXO, PRAZO_PAGAMENTO_DIAS, STATUS } from '../../shared/reembolsos';
import { query } from '../db/sql';
import { buscaNome } from '../lists/busca-nome';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';

/**
 * The reimbursement reports' data (src/shared/relatorios/reembolsos.ts): one row per request (alias r, carrying
 * `beneficiario_id`, so the policy's family scope of entity `reembolso` is the engine's), with the day of each step
 * read from its history; `liberado` is what was released (LIBERADO only), `calculado` what the analysis priced (ANALISADO or
 * LIBERADO), (the first protocol, the first analysis, the last release or denial), who protocolled, the
 * family's titular (who receives) and the plan (the analysis's, or the beneficiary's current one before it).
 */

const n = (v: unknown) => toCentavos(v) ?? 0;
const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());
const passo = (para: string, f: 'min' | 'max' = 'min') =>
  sql.raw(`(select ${f}(h.em) from reembolso_historico h where h.reembolso_id = r0.id and h.para in (${para}))`);

const REEMBOLSOS = sql`(select r0.id, r0.protocolo, r0.status, r0.beneficiario_id, r0.beneficiario_nome, r0.profissional_nome, r0.profissional_conselho, r0.profissional_numero,
    r0.profissional_uf, r0.procedimento_id, r0.quantidade, r0.data_atendimento, r0.valor_pago_centavos as pago, r0.valor_tabela_centavos as tabela,
    case when r0.status = 'LIBERADO' then r0.valor_liberado_centavos else 0 end as liberado,
    case when r0.status in ('ANALISADO', 'LIBERADO') then r0.valor_liberado_centavos end as calculado, r0.glosa_codigo, r0.motivo, r0.criado_em, coalesce(r0.produto_id, b0.produto) as produto_id, coalesce(b0.titular, b0.id) as titular_id,
    ${passo("'PROTOCOLADO'")} as protocolado_em, ${passo("'ANALISADO'")} as analisado_em, ${passo("'LIBERADO', 'NEGADO'", 'max')} as decidido_em,
    (select h.usuario_nome from reembolso_historico h where h.reembolso_id = r0.id and h.para = 'PROTOCOLADO' order by h.em limit 1) as protocolado_por,
    (select count(*)::int from reembolso_anexos a where a.reembolso_id = r0.id) as anexos
  from reembolsos r0 join beneficiarios b0 on b0.id = r0.beneficiario_id) r`;

/** Who was attended: the name (any part), or the card, registration or CPF exactly. */
const beneficiarioPorTermo = (v: string): SQL => {
  const d = v.replace(/[\s.\-/]/g, '');
  if (/^\d{6,}$/.test(d)) return sql`r.beneficiario_id in (select id from beneficiarios where carteirinha = ${d} or matricula = ${d} or cpf = ${d})`;
  return sql`r.beneficiario_id in (select id from beneficiarios where ${buscaNome(sql`nome_busca`, v).where})`;
};
/** The whole protocol (20 digits) or its last digits (the day's sequence). */
const protocoloPorTermo = (v: string): SQL => {
  const d = v.replace(/\D/g, '');
  if (!d || d !== v.trim()) return sql`false`;
  return d.length === 20 ? sql`r.protocolo = ${d}` : sql`r.protocolo like ${`%${d}`}`;
};

const PLANO = sql`coalesce((select pr.nome || ' (' || pr.registro_ans || ')' from produtos pr where pr.id = r.produto_id), 'Plano não informado')`;
const FAVORECIDO = sql`(tx.nome || coalesce(' · CPF ' || tx.cpf, ''))`;
const PROCEDIMENTO = sql`(pc.codigo || ' – ' || pc.descricao)`;
const DIA_PROTOCOLO = sql`to_char(r.protocolado_em at time zone ${OPERATOR_TIME_ZONE}, 'DD/MM/YYYY')`;
const STATUS_LABEL = sql.raw(`(case r.status ${STATUS.map((s) => `when '${s}' then '${FLUXO.labels[s]}'`).join(' ')} else r.status end)`);
const STATUS_ORDEM = sql.raw(`(case r.status ${STATUS.map((s, i) => `when '${s}' then ${i + 1}`).join(' ')} else 99 end)`);
/** Days since the protocol: to the decision, or to today while undecided. */
const DIAS = sql`(case when r.protocolado_em is null then null else ((coalesce(r.decidido_em, now()) at time zone ${OPERATOR_TIME_ZONE})::date - (r.protocolado_em at time zone ${OPERATOR_TIME_ZONE})::date) end)`;
const PRAZO = sql`((r.protocolado_em at time zone ${OPERATOR_TIME_ZONE})::date + ${PRAZO_PAGAMENTO_DIAS}::int)`;
const ATRASADO = sql`(r.protocolado_em is not null and r.status not in ('NEGADO', 'CANCELADO') and ${DIAS} > ${PRAZO_PAGAMENTO_DIAS}::int)`;

const JOINS = sql`join beneficiarios bx on bx.id = r.beneficiario_id join beneficiarios tx on tx.id = r.titular_id join procedimentos pc on pc.id = r.procedimento_id`;

/** The fields every reimbursement report filters and sorts by. */
const CAMPOS: ReportSource['fields'] = {
  id: { expr: sql`r.id` },
  protocolo: { expr: sql`r.protocolo`, search: protocoloPorTermo },
  solicitadoEm: { expr: sql`r.criado_em` },
  protocoladoEm: { expr: sql`r.protocolado_em`, nullable: true },
  analisadoEm: { expr: sql`r.analisado_em`, nullable: true },
  decididoEm: { expr: sql`r.decidido_em`, nullable: true },
  dataAtendimento: { expr: sql`r.data_atendimento` },
  status: { expr: sql`r.status` },
  beneficiario: { search: beneficiarioPorTermo },
  produto: { expr: sql`r.produto_id` },
  procedimentoCodigo: { expr: sql`(select pc.codigo from procedimentos pc where pc.id = r.procedimento_id)` },
  liberadoSomente: { filter: () => sql`r.status = 'LIBERADO'` },
  negadoSomente: { filter: () => sql`r.status = 'NEGADO'` },
  atrasado: { filter: (_op, v) => (v === true || v === 'true' ? ATRASADO : sql`not ${ATRASADO}`) },
};
const SOMAS = { quantidade: sql`r.quantidade`, pago: sql`r.pago`, tabela: sql`coalesce(r.tabela, 0)`, liberado: sql`r.liberado`, calculado: sql`coalesce(r.calculado, 0)`, anexos: sql`r.anexos` };

/** A per-request source whose group is `grupo` (its label, and the key that orders it). */
function reembolsosSource(grupo?: { expr: SQL; sortExpr?: SQL; join?: SQL }): ReportSource {
  return {
    from: REEMBOLSOS,
    alias: 'r',
    fields: { ...CAMPOS, ...(grupo ? { grupo } : {}) },
    sums: SOMAS,
    async rows(db, ids) {
      const rows = await query<Row & Record<string, unknown>>(
        db,
        sql`select r.id, ${grupo?.expr ?? sql`null`} as grupo, r.protocolo, r.criado_em as "solicitadoEm", r.protocolado_em as "protocoladoEm", r.analisado_em as "analisadoEm",
            r.decidido_em as "decididoEm", r.beneficiario_nome as "beneficiarioNome", bx.carteirinha, ${FAVORECIDO} as favorecido, ${PLANO} as plano,
            (r.profissional_nome || ' (' || r.profissional_conselho || ' ' || r.profissional_numero || '/' || r.profissional_uf || ')') as profissional,
            ${PROCEDIMENTO} as procedimento, r.data_atendimento::text as "dataAtendimento", r.quantidade, r.pago, r.tabela, r.liberado, r.calculado,
            r.glosa_codigo as glosa, r.motivo, r.status, r.protocolado_por as "protocoladoPor", r.anexos, ${PRAZO}::text as prazo, ${DIAS} as dias
          from ${pageIds(ids, 'k')} join ${REEMBOLSOS} on r.id = k.id ${JOINS} ${grupo?.join ?? sql``} order by k.ord`,
      );
      return rows.map((r) => ({
        ...r,
        solicitadoEm: iso(r.solicitadoEm),
        protocoladoEm: iso(r.protocoladoEm),
        analisadoEm: iso(r.analisadoEm),
        decididoEm: iso(r.decididoEm),
        pago: n(r.pago),
        tabela: r.tabela == null ? null : n(r.tabela),
        liberado: n(r.liberado),
        calculado: r.calculado == null ? null : n(r.calculado),
        dias: r.dias == null ? null : Number(r.dias),
      }));
    },
  };
}

// the group's label reads joined tables: a subquery per row keeps the engine's FROM the plain one
const BENEF_GRUPO = sql`(select r.beneficiario_nome || ' · ' || b.carteirinha from beneficiarios b where b.id = r.beneficiario_id)`;
const FAVORECIDO_GRUPO = sql`(select t.nome || coalesce(' · CPF ' || t.cpf, '') from beneficiarios t where t.id = r.titular_id)`;
const PROCEDIMENTO_GRUPO = sql`(select pc.codigo || ' – ' || pc.descricao from procedimentos pc where pc.id = r.procedimento_id)`;

/** rep064 — by beneficiary (name, then id: two namesakes stay apart). */
export const analiticoReembolsoSource = reembolsosSource({ expr: BENEF_GRUPO, sortExpr: sql`(r.beneficiario_nome || '#' || r.beneficiario_id)` });
/** rep066 — by plan. */
export const confAnaliticoReembolsoSource: ReportSource = (() => {
  const s = reembolsosSource({ expr: PLANO, sortExpr: sql`coalesce(r.produto_id, 0)` });
  return { ...s, fields: { ...s.fields, analisado: { filter: () => sql`r.analisado_em is not null` } } };
})();
/** rep255 — by procedure. */
export const conferenciaProcedimentoSource = reembolsosSource({ expr: PROCEDIMENTO_GRUPO, sortExpr: sql`r.procedimento_id` });
/** rep269 — by situation, in the flow's order. */
export const conferenciaProcessamentoSource = reembolsosSource({ expr: STATUS_LABEL, sortExpr: STATUS_ORDEM });
/** rep246 — by day of the protocol (only the protocolled ones). */
export const protocoladoReembolsoSource: ReportSource = (() => {
  const s = reembolsosSource({ expr: DIA_PROTOCOLO, sortExpr: sql`(r.protocolado_em at time zone ${OPERATOR_TIME_ZONE})::date` });
  return { ...s, fields: { ...s.fields, protocolado: { filter: () => sql`r.protocolado_em is not null` } } };
})();
/** rep067 — by payee, the family's titular. */
export const folhaAnaliticaReembolsoSource = reembolsosSource({ expr: FAVORECIDO_GRUPO, sortExpr: sql`r.titular_id` });
/** rep107 and rep188 — one document per request, no group. */
export const comprovanteDevolucaoSource = reembolsosSource();
export const devolucaoNegadoSource = reembolsosSource();

/**
 * rep065 — the period's requests by plan and situation: an aggregate (one row per plan × situation; its id is the
 * plan's id × 16 + the situation's place) with the period read by `bind`.
 */
export const sinteticoReembolsoSource: ReportSource = {
  from: sql`reembolsos q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, produto: { expr: sql`q.produto_id` } },
  rows: () => Promise.reject(new Error('rep065: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = sql`(select coalesce(r.produto_id, 0) * 16 + ${STATUS_ORDEM} as id, r.produto_id, r.status, ${STATUS_ORDEM} as ordem, count(*)::int as pedidos,
        sum(r.quantidade)::int as quantidade, sum(r.pago) as pago, coalesce(sum(r.tabela), 0) as tabela, sum(r.liberado) as liberado
      from ${REEMBOLSOS}
      where r.criado_em >= (${de}::date)::timestamp at time zone ${OPERATOR_TIME_ZONE} and r.criado_em < (${ate}::date + 1)::timestamp at time zone ${OPERATOR_TIME_ZONE}
      group by r.produto_id, r.status)`;
    const grupo = sql`coalesce((select pr.nome || ' (' || pr.registro_ans || ')' from produtos pr where pr.id = q.produto_id), 'Plano não informado')`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: grupo, sortExpr: sql`coalesce(q.produto_id, 0)` },
        status: { expr: sql`q.ordem` },
        periodo: lidoNoBind,
        produto: { expr: sql`q.produto_id` },
      },
      sums: { pedidos: sql`q.pedidos`, quantidade: sql`q.quantidade`, pago: sql`q.pago`, tabela: sql`q.tabela`, liberado: sql`q.liberado` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, ${grupo} as grupo, q.status, q.pedidos, q.quantidade, q.pago, q.tabela, q.liberado from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, pago: n(r.pago), tabela: n(r.tabela), liberado: n(r.liberado), percentualLiberado: percentual(n(r.liberado), n(r.pago)) }));
      },
    };
  },
};
