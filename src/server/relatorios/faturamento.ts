import { sql, type SQL } from 'drizzle-orm';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import { TIPOS_GUIA_LOTE } from '../../shared/faturamento';
import type { ListQuery } from '../../shared/lists/types';
import { toCentavos } from '../../shared/money';
import { percentual } from '../../shared/relatorios/define';
import { PARTOS } from '../../shared/relatorios/faturamento';
import { CANAIS_RADAR } from '../ans/radar';
import { query, searchTerm } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { assertAny, hasPrestadorRole, ownPrestadorId, scopeOf, scopeWhere } from '../policy';
import { lidoNoBind, periodoDe } from './comum';
import type { ReportSource } from './engine';

/**
 * The billing reports' data (src/shared/relatorios/faturamento.ts): received protocols (`protocolos_recebimento`),
 * their guides and items. The values are the items' — informed, released (decided ones), glosed — and what is still
 * to decide is their difference. Every source reads through an alias that carries `prestador_id`, so the policy's
 * provider scope (entity `protocolorecebimento`) is the engine's; the one aggregate over every provider (rep092)
 * applies the scope inside it.
 */

const n = (v: unknown) => toCentavos(v) ?? 0;
const int = (v: unknown) => Number(v ?? 0);
const A_DECIDIR = (t: string) => sql.raw(`(${t}.informado - ${t}.liberado - ${t}.glosa)`);

/** The provider typed in the filter: its code, or any part of its name (accents ignored). */
const prestadorPorTermo = (col: SQL) => (v: string): SQL =>
  sql`${col} in (select id from prestadores where codigo = ${v.trim()} or nome_busca like ${`%${searchTerm(v)}%`})`;

/**
 * A provider's user: the provider filter is its own record, whatever the address says (the screen does not offer it;
 * the scope already keeps other providers' rows out, this keeps a typed name from emptying the report).
 */
function comPrestadorDaSessao(source: ReportSource, col: SQL): ReportSource {
  return {
    ...source,
    async bind(ctx, s, q) {
      const base = source.bind ? await source.bind(ctx, s, q) : source;
      if (!hasPrestadorRole(s)) return base;
      const id = ownPrestadorId(s);
      return { ...base, fields: { ...base.fields, prestador: { search: () => sql`${col} = ${id}` } } };
    },
  };
}

/** A day of the operator's calendar against an instant column: from the first moment of `de` to the last of `ate`. */
const instanteEntre = (col: SQL, de: string, ate: string) =>
  sql`${col} >= (${de}::date)::timestamp at time zone ${OPERATOR_TIME_ZONE} and ${col} < (${ate}::date + 1)::timestamp at time zone ${OPERATOR_TIME_ZONE}`;

/** The guide type's label, and its place in TIPOS_GUIA_LOTE (the groups' order). */
const TIPO_LABEL = (col: string) => sql.raw(`(case ${col} ${TIPOS_GUIA_LOTE.map(([v, l]) => `when '${v}' then '${l}'`).join(' ')} else ${col} end)`);
const TIPO_ORDEM = (col: string) => sql.raw(`(case ${col} ${TIPOS_GUIA_LOTE.map(([v], i) => `when '${v}' then ${i + 1}`).join(' ')} else 99 end)`);
/** 'YYYY-MM' → 'MM/YYYY'. */
const MES_BR = (col: string) => sql.raw(`(substr(${col}, 6, 2) || '/' || substr(${col}, 1, 4))`);

/** The items' sums of one protocol (a lateral per protocol row: the index on the guides' protocol and the items' guide). */
const SOMAS_PROTOCOLO = sql`(select count(distinct g.id)::int as guias, count(i.id)::int as itens, coalesce(sum(i.valor_informado_centavos), 0) as informado,
    coalesce(sum(i.valor_liberado_centavos), 0) as liberado, coalesce(sum(i.valor_glosa_centavos), 0) as glosa
  from guias_faturadas g join itens_faturados i on i.guia_id = g.id where g.protocolo_id = p.id)`;

/** The value under appeal in a protocol: appealed items not decided yet. */
const EM_RECURSO = sql`(select coalesce(sum(ri.valor_recursado_centavos), 0) from recursos_glosa r join recursos_glosa_itens ri on ri.recurso_id = r.id
  where r.protocolo_id = p.id and ri.resultado is null)`;

const PRESTADOR_GRUPO = sql`(pr.nome || coalesce(' (' || pr.codigo || ')', ''))`;

/** The protocol's rows (rep061, rep124 contas a pagar): a protocol, its provider and the sums of its items. */
function protocolosSource(extra: { fields?: ReportSource['fields'] } = {}): ReportSource {
  return {
    from: sql`protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id cross join lateral ${SOMAS_PROTOCOLO} t`,
    alias: 'p',
    fields: {
      id: { expr: sql`p.id` },
      // by name; two providers of the same name stay apart (one label per key)
      grupo: { expr: PRESTADOR_GRUPO, sortExpr: sql`(pr.nome_busca || '#' || pr.id)` },
      recebidoEm: { expr: sql`p.recebido_em` },
      status: { expr: sql`p.status` },
      tipoGuia: { expr: sql`p.tipo_guia` },
      prestador: { search: prestadorPorTermo(sql`p.prestador_id`) },
      ...extra.fields,
    },
    sums: { guias: sql`t.guias`, itens: sql`t.itens`, informado: sql`t.informado`, liberado: sql`t.liberado`, glosa: sql`t.glosa`, aDecidir: A_DECIDIR('t'), emRecurso: EM_RECURSO },
    async rows(db, ids) {
      const rows = await query<Row & Record<string, unknown>>(
        db,
        sql`select p.id, ${PRESTADOR_GRUPO} as grupo, p.numero, p.numero_lote as "numeroLote", p.recebido_em as "recebidoEm", p.tipo_guia as "tipoGuia", p.status,
            t.guias, t.itens, t.informado, t.liberado, t.glosa, ${EM_RECURSO} as "emRecurso"
          from ${pageIds(ids, 'k')} join protocolos_recebimento p on p.id = k.id join prestadores pr on pr.id = p.prestador_id cross join lateral ${SOMAS_PROTOCOLO} t
          order by k.ord`,
      );
      return rows.map((r) => ({
        ...r,
        recebidoEm: new Date(r.recebidoEm as string).toISOString(),
        informado: n(r.informado),
        liberado: n(r.liberado),
        glosa: n(r.glosa),
        aDecidir: n(r.informado) - n(r.liberado) - n(r.glosa),
        emRecurso: n(r.emRecurso),
      }));
    },
  };
}

/** rep061 — every lot of the period by provider. */
export const loteSinteticoSource = comPrestadorDaSessao(protocolosSource(), sql`p.prestador_id`);

/**
 * rep124 (contas a pagar) — closed protocols with something released: 5 analisado e aguardando liberação, 3 liberado
 * para pagamento, 6 pagamento efetuado.
 */
export const contasAPagarSource = comPrestadorDaSessao(
  protocolosSource({ fields: { aPagar: { filter: () => sql`(p.status in ('3', '5', '6') and t.liberado > 0)` } } }),
  sql`p.prestador_id`,
);

/** The protocol a guide or item belongs to, as its group reads: number, lot and provider. */
const PROTOCOLO_GRUPO = (x: string) => sql.raw(`('Protocolo ' || ${x}.protocolo || ' · lote ' || ${x}.numero_lote || ' · ' || ${x}.prestador_nome)`);

/** One row per guide (alias x: the guide's id and the protocol's provider, status, type and receipt). */
const GUIAS = sql`(select g.id, p.prestador_id, p.id as protocolo_id, p.numero as protocolo, p.numero_lote, pr.nome as prestador_nome, p.recebido_em, p.status, p.tipo_guia,
    g.numero_guia_prestador as guia, g.senha, g.beneficiario_id, g.numero_carteira, g.data_atendimento
  from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id join prestadores pr on pr.id = p.prestador_id) x`;
/** The items' sums of the guide x. */
const SOMAS_GUIA = sql`(select count(*)::int as itens, count(i.valor_liberado_centavos)::int as decididos, coalesce(sum(i.valor_informado_centavos), 0) as informado,
    coalesce(sum(i.valor_liberado_centavos), 0) as liberado, coalesce(sum(i.valor_glosa_centavos), 0) as glosa
  from itens_faturados i where i.guia_id = x.id)`;
/** The authorization the guide x executes: its senha, of its beneficiary, authorized (the automatic check's link). */
const AUTORIZACAO_DA_GUIA = sql`(select a.numero from autorizacoes a where a.beneficiario_id = x.beneficiario_id and a.senha = x.senha and a.status in (1, 7) order by a.id limit 1)`;
/** Why the guide x is not linked to an authorized attendance, or null when it is. */
const SEM_VINCULO = sql`(case when x.beneficiario_id is null then 'SEM_BENEFICIARIO' when x.senha is null then 'SEM_SENHA'
  when not exists (select 1 from autorizacoes a where a.beneficiario_id = x.beneficiario_id and a.senha = x.senha and a.status in (1, 7)) then 'SENHA_NAO_VINCULADA' end)`;

function guiasSource(extra: { from?: SQL; fields?: ReportSource['fields'] }): ReportSource {
  const from = sql`${GUIAS} cross join lateral ${SOMAS_GUIA} t ${extra.from ?? sql``}`;
  return {
    from,
    alias: 'x',
    fields: {
      id: { expr: sql`x.id` },
      grupo: { expr: PROTOCOLO_GRUPO('x'), sortExpr: sql`x.protocolo_id` },
      guia: { expr: sql`x.guia` },
      recebidoEm: { expr: sql`x.recebido_em` },
      status: { expr: sql`x.status` },
      tipoGuia: { expr: sql`x.tipo_guia` },
      prestador: { search: prestadorPorTermo(sql`x.prestador_id`) },
      ...extra.fields,
    },
    sums: { itens: sql`t.itens`, decididos: sql`t.decididos`, informado: sql`t.informado`, liberado: sql`t.liberado`, glosa: sql`t.glosa`, aDecidir: A_DECIDIR('t') },
    async rows(db, ids) {
      const rows = await query<Row & Record<string, unknown>>(
        db,
        sql`select x.id, ${PROTOCOLO_GRUPO('x')} as grupo, x.guia, b.nome as "beneficiarioNome", x.numero_carteira as carteira, x.data_atendimento::text as "dataAtendimento",
            x.senha, ${AUTORIZACAO_DA_GUIA} as autorizacao, ${SEM_VINCULO} as motivo, t.itens, t.decididos, t.informado, t.liberado, t.glosa
          from ${pageIds(ids, 'k')} join ${GUIAS} on x.id = k.id cross join lateral ${SOMAS_GUIA} t left join beneficiarios b on b.id = x.beneficiario_id
          order by k.ord`,
      );
      return rows.map((r) => ({
        ...r,
        beneficiarioNome: r.beneficiarioNome ?? 'Carteira não localizada',
        informado: n(r.informado),
        liberado: n(r.liberado),
        glosa: n(r.glosa),
        aDecidir: n(r.informado) - n(r.liberado) - n(r.glosa),
      }));
    },
  };
}

/** rep124 (abertos) — the guides of the protocols whose review is open (Recebido, Em análise). */
export const abertosAtendimentosSource = comPrestadorDaSessao(guiasSource({ fields: { aberto: { filter: () => sql`x.status in ('1', '2')` } } }), sql`x.prestador_id`);

/** rep062 — the guides not linked to an authorized attendance. */
export const semAtendimentoVinculadoSource = comPrestadorDaSessao(
  guiasSource({
    from: sql`cross join lateral (select ${SEM_VINCULO} as motivo) v`,
    fields: { motivo: { expr: sql`v.motivo` }, semVinculo: { filter: () => sql`v.motivo is not null` } },
  }),
  sql`x.prestador_id`,
);

/** One row per billed item (alias x: the item's id and the protocol's provider). */
const ITENS = sql`(select i.id, p.prestador_id, p.id as protocolo_id, p.numero as protocolo, p.numero_lote, pr.nome as prestador_nome, p.recebido_em, p.status, p.tipo_guia,
    g.numero_guia_prestador as guia, g.ordem, g.beneficiario_id, i.sequencial, i.data, i.codigo_procedimento, i.descricao, i.procedimento_id, i.quantidade,
    i.valor_informado_centavos as informado, i.valor_liberado_centavos as liberado, i.valor_glosa_centavos as glosa, i.glosa_codigo
  from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id join prestadores pr on pr.id = p.prestador_id) x`;
const PROCEDIMENTO = sql`(x.codigo_procedimento || ' – ' || coalesce(x.descricao, pc.descricao))`;

/** rep060 — every item of the protocols, by protocol. */
const analiticoProtocolo: ReportSource = {
  from: ITENS,
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: PROTOCOLO_GRUPO('x'), sortExpr: sql`x.protocolo_id` },
    guia: { expr: sql`x.guia` },
    recebidoEm: { expr: sql`x.recebido_em` },
    protocolo: { expr: sql`x.protocolo` },
    status: { expr: sql`x.status` },
    prestador: { search: prestadorPorTermo(sql`x.prestador_id`) },
  },
  sums: { quantidade: sql`x.quantidade`, informado: sql`x.informado`, liberado: sql`coalesce(x.liberado, 0)`, glosa: sql`x.glosa` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select x.id, ${PROTOCOLO_GRUPO('x')} as grupo, x.guia, b.nome as "beneficiarioNome", x.data::text as data, ${PROCEDIMENTO} as procedimento, x.quantidade,
          x.informado, coalesce(x.liberado, 0) as liberado, x.glosa, case when x.glosa > 0 then x.glosa_codigo end as motivo
        from ${pageIds(ids, 'k')} join ${ITENS} on x.id = k.id join procedimentos pc on pc.id = x.procedimento_id left join beneficiarios b on b.id = x.beneficiario_id
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, beneficiarioNome: r.beneficiarioNome ?? 'Carteira não localizada', informado: n(r.informado), liberado: n(r.liberado), glosa: n(r.glosa) }));
  },
};
export const analiticoProtocoloSource = comPrestadorDaSessao(analiticoProtocolo, sql`x.prestador_id`);

/** The glosa's reason as its group reads: the table-38 code and its description. */
const MOTIVO_GLOSA = sql`(x.glosa_codigo || coalesce(' – ' || (select m.descricao from motivos m where m.codigo = x.glosa_codigo), ''))`;
/** The appeal of the item x: its outcome, 'PENDENTE' while undecided, null when not appealed. */
const RECURSO_DO_ITEM = sql`(select coalesce(ri.resultado, 'PENDENTE') from recursos_glosa_itens ri where ri.item_id = x.id)`;

/** rep144 — the glosed items by reason. */
const glosasMotivo: ReportSource = {
  from: ITENS,
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: MOTIVO_GLOSA, sortExpr: sql`x.glosa_codigo` },
    recebidoEm: { expr: sql`x.recebido_em` },
    motivo: { expr: sql`x.glosa_codigo` },
    tipoGuia: { expr: sql`x.tipo_guia` },
    prestador: { search: prestadorPorTermo(sql`x.prestador_id`) },
    glosado: { filter: () => sql`x.glosa > 0` },
  },
  sums: { informado: sql`x.informado`, glosa: sql`x.glosa` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select x.id, ${MOTIVO_GLOSA} as grupo, x.protocolo, x.prestador_nome as "prestadorNome", x.guia, x.data::text as data, ${PROCEDIMENTO} as procedimento,
          x.informado, x.glosa, ${RECURSO_DO_ITEM} as recurso, x.recebido_em as "recebidoEm"
        from ${pageIds(ids, 'k')} join ${ITENS} on x.id = k.id join procedimentos pc on pc.id = x.procedimento_id order by k.ord`,
    );
    return rows.map((r) => ({ ...r, recebidoEm: new Date(r.recebidoEm as string).toISOString(), informado: n(r.informado), glosa: n(r.glosa) }));
  },
};
export const glosasMotivoSource = comPrestadorDaSessao(glosasMotivo, sql`x.prestador_id`);

/** The guide-type filter of an aggregate, on the protocol `p`. */
const tipoDe = (q: ListQuery): SQL => {
  const tipo = q.filters.find((f) => f.field === 'tipoGuia')?.value;
  return tipo == null ? sql`true` : sql`p.tipo_guia = ${String(tipo)}`;
};

/** The items of protocols received in a period (and of a type), grouped by provider: rep118's rows. */
function contasPorPrestador(de: string, ate: string, tipo: SQL): SQL {
  return sql`(select p.prestador_id as id, p.prestador_id, count(distinct p.id) as protocolos, count(distinct g.id) as guias, count(*) as itens,
      sum(i.valor_informado_centavos) as informado, coalesce(sum(i.valor_liberado_centavos), 0) as liberado, sum(i.valor_glosa_centavos) as glosa
    from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id join itens_faturados i on i.guia_id = g.id
    where ${instanteEntre(sql`p.recebido_em`, de, ate)} and ${tipo}
    group by p.prestador_id)`;
}

const SOMAS_AGREGADO = { guias: sql`q.guias`, itens: sql`q.itens`, informado: sql`q.informado`, liberado: sql`q.liberado`, glosa: sql`q.glosa`, aDecidir: A_DECIDIR('q') };
const valores = (r: Record<string, unknown>) => {
  const informado = n(r.informado);
  const glosa = n(r.glosa);
  return { informado, liberado: n(r.liberado), glosa, aDecidir: informado - n(r.liberado) - glosa, percentualGlosa: percentual(glosa, informado) };
};

/** rep118 — each provider's bills received in the period. */
export const contasPrestadorSource: ReportSource = {
  from: sql`prestadores q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, tipoGuia: lidoNoBind },
  rows: () => Promise.reject(new Error('rep118: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = contasPorPrestador(de, ate, tipoDe(q));
    return {
      from: sql`${agg} q join prestadores pr on pr.id = q.id`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        informado: { expr: sql`q.informado` },
        glosa: { expr: sql`q.glosa` },
        nome: { expr: sql`pr.nome_busca` },
        periodo: lidoNoBind,
        tipoGuia: lidoNoBind,
      },
      sums: { protocolos: sql`q.protocolos`, ...SOMAS_AGREGADO },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, pr.codigo, pr.nome, q.protocolos::int as protocolos, q.guias::int as guias, q.itens::int as itens, q.informado, q.liberado, q.glosa
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join prestadores pr on pr.id = q.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, protocolos: int(r.protocolos), guias: int(r.guias), itens: int(r.itens), ...valores(r) }));
      },
    };
  },
};

/** The month of the attendance ('YYYY-MM'): the competência of a bill. */
const COMPETENCIA = sql`to_char(g.data_atendimento, 'YYYY-MM')`;

/** rep091 — by competência (the month of the attendance) and provider; the row's id is its place in that order. */
export const faturamentoCompetenciaSource: ReportSource = {
  from: sql`prestadores q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind, tipoGuia: lidoNoBind },
  rows: () => Promise.reject(new Error('rep091: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = sql`(select row_number() over (order by ${COMPETENCIA}, p.prestador_id)::int as id, ${COMPETENCIA} as mes, p.prestador_id,
        count(distinct g.id) as guias, count(*) as itens, sum(i.valor_informado_centavos) as informado, coalesce(sum(i.valor_liberado_centavos), 0) as liberado,
        sum(i.valor_glosa_centavos) as glosa
      from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id join itens_faturados i on i.guia_id = g.id
      where g.data_atendimento between ${de} and ${ate} and ${tipoDe(q)}
      group by ${COMPETENCIA}, p.prestador_id)`;
    return {
      from: sql`${agg} q join prestadores pr on pr.id = q.prestador_id`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: MES_BR('q.mes'), sortExpr: sql`q.mes` },
        informado: { expr: sql`q.informado` },
        periodo: lidoNoBind,
        tipoGuia: lidoNoBind,
      },
      sums: SOMAS_AGREGADO,
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, ${MES_BR('q.mes')} as grupo, pr.codigo, pr.nome, q.guias::int as guias, q.itens::int as itens, q.informado, q.liberado, q.glosa
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join prestadores pr on pr.id = q.prestador_id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, guias: int(r.guias), itens: int(r.itens), ...valores(r) }));
      },
    };
  },
};

/**
 * rep092 — by guide type and competência, over every provider the session sees: an aggregate across providers has
 * no provider column for the engine's scope, so the policy's condition goes inside it (and a session that sees no
 * protocol is refused, as the engine would).
 */
export const faturamentoTipoGuiaSource: ReportSource = {
  from: sql`prestadores q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep092: a fonte precisa do período (bind)')),
  async bind(ctx, s, q) {
    const { de, ate } = periodoDe(q);
    const scope = await scopeOf(ctx, s, 'protocolorecebimento');
    assertAny(scope);
    const agg = sql`(select row_number() over (order by ${TIPO_ORDEM('p.tipo_guia')}, ${COMPETENCIA})::int as id, p.tipo_guia, ${COMPETENCIA} as mes,
        count(distinct p.prestador_id) as prestadores, count(distinct g.id) as guias, count(*) as itens, sum(i.valor_informado_centavos) as informado,
        coalesce(sum(i.valor_liberado_centavos), 0) as liberado, sum(i.valor_glosa_centavos) as glosa
      from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id join itens_faturados i on i.guia_id = g.id
      where g.data_atendimento between ${de} and ${ate} and ${scopeWhere(scope, 'protocolorecebimento', 'p')}
      group by p.tipo_guia, ${COMPETENCIA})`;
    return {
      from: sql`${agg} q`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: TIPO_LABEL('q.tipo_guia'), sortExpr: TIPO_ORDEM('q.tipo_guia') },
        competencia: { expr: MES_BR('q.mes'), sortExpr: sql`q.mes` },
        periodo: lidoNoBind,
      },
      sums: { prestadores: sql`q.prestadores`, ...SOMAS_AGREGADO },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, ${TIPO_LABEL('q.tipo_guia')} as grupo, ${MES_BR('q.mes')} as competencia, q.prestadores::int as prestadores, q.guias::int as guias,
              q.itens::int as itens, q.informado, q.liberado, q.glosa
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, prestadores: int(r.prestadores), guias: int(r.guias), itens: int(r.itens), ...valores(r) }));
      },
    };
  },
};

const CODIGOS_PARTO = [...PARTOS.normal, ...PARTOS.cesareo];

/**
 * rep264 — the deliveries of the period by provider: each guide with a delivery procedure not glosed whole is one
 * delivery, caesarean when any of its delivery items is (a labour that ended in a caesarean is one caesarean).
 */
export const percentualPartosSource: ReportSource = {
  from: sql`prestadores q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep264: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const codigos = sql.join(CODIGOS_PARTO.map((c) => sql`${c}`), sql`, `);
    const cesareos = sql.join(PARTOS.cesareo.map((c) => sql`${c}`), sql`, `);
    const agg = sql`(select p.prestador_id as id, p.prestador_id, count(*) as partos, count(*) filter (where k.cesareo) as cesareos, count(*) filter (where not k.cesareo) as normais
      from (select g.id, g.protocolo_id, bool_or(i.codigo_procedimento in (${cesareos})) as cesareo
            from itens_faturados i join guias_faturadas g on g.id = i.guia_id
            where i.procedimento_id in (select id from procedimentos where codigo in (${codigos}))
              and (i.valor_liberado_centavos is null or i.valor_liberado_centavos > 0) and g.data_atendimento between ${de} and ${ate}
            group by g.id, g.protocolo_id) k
        join protocolos_recebimento p on p.id = k.protocolo_id
      group by p.prestador_id)`;
    const PCT = sql`(q.cesareos::numeric / q.partos)`;
    return {
      from: sql`${agg} q join prestadores pr on pr.id = q.id`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        partos: { expr: sql`q.partos` },
        percentualCesareos: { expr: PCT },
        nome: { expr: sql`pr.nome_busca` },
        periodo: lidoNoBind,
      },
      sums: { partos: sql`q.partos`, normais: sql`q.normais`, cesareos: sql`q.cesareos` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, pr.codigo, pr.nome, q.partos::int as partos, q.normais::int as normais, q.cesareos::int as cesareos
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join prestadores pr on pr.id = q.id order by k.ord`,
        );
        return rows.map((r) => ({ ...r, percentualCesareos: percentual(int(r.cesareos), int(r.partos)) }));
      },
    };
  },
};

/**
 * rep117 — the period's billed guides by provider and channel, by the day their protocol was received (São Paulo): a
 * lot file is electronic whoever sent it; a bill typed in the portal is the provider's electronic channel when one of
 * its users typed it, and paper when the operator's staff keyed it in (CANAIS_RADAR, the export's rule).
 */
export const radarTissSource: ReportSource = {
  from: sql`prestadores q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep117: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const agg = sql`(select pr.prestador_id as id, ${CANAIS_RADAR}, count(g.id)::int as total
      from protocolos_recebimento pr join guias_faturadas g on g.protocolo_id = pr.id left join usuarios u on u.id = pr.usuario_id
      where ${instanteEntre(sql`pr.recebido_em`, de, ate)}
      group by pr.prestador_id)`;
    const PCT = sql`((q.xml + q.portal)::numeric / nullif(q.total, 0))`;
    return {
      from: sql`${agg} q join prestadores p on p.id = q.id`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        total: { expr: sql`q.total` },
        percentualEletronico: { expr: PCT },
        nome: { expr: sql`p.nome_busca` },
        periodo: lidoNoBind,
      },
      sums: { xml: sql`q.xml`, portal: sql`q.portal`, eletronicas: sql`(q.xml + q.portal)`, papel: sql`q.papel`, total: sql`q.total` },
      async rows(db, ids) {
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select q.id, p.codigo, p.nome, q.xml::int as xml, q.portal::int as portal, q.papel::int as papel, q.total::int as total
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join prestadores p on p.id = q.id order by k.ord`,
        );
        return rows.map((r) => {
          const eletronicas = int(r.xml) + int(r.portal);
          return { ...r, eletronicas, percentualEletronico: percentual(eletronicas, int(r.total)) };
        });
      },
    };
  },
};
