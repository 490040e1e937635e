import { sql } from 'drizzle-orm';
import { ITENS_SIP } from '../../shared/sip/analise';
import type { ListQuery } from '../../shared/lists/types';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { carregarItensSip, eventosSip, itemDe, periodo } from '../sip/analise';
import { lidoNoBind } from './comum';
import type { ReportSource } from './engine';
import { percentual } from '../../shared/relatorios/define';

/**
 * rep276 — SIP Analítico (src/shared/relatorios/sip.ts): the rows of `eventosSip` (alias x), the very SQL the
 * filing's figures sum, bound to the quarter and the type of contract; a page is read back by the items' own keys.
 */

const ROTULO = sql.raw(`(case x.item ${ITENS_SIP.map((i) => `when '${i.item}' then '${i.item} · ${i.titulo}'`).join(' ')} else x.item end)`);
const valor = (q: ListQuery, campo: string) => q.filters.find((f) => f.field === campo && f.op === 'eq')?.value;

const base: ReportSource = {
  from: sql`(select 1 as id, 'G' as item, null::varchar as uf, 0 as qtd, 'FATURADA' as origem, 0::bigint as despesa, null::date as data where false) x`,
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: ROTULO, sortExpr: sql`x.item` },
    item: { expr: sql`x.item` },
    uf: { expr: sql`x.uf` },
    origem: { expr: sql`x.origem` },
    data: { expr: sql`x.data` },
    trimestre: lidoNoBind,
    contratacao: lidoNoBind,
  },
  sums: {
    autorizados: sql`case when x.origem = 'AUTORIZADA' then x.qtd else 0 end`,
    faturados: sql`case when x.origem = 'FATURADA' then x.qtd else 0 end`,
    despesa: sql`x.despesa`,
  },
  rows: () => Promise.reject(new Error('rep276: a fonte precisa do trimestre (bind)')),
};

export const sipAnaliticoSource: ReportSource = {
  ...base,
  async bind(ctx, _s, q) {
    const p = periodo(valor(q, 'trimestre'));
    const regras = await carregarItensSip(ctx.db);
    const contratacao = valor(q, 'contratacao');
    return {
      ...base,
      from: eventosSip(regras, p, contratacao == null ? null : String(contratacao)),
      async rows(db, ids) {
        // each half by its own key (the id's parity says which), its SIP item by the same CASE the filing uses
        const rows = await query<Row & Record<string, unknown>>(
          db,
          sql`select k.id, coalesce(ai.id is not null, false) as autorizada,
              case when ai.id is not null then ${itemDe(regras, sql`a.tipo`, sql`ai.tabela`, sql`ai.codigo`)} else ${itemDe(regras, sql`null`, sql`it.codigo_tabela`, sql`it.codigo_procedimento`)} end as item,
              coalesce(a.numero, g.numero_guia_prestador) as guia, coalesce(a.data_solicitacao, g.data_atendimento)::text as data, b.nome as beneficiario,
              coalesce(g.numero_carteira, b.carteirinha) as carteira, b.uf, coalesce(ai.codigo, it.codigo_procedimento) as codigo,
              coalesce(ai.descricao, it.descricao, pc.descricao) as descricao, coalesce(ai.quantidade_autorizada, ai.quantidade_solicitada, it.quantidade) as qtd,
              coalesce(it.valor_liberado_centavos, 0) as despesa
            from ${pageIds(ids, 'k')}
            left join autorizacao_itens ai on k.id % 2 = 1 and ai.id = (k.id - 1) / 2 left join autorizacoes a on a.id = ai.autorizacao_id
            left join itens_faturados it on k.id % 2 = 0 and it.id = k.id / 2 left join guias_faturadas g on g.id = it.guia_id
            left join procedimentos pc on pc.id = it.procedimento_id
            join beneficiarios b on b.id = coalesce(a.beneficiario_id, g.beneficiario_id)
            order by k.ord`,
        );
        return rows.map(({ autorizada, item, qtd, despesa, ...r }) => ({
          ...r,
          grupo: `${String(item)} · ${ITENS_SIP.find((i) => i.item === item)?.titulo ?? ''}`,
          origem: autorizada ? 'AUTORIZADA' : 'FATURADA',
          autorizados: autorizada ? Number(qtd) : 0,
          faturados: autorizada ? 0 : Number(qtd),
          despesa: Number(despesa),
        }));
      },
    };
  },
};

/**
 * rep123 — Configuração do SIP: each row of itens_sip with the quarter's events of its item by the same rules
 * (`eventosSip`, the filing's SQL), authorized and billed (on the item's first row), and the billed share of the target.
 */
const configuracaoBase: ReportSource = {
  from: sql`itens_sip q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, ordem: { expr: sql`q.ordem` }, item: { expr: sql`q.item` }, trimestre: lidoNoBind },
  rows: () => Promise.reject(new Error('rep123: a fonte precisa do trimestre (bind)')),
};

export const configuracaoSipSource: ReportSource = {
  ...configuracaoBase,
  async bind(ctx, _s, q) {
    const p = periodo(valor(q, 'trimestre'));
    const regras = await carregarItensSip(ctx.db);
    const agg = sql`(select s.id, s.item, s.ordem, s.tipos_guia, s.prefixos_tuss, s.meta_trimestral, s.descricao,
        coalesce(e.autorizados, 0)::int as autorizados, coalesce(e.faturados, 0)::int as faturados
      from itens_sip s left join (
        select x.item, sum(x.qtd) filter (where x.origem = 'AUTORIZADA') as autorizados, sum(x.qtd) filter (where x.origem = 'FATURADA') as faturados
        from ${eventosSip(regras, p, null)} group by x.item) e
        -- an item kept in more than one row shows its events once, on its first row
        on e.item = s.item and s.id = (select s2.id from itens_sip s2 where s2.item = s.item order by s2.ordem, s2.id limit 1))`;
    return {
      ...configuracaoBase,
      from: sql`${agg} q`,
      sums: { metaTrimestral: sql`coalesce(q.meta_trimestral, 0)`, autorizados: sql`q.autorizados`, faturados: sql`q.faturados` },
      async rows(db, ids) {
        const rows = await query<{ id: number; item: string; ordem: number; tipos_guia: string | null; prefixos_tuss: string | null; meta_trimestral: number | null; descricao: string | null; autorizados: number; faturados: number }>(
          db,
          sql`select q.* from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id order by k.ord`,
        );
        return rows.map((r) => ({
          id: Number(r.id),
          ordem: Number(r.ordem),
          rotulo: `${r.item} · ${ITENS_SIP.find((i) => i.item === r.item)?.titulo ?? ''}`,
          tiposGuia: r.tipos_guia,
          prefixosTuss: r.prefixos_tuss,
          metaTrimestral: r.meta_trimestral == null ? null : Number(r.meta_trimestral),
          autorizados: Number(r.autorizados),
          faturados: Number(r.faturados),
          percentualMeta: r.meta_trimestral ? percentual(Number(r.faturados), Number(r.meta_trimestral)) : null,
          descricao: r.descricao,
        }));
      },
    };
  },
};
