import { sql } from 'drizzle-orm';
import { STATUS_LABEL } from '../../shared/autorizacoes';
import { autorizacoesSource } from '../autorizacoes/listas';
import { toCentavos } from '../../shared/money';
import { query } from '../db/sql';
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

/** The extrato's rows: the same source, grouped by the beneficiary's name (a join only for the order and the groups). */
export const extratoUtilizacaoSource: ReportSource = {
  ...autorizacoesSource,
  fields: { ...autorizacoesSource.fields, id: { expr: sql`a.id` }, grupo: { expr: sql`bg.nome`, join: sql`join beneficiarios bg on bg.id = a.beneficiario_id` } },
  sums: { valor: sql`a.valor_centavos` },
  async rows(db, ids) {
    const rows = await autorizacoesSource.rows(db, ids);
    return rows.map((r): Row => ({ ...r, grupo: r.beneficiarioNome }));
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
