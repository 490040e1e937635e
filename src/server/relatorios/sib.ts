import { sql } from 'drizzle-orm';
import { REGRAS_SIB } from '../../shared/sib/analise';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { diaDe, NO_SIB, regraSql } from '../sib/analise';
import { PLANO } from './comum';
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
