import { sql } from 'drizzle-orm';
import { STATUS_LABEL } from '../../shared/autorizacoes';
import { autorizacoesSource } from '../autorizacoes/listas';
import type { Row } from '../lists/source';
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
