import { sql, type SQL } from 'drizzle-orm';
import { ASSUNTOS, CANAIS, FLUXO, SATISFACAO, STATUS, TIPOS } from '../../shared/ouvidoria';
import type { ListQuery } from '../../shared/lists/types';
import { FAIXAS_RESPOSTA, MESES } from '../../shared/relatorios/ouvidoria';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest, forbidden } from '../http/errors';
import { pageIds, type Row } from '../lists/source';
import { ufDaOperadora } from '../ouvidoria/prazos';
import { scopeOf } from '../policy';
import type { ReportSource } from './engine';
import { lidoNoBind } from './comum';

/** The year asked (filter `ano`), read by `bind` into the aggregate. */
export function anoDe(q: ListQuery): number {
  const v = q.filters.find((x) => x.field === 'ano')?.value;
  const ano = Number(v);
  if (v == null || v === '') throw badRequest('Informe o ano.', 'ano');
  if (!Number.isInteger(ano) || ano < 2000 || ano > 2100) throw badRequest('Ano inválido: informe um ano entre 2000 e 2100.', 'ano');
  return ano;
}

const DIA_REGISTRO = sql`(m.criado_em at time zone 'America/Sao_Paulo')::date`;
const DIA_RESPOSTA = sql`(m.respondida_em at time zone 'America/Sao_Paulo')::date`;

/**
 * The year's manifestações with what both reports count: answered or not, in the deadline or not, the business days
 * from the registration day to the answer day (weekends, national holidays and the operator's state holidays out:
 * the deadline's calendar, src/server/ouvidoria/prazos.ts).
 */
function doAno(ano: number, uf: string): SQL {
  const dias = sql`(select count(*)::int from generate_series(${DIA_REGISTRO} + 1, ${DIA_RESPOSTA}, interval '1 day') d(dia)
    where extract(isodow from d.dia) < 6 and not exists (select 1 from feriados f where f.data = d.dia::date and not coalesce(f.ponto_facultativo, false)
      and (f.abrangencia = 'NACIONAL' or (f.abrangencia = 'ESTADUAL' and f.uf = ${uf}))))`;
  return sql`(select m.id, m.tipo, m.canal, m.assunto, m.status, m.satisfacao, extract(month from m.criado_em at time zone 'America/Sao_Paulo')::int as mes,
      m.respondida_em is not null as respondida, m.respondida_em is not null and ${DIA_RESPOSTA} <= m.prazo as no_prazo,
      m.justificativa_prorrogacao is not null as prorrogada, case when m.respondida_em is not null then ${dias} end as dias
    from manifestacoes m where extract(year from m.criado_em at time zone 'America/Sao_Paulo') = ${ano})`;
}

/** The reports read every manifestação: only a session that sees them all (the ombudsman's staff, the operator). */
async function conferirEscopo(ctx: Parameters<NonNullable<ReportSource['bind']>>[0], s: Parameters<NonNullable<ReportSource['bind']>>[1]) {
  const escopo = await scopeOf(ctx, s, 'manifestacao');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
}

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** The dimensions of the annual report: each item's key, label and order, and how a manifestação names its item. */
const QUADROS: { titulo: string; chave: string; itens: readonly (readonly [string, string])[] }[] = [
  { titulo: 'Total do ano', chave: `'todas'`, itens: [['todas', 'Todas as manifestações']] },
  { titulo: 'Por tipo', chave: 'x.tipo', itens: TIPOS },
  { titulo: 'Por canal', chave: 'x.canal', itens: CANAIS },
  { titulo: 'Por assunto', chave: 'x.assunto', itens: ASSUNTOS },
  {
    titulo: 'Por tempo de resposta',
    chave: `(case when x.dias is null then 'aberta' ${FAIXAS_RESPOSTA.filter(([, , de]) => de != null)
      .map(([k, , de, ate]) => `when x.dias >= ${de}${ate == null ? '' : ` and x.dias <= ${ate}`} then '${k}'`)
      .join(' ')} end)`,
    itens: FAIXAS_RESPOSTA.map(([k, l]) => [k, l] as const),
  },
  { titulo: 'Por situação', chave: 'x.status', itens: STATUS.map((s) => [s, FLUXO.labels[s]] as const) },
  { titulo: 'Por avaliação do beneficiário', chave: `coalesce(x.satisfacao::text, 'sem')`, itens: [...SATISFACAO, ['sem', 'Sem avaliação']] },
];
// "1. Total do ano": the number orders the tables as declared (the group's label orders the groups)
const ITENS = sql.raw(
  `(values ${QUADROS.flatMap((qd, i) => qd.itens.map(([k, l], j) => `(${(i + 1) * 100 + j + 1}, ${i + 1}, ${lit(`${i + 1}. ${qd.titulo}`)}, ${j + 1}, ${lit(k)}, ${lit(l)})`)).join(', ')}) as d(id, quadro, grupo, ordem, chave, item)`,
);
const CHAVE = sql.raw(`(case d.quadro ${QUADROS.map((qd, i) => `when ${i + 1} then ${qd.chave}`).join(' ')} end)`);

/** Relatório Anual da Ouvidoria: one row per table and item (its id: the table × 100 + the item's order). */
export const anualOuvidoriaSource: ReportSource = {
  from: sql`manifestacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, ano: lidoNoBind },
  rows: () => Promise.reject(new Error('anual-ouvidoria: a fonte precisa do ano (bind)')),
  async bind(ctx, s, q) {
    await conferirEscopo(ctx, s);
    const agg = sql`(select d.id, d.grupo, d.ordem, d.item, count(x.id)::int as manifestacoes, count(x.id) filter (where x.respondida)::int as respondidas,
        count(x.id) filter (where x.no_prazo)::int as no_prazo, count(x.id) filter (where x.respondida and not x.no_prazo)::int as fora_do_prazo,
        count(x.id) filter (where not x.respondida)::int as em_aberto, round(avg(x.dias), 1)::float8 as media
      from ${ITENS} left join ${doAno(anoDe(q), await ufDaOperadora(ctx.db))} x on ${CHAVE} = d.chave
      group by d.id, d.grupo, d.ordem, d.item)`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, grupo: { expr: sql`q.grupo` }, ordem: { expr: sql`q.ordem` }, ano: lidoNoBind },
      async rows(db: Db, ids) {
        return query<Row>(
          db,
          sql`select q.id, q.grupo, q.ordem, q.item, q.manifestacoes, q.respondidas, q.no_prazo as "noPrazo", q.fora_do_prazo as "foraDoPrazo",
              q.em_aberto as "emAberto", q.media as "mediaDiasUteis"
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`,
        );
      },
    };
  },
};

const TIPO = (t: string) => sql`count(x.id) filter (where x.tipo = ${t})::int`;
const NOMES_MESES = sql.raw(`(case q.mes ${MESES.map((m, i) => `when ${i + 1} then '${m}'`).join(' ')} end)`);

/** REA: one row per month (its id: the month), each count summed into the year's totals. */
export const reaSource: ReportSource = {
  from: sql`manifestacoes q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, ano: lidoNoBind },
  rows: () => Promise.reject(new Error('rea: a fonte precisa do ano (bind)')),
  async bind(ctx, s, q) {
    await conferirEscopo(ctx, s);
    const agg = sql`(select g.mes as id, g.mes, count(x.id)::int as recebidas, ${TIPO('RECLAMACAO')} as reclamacoes, ${TIPO('DENUNCIA')} as denuncias,
        ${TIPO('SOLICITACAO')} as solicitacoes, ${TIPO('SUGESTAO')} as sugestoes, ${TIPO('ELOGIO')} as elogios, ${TIPO('CONSULTA')} as consultas,
        count(x.id) filter (where x.respondida)::int as respondidas, count(x.id) filter (where x.no_prazo)::int as no_prazo,
        count(x.id) filter (where x.respondida and not x.no_prazo)::int as fora_do_prazo, count(x.id) filter (where x.prorrogada)::int as prorrogadas,
        round(avg(x.dias), 1)::float8 as media
      from generate_series(1, 12) g(mes) left join ${doAno(anoDe(q), await ufDaOperadora(ctx.db))} x on x.mes = g.mes
      group by g.mes)`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: { id: { expr: sql`q.id` }, mes: { expr: sql`q.mes` }, ano: lidoNoBind },
      sums: {
        recebidas: sql`q.recebidas`,
        reclamacoes: sql`q.reclamacoes`,
        denuncias: sql`q.denuncias`,
        solicitacoes: sql`q.solicitacoes`,
        sugestoes: sql`q.sugestoes`,
        elogios: sql`q.elogios`,
        consultas: sql`q.consultas`,
        respondidas: sql`q.respondidas`,
        noPrazo: sql`q.no_prazo`,
        foraDoPrazo: sql`q.fora_do_prazo`,
        prorrogadas: sql`q.prorrogadas`,
      },
      async rows(db: Db, ids) {
        return query<Row>(
          db,
          sql`select q.id, q.mes, ${NOMES_MESES} as "mesNome", q.recebidas, q.reclamacoes, q.denuncias, q.solicitacoes, q.sugestoes, q.elogios, q.consultas,
              q.respondidas, q.no_prazo as "noPrazo", q.fora_do_prazo as "foraDoPrazo", q.prorrogadas, q.media as "mediaDiasUteis"
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`,
        );
      },
    };
  },
};
