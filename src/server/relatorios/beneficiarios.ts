import { sql, type SQL } from 'drizzle-orm';
import { FAIXAS_ANS } from '../../shared/relatorios/beneficiarios';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

const PRODUTO = sql`(pr.nome || ' (' || pr.registro_ans || ')')`;
const idade = (b: string): SQL => sql.raw(`date_part('year', age(current_date, ${b}.data_nascimento))::int`);
/** The band's first age by the age in years (the enum's value). */
const FAIXA = sql.raw(`case ${[...FAIXAS_ANS].reverse().map((f) => `when date_part('year', age(current_date, b.data_nascimento)) >= ${f.min} then '${f.value}'`).join(' ')} end`);

/** rep301's rows: beneficiaries with their product, age today and ANS band. */
export const beneficiariosFaixaProdutoSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: PRODUTO },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca` },
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
    return query<Row>(
      db,
      sql`select b.id, ${PRODUTO} as grupo, b.matricula, b.nome, to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento", ${idade('b')} as idade,
          ${FAIXA} as faixa, b.relacao_dependencia as relacao, b.situacao
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto
        order by k.ord`,
    );
  },
};
