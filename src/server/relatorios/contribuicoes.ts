import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { toCentavos } from '../../shared/money';
import { SITUACOES_TITULO } from '../../shared/relatorios/contribuicoes';
import { query } from '../db/sql';
import { buscaNome } from '../lists/busca-nome';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind } from './comum';
import type { ReportSource } from './engine';

/**
 * The contribution reports' data (src/shared/relatorios/contribuicoes.ts): one row per title (alias t), with its
 * live payment (a reversed payment does not count) and the titular's plan.
 */

const n = (v: unknown) => toCentavos(v) ?? 0;
export const TITULOS = sql`(select t0.id, t0.titular_id, t0.competencia, t0.nosso_numero, t0.emissao, t0.vencimento, t0.mensalidade_centavos as mensalidade,
    t0.subsidio_centavos as subsidio, t0.coparticipacao_centavos as coparticipacao, t0.valor_centavos as valor, t0.status, b0.produto as produto_id,
    b0.nome as titular_nome, b0.carteirinha, p0.data_pagamento, p0.valor_pago_centavos as valor_pago
  from titulos t0 join beneficiarios b0 on b0.id = t0.titular_id
  left join titulos_pagamentos p0 on p0.titulo_id = t0.id and p0.estornado_em is null) t`;

/** The family of whom the term names (name, or card, registration or CPF exactly), as a condition on a titular's id column. */
export const familiaPorTermoEm =
  (titular: SQL) =>
  (v: string): SQL => {
    const d = v.replace(/[\s.\-/]/g, '');
    const quem = /^\d{6,}$/.test(d) ? sql`carteirinha = ${d} or matricula = ${d} or cpf = ${d}` : buscaNome(sql`nome_busca`, v).where;
    return sql`${titular} in (select coalesce(titular, id) from beneficiarios where ${quem})`;
  };
/** Its titular's titles. */
const familiaPorTermo = familiaPorTermoEm(sql`t.titular_id`);
export const TITULAR = sql`(t.titular_nome || ' · ' || t.carteirinha)`;
const PLANO = sql`coalesce((select pr.nome || ' (' || pr.registro_ans || ')' from produtos pr where pr.id = t.produto_id), 'Plano não informado')`;
export const MES = sql`to_char(t.competencia, 'MM/YYYY')`;
const ORDEM_SITUACAO = sql.raw(`(case t.status ${SITUACOES_TITULO.map(([s], i) => `when '${s}' then ${i + 1}`).join(' ')} else 99 end)`);

/** rep275 — each family's titles, by titular (name, then id: two namesakes stay apart). */
export const contribuicoesBeneficiarioSource: ReportSource = {
  from: TITULOS,
  alias: 't',
  fields: {
    id: { expr: sql`t.id` },
    grupo: { expr: TITULAR, sortExpr: sql`(t.titular_nome || '#' || t.titular_id)` },
    competencia: { expr: sql`t.competencia` },
    status: { expr: sql`t.status`, sortExpr: ORDEM_SITUACAO },
    beneficiario: { search: familiaPorTermo },
    produto: { expr: sql`t.produto_id` },
  },
  sums: { mensalidade: sql`t.mensalidade`, subsidio: sql`t.subsidio`, coparticipacao: sql`t.coparticipacao`, valor: sql`t.valor`, valorPago: sql`coalesce(t.valor_pago, 0)` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select t.id, ${TITULAR} as grupo, ${MES} as mes, t.nosso_numero as "nossoNumero", t.vencimento::text as vencimento, t.mensalidade, t.subsidio,
          t.coparticipacao, t.valor, t.status, t.data_pagamento::text as "dataPagamento", t.valor_pago as "valorPago"
        from ${pageIds(ids, 'k')} join ${TITULOS} on t.id = k.id order by k.ord`,
    );
    return rows.map((r) => ({
      ...r,
      mensalidade: n(r.mensalidade),
      subsidio: n(r.subsidio),
      coparticipacao: n(r.coparticipacao),
      valor: n(r.valor),
      valorPago: r.valorPago == null ? null : n(r.valorPago),
    }));
  },
};

/**
 * rep375 — the titles open at the position day (issued by then, due before it, not paid by it; reversed and cancelled
 * ones left out), by the titular's plan; the position day (`posicao`, today when not given) is read by `bind`.
 */
export const contribuicoesAtrasoSource: ReportSource = {
  from: TITULOS,
  alias: 't',
  fields: { id: { expr: sql`t.id` }, posicao: lidoNoBind },
  rows: () => Promise.reject(new Error('rep375: a fonte precisa da data de posição (bind)')),
  async bind(_ctx, _s, q) {
    const posicao = String(q.filters.find((f) => f.field === 'posicao')?.value ?? todayIso());
    const atraso = sql`(select t.*, (${posicao}::date - t.vencimento) as dias from ${TITULOS}
      where t.status in ('ABERTO', 'PAGO') and t.emissao <= ${posicao}::date and t.vencimento < ${posicao}::date
        and (t.data_pagamento is null or t.data_pagamento > ${posicao}::date)) t`;
    return {
      from: atraso,
      alias: 't',
      fields: {
        id: { expr: sql`t.id` },
        grupo: { expr: PLANO, sortExpr: sql`coalesce(t.produto_id, 0)` },
        vencimento: { expr: sql`t.vencimento` },
        dias: { expr: sql`t.dias` },
        posicao: lidoNoBind,
        beneficiario: { search: familiaPorTermo },
        produto: { expr: sql`t.produto_id` },
      },
      sums: { valor: sql`t.valor` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select t.id, ${PLANO} as grupo, ${TITULAR} as titular, ${MES} as mes, t.nosso_numero as "nossoNumero", t.vencimento::text as vencimento, t.dias::int as dias, t.valor
            from ${pageIds(ids, 'k')} join ${atraso} on t.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, valor: n(r.valor) }));
      },
    };
  },
};
