import { toIsoDate } from '../dates';
import { z } from 'zod';
import { checkDocument, checkTelefone } from '../validation/br';
import { INT4_MAX, int4IdNumber } from '../validation/ids';
import { applies, fieldState, type ClientFlags, type DecimalField, type Field, type Resource } from './define';
import { maskHint, matchesMask, unmask } from './masks';
import { formatMoney, MAX_CENTAVOS, parseMoney } from '../money';

/**
 * zod derived from a resource definition: the record schema (create), the update schema (with `version`)
 * and the value parser the filters share. The same schema validates the form in the browser and the body on
 * the server. Values arrive as JSON values or as typed text (pt-BR numbers, DD/MM/YYYY dates, masked text)
 * and come out normalized: raw masked text, numbers, ISO dates, booleans, ids.
 */

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const nf = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** pt-BR or plain number text → number ('1.234,56', 'R$ 10,00', '12,5%', '1234.5'). */
export function parseNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  let s = v.replace(/R\$|%|\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

function parseBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', 's', 'sim', '1'].includes(s)) return true;
    if (['false', 'n', 'nao', 'não', '0'].includes(s)) return false;
  }
  return undefined;
}

function decimalsOf(n: number) {
  const s = String(n);
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

/** Parses one field value (not required-checked): null for empty input. */
export function parseFieldValue(field: Field, v: unknown): Parsed {
  if (empty(v)) return { ok: true, value: null };
  const L = field.label;
  switch (field.kind) {
    case 'text': {
      if (typeof v !== 'string' && typeof v !== 'number') return { ok: false, message: `${L}: informe um texto.` };
      let s = String(v).trim();
      if (field.format === 'phone') {
        const digits = s.replace(/\D/g, '');
        const msg = checkTelefone(digits, L);
        return msg ? { ok: false, message: msg } : { ok: true, value: digits };
      }
      if (field.mask) {
        const raw = unmask(field.mask, s);
        if (!matchesMask(field.mask, raw)) return { ok: false, message: `${L} inválido. Use o formato ${maskHint(field.mask)}.` };
        s = raw;
      }
      if (field.case === 'upper') s = s.toUpperCase();
      if (field.case === 'lower') s = s.toLowerCase();
      if (s.length > field.max) return { ok: false, message: `${L} deve ter no máximo ${field.max} caracteres.` };
      if (field.min && s.length < field.min) return { ok: false, message: `${L} deve ter no mínimo ${field.min} caracteres.` };
      if (field.validate) {
        const msg = checkDocument(field.validate, s, L);
        if (msg) return { ok: false, message: msg };
      }
      if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(s)) return { ok: false, message: `${L} inválido.${field.example ? ` Exemplo: ${field.example}.` : ''}` };
      if (field.format === 'email' && !EMAIL.test(s)) return { ok: false, message: `${L} inválido. Informe um e-mail como nome@exemplo.com.br.` };
      if ((field.format === 'url' || field.format === 'image') && !/^(https?:\/\/[^\s\\/]\S*|data:image\/[a-z+]+;base64,[A-Za-z0-9+/=]+|\/(?![/\\])\S*)$/.test(s))
        return { ok: false, message: `${L} inválido. Informe um endereço que comece com http:// ou https://.` };
      if (field.format === 'color' && !/^#[0-9a-fA-F]{6}$/.test(s)) return { ok: false, message: `${L} inválida. Use o formato #RRGGBB.` };
      return { ok: true, value: s };
    }
    case 'integer': {
      const n = typeof v === 'string' ? parseNumber(v.replace(/\./g, '')) : parseNumber(v);
      if (n === undefined || !Number.isInteger(n)) return { ok: false, message: `${L} deve ser um número inteiro.` };
      return bounds(field, n);
    }
    case 'decimal': {
      const n = parseNumber(v);
      if (n === undefined) return { ok: false, message: `${L} deve ser um número.` };
      if (decimalsOf(n) > field.scale) return { ok: false, message: `${L} aceita no máximo ${field.scale} casas decimais.` };
      if (Math.abs(n) >= 10 ** (field.precision - field.scale)) return { ok: false, message: `${L} excede o valor máximo permitido.` };
      return bounds(field, n);
    }
    case 'money': {
      // a JSON number is whole centavos (the wire); text is what a person types, in reais ('1.234,56')
      const c = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : undefined) : typeof v === 'string' ? parseMoney(v) : undefined;
      if (c === undefined) return { ok: false, message: typeof v === 'number' ? `${L}: informe o valor em centavos inteiros.` : `${L} deve ser um valor em reais, como 1.234,56.` };
      if (Math.abs(c) > MAX_CENTAVOS) return { ok: false, message: `${L} excede o valor máximo permitido.` };
      if (field.min !== undefined && c < field.min) return { ok: false, message: `${L} deve ser no mínimo ${formatMoney(field.min)}.` };
      if (field.max !== undefined && c > field.max) return { ok: false, message: `${L} deve ser no máximo ${formatMoney(field.max)}.` };
      return { ok: true, value: c };
    }
    case 'date': {
      const d = toIsoDate(v);
      if (!d) return { ok: false, message: `${L}: data inválida. Use DD/MM/AAAA.` };
      return { ok: true, value: d };
    }
    case 'boolean': {
      const b = parseBool(v);
      if (b === undefined) return { ok: false, message: `${L} deve ser Sim ou Não.` };
      return { ok: true, value: b };
    }
    case 'enum': {
      const s = String(v);
      if (!field.options.some((o) => o.value === s)) return { ok: false, message: `Selecione uma opção válida em ${L}.` };
      return { ok: true, value: s };
    }
    case 'ref': {
      const n = parseNumber(v);
      if (n === undefined || !Number.isInteger(n) || n <= 0 || n > INT4_MAX) return { ok: false, message: `Selecione um valor válido em ${L}.` };
      return { ok: true, value: n };
    }
  }
}

function bounds(field: Field & { min?: number; max?: number }, n: number): Parsed {
  const fmt = (x: number) => ((field as DecimalField).format === 'percent' ? `${nf.format(x)}%` : nf.format(x));
  if (field.min !== undefined && n < field.min) return { ok: false, message: `${field.label} deve ser no mínimo ${fmt(field.min)}.` };
  if (field.max !== undefined && n > field.max) return { ok: false, message: `${field.label} deve ser no máximo ${fmt(field.max)}.` };
  if (Math.abs(n) > INT4_MAX && field.kind === 'integer') return { ok: false, message: `${field.label} excede o valor máximo permitido.` };
  return { ok: true, value: n };
}

export const requiredMessage = (field: Field) => `O campo ${field.label} é obrigatório.`;

/** One field as zod: required check, parse, normalize. `required`/`label` may come from a client rule. */
export function fieldSchema(field: Field, state: { required?: boolean; label?: string } = {}) {
  const fd = state.label ? ({ ...field, label: state.label } as Field) : field;
  const required = state.required ?? field.required;
  return z.unknown().optional().transform((v, ctx) => {
    const r = parseFieldValue(fd, v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    if (r.value === null && required) {
      ctx.addIssue({ code: 'custom', message: requiredMessage(fd) });
      return z.NEVER;
    }
    // a yes/no left out of the input takes its default (the column is NOT NULL)
    if (r.value === null && fd.kind === 'boolean') return fd.default === true;
    return r.value;
  });
}

export type RecordValues = Record<string, unknown>;

type Schemas = { create: z.ZodType<RecordValues, unknown>; update: z.ZodType<RecordValues & { version: number }, unknown> };
const cache = new WeakMap<Resource, Schemas>();
const flaggedCache = new WeakMap<Resource, WeakMap<object, Schemas>>();

/** Fields that take input: not maintained by the system, not hidden or disabled by the client's rules. */
export function inputKeys(def: Resource, flags?: ClientFlags, mode: 'create' | 'update' = 'create'): string[] {
  return def.keys.filter((k) => {
    const field = def.fields[k];
    if (mode === 'update' && field.immutable) return false;
    const st = fieldState(field, flags);
    return !st.readOnly && !st.hidden;
  });
}

function build(def: Resource, mode: 'create' | 'update', flags?: ClientFlags) {
  const shape: Record<string, z.ZodType> = {};
  for (const k of inputKeys(def, flags, mode)) {
    const field = def.fields[k];
    const st = fieldState(field, flags);
    // a conditional field is required only when its condition holds: checked below, over the whole record
    shape[k] = fieldSchema(field, { required: field.when ? false : st.required, label: st.label });
  }
  const conditional = Object.keys(shape).filter((k) => def.fields[k]?.when);
  if (mode === 'update') shape.version = int4IdNumber('Informe a versão do registro.');
  return z.object(shape).superRefine((obj: Record<string, unknown>, ctx) => {
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return;
    // required-when-applicable fields are reported together with the other fields' problems (one round of fixes)
    const withIssue = new Set(ctx.issues.map((i) => String(i.path?.[0])));
    for (const k of conditional) {
      if (withIssue.has(k) || (def.fields[k].when && withIssue.has(def.fields[k].when!.field))) continue;
      const st = fieldState(def.fields[k], flags, obj);
      if (st.required && obj[k] == null) ctx.addIssue({ code: 'custom', path: [k], message: requiredMessage({ ...def.fields[k], label: st.label }) });
    }
    if (withIssue.size) return; // the cross-field rules read valid values only
    // vigência: the end is not before the start
    for (const [a, b] of [['inicioVigencia', 'fimVigencia'], ['inicio', 'fim'], ['dataInicio', 'dataFim'], ['faixaInicial', 'faixaFinal'], ['idadeInicial', 'idadeFinal'], ['valorInicial', 'valorFinal']]) {
      const x = obj[a];
      const y = obj[b];
      if (x != null && y != null && (x as number | string) > (y as number | string))
        ctx.addIssue({ code: 'custom', path: [b], message: `${def.fields[b]?.label ?? b} deve ser igual ou posterior a ${def.fields[a]?.label ?? a}.` });
    }
    // the definition's own cross-field rules (a dependent needs the titular, a natural person needs the CPF…)
    for (const issue of def.rules?.({ ...(def.derive ? { ...obj, ...def.derive(obj) } : obj) }) ?? [])
      if (issue.field in shape || !def.fields[issue.field]) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }, { when: () => true }).transform((input: Record<string, unknown>) => {
    const obj = { ...input };
    for (const k of conditional) if (!applies(def.fields[k], obj)) obj[k] = null;
    if (!def.derive) return obj;
    const patch = def.derive(obj);
    for (const k of Object.keys(patch)) if (!(k in shape)) delete patch[k];
    return { ...obj, ...patch };
  });
}

function schemasOf(def: Resource, flags?: ClientFlags): Schemas {
  if (!flags) {
    let c = cache.get(def);
    if (!c) cache.set(def, (c = { create: build(def, 'create') as never, update: build(def, 'update') as never }));
    return c;
  }
  let byFlags = flaggedCache.get(def);
  if (!byFlags) flaggedCache.set(def, (byFlags = new WeakMap()));
  let c = byFlags.get(flags);
  if (!c) byFlags.set(flags, (c = { create: build(def, 'create', flags) as never, update: build(def, 'update', flags) as never }));
  return c;
}

/**
 * The create schema of a resource (every field that takes input). With the client's flags, the client rules of
 * spec §5 apply (required, hidden, read-only fields); the server always passes them, and so does the form.
 */
export function recordSchema(def: Resource, flags?: ClientFlags) {
  return schemasOf(def, flags).create;
}

/** The update schema: every mutable field plus the `version` the client read. */
export function updateSchema(def: Resource, flags?: ClientFlags) {
  return schemasOf(def, flags).update;
}

/** Empty form values of a new record (defaults from the definition). */
export function emptyRecord(def: Resource): RecordValues {
  const out: RecordValues = {};
  for (const k of def.keys) {
    const field = def.fields[k];
    out[k] = field.default ?? (field.kind === 'boolean' ? false : null);
  }
  return out;
}
