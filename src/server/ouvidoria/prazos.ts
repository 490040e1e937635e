import { sql } from 'drizzle-orm';
import { CONSTANTS } from '../../shared/constants';
import { adicionarDiasUteis, diasUteisRestantes, somarDias } from '../../shared/dias-uteis';
import type { Db } from '../db/client';
import { query } from '../db/sql';

/**
 * The ombudsman's calendar: business days without the national holidays and the state holidays of the operator's UF
 * (the `feriados` table, Cadastro › Base › Feriados; optional days off do not count as holidays).
 */

/** The operator's UF (its register), or the product's default. */
export async function ufDaOperadora(db: Db): Promise<string> {
  const [op] = await query<{ uf: string | null }>(db, sql`select uf from operadoras order by id limit 1`);
  return op?.uf || CONSTANTS.ufPadrao;
}

/** The holidays between two ISO days (inclusive) that stop the deadline's count. */
export async function feriadosEntre(db: Db, de: string, ate: string): Promise<Set<string>> {
  const uf = await ufDaOperadora(db);
  const rows = await query<{ data: string }>(
    db,
    sql`select to_char(data, 'YYYY-MM-DD') as data from feriados
      where data between ${de} and ${ate} and not coalesce(ponto_facultativo, false)
        and (abrangencia = 'NACIONAL' or (abrangencia = 'ESTADUAL' and uf = ${uf}))`,
  );
  return new Set(rows.map((r) => r.data));
}

/** The deadline `n` business days after `dia` (holidays read for a window wide enough for 30 business days). */
export async function prazoApos(db: Db, dia: string, n: number): Promise<string> {
  return adicionarDiasUteis(dia, n, await feriadosEntre(db, dia, somarDias(dia, n * 2 + 30)));
}

/** Business days left for many deadlines at once (one read of the holidays). */
export async function restantes(db: Db, hoje: string, prazos: string[]): Promise<(p: string) => number> {
  if (!prazos.length) return () => 0;
  const todos = [hoje, ...prazos].sort();
  const feriados = await feriadosEntre(db, todos[0], todos[todos.length - 1]);
  return (p) => diasUteisRestantes(hoje, p, feriados);
}
