/**
 * Resource definitions: one plain object per subject declares its fields, labels, grid, search view and sort.
 * The same object drives the database table, the REST endpoints, the grid, the search panel and the form.
 * Field builders below are a small DSL; zod schemas are derived from it in ./schema.ts.
 */

export interface EnumOption {
  value: string;
  label: string;
}

interface FieldCommon {
  label: string;
  required?: boolean;
  /** No two records share the value (unique index; a clear field error on a clash). */
  unique?: boolean;
  /** Indexed for sort and filter on large tables. */
  index?: boolean;
  /** Value for a new record in the form. */
  default?: string | number | boolean | null;
  /** Short help shown under the form field. */
  help?: string;
  /** Set on create only (e.g. a natural key such as the IBGE code). */
  immutable?: boolean;
}

export interface TextField extends FieldCommon {
  kind: 'text';
  max: number;
  min?: number;
  /** Spec §5 mask: # digit, X alphanumeric, S letter, A uppercase, a lowercase; other characters are literals. */
  mask?: string;
  case?: 'upper' | 'lower';
  multiline?: boolean;
  format?: 'email' | 'url' | 'html' | 'color' | 'image';
  /** A regular expression (source) the stored value must match, with an example for the message. */
  pattern?: string;
  example?: string;
}
export interface IntegerField extends FieldCommon {
  kind: 'integer';
  min?: number;
  max?: number;
}
export interface DecimalField extends FieldCommon {
  kind: 'decimal';
  precision: number;
  scale: number;
  min?: number;
  max?: number;
  format: 'number' | 'money' | 'percent';
}
export interface DateField extends FieldCommon {
  kind: 'date';
}
export interface BooleanField extends FieldCommon {
  kind: 'boolean';
}
export interface EnumField extends FieldCommon {
  kind: 'enum';
  options: readonly EnumOption[];
}
export interface RefField extends FieldCommon {
  kind: 'ref';
  /** Name (subject) of the referenced resource. */
  resource: string;
}

export type Field = TextField | IntegerField | DecimalField | DateField | BooleanField | EnumField | RefField;
export type FieldKind = Field['kind'];

/** Spec §3 column types. */
export const COLUMN_TYPES = [
  'text', 'sort', 'search', 'double', 'tooltip', 'image', 'icon', 'link', 'boolean', 'tag', 'radio', 'input', 'date', 'checkbox', 'html', 'select', 'button', 'dropdown',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Search operators: the search view offers one per field ('range' is two inputs: from and to). */
export type SearchOp = 'contains' | 'startsWith' | 'eq' | 'range';
/** Operators on the wire. */
export const FILTER_OPS = ['eq', 'contains', 'startsWith', 'gte', 'lte'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface GridColumn {
  field: string;
  type: ColumnType;
  width?: number;
  /** Icon per value for the 'icon' column type. */
  icons?: Record<string, string>;
}
export interface SearchField {
  field: string;
  op: SearchOp;
}
export type Dir = 'asc' | 'desc';

export interface ResourceInput<F extends Record<string, Field>> {
  /** The CASL subject (the registry command's `can` subject). */
  name: string;
  /** Registry path of the command this resource serves. */
  command: string;
  /** Database table name. */
  table: string;
  label: { singular: string; plural: string; gender: 'm' | 'f' };
  fields: F;
  /** Field shown when another resource references this one (defaults to the first text field). */
  display?: keyof F & string;
  /** Grid columns in order: a field key (type from the field kind) or [key, type] / a full column. */
  grid: readonly (keyof F & string | readonly [keyof F & string, ColumnType] | (GridColumn & { field: keyof F & string }))[];
  /** Search view fields: a key (operator from the field kind) or [key, operator]. */
  search: readonly (keyof F & string | readonly [keyof F & string, SearchOp])[];
  sort: { field: keyof F & string; dir?: Dir };
  /** Composite indexes for common sort + filter combinations (large tables). */
  indexes?: readonly (readonly (keyof F & string)[])[];
}

export interface Resource {
  name: string;
  /** URL segment under /api/recursos: the last segment of the command path. */
  slug: string;
  command: string;
  table: string;
  label: { singular: string; plural: string; gender: 'm' | 'f' };
  fields: Record<string, Field>;
  /** Field keys in declaration order. */
  keys: string[];
  /** The record's key is a user-given natural key (field 'id' declared) instead of a serial. */
  naturalId: boolean;
  display: string;
  grid: GridColumn[];
  search: SearchField[];
  sort: { field: string; dir: Dir };
  indexes: string[][];
}

export function defaultColumnType(f: Field): ColumnType {
  switch (f.kind) {
    case 'integer':
    case 'decimal':
      return 'double';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'tag';
    default:
      return 'text';
  }
}

export function defaultSearchOp(f: Field): SearchOp {
  switch (f.kind) {
    case 'text':
      return f.mask ? 'startsWith' : 'contains';
    case 'integer':
    case 'decimal':
    case 'date':
      return 'range';
    default:
      return 'eq';
  }
}

/** Declares a resource; checks its references to its own fields so a typo fails at start-up. */
export function defineResource<F extends Record<string, Field>>(input: ResourceInput<F>): Resource {
  const fields = input.fields as Record<string, Field>;
  const keys = Object.keys(fields);
  const has = (k: string, what: string) => {
    if (!fields[k]) throw new Error(`recurso ${input.name}: ${what} '${k}' não é um campo`);
  };
  const grid = input.grid.map((g): GridColumn => {
    if (typeof g === 'string') return { field: g, type: defaultColumnType(fields[g] ?? { kind: 'text' } as Field) };
    if (Array.isArray(g)) return { field: g[0], type: g[1] };
    return g as GridColumn;
  });
  const search = input.search.map((s): SearchField => (typeof s === 'string' ? { field: s, op: defaultSearchOp(fields[s] ?? ({ kind: 'text' } as Field)) } : { field: s[0], op: s[1] }));
  grid.forEach((g) => has(g.field, 'coluna'));
  search.forEach((s) => has(s.field, 'busca'));
  has(input.sort.field, 'ordenação');
  const display = input.display ?? keys.find((k) => fields[k].kind === 'text' && k !== 'codigo') ?? keys[0];
  has(display, 'exibição');
  for (const k of keys) if (k === 'version' || k.endsWith('Busca')) throw new Error(`recurso ${input.name}: nome de campo reservado '${k}'`);
  return {
    name: input.name,
    slug: input.command.slice(input.command.lastIndexOf('/') + 1),
    command: input.command,
    table: input.table,
    label: input.label,
    fields,
    keys,
    naturalId: 'id' in fields,
    display,
    grid,
    search,
    sort: { field: input.sort.field, dir: input.sort.dir ?? 'asc' },
    indexes: (input.indexes ?? []).map((i) => [...i]),
  };
}

// ---- field builders -------------------------------------------------------------------------------------------

type Opts<T> = Omit<T, 'kind' | 'label'>;

export const f = {
  text: (label: string, o: Opts<TextField>): TextField => ({ kind: 'text', label, ...o }),
  integer: (label: string, o: Opts<IntegerField> = {}): IntegerField => ({ kind: 'integer', label, ...o }),
  decimal: (label: string, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ kind: 'decimal', label, precision: 14, scale: 2, format: 'number', ...o }),
  money: (label: string, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ kind: 'decimal', label, precision: 14, scale: 2, format: 'money', min: 0, ...o }),
  percent: (label: string, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ kind: 'decimal', label, precision: 7, scale: 2, format: 'percent', min: 0, max: 100, ...o }),
  date: (label: string, o: Opts<DateField> = {}): DateField => ({ kind: 'date', label, ...o }),
  boolean: (label: string, o: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', label, default: false, ...o }),
  enum: (label: string, options: readonly EnumOption[] | readonly (readonly [string, string])[], o: Opts<Omit<EnumField, 'options'>> = {}): EnumField => ({
    kind: 'enum',
    label,
    options: options.map((x) => (Array.isArray(x) ? { value: x[0], label: x[1] } : (x as EnumOption))),
    ...o,
  }),
  ref: (label: string, resource: string, o: Opts<Omit<RefField, 'resource'>> = {}): RefField => ({ kind: 'ref', label, resource, ...o }),

  // presets an operator's tables share
  codigo: (max = 10, o: Partial<Omit<TextField, 'kind'>> = {}): TextField => ({ kind: 'text', label: 'Código', max, required: true, unique: true, case: 'upper', ...o }),
  descricao: (max = 120, o: Partial<Omit<TextField, 'kind'>> = {}): TextField => ({ kind: 'text', label: 'Descrição', max, required: true, ...o }),
  nome: (max = 120, o: Partial<Omit<TextField, 'kind'>> = {}): TextField => ({ kind: 'text', label: 'Nome', max, required: true, ...o }),
  ativo: (): BooleanField => ({ kind: 'boolean', label: 'Ativo', default: true }),
  observacao: (): TextField => ({ kind: 'text', label: 'Observação', max: 500, multiline: true }),
  inicioVigencia: (required = true): DateField => ({ kind: 'date', label: 'Início da vigência', required }),
  fimVigencia: (): DateField => ({ kind: 'date', label: 'Fim da vigência' }),
};

/** The 27 UFs (IBGE order by region), for enum fields. */
export const UF_OPTIONS: readonly (readonly [string, string])[] = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'], ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'], ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'],
  ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'], ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];
export const uf = (label = 'UF', o: Opts<Omit<EnumField, 'options'>> = {}) => f.enum(label, UF_OPTIONS.map(([v]) => [v, v] as const), o);

/** pt-BR article for messages: 'o banco' / 'a cidade'. */
export const article = (r: Pick<Resource, 'label'>) => (r.label.gender === 'f' ? 'a' : 'o');
