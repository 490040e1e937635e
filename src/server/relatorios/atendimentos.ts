import { sql } from 'drizzle-orm';
import { MOTIVOS } from '../../shared/atendimentos';
import { atendimentosSource } from '../atendimentos/listas';
import type { Row } from '../lists/source';
import type { ReportSource } from './engine';

/** The reason's label, in SQL: it names the group and orders the groups and the rows alike. */
const MOTIVO = sql.raw(`(case a.motivo ${MOTIVOS.map(([v, l]) => `when '${v}' then '${l.replace(/'/g, "''")}'`).join(' ')} else a.motivo end)`);
/** Minutes of a concluded contact, rounded as the screen's `duracaoMinutos` rounds them. */
const MINUTOS = sql`greatest(0, round(extract(epoch from (a.fim - a.inicio)) / 60))`;

/** rep336's rows: the contacts' list source (scope, person lookup), grouped by the reason's label. */
export const atendimentosPorMotivoSource: ReportSource = {
  ...atendimentosSource,
  fields: { ...atendimentosSource.fields, id: { expr: sql`a.id` }, grupo: { expr: MOTIVO }, pessoaTipo: { expr: sql`a.pessoa_tipo` } },
  sums: { duracao: MINUTOS },
  async rows(db, ids) {
    const rows = await atendimentosSource.rows(db, ids);
    return rows.map((r): Row => ({ ...r, grupo: MOTIVOS.find(([v]) => v === r.motivo)?.[1] ?? String(r.motivo) }));
  },
};
