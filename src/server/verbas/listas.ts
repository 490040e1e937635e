import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { VERBAS_LIST } from '../../shared/verbas/listas';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_VERBA, linhaVerba, type VerbaRow } from './registro';

/** A number as typed: 2026/000123, 2026000123, or just the sequence (any year). */
function numeroPorTermo(v: string): SQL {
  const t = v.trim();
  let m = /^(\d{4})\s*[/.-]?\s*(\d{6})$/.exec(t) ?? /^(\d{4})\s*[/.-]\s*(\d{1,6})$/.exec(t);
  if (m) return sql`v.numero = ${`${m[1]}/${m[2].padStart(6, '0')}`}`;
  m = /^(\d{1,6})$/.exec(t);
  if (m) return sql`v.numero like ${`%/${m[1].padStart(6, '0')}`}`;
  return sql`false`;
}

const FROM = sql`solicitacoes_verba v join empresas e on e.id = v.empresa_id`;

export const verbasSource: ListSource = {
  from: FROM,
  alias: 'v',
  fields: {
    id: { expr: sql`v.id` },
    numero: { expr: sql`v.numero`, search: numeroPorTermo },
    empresa: { expr: sql`v.empresa_id` },
    empresaNome: { expr: sql`e.razao_social` },
    competencia: { expr: sql`v.competencia` },
    dataSolicitacao: { expr: sql`v.data_solicitacao` },
    vencimento: { expr: sql`v.vencimento` },
    valorSolicitado: { expr: sql`v.valor_solicitado_centavos` },
    valorRecebido: { expr: sql`v.valor_recebido_centavos`, nullable: true },
    status: { expr: sql`v.status` },
  },
  async rows(db, ids) {
    const rows = await query<VerbaRow>(db, sql`select ${COLUNAS_VERBA} from ${pageIds(ids)} join solicitacoes_verba v on v.id = pg.id join empresas e on e.id = v.empresa_id order by pg.ord`);
    return rows.map(linhaVerba) as unknown as Row[];
  },
  async totals(db: Db, where: SQL) {
    const [r] = await query<{ s: string; r: string }>(db, sql`select coalesce(sum(v.valor_solicitado_centavos), 0)::text as s, coalesce(sum(v.valor_recebido_centavos), 0)::text as r from ${FROM} where ${where}`);
    return { valorSolicitado: Number(r.s), valorRecebido: Number(r.r) };
  },
};

export function verbasListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, VERBAS_LIST, verbasSource);
}
