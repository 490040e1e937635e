import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * A real network's registry is never complete: some providers never gave an e-mail, some companies' CNES is still
 * to be typed, some accounts were closed and not replaced. The demo keeps a small, stable share of such gaps (chosen
 * by a hash of the provider's code, so the same ones every time) for rep078 and the data-quality work to find.
 * The test seed stays complete: its tests create the gaps they check.
 */
export async function seedPendenciasRede(db: Db, size: 'test' | 'demo' | 'bench'): Promise<void> {
  if (size === 'test') return;
  // the demo users' own providers stay complete: the demo's flows (e-mails to the provider) count on them
  const h = sql`abs(hashtext(p.codigo)) % 1000 + (case when exists (select 1 from usuarios u where u.prestador_id = p.id) then 1000 else 0 end)`;
  await db.execute(sql`update prestadores p set email = null where ${h} < 23`);
  await db.execute(sql`update prestadores p set cnes = null where p.tipo_pessoa = 'J' and ${h} between 500 and 540`);
  await db.execute(sql`update prestadores p set agencia = null, conta = null, tipo_conta = null where ${h} between 900 and 911`);
  await db.execute(sql`update prestadores p set telefone = null where ${h} between 300 and 307`);
}
