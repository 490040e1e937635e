import type { ListDef } from './types';

/** Declares a list; checks that its search, columns, sort and filters name its own fields, so a typo fails at start-up. */
export function defineList(def: ListDef): ListDef {
  const has = (k: string, what: string) => {
    if (!def.fields[k]) throw new Error(`lista ${def.key}: ${what} '${k}' não é um campo`);
  };
  def.search.forEach((s) => has(s.field, 'busca'));
  def.columns.forEach((c) => {
    has(c.field ?? c.key, 'coluna');
    if (c.sort && !def.sortable.includes(c.sort)) throw new Error(`lista ${def.key}: a coluna ${c.key} ordena por '${c.sort}', que não é ordenável`);
  });
  def.sortable.forEach((k) => has(k, 'ordenação'));
  def.sort.forEach((s) => {
    if (!def.sortable.includes(s.field)) throw new Error(`lista ${def.key}: ordem padrão por '${s.field}', que não é ordenável`);
  });
  [...(def.permanent ?? []), ...(def.fallback ?? [])].forEach((f) => has(f.field, 'filtro'));
  def.requires?.anyOf.forEach((k) => has(k, 'filtro exigido'));
  return def;
}
