import { sql } from 'drizzle-orm';
import { folded, query, searchTerm } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

const CIDADE = sql`coalesce(c.nome || ' / ' || c.uf, 'Cidade não informada')`;

/** rep075's rows: providers with their city and both specialties (the filters need all three joins). */
export const redeCidadeEspecialidadeSource: ReportSource = {
  from: sql`prestadores p left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: CIDADE },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca` },
    uf: { expr: sql`p.uf` },
    // a city by any part of its name, without accents
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
    especialidade: {
      filter: (_op, v) => {
        const t = `%${searchTerm(String(v))}%`;
        return sql`(${folded(sql`e1.descricao`)} like ${t} or ${folded(sql`e2.descricao`)} like ${t})`;
      },
    },
    vigente: { filter: () => sql`(p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date))` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${CIDADE} as grupo, p.nome, concat_ws(' · ', e1.descricao, e2.descricao) as especialidades,
          concat_ws(', ', nullif(p.logradouro, ''), nullif(p.numero, ''), nullif(p.complemento, '')) as endereco, p.bairro, p.telefone
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id
        left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2
        order by k.ord`,
    );
  },
};
