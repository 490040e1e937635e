import { sql, type SQL } from 'drizzle-orm';
import { MOTIVOS_CANCELAMENTO } from '../../shared/resources/pessoas';
import { CAMPOS_SIB_ATUALIZACAO } from '../../shared/relatorios/sib';
import { REGRAS_SIB } from '../../shared/sib/analise';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { diaDe, NO_SIB, regraSql } from '../sib/analise';
import { lidoNoBind, periodoDe, PLANO } from './comum';
import type { ReportSource } from './engine';

const REGRA_LABEL = sql.raw(`(case q.regra ${REGRAS_SIB.map((r, i) => `when ${i + 1} then '${r.titulo.replace(/'/g, "''")}'`).join(' ')} end)`);

/**
 * rep311: one row per person and rule broken (id: beneficiary × 16 + the rule's position), a union of the rules so each
 * is read on its own partial index (the Análise do SIB's), the day's dates fixed once per request.
 */
export const pendenciasSibSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` } },
  rows: () => Promise.reject(new Error('rep311: a fonte precisa do dia (bind)')),
  async bind() {
    const d = diaDe();
    const agg = sql`(${sql.join(
      REGRAS_SIB.map((r, i) => sql`select b.id * 16 + ${sql.raw(String(i + 1))} as id, ${sql.raw(String(i + 1))} as regra, b.id as benef from beneficiarios b where ${NO_SIB} and ${regraSql(r.regra, d)}`),
      sql` union all `,
    )})`;
    const from = sql`${agg} q join beneficiarios b on b.id = q.benef`;
    return {
      from,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: REGRA_LABEL, sortExpr: sql`q.regra` },
        regra: { filter: (_op, v) => sql`q.regra = ${REGRAS_SIB.findIndex((r) => r.regra === v) + 1}` },
        nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
      },
      rows: (db, ids) =>
        query<Row>(
          db,
          sql`select k.id, ${REGRA_LABEL} as grupo, b.matricula, b.nome, b.relacao_dependencia as "relacaoDependencia", to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento",
              b.cpf, b.cns, to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao", b.situacao
            from ${pageIds(ids, 'k')} cross join lateral (select k.id / 16 as benef, k.id % 16 as regra) q join beneficiarios b on b.id = q.benef order by k.ord`,
        ),
    };
  },
};


/** rep260 (SIB)'s rows: every registration by plan (the index (produto, nome_busca) pages them). */
export const todosRegistrosSibSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: PLANO, sortExpr: sql`b.produto` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
  },
  rows: (db, ids) =>
    query<Row>(
      db,
      sql`select b.id, ${PLANO} as grupo, b.cco, b.matricula, b.nome, b.cpf, b.cns, to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento", b.sexo,
          b.relacao_dependencia as "relacaoDependencia", to_char(b.data_adesao, 'YYYY-MM-DD') as "dataAdesao", b.situacao
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto order by k.ord`,
    ),
};

const MOTIVO_CANCELAMENTO = sql.raw(
  `(case b.motivo_cancelamento ${MOTIVOS_CANCELAMENTO.map(([v, l]) => `when '${v}' then '${`Motivo ${v}: ${l}`.replace(/'/g, "''")}'`).join(' ')} else 'Motivo não informado' end)`,
);
const SP = (ts: string) => sql.raw(`(${ts} at time zone 'America/Sao_Paulo')::date`);
const COMPETENCIA = sql`to_char(q.data, 'MM/YYYY')`;

/**
 * rep321: the movements of the period, each from where the portal records it (a union bound to the period; the id is
 * the record's × 8 + the kind's own number, so two kinds never collide): adhesions and cancellations from the
 * beneficiary, plan migrations, approved address updates and matrícula changes. The plan shown is today's.
 */
export const movimentacaoSibSource: ReportSource = {
  from: sql`beneficiarios q`,
  alias: 'q',
  fields: { id: { expr: sql`q.id` }, periodo: lidoNoBind },
  rows: () => Promise.reject(new Error('rep321: a fonte precisa do período (bind)')),
  async bind(_ctx, _s, query_) {
    const { de, ate } = periodoDe(query_);
    const entre = (e: SQL) => sql`${e} between ${de}::date and ${ate}::date`;
    const campos = sql.raw(`array[${CAMPOS_SIB_ATUALIZACAO.map((c) => `'${c}'`).join(', ')}]`);
    const agg = sql`(select b.id * 8 + 1 as id, '1' as tipo, b.data_adesao as data, b.id as benef, null::text as detalhe from beneficiarios b where ${entre(sql`b.data_adesao`)}
      union all
      select u.id * 8 + 2, '2', ${SP('u.decidida_em')}, u.beneficiario_id, 'Endereço (atualização cadastral ' || u.protocolo || ')'
        from atualizacoes_cadastrais u where u.situacao = 'APROVADA' and jsonb_exists_any(u.dados, ${campos}) and ${entre(SP('u.decidida_em'))}
      union all
      select x.id * 8 + 5, '2', ${SP('x.em')}, x.beneficiario_id, 'Matrícula ' || x.matricula || ' alterada para ' || x.matricula_nova
        from matriculas_anteriores x where ${entre(SP('x.em'))}
      union all
      select m.id * 8 + 3, '3', m.vigencia, m.beneficiario_id, 'De ' || pa.nome || ' para ' || pn.nome
        from mudancas_plano m join produtos pa on pa.id = m.produto_anterior join produtos pn on pn.id = m.produto_novo where ${entre(sql`m.vigencia`)}
      union all
      select b.id * 8 + 4, '4', b.data_situacao, b.id, ${MOTIVO_CANCELAMENTO} from beneficiarios b where b.situacao = 'CANCELADO' and ${entre(sql`b.data_situacao`)})`;
    return {
      from: sql`${agg} q join beneficiarios b on b.id = q.benef`,
      alias: 'q',
      fields: {
        id: { expr: sql`q.id` },
        grupo: { expr: COMPETENCIA, sortExpr: sql`to_char(q.data, 'YYYY-MM')` },
        movimento: { expr: sql`q.tipo` },
        data: { expr: sql`q.data` },
        produto: { expr: sql`b.produto` },
        periodo: lidoNoBind,
      },
      rows: (db, ids) =>
        query<Row>(
          db,
          sql`select q.id, ${COMPETENCIA} as grupo, q.tipo as movimento, to_char(q.data, 'YYYY-MM-DD') as data, b.cco, b.matricula, b.nome, ${PLANO} as "produtoNome",
              coalesce(q.detalhe, '') as detalhe
            from ${pageIds(ids, 'k')} join ${agg} q on q.id = k.id join beneficiarios b on b.id = q.benef join produtos pr on pr.id = b.produto order by k.ord`,
        ),
    };
  },
};
