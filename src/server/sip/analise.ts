import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { prefixosDoItem, tiposDoItem } from '../../shared/resources/ans';
import { ANALISE_SIP_LIST, CONTRATACOES, periodoDoTrimestre, REGRAS_SIP, type QuadroSip, type RegraSip } from '../../shared/sip/analise';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError, parse } from '../http/errors';
import { type ZodTypeProvider } from '../http/schemas';
import { registerList } from '../lists/routes';
import type { ListSource, Row } from '../lists/source';

/**
 * The SQL of the SIP analysis (src/shared/sip/analise.ts): the quarter's records (`e`: bills received by attendance
 * date, authorized requests by request date) with their beneficiary (`b`), the rules that keep a record out, the
 * item of each event (from the items' rules the operator keeps, itens_sip) and the figures per item and UF of the records no rule keeps out.
 */

/** A record of the quarter: a bill (id × 2) or an authorized request (id × 2 + 1), and its beneficiary. */
const EVENTOS = sql`(
    select g.id * 2 as id, 'FATURADA'::varchar as origem, g.numero_guia_prestador as guia, g.data_atendimento as data, g.beneficiario_id, g.numero_carteira as carteira,
      pr.prestador_id, g.valor_informado_centavos as valor,
      exists (select 1 from itens_faturados it where it.guia_id = g.id and it.valor_liberado_centavos is null) as pendente
    from guias_faturadas g join protocolos_recebimento pr on pr.id = g.protocolo_id
    union all
    select a.id * 2 + 1, 'AUTORIZADA'::varchar, a.numero, a.data_solicitacao, a.beneficiario_id, null, a.prestador_id, a.valor_centavos, false
    from autorizacoes a where a.status in (1, 7)
  ) e left join beneficiarios b on b.id = e.beneficiario_id`;

const REGRA_SQL: Record<RegraSip, SQL> = {
  'beneficiario-nao-identificado': sql`e.beneficiario_id is null`,
  'uf-ausente': sql`(b.id is not null and b.uf is null)`,
  'fora-da-vigencia': sql`(b.id is not null and (e.data < b.data_adesao or (b.situacao = 'CANCELADO' and e.data > b.data_situacao)))`,
  'despesa-em-analise': sql`e.pendente`,
};
const regraSql = (r: string) => REGRA_SQL[r as RegraSip] ?? sql`false`;
const NENHUMA_REGRA = sql`not (${sql.join(Object.values(REGRA_SQL), sql` or `)})`;

export function periodo(t: unknown) {
  const p = periodoDoTrimestre(t);
  if (!p) throw AppError.of(400, 'Trimestre inválido: use AAAA-T (ex.: 2026-1).', { field: 'trimestre' });
  return p;
}
const noTrimestre = (p: { inicio: string; fim: string }) => sql`e.data between ${p.inicio}::date and ${p.fim}::date`;

/** A SIP item's rule as the operator keeps it (Gerências SIP, table itens_sip): guide types and TUSS code prefixes. */
export interface RegraItemSip {
  item: string;
  tipos: string[];
  prefixos: string[];
}

/** The SIP items' rules in their order of precedence (the first an event matches is its item). */
export async function carregarItensSip(db: Db): Promise<RegraItemSip[]> {
  const rows = await query<{ item: string; tipos_guia: string | null; prefixos_tuss: string | null }>(db, sql`select item, tipos_guia, prefixos_tuss from itens_sip order by ordem, item`);
  return rows.map((r) => ({ item: r.item, tipos: tiposDoItem(r.tipos_guia), prefixos: prefixosDoItem(r.prefixos_tuss) }));
}

/** The item of an event (guide type, TUSS table and code), as a CASE over the items' rules in their order; G takes the rest. */
export function itemDe(regras: readonly RegraItemSip[], tipo: SQL, tabela: SQL, codigo: SQL): SQL {
  const whens = regras
    .filter((i) => i.tipos.length || i.prefixos.length)
    .map((i) => {
      const conds: SQL[] = [];
      if (i.tipos.length) conds.push(sql`${tipo} in (${sql.join(i.tipos.map((x) => sql`${x}`), sql`, `)})`);
      if (i.prefixos.length) conds.push(sql`(${tabela} = '22' and (${sql.join(i.prefixos.map((p) => sql`${codigo} like ${`${p}%`}`), sql` or `)}))`);
      return sql`when ${sql.join(conds, sql` or `)} then ${i.item}`;
    });
  return whens.length ? sql`(case ${sql.join(whens, sql` `)} else 'G' end)` : sql`'G'`;
}

/**
 * The events the SIP counts in a quarter, one row per item (alias x): an authorized request's item (id = item × 2 + 1,
 * its authorized quantity, no expense) or a received bill's item (id = item × 2, its quantity and the value released),
 * of a record no rule keeps out, with its SIP item, the beneficiary's UF and the record (registro: the synthetic id of
 * EVENTOS). The filing's figures (quadroSip) and the analytic report (rep276) both read it: one source of truth.
 */
export function eventosSip(regras: readonly RegraItemSip[], p: { inicio: string; fim: string }, contratacao: string | null): SQL {
  const doContrato = contratacao ? sql`and b.produto in (select id from produtos where contratacao = ${contratacao})` : sql``;
  const validos = sql`select e.id, e.origem, e.data, e.beneficiario_id, b.uf from ${EVENTOS} where ${noTrimestre(p)} and e.beneficiario_id is not null and ${NENHUMA_REGRA} ${doContrato}`;
  return sql`(
    select * from (
      select i.id * 2 + 1 as id, ${itemDe(regras, sql`a.tipo`, sql`i.tabela`, sql`i.codigo`)} as item, v.uf, coalesce(i.quantidade_autorizada, i.quantidade_solicitada) as qtd, v.origem,
        0::bigint as despesa, v.id as registro, v.data, v.beneficiario_id
        from (${validos}) v join autorizacao_itens i on v.origem = 'AUTORIZADA' and i.autorizacao_id = (v.id - 1) / 2 join autorizacoes a on a.id = i.autorizacao_id
      union all
      select it.id * 2, ${itemDe(regras, sql`null`, sql`it.codigo_tabela`, sql`it.codigo_procedimento`)}, v.uf, it.quantidade, v.origem, it.valor_liberado_centavos, v.id, v.data, v.beneficiario_id
        from (${validos}) v join itens_faturados it on v.origem = 'FATURADA' and it.guia_id = v.id / 2
    ) y where y.qtd > 0
  ) x`;
}

export async function quadroSip(db: Db, trimestre: string, contratacao: string | null): Promise<QuadroSip> {
  const t0 = performance.now();
  const p = periodo(trimestre);
  const regras = await carregarItensSip(db);
  const linhas = await query<{ item: string; uf: string; autorizados: number; faturados: number; despesa: string }>(
    db,
    sql`select x.item, x.uf, coalesce(sum(x.qtd) filter (where x.origem = 'AUTORIZADA'), 0)::int as autorizados, coalesce(sum(x.qtd) filter (where x.origem = 'FATURADA'), 0)::int as faturados,
          coalesce(sum(x.despesa), 0)::bigint as despesa
        from ${eventosSip(regras, p, contratacao)} group by x.item, x.uf order by x.item, x.uf`,
  );
  const fora = await query<{ contratacao: string; n: number }>(
    db,
    sql`select p.contratacao, count(*)::int as n from beneficiarios b join produtos p on p.id = b.produto
        where b.data_adesao <= ${p.fim}::date and (b.situacao <> 'CANCELADO' or b.data_situacao > ${p.fim}::date) and (b.fim_carencia is null or b.fim_carencia <= ${p.fim}::date)
        ${contratacao ? sql`and p.contratacao = ${contratacao}` : sql``}
        group by p.contratacao`,
  );
  const cols = sql.join(
    REGRAS_SIP.map((r) => sql`count(*) filter (where ${REGRA_SQL[r.regra]})::int as ${sql.raw(`"${r.regra}"`)}`),
    sql`, `,
  );
  const [c] = await query<Record<string, number>>(db, sql`select count(*)::int as registros, ${cols} from ${EVENTOS} where ${noTrimestre(p)}`);
  return {
    trimestre,
    ...p,
    contratacao,
    linhas: linhas.map((l) => ({ item: l.item, uf: l.uf, eventosAutorizados: l.autorizados, eventosFaturados: l.faturados, despesa: Number(l.despesa) })),
    foraCarencia: CONTRATACOES.filter(([k]) => !contratacao || k === contratacao).map(([k]) => ({ contratacao: k, beneficiarios: fora.find((x) => x.contratacao === k)?.n ?? 0 })),
    registros: c.registros,
    regras: REGRAS_SIP.map((r) => ({ regra: r.regra, total: c[r.regra] })),
    ms: Math.round(performance.now() - t0),
  };
}

const sipSource: ListSource = {
  from: EVENTOS,
  alias: 'e',
  fields: {
    id: { expr: sql`e.id` },
    regra: { filter: (_op, v) => regraSql(String(v)) },
    trimestre: { filter: (_op, v) => noTrimestre(periodo(String(v))) },
    origem: { expr: sql`e.origem` },
  },
  // a page's records straight by their tables' keys (the synthetic id's parity says which)
  async rows(db, ids) {
    const guias = ids.filter((i) => i % 2 === 0).map((i) => i / 2);
    const auts = ids.filter((i) => i % 2 === 1).map((i) => (i - 1) / 2);
    const em = (xs: number[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
    const rows = [
      ...(guias.length
        ? await query<Row & { valor: string }>(
            db,
            sql`select g.id * 2 as id, 'FATURADA' as origem, g.numero_guia_prestador as guia, to_char(g.data_atendimento, 'YYYY-MM-DD') as data, b.nome as beneficiario, g.numero_carteira as carteira,
                  b.uf, p.nome as prestador, g.valor_informado_centavos as valor
                from guias_faturadas g join protocolos_recebimento pr on pr.id = g.protocolo_id join prestadores p on p.id = pr.prestador_id left join beneficiarios b on b.id = g.beneficiario_id
                where g.id in (${em(guias)})`,
          )
        : []),
      ...(auts.length
        ? await query<Row & { valor: string }>(
            db,
            sql`select a.id * 2 + 1 as id, 'AUTORIZADA' as origem, a.numero as guia, to_char(a.data_solicitacao, 'YYYY-MM-DD') as data, b.nome as beneficiario, b.carteirinha as carteira,
                  b.uf, p.nome as prestador, a.valor_centavos as valor
                from autorizacoes a join prestadores p on p.id = a.prestador_id join beneficiarios b on b.id = a.beneficiario_id where a.id in (${em(auts)})`,
          )
        : []),
    ];
    const porId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), valor: Number(r.valor) }]));
    return ids.map((i) => porId.get(i)).filter((r): r is Row & { valor: number } => !!r);
  },
};

const quadroQuery = z.object({
  trimestre: z.string({ error: 'Escolha o trimestre.' }).refine((v) => !!periodoDoTrimestre(v), 'Trimestre inválido: use AAAA-T (ex.: 2026-1).'),
  contratacao: z.enum(CONTRATACOES.map(([k]) => k) as [string, ...string[]], { error: 'Tipo de contratação inválido.' }).optional(),
});

/** GET /api/analise-sip (the records of one rule in a quarter, with /resumo) and /api/analise-sip/quadro (the figures). */
export function analiseSipRoutes(fastify: FastifyInstance, ctx: AppContext) {
  registerList(fastify, ctx, ANALISE_SIP_LIST, sipSource, { neighbors: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/analise-sip/quadro', { config: { access: { command: ANALISE_SIP_LIST.command }, queryParams: ['trimestre', 'contratacao'] }, schema: { querystring: quadroQuery } }, async (req) => {
    const q = parse(quadroQuery, req.query);
    return { result: await quadroSip(ctx.db, q.trimestre, q.contratacao ?? null) };
  });
}
