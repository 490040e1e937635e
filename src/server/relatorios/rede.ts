import { sql } from 'drizzle-orm';
import { MSG_REDE_DO_PLANO } from '../../shared/relatorios/rede';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { folded, query, searchTerm } from '../db/sql';
import { forbidden } from '../http/errors';
import { hasBeneficiarioRole, MSG_SEM_BENEFICIARIO, ownBeneficiarioId } from '../policy';
import { pageIds, type Row } from '../lists/source';
import { EM_VIGOR, ufNome } from './comum';
import type { ReportSource } from './engine';

const CIDADE = sql`coalesce(c.nome || ' / ' || c.uf, 'Cidade não informada')`;

/** A provider (alias p) in a product's network today. */
export const naRedeHoje = (produto: number) =>
  sql`exists (select 1 from rede_produtos rp where rp.prestador_id = p.id and rp.produto_id = ${produto} and rp.inicio <= current_date and (rp.fim is null or rp.fim > current_date))`;

/** The plan of the session's own beneficiary (a beneficiary's or dependent's user; 403 when not linked to one). */
export async function planoProprio(ctx: AppContext, s: RequestSession): Promise<{ id: number; nome: string; registroAns: string }> {
  const [pl] = await query<{ id: number; nome: string; registroAns: string }>(
    ctx.db,
    sql`select pr.id, pr.nome, pr.registro_ans as "registroAns" from beneficiarios b join produtos pr on pr.id = b.produto where b.id = ${ownBeneficiarioId(s)}`,
  );
  if (!pl) throw forbidden(MSG_SEM_BENEFICIARIO);
  return pl;
}

/**
 * rep075's rows: providers with their city and both specialties (the filters need all three joins). The operator
 * may narrow them to a product's network; a beneficiary or dependent always gets their own plan's network (bind),
 * and asking for another product is refused.
 */
const redeCidadeEspecialidade: ReportSource = {
  from: sql`prestadores p left join cidades c on c.id = p.cidade left join especialidades e1 on e1.id = p.especialidade left join especialidades e2 on e2.id = p.especialidade2`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: CIDADE },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    uf: { expr: sql`p.uf` },
    // a city by any part of its name, without accents
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
    especialidade: {
      filter: (_op, v) => {
        const t = `%${searchTerm(String(v))}%`;
        return sql`(${folded(sql`e1.descricao`)} like ${t} or ${folded(sql`e2.descricao`)} like ${t})`;
      },
    },
    vigente: { filter: () => EM_VIGOR },
    produto: { filter: (_op, v) => naRedeHoje(Number(v)) },
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

export const redeCidadeEspecialidadeSource: ReportSource = {
  ...redeCidadeEspecialidade,
  async bind(ctx, s, q) {
    if (s.user.admin || !hasBeneficiarioRole(s)) return redeCidadeEspecialidade;
    const plano = await planoProprio(ctx, s);
    const pedido = q.filters.find((f) => f.field === 'produto');
    if (pedido && Number(pedido.value) !== plano.id) throw forbidden(MSG_REDE_DO_PLANO);
    return {
      ...redeCidadeEspecialidade,
      nota: `Rede do plano ${plano.nome} (registro ANS ${plano.registroAns})`,
      fields: { ...redeCidadeEspecialidade.fields, vigente: { filter: () => sql`(${EM_VIGOR} and ${naRedeHoje(plano.id)})` } },
    };
  },
};

const UF_NOME = ufNome('p.uf');

/** rep077's rows: providers in force with the whole address, grouped by UF. */
export const enderecosPrestadoresSource: ReportSource = {
  from: sql`prestadores p left join cidades c on c.id = p.cidade`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: UF_NOME },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    uf: { expr: sql`p.uf` },
    cidade: { expr: sql`c.nome`, folded: sql`c.nome_busca` },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    vigente: { filter: () => EM_VIGOR },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${UF_NOME} as grupo, p.codigo, p.nome, concat_ws(', ', nullif(p.logradouro, ''), nullif(p.numero, ''), nullif(p.complemento, '')) as endereco,
          p.bairro, p.cep, c.nome as "cidadeNome", p.telefone, p.email
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join cidades c on c.id = p.cidade order by k.ord`,
    );
  },
};

const SITUACAO = sql`(case when p.inicio_vigencia > current_date then 'Vigência a iniciar' when p.fim_vigencia < current_date then 'Vigência encerrada' else 'Em vigor' end)`;

/** rep079's rows: every provider with the state of its term (computed from the dates, today). */
export const situacaoPrestadoresSource: ReportSource = {
  from: sql`prestadores p`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: SITUACAO },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    statusPagamento: { expr: sql`p.status_pagamento` },
    uf: { expr: sql`p.uf` },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${SITUACAO} as grupo, p.codigo, p.nome, p.tipo_pessoa as "tipoPessoa", e.descricao as "especialidadeNome",
          case when c.id is null then null else c.nome || ' / ' || c.uf end as "cidadeUf",
          to_char(p.inicio_vigencia, 'YYYY-MM-DD') as "inicioVigencia", to_char(p.fim_vigencia, 'YYYY-MM-DD') as "fimVigencia", p.status_pagamento as "statusPagamento"
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join especialidades e on e.id = p.especialidade left join cidades c on c.id = p.cidade
        order by k.ord`,
    );
  },
};

const ESPECIALIDADE = sql`coalesce(e1.descricao, 'Sem especialidade')`;

/** rep071's rows: providers in force by their main specialty. */
export const prestadoresPorEspecialidadeSource: ReportSource = {
  from: sql`prestadores p left join especialidades e1 on e1.id = p.especialidade`,
  alias: 'p',
  fields: {
    id: { expr: sql`p.id` },
    grupo: { expr: ESPECIALIDADE },
    nome: { expr: sql`p.nome`, folded: sql`p.nome_busca`, name: true },
    uf: { expr: sql`p.uf` },
    tipoPessoa: { expr: sql`p.tipo_pessoa` },
    especialidade: { expr: sql`e1.descricao`, folded: folded(sql`e1.descricao`) },
    vigente: { filter: () => EM_VIGOR },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${ESPECIALIDADE} as grupo, p.codigo, p.nome, p.tipo_pessoa as "tipoPessoa",
          case when p.numero_conselho is not null then concat_ws(' ', p.conselho, p.numero_conselho, p.uf_conselho) end as registro,
          case when c.id is null then null else c.nome || ' / ' || c.uf end as "cidadeUf", to_char(p.inicio_vigencia, 'YYYY-MM-DD') as "inicioVigencia"
        from ${pageIds(ids, 'k')} join prestadores p on p.id = k.id left join especialidades e1 on e1.id = p.especialidade left join cidades c on c.id = p.cidade
        order by k.ord`,
    );
  },
};
