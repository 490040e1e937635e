import type { CommandPath } from '../../../commands';
import type { FeatureFlag, FlagKey } from '../clients';
import { DOC_MASKS, maskSlots } from './masks';

type DocKind = keyof typeof DOC_MASKS;

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
  /**
   * Client rule (spec §5): the client's switch decides whether the field is required (`required`), shown
   * (`visible`), editable (`enable`) and its label (`label`). Without the switch, the field's own settings hold.
   */
  flag?: FlagKey;
  /** Maintained by the system (e.g. a confirmation date): shown in the form, never taken from input. */
  readOnly?: boolean;
  /** Applies only when another field has one of these values (a CPF for a natural person): else hidden and cleared. */
  when?: { field: string; in: readonly string[] };
}

export interface TextField extends FieldCommon {
  kind: 'text';
  max: number;
  min?: number;
  /** Spec §5 mask: # digit, X alphanumeric, S letter, A uppercase, a lowercase; other characters are literals. */
  mask?: string;
  case?: 'upper' | 'lower';
  multiline?: boolean;
  /** 'phone': 10 or 11 digits or an 0800 number, masked by its length (spec §9). */
  format?: 'email' | 'url' | 'html' | 'color' | 'image' | 'phone';
  /** Check digits / structure of a Brazilian identifier (CPF, CNPJ, PIS, CNS, CEP, CBO, CNES): shared/validation/br.ts. */
  validate?: DocKind;
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
  format: 'number' | 'percent';
}
/**
 * Money (shared/money.ts): a `bigint` column of integer centavos, whole centavos on the wire (a JSON number), typed
 * as pt-BR text in forms ('1.234,56'). Bounds are in centavos too.
 */
export interface MoneyField extends FieldCommon {
  kind: 'money';
  min?: number;
  max?: number;
}
export interface DateField extends FieldCommon {
  kind: 'date';
  /**
   * A moment, not a day (a timestamp column: when a session started, when the trail recorded a change). Lists only:
   * filtered by whole days of the operator's calendar (São Paulo), sorted by the instant, shown DD/MM/AAAA HH:mm.
   */
  instant?: boolean;
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
  /**
   * Options narrowed by another field of the same record: `field` here equals `target` there
   * (the city by the UF chosen beside it). The form offers nothing until `field` has a value.
   */
  dependsOn?: { field: string; target: string };
  /**
   * How the form picks a record: 'select' (default, short tables), 'autocomplete' (large tables: from 2 characters,
   * after 500 ms, spec §9) or 'prestador' (the provider selection dialog of spec §5: 5 characters, 'Informe o Prestador').
   */
  picker?: 'select' | 'autocomplete' | 'prestador';
}

export type Field = TextField | IntegerField | DecimalField | MoneyField | DateField | BooleanField | EnumField | RefField;
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

/** A cross-field problem found by a definition's rules. */
export interface RuleIssue {
  field: string;
  message: string;
}
export type Values = Record<string, unknown>;

export interface FormSection<K extends string = string> {
  title: string;
  fields: readonly K[];
}

export interface ResourceInput<F extends Record<string, Field>> {
  /** The CASL subject (the registry command's `can` subject). */
  name: string;
  /** Registry path of the command this resource serves. */
  command: CommandPath;
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
  /** Composite indexes for common sort + filter combinations (large tables); `id` may close one (a keyset’s tie-break). */
  indexes?: readonly (readonly ((keyof F & string) | 'id')[])[];
  /** Form layout: titled groups of fields in order (fields left out go to a last group). Absent = one grid. */
  sections?: readonly FormSection<keyof F & string>[];
  /** Cross-field rules over the parsed values (both sides): e.g. a dependent needs the titular. */
  rules?: (v: Values) => RuleIssue[];
  /** Derived values applied after parsing (both sides): e.g. a titular has no titular. Returns a patch. */
  derive?: (v: Values) => Values;
  /** Every write goes to the change trail, in the same transaction (default: yes — people, prices, rates, every table). */
  trail?: boolean;
  /**
   * A large table (hundreds of thousands of rows): the display is found by any part of it, each word typed
   * (src/server/lists/busca-nome.ts, over a pg_trgm index the table's migration creates), in the grid and the reference
   * options; the keys listed in `lookup` by exact value (CPF, card number).
   */
  large?: boolean;
  lookup?: readonly (keyof F & string)[];
}

export interface Resource {
  name: string;
  /** URL segment under /api/recursos: the last segment of the command path. */
  slug: string;
  command: CommandPath;
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
  sections?: FormSection[];
  rules?: (v: Values) => RuleIssue[];
  derive?: (v: Values) => Values;
  trail: boolean;
  large: boolean;
  lookup: string[];
}

export function defaultColumnType(f: Field): ColumnType {
  switch (f.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
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
    case 'money':
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
  input.sections?.forEach((sec) => sec.fields.forEach((k) => has(k, 'seção')));
  input.lookup?.forEach((k) => has(k, 'busca exata'));
  for (const k of keys) {
    const fd = fields[k];
    if (fd.kind === 'ref' && fd.dependsOn) has(fd.dependsOn.field, `dependência de ${k}`);
    if (fd.when) has(fd.when.field, `condição de ${k}`);
  }
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
    sections: input.sections?.map((sec) => ({ title: sec.title, fields: [...sec.fields] })),
    rules: input.rules,
    derive: input.derive,
    trail: input.trail ?? true,
    large: input.large ?? false,
    lookup: [...(input.lookup ?? [])],
  };
}

/** What a client's rules make of a field (spec §5): required, hidden, read-only and its label. */
export interface FieldState {
  required: boolean;
  hidden: boolean;
  readOnly: boolean;
  label: string;
}

export type ClientFlags = Partial<Record<FlagKey, FeatureFlag>> | Record<string, FeatureFlag>;

/** Whether a field's `when` condition holds for the values (always, without a condition). */
export const applies = (fd: Field, values: Values) => !fd.when || fd.when.in.includes(String(values[fd.when.field] ?? ''));

/** With `values`, a field whose `when` condition fails is hidden and not required. */
export function fieldState(fd: Field, flags?: ClientFlags, values?: Values): FieldState {
  const rule = fd.flag ? (flags as Record<string, FeatureFlag | undefined> | undefined)?.[fd.flag] : undefined;
  const off = values !== undefined && !applies(fd, values);
  return {
    required: !off && (rule ? rule.required && rule.visible !== false : !!fd.required),
    hidden: off || (rule ? rule.visible === false : false),
    readOnly: !!fd.readOnly || (rule ? rule.enable === false : false),
    label: rule?.label ?? fd.label,
  };
}

// ---- field builders -------------------------------------------------------------------------------------------

type Opts<T> = Omit<T, 'kind' | 'label'>;

export const f = {
  text: (label: string, o: Opts<TextField>): TextField => ({ kind: 'text', label, ...o }),
  integer: (label: string, o: Opts<IntegerField> = {}): IntegerField => ({ kind: 'integer', label, ...o }),
  decimal: (label: string, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ kind: 'decimal', label, precision: 14, scale: 2, format: 'number', ...o }),
  /** Money in integer centavos (min and max in centavos). */
  money: (label: string, o: Opts<MoneyField> = {}): MoneyField => ({ kind: 'money', label, min: 0, ...o }),
  percent: (label: string, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({ kind: 'decimal', label, precision: 7, scale: 2, format: 'percent', min: 0, max: 100, ...o }),
  date: (label: string, o: Opts<DateField> = {}): DateField => ({ kind: 'date', label, ...o }),
  /** A timestamp in a list (see DateField.instant). */
  instant: (label: string): DateField => ({ kind: 'date', label, instant: true }),
  boolean: (label: string, o: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', label, default: false, ...o }),
  enum: (label: string, options: readonly EnumOption[] | readonly (readonly [string, string])[], o: Opts<Omit<EnumField, 'options'>> = {}): EnumField => ({
    kind: 'enum',
    label,
    options: options.map((x) => (Array.isArray(x) ? { value: x[0], label: x[1] } : (x as EnumOption))),
    ...o,
  }),
  ref: (label: string, resource: string, o: Opts<Omit<RefField, 'resource'>> = {}): RefField => ({ kind: 'ref', label, resource, ...o }),
  /** A Brazilian identifier with its mask and check digits (shared/validation/br.ts). */
  doc: (label: string, validate: DocKind, o: Partial<Opts<TextField>> = {}): TextField => ({
    kind: 'text',
    label,
    max: maskSlots(DOC_MASKS[validate]),
    mask: DOC_MASKS[validate],
    validate,
    ...(validate === 'cnpj' ? { case: 'upper' as const } : {}),
    ...o,
  }),
  /** A phone: mobile, landline or 0800 (spec §9). */
  phone: (label = 'Telefone', o: Partial<Opts<TextField>> = {}): TextField => ({ kind: 'text', label, max: 11, format: 'phone', ...o }),

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

/** A code + description table with a few extra fields (most of the small configuration tables). */
export function codeTable<E extends Record<string, Field>>(
  name: string,
  command: CommandPath,
  table: string,
  label: { singular: string; plural: string; gender: 'm' | 'f' },
  extra: E,
  opts: { codigoMax?: number; search?: (keyof E & string)[] } = {},
) {
  const extraKeys = Object.keys(extra) as (keyof E & string)[];
  return defineResource<Record<string, Field>>({
    name,
    command,
    table,
    label,
    fields: { codigo: f.codigo(opts.codigoMax ?? 6), descricao: f.descricao(), ...extra, ativo: f.ativo() } as Record<string, Field>,
    grid: ['codigo', 'descricao', ...extraKeys.slice(0, 5), 'ativo'],
    search: ['codigo', 'descricao', ...(opts.search ?? [])],
    sort: { field: 'descricao' },
  });
}
