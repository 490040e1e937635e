import { sql } from 'drizzle-orm';
import { STATUS } from '../../shared/autorizacoes';
import { FAIXAS_ANS, faixaAns } from '../../shared/relatorios/beneficiarios';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, PLANO as PRODUTO, periodoDe } from './comum';
import type { ReportSource } from './engine';

const IDADE = sql`date_part('year', age(current_date, b.data_nascimento))::int`;

/** rep301's rows: beneficiaries with their product, age today and ANS band. */
export const beneficiariosFaixaProdutoSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    // ordered by the product's id and the name: the index (produto, nome_busca) walks it a page at a time
    grupo: { expr: PRODUTO, sortExpr: sql`b.produto` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
    faixa: {
      filter: (_op, v) => {
        const f = FAIXAS_ANS.find((x) => x.value === String(v));
        // a value the enum does not hold never reaches here (the schema refuses it); stay safe anyway
        if (!f) return sql`false`;
        const born = (years: number) => sql`(current_date - make_interval(years => ${years}))::date`;
        return sql`(b.data_nascimento <= ${born(f.min)} and b.data_nascimento > ${born(f.max + 1)})`;
      },
    },
  },
  async rows(db, ids) {
    const rows = await query<Row>(
      db,
      sql`select b.id, ${PRODUTO} as grupo, b.matricula, b.nome, to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento", ${IDADE} as idade,
          b.relacao_dependencia as relacao, b.situacao
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto
        order by k.ord`,
    );
    // the band by the shared rule (the same the filter's dates come from)
    return rows.map((r) => ({ ...r, faixa: faixaAns(Number(r.idade)).value }));
  },
};

/**
 * rep170's rows: bound to the period asked (both ends are needed together: a membership in the period or a
 * cancellation in it), which also names each row's movement.
 */
const movimentacao: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: sql`'Inclusões'` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    produto: { expr: sql`b.produto` },
    periodo: { filter: () => sql`true` },
  },
  rows: () => Promise.reject(new Error('rep170: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const saiu = sql`(b.situacao = 'CANCELADO' and b.data_situacao between ${de} and ${ate})`;
    const movimento = sql`(case when ${saiu} then 'Exclusões' else 'Inclusões' end)`;
    return {
      ...movimentacao,
      bind: undefined,
      fields: { ...movimentacao.fields, grupo: { expr: movimento }, periodo: { filter: () => sql`((b.data_adesao between ${de} and ${ate}) or ${saiu})` } },
      async rows(db, ids) {
        return query<Row>(
          db,
          sql`select b.id, ${movimento} as grupo, b.matricula, b.nome, b.relacao_dependencia as relacao, pr.nome as "produtoNome",
              to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao", case when ${saiu} then to_char(b.data_situacao, 'YYYY-MM-DD') end as "dataSituacao",
              case when ${saiu} then b.motivo_cancelamento end as "motivoCancelamento"
            from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto order by k.ord`,
        );
      },
    };
  },
};
export const movimentacaoBeneficiariosSource = movimentacao;

const EMPRESA = sql`(e.razao_social || ' (' || e.cnpj || ')')`;

/** rep278's rows: beneficiaries of a company (those of individual plans have none and stay out). */
export const beneficiariosPorEmpresaSource: ReportSource = {
  from: sql`beneficiarios b join empresas e on e.id = b.empresa`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    // ordered by the company's id and the name: the index (empresa, nome_busca) walks it a page at a time
    grupo: { expr: EMPRESA, sortExpr: sql`b.empresa` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    empresa: { expr: sql`b.empresa` },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, ${EMPRESA} as grupo, b.matricula, b.nome, b.relacao_dependencia as relacao, pr.nome as "produtoNome",
          to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao", b.situacao
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join empresas e on e.id = b.empresa join produtos pr on pr.id = b.produto
        order by k.ord`,
    );
  },
};

/** The ANS band's position (1 to 10) of an age in years: the group's order and part of the row's id. */
const FAIXA_N = sql.raw(`(case ${FAIXAS_ANS.map((f, i) => (i === FAIXAS_ANS.length - 1 ? `else ${i + 1}` : `when date_part('year', age(current_date, b.data_nascimento)) <= ${f.max} then ${i + 1}`)).join(' ')} end)`);
const FAIXA_LABEL = sql.raw(`(case q.faixa ${FAIXAS_ANS.map((f, i) => `when ${i + 1} then '${f.label}'`).join(' ')} end)`);

/**
 * rep095: people counted by plan, band and sex (a row per plan in a band: its id is plan × 100 + band); the
 * situation and plan filters count inside the aggregate, so `bind` reads them.
 */
export const piramideEtariaSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, situacao: { filter: () => sql`true` }, produto: { filter: () => sql`true` } },
  rows: () => Promise.reject(new Error('rep095: a fonte precisa dos filtros (bind)')),
  async bind(_ctx, _s, q) {
    const situacao = q.filters.find((f) => f.field === 'situacao')?.value;
    const produto = q.filters.find((f) => f.field === 'produto')?.value;
    const agg = sql`(select b.produto * 100 + ${FAIXA_N} as id, b.produto, ${FAIXA_N} as faixa,
        count(*) filter (where b.sexo = '1') as masculino, count(*) filter (where b.sexo = '3') as feminino, count(*) as total
      from beneficiarios b where ${situacao == null ? sql`true` : sql`b.situacao = ${String(situacao)}`} and ${produto == null ? sql`true` : sql`b.produto = ${Number(produto)}`}
      group by b.produto, ${FAIXA_N})`;
    const from = sql`${agg} q join produtos pr on pr.id = q.produto`;
    const lido = { filter: () => sql`true` };
    return {
      from,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, grupo: { expr: FAIXA_LABEL, sortExpr: sql`q.faixa` }, produtoNome: { expr: sql`pr.nome` }, situacao: lido, produto: lido },
      sums: { masculino: sql`q.masculino`, feminino: sql`q.feminino`, total: sql`q.total` },
      async rows(db, ids) {
        return query<Row>(
          db,
          sql`select q.id, ${FAIXA_LABEL} as grupo, ${PRODUTO} as "produtoNome", q.masculino::int as masculino, q.feminino::int as feminino, q.total::int as total
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join produtos pr on pr.id = q.produto order by k.ord`,
        );
      },
    };
  },
};

/** The ANS band's position (1 to 10) of the age on a day (an SQL date expression). */
const faixaEm = (dia: string) =>
  sql.raw(`(case ${FAIXAS_ANS.map((f, i) => (i === FAIXAS_ANS.length - 1 ? `else ${i + 1}` : `when date_part('year', age(${dia}, b.data_nascimento)) <= ${f.max} then ${i + 1}`)).join(' ')} end)`);

/**
 * rep312: beneficiary-months per plan and band (the row's id: plan × 100 + band) and the plan's requests per band,
 * both over whole competências: from the month of the period's start to that of its end (not past today). A
 * competência's position is its last day (today, for the current month): in force then = joined on or before it and
 * not cancelled by then; the age that day gives the band. The requests count by the request day's band.
 */
export const expostosFaixaEtariaSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, produto: lidoNoBind },
  rows: () => Promise.reject(new Error('rep312: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const produto = q.filters.find((f) => f.field === 'produto')?.value;
    const doPlano = produto == null ? sql`true` : sql`b.produto = ${Number(produto)}`;
    const inicio = sql`date_trunc('month', ${de}::date)`;
    const fim = sql`date_trunc('month', least(${ate}::date, current_date))`;
    const agg = sql`(select coalesce(e.produto, s.produto) * 100 + coalesce(e.faixa, s.faixa) as id, coalesce(e.produto, s.produto) as produto, coalesce(e.faixa, s.faixa) as faixa,
        coalesce(e.masculino, 0) as masculino, coalesce(e.feminino, 0) as feminino, coalesce(e.total, 0) as total, coalesce(s.n, 0) as autorizacoes
      from (select b.produto, ${faixaEm('m.dia')} as faixa, count(*) filter (where b.sexo = '1') as masculino, count(*) filter (where b.sexo = '3') as feminino, count(*) as total
          from (select least((g + interval '1 month - 1 day')::date, current_date) as dia from generate_series(${inicio}, ${fim}, interval '1 month') g) m
          join beneficiarios b on b.data_adesao <= m.dia and (b.situacao <> 'CANCELADO' or b.data_situacao > m.dia)
          where ${doPlano} group by 1, 2) e
      full join (select b.produto, ${faixaEm('a.data_solicitacao')} as faixa, count(*) as n
          from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
          where a.status <> ${STATUS.CANCELADA} and a.data_solicitacao >= ${inicio} and a.data_solicitacao < ${fim} + interval '1 month' and ${doPlano} group by 1, 2) s
        on s.produto = e.produto and s.faixa = e.faixa)`;
    const FAIXA = sql.raw(`(case q.faixa ${FAIXAS_ANS.map((f, i) => `when ${i + 1} then '${f.label}'`).join(' ')} end)`);
    return {
      from: sql`${agg} q join produtos pr on pr.id = q.produto`,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, grupo: { expr: FAIXA, sortExpr: sql`q.faixa` }, produtoNome: { expr: PRODUTO }, periodo: lidoNoBind, produto: lidoNoBind },
      sums: { masculino: sql`q.masculino`, feminino: sql`q.feminino`, total: sql`q.total`, autorizacoes: sql`q.autorizacoes` },
      async rows(db, ids) {
        const rows = await query<Row & { total: number; autorizacoes: number }>(
          db,
          sql`select q.id, ${FAIXA} as grupo, ${PRODUTO} as "produtoNome", q.masculino::int as masculino, q.feminino::int as feminino, q.total::int as total,
              q.autorizacoes::int as autorizacoes
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join produtos pr on pr.id = q.produto order by k.ord`,
        );
        // requests per 1,000 beneficiary-months, two decimals (none without exposure)
        return rows.map((r) => ({ ...r, frequencia: r.total > 0 ? Math.round((r.autorizacoes * 1000 * 100) / r.total) / 100 : null }));
      },
    };
  },
};
