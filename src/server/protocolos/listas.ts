import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { formatNumero, lerNumero } from '../../shared/protocolos';
import { PROTOCOLOS_LIST } from '../../shared/protocolos/listas';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_LINHA, linha, type LinhaRow } from './registro';

/**
 * The source of the document protocols' list (alias "p"): filters and order on `protocolos_documentos` alone (the
 * sender by its folded name, any part of it), the page's rows joined to their sector's name.
 */

/** A number as people type it (2026/000123, 2026000123, 123/2026) or just the sequence of any year. */
function numeroPorTermo(v: string): SQL {
  const n = lerNumero(v);
  if (!n) return sql`false`;
  if (n.ano != null) return sql`p.numero = ${formatNumero(n.ano, n.seq)}`;
  return sql`p.numero like ${`%/${String(n.seq).padStart(6, '0')}`}`;
}

export const protocolosSource: ListSource = {
  from: sql`protocolos_documentos p`,
  alias: 'p',
  fields: {
    numero: { expr: sql`p.numero`, search: numeroPorTermo },
    recebidoEm: { expr: sql`p.recebido_em` },
    remetenteNome: { expr: sql`p.remetente_nome`, folded: sql`p.remetente_busca` },
    tipoDocumento: { expr: sql`p.tipo_documento` },
    setor: { expr: sql`p.setor_id` },
    status: { expr: sql`p.status` },
  },
  async rows(db, ids) {
    const rows = await query<LinhaRow>(
      db,
      sql`select ${COLUNAS_LINHA} from ${pageIds(ids)} join protocolos_documentos p on p.id = pg.id join setores_empresa s on s.id = p.setor_id order by pg.ord`,
    );
    return rows.map(linha) as unknown as Row[];
  },
};

/** GET /api/protocolos-documentos, /resumo and /vizinhos (the record's previous and next), guarded by the command. */
export function protocolosListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, PROTOCOLOS_LIST, protocolosSource);
}
