import type { Field, Resource } from '../resources/define';
import { defineList } from './define';
import type { FilterOp, ListDef, RecordEntity, SearchInput } from './types';

/** Operators each kind of field accepts in a resource's address (the search view offers one per field). */
const OPS_BY_KIND: Record<Field['kind'], readonly Exclude<FilterOp, 'in' | 'search'>[]> = {
  text: ['eq', 'contains', 'startsWith'],
  integer: ['eq', 'gte', 'lte'],
  decimal: ['eq', 'gte', 'lte'],
  money: ['eq', 'gte', 'lte'],
  date: ['eq', 'gte', 'lte'],
  boolean: ['eq'],
  enum: ['eq'],
  ref: ['eq'],
};

/** Resources whose records the access policy scopes (people): their grids list only what the session sees. */
const SCOPED: Partial<Record<string, RecordEntity>> = { beneficiario: 'beneficiario', prestador: 'prestador' };

const cache = new WeakMap<Resource, ListDef>();

/**
 * A resource's list, from its definition: the search view's inputs (plus, hidden, every other field and operator, so
 * "filter by this value" and links work on any column), the grid's columns, the default sort.
 */
export function listOfResource(r: Resource): ListDef {
  const cached = cache.get(r);
  if (cached) return cached;
  const fields: Record<string, Field> = r.naturalId ? r.fields : { id: { kind: 'integer', label: 'Id' }, ...r.fields };
  const search: SearchInput[] = r.search.map((s) => ({ field: s.field, op: s.op }));
  const covered = (k: string, op: FilterOp) => search.some((s) => s.field === k && (s.op === op || (s.op === 'range' && (op === 'gte' || op === 'lte'))));
  for (const k of r.keys) for (const op of OPS_BY_KIND[r.fields[k].kind]) if (!covered(k, op)) search.push({ field: k, op, hidden: true });
  const def = defineList({
    key: `recurso.${r.name}`,
    command: r.command,
    endpoint: `/recursos/${r.slug}`,
    noun: { singular: r.label.singular.toLowerCase(), plural: r.label.plural.toLowerCase(), gender: r.label.gender },
    fields,
    search,
    columns: r.grid.map((g) => ({ key: g.field, type: g.type, width: g.width, sort: g.field })),
    sort: [r.sort],
    sortable: [...new Set(['id', ...r.keys])],
    scope: SCOPED[r.name] ? { entity: SCOPED[r.name]! } : undefined,
    pageSize: 100,
  });
  cache.set(r, def);
  return def;
}
