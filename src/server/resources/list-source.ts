import { sql } from 'drizzle-orm';
import { resourceByName, type Resource } from '../../shared/resources';
import type { ListSource, SourceField } from '../lists/source';
import { rowsByIds } from './service';
import { hasBusca, snake } from './tables';

const cache = new Map<string, ListSource>();

/**
 * A resource's table as a list source (alias "t"): each field's column, the folded `*_busca` column of searchable
 * text (prefix search and sort use its index), a reference sorted by the label of the record it points to (a join
 * only when that sort is asked for), and the page's rows read with their references' labels.
 */
export function resourceSource(def: Resource): ListSource {
  let s = cache.get(def.name);
  if (s) return s;
  const col = (name: string) => sql.raw(`"t"."${name}"`);
  const fields: Record<string, SourceField> = { id: { expr: col('id') } };
  for (const k of def.keys) {
    const fd = def.fields[k];
    const f: SourceField = { expr: col(snake(k)), nullable: !fd.required || !!fd.when };
    if (hasBusca(def, k)) f.folded = col(`${snake(k)}_busca`);
    // the name of a large table of people: found by any part (busca-nome.ts, the trigram index of migration 0027)
    if (def.large && k === def.display && f.folded) f.name = true;
    if (fd.kind === 'ref') {
      const target = resourceByName.get(fd.resource)!;
      const a = `r_${k}`;
      const label = hasBusca(target, target.display) ? `${snake(target.display)}_busca` : snake(target.display);
      f.join = sql.raw(`left join "${target.table}" "${a}" on "${a}"."id" = "t"."${snake(k)}"`);
      f.sortExpr = sql.raw(`"${a}"."${label}"`);
      f.nullable = true;
    }
    fields[k] = f;
  }
  s = { from: sql.raw(`"${def.table}" "t"`), alias: 't', fields, rows: (db, ids) => rowsByIds(db, def, ids) as never };
  cache.set(def.name, s);
  return s;
}
