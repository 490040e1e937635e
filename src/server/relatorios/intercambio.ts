import { sql } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { foldColumn, query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

/**
 * The interchange reports' data (src/shared/relatorios/intercambio.ts): `autorizacoes_intercambio` (a, each with its
 * partner and, once a movement took it, the movement's competência) and `cartoes_intercambio` (c, with the sums of
 * the received authorizations of each card). Names are searched accent-folded (the same fold as the `*_busca` columns).
 */

const n = (v: unknown) => toCentavos(v) ?? 0;
const PARCEIRA = (alias: string) => sql.raw(`(select u.nome || ' (' || u.codigo || ')' from intercambios u where u.id = ${alias}.intercambio_id)`);

/** rep362 — the authorizations, by partner. */
export const autorizacoesIntercambioSource: ReportSource = {
  from: sql`autorizacoes_intercambio a`,
  alias: 'a',
  fields: {
    id: { expr: sql`a.id` },
    grupo: { expr: PARCEIRA('a'), sortExpr: sql`a.intercambio_id` },
    dataAtendimento: { expr: sql`a.data_atendimento` },
    parceira: { expr: sql`a.intercambio_id` },
    direcao: { expr: sql`a.direcao` },
    situacao: { expr: sql`(case when a.movimento_id is null then 'A_FATURAR' else 'EM_MOVIMENTO' end)` },
    nome: { expr: sql`a.nome`, folded: foldColumn('nome') },
  },
  sums: { quantidade: sql`a.quantidade`, valor: sql`a.valor_centavos` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select a.id, ${PARCEIRA('a')} as grupo, a.direcao, a.numero_origem as "numeroOrigem", a.data_atendimento::text as "dataAtendimento", a.nome,
          coalesce(c.numero, b.cartao_intercambio, b.carteirinha) as cartao, coalesce(p.nome, a.prestador_externo) as prestador,
          (a.codigo || ' – ' || a.descricao) as procedimento, a.quantidade, a.valor_centavos as valor,
          case when a.movimento_id is null then 'A_FATURAR' else 'EM_MOVIMENTO' end as situacao, to_char(m.competencia, 'MM/YYYY') as competencia
        from ${pageIds(ids, 'k')} join autorizacoes_intercambio a on a.id = k.id left join cartoes_intercambio c on c.id = a.cartao_id
          left join beneficiarios b on b.id = a.beneficiario_id left join prestadores p on p.id = a.prestador_id left join movimentos_intercambio m on m.id = a.movimento_id
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, valor: n(r.valor), competencia: r.competencia ?? 'A faturar' }));
  },
};

/** The received authorizations of the card c. */
const DO_CARTAO = sql`(select count(*)::int as autorizacoes, coalesce(sum(x.valor_centavos), 0) as valor from autorizacoes_intercambio x where x.cartao_id = c.id)`;

/** rep093 — the partners' cards, by partner. */
export const beneficiariosIntercambioSource: ReportSource = {
  from: sql`cartoes_intercambio c cross join lateral ${DO_CARTAO} t`,
  alias: 'c',
  fields: {
    id: { expr: sql`c.id` },
    grupo: { expr: PARCEIRA('c'), sortExpr: sql`c.intercambio_id` },
    parceira: { expr: sql`c.intercambio_id` },
    situacao: { expr: sql`c.situacao` },
    validade: { expr: sql`c.validade`, nullable: true },
    nome: { expr: sql`c.nome`, folded: foldColumn('nome') },
  },
  sums: { autorizacoes: sql`t.autorizacoes`, valor: sql`t.valor` },
  async rows(db, ids) {
    const rows = await query<Row & Record<string, unknown>>(
      db,
      sql`select c.id, ${PARCEIRA('c')} as grupo, c.numero, c.nome, c.data_nascimento::text as "dataNascimento", c.validade::text as validade, c.situacao,
          c.excluido_em::text as "excluidoEm", c.motivo_exclusao as "motivoExclusao", t.autorizacoes, t.valor
        from ${pageIds(ids, 'k')} join cartoes_intercambio c on c.id = k.id cross join lateral ${DO_CARTAO} t order by k.ord`,
    );
    return rows.map((r) => ({ ...r, valor: n(r.valor) }));
  },
};
