import { sql, type SQL } from 'drizzle-orm';
import { STATUS_LABEL } from '../../shared/autorizacoes';
import { autorizacoesSource } from '../autorizacoes/listas';
import { toCentavos } from '../../shared/money';
import { query } from '../db/sql';
import { buscaNome } from '../lists/busca-nome';
import { onlyDigits } from '../../shared/text';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

/** The status's label, in SQL (the group of rep169): the same text names the group and orders it. */
const SITUACAO = sql.raw(`(case a.status ${Object.entries(STATUS_LABEL).map(([v, l]) => `when ${Number(v)} then '${l.replace(/'/g, "''")}'`).join(' ')} else 'Outra' end)`);

/** rep169's rows: the authorization lists' own source (lookups, scope), with the status label as the group and the value summed. */
export const autorizacoesPorSituacaoSource: ReportSource = {
  ...autorizacoesSource,
  fields: { ...autorizacoesSource.fields, id: { expr: sql`a.id` }, grupo: { expr: SITUACAO } },
  sums: { valor: sql`a.valor_centavos` },
  async rows(db, ids) {
    const rows = await autorizacoesSource.rows(db, ids);
    return rows.map((r): Row => ({ ...r, grupo: STATUS_LABEL[Number(r.status) as keyof typeof STATUS_LABEL] ?? 'Outra' }));
  },
};

/**
 * The extrato's lines: the authorization requests and the billed items of a beneficiary, one union (alias x) whose
 * ids keep them apart — a request's is twice its id, an item's twice its id plus one — and whose owner columns are
 * the policy's for `autorizacao` (the family by the beneficiary; a provider by the request's or the bill's provider).
 */
const LANCAMENTOS = sql`(select a.id * 2 as id, 'AUTORIZACAO' as origem, a.beneficiario_id, a.prestador_id, a.prestador_executante_id, a.data_solicitacao as data,
    a.valor_centavos as solicitado, null::bigint as faturado, null::bigint as liberado
  from autorizacoes a
  union all
  select i.id * 2 + 1, 'CONTA', g.beneficiario_id, p.prestador_id, null::int, i.data, null::bigint, i.valor_informado_centavos, i.valor_liberado_centavos
  from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id where g.beneficiario_id is not null) x`;

const beneficiarioDoLancamento = (v: string): SQL => {
  // card, matrícula or CPF by their digits, else any part of the name (busca-nome.ts)
  const d = onlyDigits(v);
  if (d.length >= 6 && d.length === v.replace(/[\s.\-/]/g, '').length) return sql`x.beneficiario_id in (select id from beneficiarios where carteirinha = ${d} or matricula = ${d} or cpf = ${d})`;
  return sql`x.beneficiario_id in (select id from beneficiarios where ${buscaNome(sql`nome_busca`, v).where})`;
};

/** A billed item's situation as the beneficiary reads it. */
const situacaoItem = (liberado: number | null, glosa: number, codigo: string | null) =>
  liberado == null ? 'Em análise' : glosa <= 0 ? 'Liberado' : liberado <= 0 ? `Glosado (${codigo ?? '—'})` : `Liberado em parte (glosa ${codigo ?? '—'})`;

export const extratoUtilizacaoSource: ReportSource = {
  from: LANCAMENTOS,
  alias: 'x',
  fields: {
    id: { expr: sql`x.id` },
    grupo: { expr: sql`bg.nome`, join: sql`join beneficiarios bg on bg.id = x.beneficiario_id` },
    data: { expr: sql`x.data` },
    origem: { expr: sql`x.origem` },
    beneficiario: { search: beneficiarioDoLancamento },
  },
  sums: { solicitado: sql`x.solicitado`, faturado: sql`x.faturado`, liberado: sql`x.liberado` },
  async rows(db, ids) {
    const auts = ids.filter((i) => i % 2 === 0).map((i) => i / 2);
    const itens = ids.filter((i) => i % 2 === 1).map((i) => (i - 1) / 2);
    const linhas = new Map<number, Row>();
    if (auts.length) {
      for (const r of await autorizacoesSource.rows(db, auts)) {
        linhas.set(r.id * 2, {
          id: r.id * 2,
          grupo: r.beneficiarioNome,
          origem: 'AUTORIZACAO',
          numero: r.numero,
          data: r.dataSolicitacao,
          prestadorNome: r.prestadorNome,
          procedimento: r.procedimento,
          situacao: STATUS_LABEL[Number(r.status) as keyof typeof STATUS_LABEL] ?? 'Outra',
          solicitado: r.valor,
          faturado: null,
          liberado: null,
        });
      }
    }
    if (itens.length) {
      const rows = await query<{ id: number; nome: string; numero: string; data: string; prestador: string; procedimento: string; informado: unknown; liberado: unknown; glosa: unknown; codigo: string | null }>(
        db,
        sql`select i.id, b.nome, g.numero_guia_prestador as numero, i.data::text as data, pr.nome as prestador,
            i.codigo_procedimento || ' – ' || coalesce(i.descricao, pc.descricao) as procedimento,
            i.valor_informado_centavos as informado, i.valor_liberado_centavos as liberado, i.valor_glosa_centavos as glosa, i.glosa_codigo as codigo
          from ${pageIds(itens, 'k')} join itens_faturados i on i.id = k.id join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id
            join prestadores pr on pr.id = p.prestador_id join procedimentos pc on pc.id = i.procedimento_id join beneficiarios b on b.id = g.beneficiario_id`,
      );
      for (const r of rows) {
        const liberado = r.liberado == null ? null : (toCentavos(r.liberado) ?? 0);
        linhas.set(r.id * 2 + 1, {
          id: r.id * 2 + 1,
          grupo: r.nome,
          origem: 'CONTA',
          numero: r.numero,
          data: r.data,
          prestadorNome: r.prestador,
          procedimento: r.procedimento,
          situacao: situacaoItem(liberado, toCentavos(r.glosa) ?? 0, r.codigo),
          solicitado: null,
          faturado: toCentavos(r.informado) ?? 0,
          liberado,
        });
      }
    }
    return ids.map((i) => linhas.get(i)).filter((r): r is Row => r != null);
  },
};

const DECISOR = sql`coalesce(ud.nome, 'Decisão automática')`;

/** rep072's rows: decided requests (a decision date) with who decided and the whole hours from the request to it. */
export const decisoesAuditoriaSource: ReportSource = {
  from: sql`autorizacoes a left join usuarios ud on ud.id = a.decidida_por_id`,
  alias: 'a',
  fields: {
    id: { expr: sql`a.id` },
    grupo: { expr: DECISOR },
    decididaEm: { expr: sql`a.decidida_em` },
    status: { expr: sql`a.status` },
    tipo: { expr: sql`a.tipo` },
    decidida: { filter: () => sql`a.decidida_em is not null` },
  },
  sums: { valor: sql`a.valor_centavos` },
  async rows(db, ids) {
    const rows = await query<Row & { decididaEm: Date | string | null; valor: unknown }>(
      db,
      sql`select a.id, ${DECISOR} as grupo, a.numero, a.tipo, b.nome as "beneficiarioNome", to_char(a.data_solicitacao, 'YYYY-MM-DD') as "dataSolicitacao",
          a.decidida_em as "decididaEm", floor(extract(epoch from (a.decidida_em - a.criada_em)) / 3600)::int as horas, a.status, a.valor_centavos as valor
        from ${pageIds(ids, 'k')} join autorizacoes a on a.id = k.id join beneficiarios b on b.id = a.beneficiario_id left join usuarios ud on ud.id = a.decidida_por_id
        order by k.ord`,
    );
    return rows.map((r) => ({ ...r, decididaEm: r.decididaEm == null ? null : new Date(r.decididaEm).toISOString(), valor: toCentavos(r.valor) ?? 0 }));
  },
};
