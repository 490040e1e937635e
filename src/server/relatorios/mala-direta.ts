import { sql } from 'drizzle-orm';
import { folded, query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import { PLANO } from './comum';
import type { ReportSource } from './engine';

const DIA = sql`to_char(b.data_nascimento, 'DD/MM')`;

/** rep335's rows: beneficiaries born in the chosen month, by day (labelled DD/MM, ordered by month and day). */
export const aniversariantesSource: ReportSource = {
  from: sql`beneficiarios b`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: DIA, sortExpr: sql`to_char(b.data_nascimento, 'MM-DD')` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    mes: { filter: (_op, v) => sql`extract(month from b.data_nascimento) = ${Number(v)}` },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, ${DIA} as grupo, b.matricula, b.nome, to_char(b.data_nascimento, 'YYYY-MM-DD') as "dataNascimento",
          (extract(year from current_date) - extract(year from b.data_nascimento))::int as idade, ${PLANO} as "produtoNome", b.celular, b.email
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto order by k.ord`,
    );
  },
};

const tem = (col: string) => sql.raw(`coalesce(b.${col}, '') <> ''`);
const CONTATO = { email: tem('email'), celular: tem('celular'), nenhum: sql`(not ${tem('email')} and not ${tem('celular')})` } as const;

/** rep360's rows: beneficiaries with their contacts, by plan (the index (produto, nome_busca) pages them). */
export const contatosBeneficiariosSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: PLANO, sortExpr: sql`b.produto` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    contato: { filter: (_op, v) => CONTATO[v as keyof typeof CONTATO] ?? sql`false` },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, ${PLANO} as grupo, b.matricula, b.nome, b.email, b.celular, b.telefone, case when c.id is null then null else c.nome || ' / ' || c.uf end as "cidadeUf"
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto left join cidades c on c.id = b.cidade order by k.ord`,
    );
  },
};

const SITUACAO_EMAIL = sql`(case e.status when 'enviado' then 'Enviado' when 'pendente' then 'Pendente' when 'erro' then 'Com erro' else e.status end)`;

/** rep125's rows: the outbox's messages, by state. */
export const comunicadosEnviadosSource: ReportSource = {
  from: sql`emails e`,
  alias: 'e',
  fields: {
    id: { expr: sql`e.id` },
    grupo: { expr: SITUACAO_EMAIL },
    status: { expr: sql`e.status` },
    criadoEm: { expr: sql`e.criado_em` },
    assunto: { expr: sql`e.assunto`, folded: folded(sql`e.assunto`) },
  },
  sums: { tentativas: sql`e.tentativas` },
  async rows(db, ids) {
    const rows = await query<Row & { criadoEm: unknown; enviadoEm: unknown }>(
      db,
      sql`select e.id, ${SITUACAO_EMAIL} as grupo, e.criado_em as "criadoEm", e.nome, e.para, e.assunto, e.enviado_em as "enviadoEm", e.tentativas, e.erro
        from ${pageIds(ids, 'k')} join emails e on e.id = k.id order by k.ord`,
    );
    const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
    return rows.map((r) => ({ ...r, criadoEm: iso(r.criadoEm), enviadoEm: iso(r.enviadoEm) }));
  },
};

/** rep355's rows: holders with a mailing address, in CEP order. */
export const etiquetasBeneficiariosSource: ReportSource = {
  from: sql`beneficiarios b left join cidades c on c.id = b.cidade`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    cep: { expr: sql`b.cep` },
    produto: { expr: sql`b.produto` },
    empresa: { expr: sql`b.empresa` },
    uf: { expr: sql`c.uf` },
    situacao: { expr: sql`b.situacao` },
    titular: { filter: () => sql`(b.relacao_dependencia = '1' and coalesce(b.logradouro, '') <> '' and coalesce(b.cep, '') <> '')` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, b.nome, concat_ws(', ', nullif(b.logradouro, ''), nullif(b.numero, ''), nullif(b.complemento, '')) as endereco, b.bairro, b.cep,
          case when c.id is null then null else c.nome || ' / ' || c.uf end as "cidadeUf"
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id left join cidades c on c.id = b.cidade order by k.ord`,
    );
  },
};
