import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A protocol's glosa and released totals, stored on `protocolos_recebimento` (`valor_glosa_centavos`,
 * `valor_liberado_centavos`) so the lists over protocols (Fechamento de Glosa Manual) read no guide. They are the sum
 * of its guides' totals, which every writer of an item's values keeps: whoever changes a guide's totals calls
 * `atualizarTotaisProtocolo` in the same transaction, with the protocol's row locked first (`for update`), so that
 * the sum it reads is taken after any other writer of the same protocol committed (READ COMMITTED: one snapshot per
 * statement). The protocol's `version` is not bumped: it guards the review's closing, which item decisions must not
 * invalidate.
 */

/** The stored totals of the protocols matching `where` (over `p`), recomputed from their guides in one statement. */
export const totaisDosProtocolos = (where: SQL = sql`true`): SQL => sql`
  update protocolos_recebimento pr set valor_glosa_centavos = t.glosa, valor_liberado_centavos = t.liberado
  from (
    select p.id, coalesce(sum(g.valor_glosa_centavos), 0) as glosa, coalesce(sum(g.valor_liberado_centavos), 0) as liberado
    from protocolos_recebimento p left join guias_faturadas g on g.protocolo_id = p.id where ${where} group by p.id
  ) t
  where t.id = pr.id and (pr.valor_glosa_centavos, pr.valor_liberado_centavos) is distinct from (t.glosa, t.liberado)`;

/** One protocol's stored totals, after its guides' totals changed (the caller holds the protocol's row lock). */
export async function atualizarTotaisProtocolo(tx: Db, protocoloId: number): Promise<void> {
  await tx.execute(sql`update protocolos_recebimento p set valor_glosa_centavos = s.glosa, valor_liberado_centavos = s.liberado
    from (select coalesce(sum(g.valor_glosa_centavos), 0) as glosa, coalesce(sum(g.valor_liberado_centavos), 0) as liberado from guias_faturadas g where g.protocolo_id = ${protocoloId}) s
    where p.id = ${protocoloId}`);
}
