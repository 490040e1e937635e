import { sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/dates';
import { trimestresRecentes } from '../../../shared/sip/analise';
import { carregarItensSip, eventosSip, periodo } from '../../sip/analise';
import type { Db } from '../client';
import { query } from '../sql';

/**
 * The operator's quarterly SIP targets (Gerências SIP) of the demonstration: near what the last closed quarter billed per
 * item (what it authorized, where nothing was billed) (some above, some below, rounded as a person types a target), so Configuração do SIP (rep123) compares real
 * figures; an item without events keeps no target. Runs after the billing and the authorizations exist.
 */
export async function seedAns(db: Db) {
  const regras = await carregarItensSip(db);
  const trimestre = trimestresRecentes(todayIso(), 1)[0];
  const porItem = await query<{ item: string; n: number }>(
    db,
    sql`select x.item, coalesce(nullif(sum(x.qtd) filter (where x.origem = 'FATURADA'), 0), sum(x.qtd))::int as n from ${eventosSip(regras, periodo(trimestre), null)} group by x.item`,
  );
  const FATOR: Record<string, number> = { A: 1.1, B: 0.9, C: 1.05, D: 1.25, E: 0.8, G: 1, H: 1.15 };
  for (const { item, n } of porItem) {
    const meta = Math.max(5, Math.round((n * (FATOR[item] ?? 1)) / 5) * 5);
    await db.execute(sql`update itens_sip set meta_trimestral = ${meta} where item = ${item}`);
  }
}
