import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { PROTOCOLO_DIGITOS } from '../../shared/atendimentos';
import { ATENDIMENTOS_LIST } from '../../shared/atendimentos/listas';
import type { AppContext } from '../context';
import { folded, query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_LINHA, JUNTA_PESSOA, linha, type LinhaRow } from './registro';

/**
 * The source of the contacts' list (alias "a"): filters and order on `atendimentos` alone (the person by the folded
 * name, any part of it; the attendant's name folded on the fly: it has no search column), the page's rows joined to
 * the person's card or provider code.
 */

/** The whole protocol (20 digits, punctuation ignored) or just the day's sequence (up to 6 digits, any day). */
function protocoloPorTermo(v: string): SQL {
  const d = v.replace(/\D/g, '');
  if (d.length === PROTOCOLO_DIGITOS) return sql`a.protocolo = ${d}`;
  if (d.length >= 1 && d.length <= 6 && d === v.trim()) return sql`a.protocolo like ${`%${d.padStart(6, '0')}`}`;
  return sql`false`;
}

export const atendimentosSource: ListSource = {
  from: sql`atendimentos a`,
  alias: 'a',
  fields: {
    protocolo: { expr: sql`a.protocolo`, search: protocoloPorTermo },
    inicio: { expr: sql`a.inicio` },
    pessoaNome: { expr: sql`a.pessoa_nome`, folded: sql`a.pessoa_busca` },
    canal: { expr: sql`a.canal` },
    motivo: { expr: sql`a.motivo` },
    status: { expr: sql`a.status` },
    atendenteNome: { expr: sql`a.atendente_nome`, folded: folded(sql`a.atendente_nome`) },
  },
  async rows(db, ids) {
    const rows = await query<LinhaRow>(db, sql`select ${COLUNAS_LINHA} from ${pageIds(ids)} join atendimentos a on a.id = pg.id ${JUNTA_PESSOA} order by pg.ord`);
    return rows.map(linha) as unknown as Row[];
  },
};

/** GET /api/atendimentos, /resumo and /vizinhos (the record's previous and next), guarded by the command. */
export function atendimentosListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, ATENDIMENTOS_LIST, atendimentosSource);
}
