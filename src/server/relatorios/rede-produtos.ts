import { sql, type SQL } from 'drizzle-orm';
import { todayIso } from '../../shared/dates';
import { formatDocument } from '../../shared/validation/br';
import { folded, query, searchTerm } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { CIDADE_UF, EM_VIGOR, lidoNoBind, PLANO } from './comum';
import type { ReportSource } from './engine';

/**
 * The reports over the network of each product (aliases: rp = rede_produtos, p = prestadores, pr = produtos,
 * c = cidades, e1/e2 = the provider's specialties, m = movimentos_rps).
 */

const REDE_FROM = sql`rede_produtos rp join prestadores p on p.id = rp.prestador_id join produtos pr on pr.id = rp.produto_id
  left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2`;

/** A network period open on a day (the exclusion's date is the first day out). */
const naRedeEm = (dia: string | SQL) => sql`(rp.inicio <= ${dia} and (rp.fim is null or rp.fim > ${dia}))`;

/** Either of the provider's specialties by any part of its name, accents ignored. */
const especialidade = {
  filter: (_op: string, v: unknown) => {
    const t = `%${searchTerm(String(v))}%`;
    return sql`(${folded(sql`e1.descricao`)} like ${t} or ${folded(sql`e2.descricao`)} like ${t})`;
  },
};

const rep080: ReportSource = {
  from: REDE_FROM,
  alias: 'rp',
  fields: {
    id: { expr: sql`rp.id` },
    // by the product's id, then the name: one label per product
    grupo: { expr: PLANO, sortExpr: sql`rp.produto_id` },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    produto: { expr: sql`rp.produto_id` },
    uf: { expr: sql`p.uf` },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    especialidade,
    data: lidoNoBind,
    vigente: { filter: () => naRedeEm(sql`current_date`) },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select rp.id, ${PLANO} as grupo, p.codigo, p.nome, p.tipo_pessoa as "tipoPessoa", e1.descricao as "especialidadeNome", ${CIDADE_UF} as "cidadeUf",
          rp.inicio::text as inicio
        from ${pageIds(ids, 'k')} join rede_produtos rp on rp.id = k.id join prestadores p on p.id = rp.prestador_id join produtos pr on pr.id = rp.produto_id
        left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade
        order by k.ord`,
    );
  },
};

/** rep080's rows: the network periods open on the day asked (today by default), by product. */
export const prestadoresPorProdutoSource: ReportSource = {
  ...rep080,
  async bind(_ctx, _s, q) {
    const dia = String(q.filters.find((f) => f.field === 'data')?.value ?? todayIso());
    return { ...rep080, fields: { ...rep080.fields, vigente: { filter: () => naRedeEm(dia) } } };
  },
};

const ESPECIALIDADE = sql`coalesce(e1.descricao, 'Sem especialidade')`;

/** rep367's rows: one product's network in force today (the period open and the provider in its term), by main specialty. */
export const pesquisaRedeProdutoSource: ReportSource = {
  from: REDE_FROM,
  alias: 'rp',
  fields: {
    id: { expr: sql`rp.id` },
    grupo: { expr: ESPECIALIDADE },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    produto: { expr: sql`rp.produto_id` },
    uf: { expr: sql`p.uf` },
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
    especialidade,
    vigente: { filter: () => sql`(${naRedeEm(sql`current_date`)} and ${EM_VIGOR})` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select rp.id, ${ESPECIALIDADE} as grupo, p.nome, ${CIDADE_UF} as "cidadeUf",
          concat_ws(', ', nullif(p.logradouro, ''), nullif(p.numero, ''), nullif(p.complemento, '')) as endereco, p.bairro, p.telefone, rp.inicio::text as inicio
        from ${pageIds(ids, 'k')} join rede_produtos rp on rp.id = k.id join prestadores p on p.id = rp.prestador_id
        left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade
        order by k.ord`,
    );
  },
};

/** rep260 (RPS)'s rows: every movement of the networks, by product and date. */
export const todosRegistrosRpsSource: ReportSource = {
  from: sql`movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id join prestadores p on p.id = rp.prestador_id join produtos pr on pr.id = rp.produto_id`,
  alias: 'm',
  fields: {
    id: { expr: sql`m.id` },
    grupo: { expr: PLANO, sortExpr: sql`rp.produto_id` },
    data: { expr: sql`m.data` },
    periodo: { expr: sql`m.data` },
    tipo: { expr: sql`m.tipo` },
    produto: { expr: sql`rp.produto_id` },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    envio: { expr: sql`m.envio` },
  },
  sums: { inclusoes: sql`(m.tipo = 'I')::int`, exclusoes: sql`(m.tipo = 'E')::int` },
  async rows(db, ids) {
    const rows = await query<Row & { documento: string | null }>(
      db,
      sql`select m.id, ${PLANO} as grupo, m.data::text as data, m.tipo, p.nome, coalesce(p.cnpj, p.cpf) as documento, m.motivo, m.envio,
          case when m.tipo = 'I' then 1 end as inclusoes, case when m.tipo = 'E' then 1 end as exclusoes
        from ${pageIds(ids, 'k')} join movimentos_rps m on m.id = k.id join rede_produtos rp on rp.id = m.vinculo_id
        join prestadores p on p.id = rp.prestador_id join produtos pr on pr.id = rp.produto_id
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, documento: r.documento ? formatDocument(r.documento.length > 11 ? 'cnpj' : 'cpf', r.documento) : null }));
  },
};
