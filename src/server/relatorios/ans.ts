import { sql, type SQL } from 'drizzle-orm';
import { INICIATIVAS_CANCELAMENTO } from '../../shared/relatorios/ans';
import { onlyDigits } from '../../shared/text';
import { formatDocument } from '../../shared/validation/br';
import { query } from '../db/sql';
import { buscaNome } from '../lists/busca-nome';
import { pageIds, type Row } from '../lists/source';
import { lidoNoBind, periodoDe, PLANO } from './comum';
import type { ReportSource } from './engine';

/** Cadastro › ANS › Relatórios de Saúde Suplementar (aliases: b = beneficiarios, pr = produtos, g = grupos_produtos). */

/** A beneficiary (the column given) by card, matrícula or CPF (digits), else any part of the name. */
const beneficiarioPorTermo =
  (col: SQL) =>
  (v: string): SQL => {
    const d = onlyDigits(v);
    if (d.length >= 6 && d === v.replace(/[\s.-]/g, '')) return sql`${col} in (select id from beneficiarios where carteirinha = ${d} or matricula = ${d} or cpf = ${d})`;
    return sql`${col} in (select id from beneficiarios where ${buscaNome(sql`nome_busca`, v).where})`;
  };

const documento = (d: string | null) => (d ? formatDocument(d.length > 11 ? 'cnpj' : 'cpf', d) : null);

// ---- rep267 ---------------------------------------------------------------------------------------------------------

/** The plan and the operator's own record (the first of `operadoras`, alias op), each with its ANS registration. */
const PLANO_OPERADORA = sql`(${PLANO} || ' · ' || coalesce(op.nome_fantasia, op.razao_social) || ' (' || op.registro_ans || ')')`;
const OPERADORA = sql`(select nome_fantasia, razao_social, registro_ans from operadoras order by id limit 1)`;

/** rep267's rows: the beneficiary, the plan (with its group's segmentation) and the operator. */
export const identificacaoSaudeSuplementarSource: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto cross join ${OPERADORA} op`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    // by the plan's id and the name: the index (produto, nome_busca) walks it a page at a time
    grupo: { expr: PLANO_OPERADORA, sortExpr: sql`b.produto` },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    produto: { expr: sql`b.produto` },
    situacao: { expr: sql`b.situacao` },
    beneficiario: { search: beneficiarioPorTermo(sql`b.id`) },
  },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select b.id, ${PLANO_OPERADORA} as grupo, b.nome, b.cns, b.cco, b.carteirinha, g.segmentacao, pr.contratacao, pr.abrangencia,
          b.data_adesao::text as "dataAdesao", b.fim_carencia::text as "fimCarencia"
        from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto left join grupos_produtos g on g.id = pr.grupo
        cross join ${OPERADORA} op
        order by k.ord`,
    );
  },
};

// ---- rep279 ---------------------------------------------------------------------------------------------------------

/** Authorized requests (status 1 Autorizado, 7 Autorizado parcialmente) with an authorized quantity. */
const AUTORIZADA = sql`a.status in (1, 7)`;

/**
 * The period's procedures: the billed items of the providers' accounts (id = item × 2) and the authorized items of
 * requests no billed guide refers to, by the operator's guide number or the senha (id = item × 2 + 1).
 */
const utilizacao = (de: string, ate: string) => sql`(
  select i.id * 2 as id, 'CONTA' as origem, g.beneficiario_id, i.data, pt.prestador_id, i.codigo_procedimento as codigo,
    coalesce(i.descricao, pc.descricao) as descricao, i.quantidade
  from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento pt on pt.id = g.protocolo_id
  left join procedimentos pc on pc.id = i.procedimento_id
  where g.beneficiario_id is not null and i.data between ${de} and ${ate}
  union all
  select ai.id * 2 + 1, 'AUTORIZACAO', a.beneficiario_id, coalesce(a.data_autorizacao, a.data_solicitacao), coalesce(a.prestador_executante_id, a.prestador_id), ai.codigo,
    ai.descricao, ai.quantidade_autorizada
  from autorizacao_itens ai join autorizacoes a on a.id = ai.autorizacao_id
  where ${AUTORIZADA} and ai.quantidade_autorizada > 0 and coalesce(a.data_autorizacao, a.data_solicitacao) between ${de} and ${ate}
    and not exists (select 1 from guias_faturadas gf where gf.numero_guia_operadora = a.numero or (a.senha is not null and gf.senha = a.senha))
) u join beneficiarios b on b.id = u.beneficiario_id join prestadores p on p.id = u.prestador_id`;

const BENEFICIARIO_GRUPO = sql`(b.nome || ' · carteirinha ' || b.carteirinha)`;

const rep279: ReportSource = {
  from: utilizacao('1900-01-01', '1900-01-01'),
  alias: 'u',
  fields: {
    id: { expr: sql`u.id` },
    grupo: { expr: BENEFICIARIO_GRUPO },
    data: { expr: sql`u.data` },
    origem: { expr: sql`u.origem` },
    produto: { expr: sql`b.produto` },
    beneficiario: { search: beneficiarioPorTermo(sql`u.beneficiario_id`) },
    periodo: lidoNoBind,
  },
  sums: { quantidade: sql`u.quantidade` },
  rows: () => Promise.reject(new Error('rep279: a fonte precisa do período (bind)')),
};

/** rep279's rows: bound to the period (both ends required), which goes inside both halves of the union. */
export const componenteUtilizacaoSource: ReportSource = {
  ...rep279,
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const from = utilizacao(de, ate);
    return {
      ...rep279,
      from,
      async rows(db, ids) {
        const rows = await query<Row & { prestadorDocumento: string | null }>(
          db,
          // each half read by its own primary key (the id's parity says which)
          sql`select k.id, ${BENEFICIARIO_GRUPO} as grupo, coalesce(i.data, a.data_autorizacao, a.data_solicitacao)::text as data, p.nome as "prestadorNome",
              coalesce(p.cnpj, p.cpf) as "prestadorDocumento", coalesce(i.codigo_procedimento, ai.codigo) as codigo,
              case when i.id is not null then coalesce(i.descricao, pc.descricao) else ai.descricao end as descricao,
              coalesce(i.quantidade, ai.quantidade_autorizada) as quantidade, case when i.id is not null then 'CONTA' else 'AUTORIZACAO' end as origem
            from ${pageIds(ids, 'k')}
            left join itens_faturados i on k.id % 2 = 0 and i.id = k.id / 2 left join guias_faturadas g on g.id = i.guia_id
            left join protocolos_recebimento pt on pt.id = g.protocolo_id left join procedimentos pc on pc.id = i.procedimento_id
            left join autorizacao_itens ai on k.id % 2 = 1 and ai.id = (k.id - 1) / 2 left join autorizacoes a on a.id = ai.autorizacao_id
            join beneficiarios b on b.id = coalesce(g.beneficiario_id, a.beneficiario_id)
            join prestadores p on p.id = coalesce(pt.prestador_id, a.prestador_executante_id, a.prestador_id)
            order by k.ord`,
        );
        return rows.map((r) => ({ ...r, prestadorDocumento: documento(r.prestadorDocumento) }));
      },
    };
  },
};

// ---- cancelamento de adesão ----------------------------------------------------------------------------------------

/** Who ended the membership, from the SIB reason (INICIATIVAS_CANCELAMENTO). */
const INICIATIVA = sql.raw(
  `(case ${INICIATIVAS_CANCELAMENTO.map(([rotulo, motivos]) => `when b.motivo_cancelamento in (${motivos.map((m) => `'${m}'`).join(', ')}) then '${rotulo}'`).join(' ')} else 'Pela operadora ou contratante' end)`,
);

const cancelamentos: ReportSource = {
  from: sql`beneficiarios b join produtos pr on pr.id = b.produto`,
  alias: 'b',
  fields: {
    id: { expr: sql`b.id` },
    grupo: { expr: INICIATIVA },
    nome: { expr: sql`b.nome`, folded: sql`b.nome_busca`, name: true },
    dataSituacao: { expr: sql`b.data_situacao` },
    motivoCancelamento: { expr: sql`b.motivo_cancelamento` },
    produto: { expr: sql`b.produto` },
    periodo: lidoNoBind,
  },
  rows: () => Promise.reject(new Error('cancelamento-adesao: a fonte precisa do período (bind)')),
};

/**
 * The cancellations whose effective date falls in the period; the request is the latest service-desk contact about a
 * cancellation (motivo CANCELAMENTO) by the beneficiary or their titular in the 90 days up to that date.
 */
export const cancelamentoAdesaoSource: ReportSource = {
  ...cancelamentos,
  async bind(_ctx, _s, q) {
    const { de, ate } = periodoDe(q);
    const noPeriodo = sql`(b.situacao = 'CANCELADO' and b.data_situacao between ${de} and ${ate})`;
    return {
      ...cancelamentos,
      fields: { ...cancelamentos.fields, periodo: { filter: () => noPeriodo } },
      async rows(db, ids) {
        return query<Row>(
          db,
          sql`select b.id, ${INICIATIVA} as grupo, b.matricula, b.nome, b.relacao_dependencia as relacao, pr.nome as "produtoNome", b.data_adesao::text as "dataAdesao",
              b.motivo_cancelamento as "motivoCancelamento", (ped.inicio at time zone 'America/Sao_Paulo')::date::text as "dataPedido", ped.protocolo,
              b.data_situacao::text as "dataSituacao"
            from ${pageIds(ids, 'k')} join beneficiarios b on b.id = k.id join produtos pr on pr.id = b.produto
            left join lateral (
              select a.protocolo, a.inicio from atendimentos a
              where a.beneficiario_id in (b.id, b.titular) and a.motivo = 'CANCELAMENTO' and a.status <> 'CANCELADO'
                and (a.inicio at time zone 'America/Sao_Paulo')::date between b.data_situacao - 90 and b.data_situacao
              order by a.inicio desc limit 1
            ) ped on true
            order by k.ord`,
        );
      },
    };
  },
};
