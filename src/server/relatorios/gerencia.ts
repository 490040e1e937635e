import { sql, type SQL } from 'drizzle-orm';
import { MOTIVOS_NEGATIVA, STATUS } from '../../shared/autorizacoes';
import type { ListQuery } from '../../shared/lists/types';
import { PRAZOS_RESPOSTA } from '../../shared/relatorios/gerencia';
import { toCentavos } from '../../shared/money';
import { atendimentosSource } from '../atendimentos/listas';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';
import { atendimentosPorMotivoSource } from './atendimentos';

const MOTIVO = sql.raw(
  `(case i.motivo_negativa ${MOTIVOS_NEGATIVA.map(([v, l]) => `when '${v}' then '${`${v} – ${l}`.replace(/'/g, "''")}'`).join(' ')} else i.motivo_negativa end)`,
);
/** What an item did not get: the quantity asked minus the one authorized, and its value at the item's unit price. */
const QTD_NEGADA = sql`(i.quantidade_solicitada - coalesce(i.quantidade_autorizada, 0))`;
const VALOR_NEGADO = sql`(${QTD_NEGADA} * i.valor_centavos)`;

/** rep230's rows: the items with a denial reason (denied whole or reduced), with their request. */
export const negativasPorMotivoSource: ReportSource = {
  from: sql`autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id`,
  alias: 'i',
  fields: {
    id: { expr: sql`i.id` },
    grupo: { expr: MOTIVO },
    motivo: { expr: sql`i.motivo_negativa` },
    dataSolicitacao: { expr: sql`a.data_solicitacao` },
    tipo: { expr: sql`a.tipo` },
    negado: { filter: () => sql`(i.motivo_negativa is not null)` },
  },
  sums: { quantidadeNegada: QTD_NEGADA, valorNegado: VALOR_NEGADO },
  async rows(db, ids) {
    const rows = await query<Row & { valorNegado: unknown }>(
      db,
      sql`select i.id, ${MOTIVO} as grupo, a.numero, to_char(a.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao", a.tipo, b.nome as "beneficiarioNome",
          p.nome as "prestadorNome", i.codigo || ' – ' || i.descricao as procedimento, ${QTD_NEGADA}::int as "quantidadeNegada", ${VALOR_NEGADO} as "valorNegado"
        from ${pageIds(ids, 'k')} join autorizacao_itens i on i.id = k.id join autorizacoes a on a.id = i.autorizacao_id
        join beneficiarios b on b.id = a.beneficiario_id join prestadores p on p.id = a.prestador_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, valorNegado: toCentavos(r.valorNegado) ?? 0 }));
  },
};

const ATENDENTE = sql`coalesce(a.atendente_nome, 'Sem atendente')`;

/** rep373's rows: the contacts' list source (scope, minutes) grouped by the attendant's name. */
export const atendimentosPorAtendenteSource: ReportSource = {
  ...atendimentosSource,
  fields: { ...atendimentosPorMotivoSource.fields, grupo: { expr: ATENDENTE } },
  sums: atendimentosPorMotivoSource.sums,
  async rows(db, ids) {
    const rows = await atendimentosSource.rows(db, ids);
    return rows.map((r): Row => ({ ...r, grupo: r.atendenteNome ?? 'Sem atendente' }));
  },
};

/** The period (required) and the guide type of an aggregate of authorizations. */
function periodoETipo(q: ListQuery): { de: string; ate: string; tipo: SQL } {
  const tipo = q.filters.find((f) => f.field === 'tipo')?.value;
  return { ...periodoDe(q), tipo: tipo == null ? sql`true` : sql`a.tipo = ${String(tipo)}` };
}

/** rep168: the period's requests (not cancelled) counted per provider; the provider's id is the row's. */
function porPrestador(de: string, ate: string, tipo: SQL): SQL {
  return sql`(select a.prestador_id as id, count(*) as solicitacoes, count(*) filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE})) as autorizadas,
      count(*) filter (where a.status = ${STATUS.NEGADO}) as negadas,
      count(*) filter (where a.status in (${STATUS.EM_ANALISE}, ${STATUS.AGUARDANDO_JUSTIFICATIVA}, ${STATUS.AGUARDANDO_DOCUMENTACAO})) as pendentes,
      sum(a.valor_centavos) as valor
    from autorizacoes a where a.status <> ${STATUS.CANCELADA} and a.data_solicitacao between ${de} and ${ate} and ${tipo} group by a.prestador_id)`;
}

export const autorizacoesPorPrestadorSource: ReportSource = {
  from: sql`autorizacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, tipo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep168: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate, tipo } = periodoETipo(q);
    const agg = porPrestador(de, ate, tipo);
    return {
      from: sql`${agg} q join prestadores p on p.id = q.id`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        solicitacoes: { expr: sql`q.solicitacoes` },
        valor: { expr: sql`q.valor` },
        nome: { expr: sql`p.nome_busca` },
        periodo: lidoNoBind,
        tipo: lidoNoBind,
      },
      sums: { solicitacoes: sql`q.solicitacoes`, autorizadas: sql`q.autorizadas`, negadas: sql`q.negadas`, pendentes: sql`q.pendentes`, valor: sql`q.valor` },
      async rows(db, ids) {
        const rows = await query<Row & { valor: unknown }>(
          db,
          sql`select q.id, p.codigo, p.nome, q.solicitacoes::int as solicitacoes, q.autorizadas::int as autorizadas, q.negadas::int as negadas,
              q.pendentes::int as pendentes, q.valor
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join prestadores p on p.id = q.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, valor: toCentavos(r.valor) ?? 0 }));
      },
    };
  },
};

const GRUPO_PROC = sql`coalesce(g.descricao, 'Sem grupo')`;

/** rep057: the period's requested items (requests not cancelled) per TUSS code; the procedure's id is the row's. */
function porProcedimento(de: string, ate: string, tipo: SQL): SQL {
  return sql`(select pr.id, count(distinct a.id) as guias, sum(i.quantidade_solicitada) as qs, sum(coalesce(i.quantidade_autorizada, 0)) as qa,
      sum(i.quantidade_solicitada * i.valor_centavos) as valor
    from autorizacao_itens i join autorizacoes a on a.id = i.autorizacao_id join procedimentos pr on pr.codigo = i.codigo
    where a.status <> ${STATUS.CANCELADA} and a.data_solicitacao between ${de} and ${ate} and ${tipo} group by pr.id)`;
}

export const procedimentosAutorizadosSource: ReportSource = {
  from: sql`procedimentos q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, tipo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep057: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate, tipo } = periodoETipo(q);
    const agg = porProcedimento(de, ate, tipo);
    const from = sql`${agg} q join procedimentos pr on pr.id = q.id left join grupos_procedimentos g on g.id = pr.grupo`;
    return {
      from,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: GRUPO_PROC },
        quantidadeSolicitada: { expr: sql`q.qs` },
        valor: { expr: sql`q.valor` },
        periodo: lidoNoBind,
        tipo: lidoNoBind,
      },
      sums: { guias: sql`q.guias`, quantidadeSolicitada: sql`q.qs`, quantidadeAutorizada: sql`q.qa`, valor: sql`q.valor` },
      async rows(db, ids) {
        const rows = await query<Row & { valor: unknown }>(
          db,
          sql`select q.id, ${GRUPO_PROC} as grupo, pr.codigo, pr.descricao, q.guias::int as guias, q.qs::int as "quantidadeSolicitada", q.qa::int as "quantidadeAutorizada", q.valor
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join procedimentos pr on pr.id = q.id left join grupos_procedimentos g on g.id = pr.grupo order by k.ord`,
        );
        return rows.map((r) => ({ ...r, valor: toCentavos(r.valor) ?? 0 }));
      },
    };
  },
};

const MES_DECISAO = sql`to_char(a.decidida_em at time zone 'America/Sao_Paulo', 'YYYY-MM')`;

/** rep371: decisions per São Paulo month and decider (the row's id: its position in month and decider order). */
export const decisoesPorUsuarioSource: ReportSource = {
  from: sql`autorizacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep371: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = sql`(select row_number() over (order by ${MES_DECISAO}, a.decidida_por_id)::int as id, ${MES_DECISAO} as mes, a.decidida_por_id as usuario,
        count(*) as decisoes, count(*) filter (where a.status in (${STATUS.AUTORIZADO}, ${STATUS.AUTORIZADO_PARCIALMENTE})) as autorizadas,
        count(*) filter (where a.status = ${STATUS.NEGADO}) as negadas, sum(a.valor_centavos) as valor
      from autorizacoes a where a.decidida_em is not null and (a.decidida_em at time zone 'America/Sao_Paulo')::date between ${de} and ${ate}
      group by ${MES_DECISAO}, a.decidida_por_id)`;
    const MES = sql`(substr(q.mes, 6, 2) || '/' || substr(q.mes, 1, 4))`;
    const USUARIO = sql`coalesce(u.nome, 'Decisão automática')`;
    return {
      from: sql`${agg} q left join usuarios u on u.id = q.usuario`,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, grupo: { expr: MES, sortExpr: sql`q.mes` }, decisoes: { expr: sql`q.decisoes` }, periodo: lidoNoBind },
      sums: { decisoes: sql`q.decisoes`, autorizadas: sql`q.autorizadas`, negadas: sql`q.negadas`, valor: sql`q.valor` },
      async rows(db, ids) {
        const rows = await query<Row & { valor: unknown }>(
          db,
          sql`select q.id, ${MES} as grupo, ${USUARIO} as usuario, q.decisoes::int as decisoes, q.autorizadas::int as autorizadas, q.negadas::int as negadas, q.valor
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id left join usuarios u on u.id = q.usuario order by k.ord`,
        );
        return rows.map((r) => ({ ...r, valor: toCentavos(r.valor) ?? 0 }));
      },
    };
  },
};

const DIA_DECISAO = sql`(a.decidida_em at time zone 'America/Sao_Paulo')::date`;
/** Weekdays that are not national holidays, after the request day up to the decision day. */
const DIAS_UTEIS = sql`(select count(*)::int from generate_series(a.data_solicitacao + 1, ${DIA_DECISAO}, interval '1 day') d(dia)
  where extract(isodow from d.dia) < 6 and not exists (select 1 from feriados f where f.data = d.dia::date and f.abrangencia = 'NACIONAL' and not coalesce(f.ponto_facultativo, false)))`;
const PRAZO_CLASSE = sql`(case when a.carater = '2' then 'urgencia' when a.tipo in ('INTERNACAO', 'PRORROGACAO') then 'internacao' else 'regular' end)`;
const PRAZO_DIAS = sql.raw(`(case ${PRAZOS_RESPOSTA.map(([v, , d]) => `when x.classe = '${v}' then ${d}`).join(' ')} end)`);
const PRAZO_LABEL = sql.raw(`(case ${PRAZOS_RESPOSTA.map(([v, l]) => `when x.classe = '${v}' then '${l}'`).join(' ')} end)`);
const PRAZO_ORDEM = sql.raw(`(case ${PRAZOS_RESPOSTA.map(([v], i) => `when x.classe = '${v}' then ${i + 1}`).join(' ')} end)`);

/** rep127: the decisions of the period with their class, business days and whether they kept the deadline (a lateral computes them once per row). */
export const tempoRespostaSource: ReportSource = {
  from: sql`autorizacoes q`,
  alias: 'a',
  fields: { id: { expr: sql`a.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep127: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const from = sql`autorizacoes a cross join lateral (select ${PRAZO_CLASSE} as classe, ${DIAS_UTEIS} as dias) x`;
    const fora = sql`(x.dias > ${PRAZO_DIAS})`;
    return {
      from,
      alias: 'a',
      fields: {
        id: { expr: sql`a.id` },
        grupo: { expr: PRAZO_LABEL, sortExpr: PRAZO_ORDEM },
        dataSolicitacao: { expr: sql`a.data_solicitacao` },
        prazo: { expr: sql`x.classe` },
        situacaoPrazo: { filter: (_op, v) => (v === 'fora' ? fora : sql`not ${fora}`) },
        periodo: { filter: () => sql`(a.decidida_em is not null and ${DIA_DECISAO} between ${de} and ${ate})` },
      },
      sums: { foraDoPrazo: sql`${fora}::int` },
      async rows(db, ids) {
        const rows = await query<Row & { decididaEm: unknown; fora: boolean }>(
          db,
          sql`select a.id, ${PRAZO_LABEL} as grupo, a.numero, a.tipo, to_char(a.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao", a.decidida_em as "decididaEm",
              x.dias as "diasUteis", ${fora} as fora
            from ${pageIds(ids, 'k')} join autorizacoes a on a.id = k.id cross join lateral (select ${PRAZO_CLASSE} as classe, ${DIAS_UTEIS} as dias) x order by k.ord`,
        );
        return rows.map(({ fora: f, ...r }) => ({ ...r, decididaEm: new Date(r.decididaEm as string).toISOString(), foraDoPrazo: f ? 1 : 0, situacaoPrazo: f ? 'fora' : 'no' }));
      },
    };
  },
};
