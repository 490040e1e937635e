import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { ADESOES_LIST } from '../../shared/adesoes/listas';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_LINHA, JUNTA_TITULAR, linha, type LinhaRow } from './registro';

/** The whole protocol (20 digits) or the day's sequence (up to 6 digits). */
function protocoloPorTermo(v: string): SQL {
  const d = v.replace(/\D/g, '');
  if (d.length === 20) return sql`s.protocolo = ${d}`;
  if (d.length >= 1 && d.length <= 6 && d === v.trim()) return sql`s.protocolo like ${`%${d.padStart(6, '0')}`}`;
  return sql`false`;
}

/** The membership requests (alias "s"), by the titular's and the dependent's names, the status and the day asked. */
export const adesoesSource: ListSource = {
  from: sql`solicitacoes_adesao s`,
  alias: 's',
  fields: {
    protocolo: { expr: sql`s.protocolo`, search: protocoloPorTermo },
    solicitadaEm: { expr: sql`s.criado_em` },
    titularNome: { expr: sql`s.titular_nome`, folded: sql`s.titular_busca` },
    nome: { expr: sql`s.nome`, folded: sql`s.nome_busca` },
    relacaoDependencia: { expr: sql`s.relacao_dependencia` },
    status: { expr: sql`s.status` },
  },
  async rows(db, ids) {
    const rows = await query<LinhaRow>(db, sql`select ${COLUNAS_LINHA} from ${pageIds(ids)} join solicitacoes_adesao s on s.id = pg.id ${JUNTA_TITULAR} order by pg.ord`);
    return rows.map(linha) as unknown as Row[];
  },
};

/** GET /api/adesoes, /resumo and /vizinhos, guarded by the command and the family scope. */
export function adesoesListRoutes(app: FastifyInstance, ctx: AppContext) {
  registerList(app, ctx, ADESOES_LIST, adesoesSource);
}
