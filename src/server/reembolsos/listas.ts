import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { toCentavos } from '../../shared/money';
import { REEMBOLSO_LISTAS } from '../../shared/reembolsos/listas';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { registerList } from '../lists/routes';
import { pageIds, type ListSource, type Row } from '../lists/source';
import { COLUNAS_LINHA, JUNTAS, linha, type LinhaRow } from './registro';

/** The whole protocol (20 digits) or the day's sequence (up to 6 digits). */
function protocoloPorTermo(v: string): SQL {
  const d = v.replace(/\D/g, '');
  if (d.length === 20) return sql`r.protocolo = ${d}`;
  if (d.length >= 1 && d.length <= 6 && d === v.trim()) return sql`r.protocolo like ${`%${d.padStart(6, '0')}`}`;
  return sql`false`;
}

/** The amounts paid and released of the matching requests. */
async function totais(db: Db, where: SQL): Promise<Record<string, number>> {
  const [t] = await query<{ pago: unknown; liberado: unknown }>(
    db,
    sql`select coalesce(sum(r.valor_pago_centavos), 0)::bigint as pago, coalesce(sum(r.valor_liberado_centavos) filter (where r.status = 'LIBERADO'), 0)::bigint as liberado
        from reembolsos r join procedimentos p on p.id = r.procedimento_id where ${where}`,
  );
  return { valorPago: toCentavos(t.pago) ?? 0, valorLiberado: toCentavos(t.liberado) ?? 0 };
}

/** The reimbursement requests (alias "r"), by protocol, beneficiary, procedure, status and the day asked. */
export const reembolsosSource: ListSource = {
  from: sql`reembolsos r join procedimentos p on p.id = r.procedimento_id`,
  alias: 'r',
  fields: {
    protocolo: { expr: sql`r.protocolo`, search: protocoloPorTermo },
    solicitadoEm: { expr: sql`r.criado_em` },
    beneficiarioNome: { expr: sql`r.beneficiario_nome`, folded: sql`r.beneficiario_busca` },
    procedimentoCodigo: { expr: sql`p.codigo` },
    dataAtendimento: { expr: sql`r.data_atendimento` },
    valorPago: { expr: sql`r.valor_pago_centavos` },
    valorLiberado: { expr: sql`r.valor_liberado_centavos`, nullable: true },
    status: { expr: sql`r.status` },
  },
  async rows(db, ids) {
    const rows = await query<LinhaRow>(db, sql`select ${COLUNAS_LINHA} from ${pageIds(ids)} join reembolsos r on r.id = pg.id ${JUNTAS} order by pg.ord`);
    return rows.map(linha) as unknown as Row[];
  },
  totals: totais,
};

/** The three screens' lists (a page, `/resumo`, `/vizinhos`), each guarded by its command and the family scope. */
export function reembolsosListRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const def of REEMBOLSO_LISTAS) registerList(app, ctx, def, reembolsosSource);
}
