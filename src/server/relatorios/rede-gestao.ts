import { sql, type SQL } from 'drizzle-orm';
import { PENDENCIAS_PRESTADOR, type PendenciaPrestador } from '../../shared/relatorios/rede-gestao';
import { changesOf, fieldLabel, type TrailEvent } from '../../shared/trail';
import { folded, query, searchTerm } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { CIDADE_UF, EM_VIGOR, ufNome } from './comum';
import type { ReportSource } from './engine';

const vazio = (col: SQL) => sql`(coalesce(${col}, '') = '')`;

/** When each datum counts as missing: a CPF for a person, a CNPJ and CNES for a company, a council for a person. */
const FALTA: Record<PendenciaPrestador, SQL> = {
  documento: sql`(case when p.tipo_pessoa = 'F' then ${vazio(sql`p.cpf`)} else ${vazio(sql`p.cnpj`)} end)`,
  conselho: sql`(p.tipo_pessoa = 'F' and ${vazio(sql`p.numero_conselho`)})`,
  cnes: sql`(p.tipo_pessoa = 'J' and ${vazio(sql`p.cnes`)})`,
  especialidade: sql`(p.especialidade is null)`,
  endereco: sql`(${vazio(sql`p.logradouro`)} or p.cidade is null)`,
  cep: vazio(sql`p.cep`),
  telefone: vazio(sql`p.telefone`),
  email: vazio(sql`p.email`),
  banco: sql`(p.banco is null or ${vazio(sql`p.agencia`)} or ${vazio(sql`p.conta`)})`,
  tabela: sql`(p.tabela_preco is null)`,
};
const QUANTIDADE = sql.join(
  PENDENCIAS_PRESTADOR.map(([k]) => sql`${FALTA[k]}::int`),
  sql` + `,
);
const LISTA = sql`concat_ws(', ', ${sql.join(
  PENDENCIAS_PRESTADOR.map(([k, l]) => sql`case when ${FALTA[k]} then ${l}::text end`),
  sql`, `,
)})`;

/** rep078's rows: providers in force missing at least one datum, with the list (in the declaration's order). */
export const pendenciaDadosSource: ReportSource = {
  from: sql`prestadores p left join cidades c on c.id = p.cidade`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: ufNome('p.uf') },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    uf: { expr: sql`p.uf` },
    pendencia: { filter: (_op, v) => FALTA[v as PendenciaPrestador] ?? sql`false` },
    // in force, and something to fix: the report lists nothing else
    vigente: { filter: () => sql`(${EM_VIGOR} and (${QUANTIDADE}) > 0)` },
  },
  sums: { quantidade: QUANTIDADE },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${ufNome('p.uf')} as grupo, p.codigo, p.nome, p.tipo_pessoa as "tipoPessoa", ${CIDADE_UF} as "cidadeUf",
          ${LISTA} as pendencias, (${QUANTIDADE})::int as quantidade
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join cidades c on c.id = p.cidade order by k.ord`,
    );
  },
};

const ESPECIALIDADE = sql`coalesce(e1.descricao, 'Sem especialidade')`;

/** rep076's rows: providers in force that have an e-mail, by main specialty. */
export const emailsPrestadoresSource: ReportSource = {
  from: sql`prestadores p left join especialidades e1 on e1.id = p.especialidade`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: ESPECIALIDADE },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    uf: { expr: sql`p.uf` },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    especialidade: { expr: sql`e1.descricao`, folded: folded(sql`e1.descricao`) },
    vigente: { filter: () => sql`(${EM_VIGOR} and not ${vazio(sql`p.email`)})` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${ESPECIALIDADE} as grupo, p.codigo, p.nome, p.email, p.telefone, ${CIDADE_UF} as "cidadeUf"
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join especialidades e1 on e1.id = p.especialidade left join cidades c on c.id = p.cidade
        order by k.ord`,
    );
  },
};

const PRESTADOR_GRUPO = sql`(p.nome || ' (' || p.codigo || ')')`;

/** rep081's rows: the trail's inclusions and changes of providers, under the provider's current name. */
export const prestadoresAtualizadosSource: ReportSource = {
  from: sql`trilha_eventos t join prestadores p on t.entidade = 'prestador' and t.acao in ('insert', 'update') and t.registro_id ~ '^[0-9]{1,9}$' and p.id = t.registro_id::int`,
  alias: 't',
  fields: {
    id: { expr: sql`t.id` },
    grupo: { expr: PRESTADOR_GRUPO },
    em: { expr: sql`t.em` },
    acao: { expr: sql`t.acao` },
    usuarioLogin: { expr: sql`t.usuario_login` },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
  },
  async rows(db, ids) {
    const rows = await query<Pick<TrailEvent, 'antes' | 'depois'> & { id: number; grupo: string; em: unknown; acao: string; usuarioLogin: string | null }>(
      db,
      sql`select t.id, ${PRESTADOR_GRUPO} as grupo, t.em, t.acao, t.usuario_login as "usuarioLogin", t.antes, t.depois
        from ${pageIds(ids, 'k')} join trilha_eventos t on t.id = k.id join prestadores p on p.id = t.registro_id::int order by k.ord`,
    );
    return rows.map((r): Row => ({
      id: r.id,
      grupo: r.grupo,
      em: r.em instanceof Date ? r.em.toISOString() : String(r.em),
      acao: r.acao,
      usuarioLogin: r.usuarioLogin,
      campos: camposMudados(r),
    }));
  },
};

/** The labels of the fields an event changed (an inclusion: the fields it filled), in the record's order. */
function camposMudados(e: Pick<TrailEvent, 'antes' | 'depois'>): string {
  const mudou = changesOf(e).filter(([, a, d]) => JSON.stringify(a) !== JSON.stringify(d) && !(e.antes == null && d == null));
  return mudou.map(([k]) => fieldLabel('prestador', k)).join(', ');
}

const TABELA = sql`coalesce(tp.codigo || ' – ' || tp.descricao, 'Sem tabela contratada (valor de referência)')`;

/** rep083's rows: providers in force by the price table that pays them (the tables in force, or none). */
export const tabelasAtuaisSource: ReportSource = {
  from: sql`prestadores p left join tabelas_precos tp on tp.id = p.tabela_preco`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: TABELA },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    tabela: { expr: sql`p.tabela_preco` },
    uf: { expr: sql`p.uf` },
    vigente: { filter: () => EM_VIGOR },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${TABELA} as grupo, p.codigo, p.nome, p.tipo_pessoa as "tipoPessoa",
          case when cp.id is null then 'Sem classe (fator 1)' else cp.codigo || ' – ' || cp.descricao end as classe,
          replace(trim(trailing '.' from trim(trailing '0' from coalesce(cp.fator, 1)::numeric(12, 4)::text)), '.', ',') as fator, ${CIDADE_UF} as "cidadeUf"
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join tabelas_precos tp on tp.id = p.tabela_preco
        left join classes_precos cp on cp.id = p.classe_preco left join cidades c on c.id = p.cidade
        order by k.ord`,
    );
  },
};

/**
 * rep126's rows: one per city with providers in force (the city's IBGE code is the row's id), counted in one pass
 * over the providers; the filters are the city's, so the counts are always the whole city's.
 */
const POR_CIDADE = sql`(select p.cidade as id, count(*) filter (where p.tipo_pessoa = 'F') as fisicas, count(*) filter (where p.tipo_pessoa = 'J') as juridicas,
    count(*) filter (where coalesce(p.cnes, '') <> '') as com_cnes, count(*) as total,
    (select count(distinct x) from unnest(array_agg(p.especialidade) || array_agg(p.especialidade2)) u(x)) as especialidades
  from prestadores p
  where ${EM_VIGOR} and p.cidade is not null group by p.cidade)`;

export const quantitativoRedeSource: ReportSource = {
  from: sql`${POR_CIDADE} q join cidades c on c.id = q.id`,
  alias: 'q',
  fields: {
    id: { expr: sql`q.id` },
    grupo: { expr: ufNome('c.uf') },
    cidadeNome: { expr: sql`c.nome_busca` },
    total: { expr: sql`q.total` },
    uf: { expr: sql`c.uf` },
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
  },
  sums: { fisicas: sql`q.fisicas`, juridicas: sql`q.juridicas`, comCnes: sql`q.com_cnes`, total: sql`q.total` },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select q.id, ${ufNome('c.uf')} as grupo, c.nome as "cidadeNome", q.fisicas::int as fisicas, q.juridicas::int as juridicas,
          q.com_cnes::int as "comCnes", q.total::int as total, q.especialidades::int as especialidades
        from ${pageIds(ids, 'k')} join ${POR_CIDADE} q on q.id = k.id join cidades c on c.id = q.id order by k.ord`,
    );
  },
};

/** rep074's rows: providers in force with a mailing address, in CEP order. */
export const etiquetasPrestadoresSource: ReportSource = {
  from: sql`prestadores p left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    cep: { expr: sql`p.cep` },
    uf: { expr: sql`p.uf` },
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    especialidade: {
      filter: (_op, v) => {
        const t = `%${searchTerm(String(v))}%`;
        return sql`(${folded(sql`e1.descricao`)} like ${t} or ${folded(sql`e2.descricao`)} like ${t})`;
      },
    },
    // a label needs somewhere to go: in force, with street and CEP
    vigente: { filter: () => sql`(${EM_VIGOR} and not ${vazio(sql`p.logradouro`)} and not ${vazio(sql`p.cep`)})` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, p.nome, concat_ws(', ', nullif(p.logradouro, ''), nullif(p.numero, ''), nullif(p.complemento, '')) as endereco, p.bairro, p.cep, ${CIDADE_UF} as "cidadeUf"
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join cidades c on c.id = p.cidade order by k.ord`,
    );
  },
};
