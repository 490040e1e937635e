import { sql } from 'drizzle-orm';
import type { ListQuery } from '../../shared/lists/types';
import { UF_OPTIONS } from '../../shared/resources/define';
import { badRequest } from '../http/errors';

/** SQL pieces the report sources share (aliases: p = prestadores, c = cidades, pr = produtos). */

/** A provider in force today. */
export const EM_VIGOR = sql`(p.inicio_vigencia <= current_date and (p.fim_vigencia is null or p.fim_vigencia >= current_date))`;
/** A UF column as its name and code ("Minas Gerais (MG)"), the group of the reports by UF. */
export const ufNome = (col: string) =>
  sql.raw(`(case ${col} ${UF_OPTIONS.map(([v, l]) => `when '${v}' then '${l.replace(/'/g, "''")} (${v})'`).join(' ')} else 'UF não informada' end)`);
/** The city as "Nome / UF", null without one. */
export const CIDADE_UF = sql`case when c.id is null then null else c.nome || ' / ' || c.uf end`;
/** The plan as "Nome (registro ANS)". */
export const PLANO = sql`(pr.nome || ' (' || pr.registro_ans || ')')`;

/** The required period of an aggregate (filter `periodo`, gte and lte), read by a source's `bind`. */
export function periodoDe(q: ListQuery): { de: string; ate: string } {
  const de = q.filters.find((f) => f.field === 'periodo' && f.op === 'gte')?.value;
  const ate = q.filters.find((f) => f.field === 'periodo' && f.op === 'lte')?.value;
  if (de == null || ate == null) throw badRequest('Informe o início e o término do período.', de == null ? 'inicio' : 'termino');
  return { de: String(de), ate: String(ate) };
}
/** A filter read by `bind` into the aggregate: true on the outer query. */
export const lidoNoBind = { filter: () => sql`true` };
