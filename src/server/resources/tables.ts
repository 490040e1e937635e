import type { SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type PgColumn,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { resources, resourceByName, type Field, type Resource } from '../../shared/resources';
import { foldColumn } from '../db/sql';

/**
 * The Drizzle table of each resource, built from its definition (exported one by one from db/schema.ts so
 * drizzle-kit generates the migration). Every table has `id` (serial, or the natural key the definition declares)
 * and `version` (optimistic locking). Searchable text fields get a generated, accent-folded `<col>_busca` column
 * in the "C" collation: one btree index serves prefix search (LIKE 'x%') and the accent-insensitive sort.
 */

export type ResourceTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, PgColumn>;
  dialect: 'pg';
}>;

export const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const buscaKey = (k: string) => `${k}Busca`;


const varcharC = customType<{ data: string; config: { length: number } }>({
  dataType: (c) => `varchar(${c?.length ?? 255}) COLLATE "C"`,
});

/** Text fields that get a folded search/sort column. */
export function hasBusca(def: Resource, key: string): boolean {
  const fd = def.fields[key];
  // the id (a key column, not a field) may close a composite index
  if (!fd) return false;
  if (fd.kind !== 'text' || fd.mask || fd.format === 'html' || fd.format === 'image' || fd.format === 'phone' || fd.max > 300) return false;
  return def.search.some((s) => s.field === key && (s.op === 'contains' || s.op === 'startsWith')) || def.sort.field === key || def.display === key || def.grid.some((g) => g.field === key);
}

function column(def: Resource, key: string, field: Field, all: Map<string, ResourceTable>) {
  const name = snake(key);
  // a field that applies only in some cases (`when`) is null in the others, even when required where it applies
  const fd = field.when ? ({ ...field, required: false } as Field) : field;
  switch (fd.kind) {
    case 'text': {
      const c = varchar(name, { length: fd.max });
      return fd.required ? c.notNull() : c;
    }
    case 'integer': {
      const c = key === 'id' ? integer(name).primaryKey() : integer(name);
      return fd.required && key !== 'id' ? c.notNull() : c;
    }
    case 'decimal': {
      const c = numeric(name, { precision: fd.precision, scale: fd.scale, mode: 'number' });
      return fd.required ? c.notNull() : c;
    }
    case 'money': {
      // integer centavos in 64 bits (shared/money.ts); exact as a JavaScript number below MAX_CENTAVOS
      const c = bigint(name, { mode: 'number' });
      return fd.required ? c.notNull() : c;
    }
    case 'date': {
      const c = date(name);
      return fd.required ? c.notNull() : c;
    }
    case 'boolean':
      return boolean(name).notNull().default(fd.default === true);
    case 'enum': {
      const c = varchar(name, { length: Math.max(...fd.options.map((o) => o.value.length)) });
      return fd.required ? c.notNull() : c;
    }
    case 'ref': {
      const target = resourceByName.get(fd.resource)!;
      const c = integer(name).references((): AnyPgColumn => all.get(target.name)!.id, { onDelete: 'restrict', onUpdate: 'cascade' });
      return fd.required ? c.notNull() : c;
    }
  }
  void def;
}

function buildTable(def: Resource, all: Map<string, ResourceTable>): ResourceTable {
  const cols: Record<string, unknown> = {};
  if (!def.naturalId) cols.id = serial('id').primaryKey();
  for (const k of def.keys) {
    cols[k] = column(def, k, def.fields[k], all);
    if (hasBusca(def, k)) {
      const fd = def.fields[k] as Extract<Field, { kind: 'text' }>;
      cols[buscaKey(k)] = varcharC(`${snake(k)}_busca`, { length: fd.max }).generatedAlwaysAs(foldColumn(snake(k)));
    }
  }
  cols.version = integer('version').notNull().default(1);
  const t = def.table;
  return pgTable(def.table, cols as never, (tb: Record<string, PgColumn>) => {
    const out: unknown[] = [];
    const ixCol = (k: string) => (hasBusca(def, k) ? tb[buscaKey(k)] : tb[k]);
    const seen = new Set<string>();
    const add = (keys: string[], unique = false) => {
      const id = `${t}_${keys.map(snake).join('_')}_${unique ? 'uq' : 'idx'}`;
      if (seen.has(id)) return;
      seen.add(id);
      const on = keys.map((k) => (unique ? tb[k] : ixCol(k)));
      out.push(unique ? uniqueIndex(id).on(on[0], ...on.slice(1)) : index(id).on(on[0], ...on.slice(1)));
    };
    for (const k of def.keys) {
      const fd = def.fields[k];
      if (k === 'id') continue;
      if (fd.unique) add([k], true);
      if (fd.index || fd.kind === 'ref' || hasBusca(def, k) || def.sort.field === k) add([k]);
    }
    for (const keys of def.indexes) add(keys);
    return out as never;
  }) as unknown as ResourceTable;
}

function buildAll(): Map<string, ResourceTable> {
  const all = new Map<string, ResourceTable>();
  for (const def of resources) all.set(def.name, buildTable(def, all));
  return all;
}

const byName = buildAll();

/** The table of a resource. */
export function tableOf(def: Resource | string): ResourceTable {
  return byName.get(typeof def === 'string' ? def : def.name)!;
}

/** Tables keyed by the camelCase of their SQL name (the export names in db/schema.ts). */
export const resourceTables: Record<string, ResourceTable> = Object.fromEntries(resources.map((r) => [camel(r.table), byName.get(r.name)!]));

export type { SQL };
