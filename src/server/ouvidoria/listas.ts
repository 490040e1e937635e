import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { MANIFESTACOES_LIST } from '../../shared/ouvidoria/listas';
import { STATUS_EM_PRAZO } from '../../shared/ouvidoria';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_LINHA, JUNTA_BENEFICIARIO, linhas, type LinhaRow } from './registro';

/** The whole protocol (20 digits) or the day's sequence (up to 6 digits). */
function protocoloPorTermo(v: string): SQL {
  const d = v.replace(/\D/g, '');
  if (d.length === 20) return sql`m.protocolo = ${d}`;
  if (d.length >= 1 && d.length <= 6 && d === v.trim()) return sql`m.protocolo like ${`%${d.padStart(6, '0')}`}`;
  return sql`false`;
}

const EM_PRAZO = sql.raw(`(${STATUS_EM_PRAZO.map((s) => `'${s}'`).join(', ')})`);

/** The manifestações' list (alias "m"): urgency is the deadline of those still due; the answered ones sort after them. */
export const manifestacoesSource: ListSource = {
  from: sql`manifestacoes m`,
  alias: 'm',
  fields: {
    protocolo: { expr: sql`m.protocolo`, search: protocoloPorTermo },
    registradaEm: { expr: sql`m.criado_em` },
    beneficiarioNome: { expr: sql`m.beneficiario_nome`, folded: sql`m.beneficiario_busca` },
    tipo: { expr: sql`m.tipo` },
    assunto: { expr: sql`m.assunto` },
    status: { expr: sql`m.status` },
    prazo: { expr: sql`m.prazo`, sortExpr: sql`(case when m.status in ${EM_PRAZO} then m.prazo end)`, nullable: true },
  },
  async rows(db, ids) {
    const rows = await query<LinhaRow>(db, sql`select ${COLUNAS_LINHA} from ${pageIds(ids)} join manifestacoes m on m.id = pg.id ${JUNTA_BENEFICIARIO} order by pg.ord`);
    return (await linhas(db, rows)) as unknown as Row[];
  },
};

/** GET /api/ouvidoria/manifestacoes, /resumo and /vizinhos, guarded by the command and the family scope. */
export function manifestacoesListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, MANIFESTACOES_LIST, manifestacoesSource);
}
