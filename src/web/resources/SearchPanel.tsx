import { useEffect, useState, type FormEvent } from 'react';
import { formatMoneyPlain, parseMoney } from '../../shared/money';
import { MSG } from '../../shared/messages';
import type { Resource, SearchField } from '../../shared/resources/define';
import { applyMask, unmask } from '../../shared/resources/masks';
import type { Filter } from '../../shared/resources/query';
import { parseIsoDate, parseNumber } from '../../shared/resources/schema';
import { formatIsoDate } from '../grid/columns';
import { RefSelect } from './RefSelect';

/**
 * The side search view (spec §9: label width 100 px, button 'Buscar'): the definition's search fields,
 * Enter submits, and the filters go to the URL through the list controller.
 */
type Values = Record<string, string>;

const keyOf = (s: SearchField, part?: 'de' | 'ate') => (part ? `${s.field}:${part}` : s.field);

function toValues(def: Resource, filters: Filter[]): Values {
  const v: Values = {};
  for (const s of def.search) {
    const fd = def.fields[s.field];
    const show = (x: unknown) => (fd.kind === 'date' ? formatIsoDate(x) : fd.kind === 'decimal' ? String(x).replace('.', ',') : fd.kind === 'money' ? formatMoneyPlain(Number(x)) : fd.kind === 'text' && fd.mask && s.op !== 'contains' ? applyMask(fd.mask, String(x)) : String(x));
    for (const f of filters.filter((x) => x.field === s.field)) {
      if (s.op === 'range') v[keyOf(s, f.op === 'gte' ? 'de' : 'ate')] = show(f.value);
      else v[keyOf(s)] = show(f.value);
    }
  }
  return v;
}

function toFilters(def: Resource, values: Values): { filters: Filter[]; errors: Record<string, string> } {
  const filters: Filter[] = [];
  const errors: Record<string, string> = {};
  const conv = (s: SearchField, raw: string): string | number | boolean | undefined => {
    const fd = def.fields[s.field];
    if (fd.kind === 'date') return parseIsoDate(raw);
    if (fd.kind === 'integer' || fd.kind === 'decimal' || fd.kind === 'ref') return parseNumber(raw);
    if (fd.kind === 'money') return parseMoney(raw);
    if (fd.kind === 'boolean') return raw === 'true';
    if (fd.kind === 'text' && fd.mask && s.op !== 'contains') return unmask(fd.mask, raw) || undefined;
    return raw.trim();
  };
  for (const s of def.search) {
    const parts: [string, Filter['op']][] = s.op === 'range' ? [[keyOf(s, 'de'), 'gte'], [keyOf(s, 'ate'), 'lte']] : [[keyOf(s), s.op as Filter['op']]];
    for (const [k, op] of parts) {
      const raw = values[k]?.trim();
      if (!raw) continue;
      const value = conv(s, raw);
      if (value === undefined || value === '') errors[k] = `${def.fields[s.field].label}: valor inválido.`;
      else filters.push({ field: s.field, op, value });
    }
  }
  return { filters, errors };
}

export function SearchPanel({ def, filters, onSearch }: { def: Resource; filters: Filter[]; onSearch(filters: Filter[]): void }) {
  const [values, setValues] = useState<Values>(() => toValues(def, filters));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const filtersKey = JSON.stringify(filters);
  useEffect(() => setValues(toValues(def, JSON.parse(filtersKey))), [def, filtersKey]);

  const set = (k: string, v: string) => setValues((old) => ({ ...old, [k]: v }));
  function submit(e: FormEvent) {
    e.preventDefault();
    const r = toFilters(def, values);
    setErrors(r.errors);
    if (!Object.keys(r.errors).length) onSearch(r.filters);
  }

  const input = (s: SearchField, k: string, label: string, extra: { placeholder?: string } = {}) => {
    const fd = def.fields[s.field];
    const mask = fd.kind === 'date' ? '##/##/####' : fd.kind === 'text' && s.op !== 'contains' ? fd.mask : undefined;
    return (
      <input
        id={`busca-${k}`}
        aria-label={label}
        aria-invalid={errors[k] ? true : undefined}
        title={errors[k]}
        inputMode={fd.kind === 'integer' || fd.kind === 'decimal' || fd.kind === 'money' || fd.kind === 'date' ? 'decimal' : undefined}
        value={values[k] ?? ''}
        onChange={(e) => set(k, mask ? applyMask(mask, e.target.value) : e.target.value)}
        placeholder={extra.placeholder ?? (fd.kind === 'date' ? 'DD/MM/AAAA' : '')}
      />
    );
  };

  return (
    <form className="sp" role="search" aria-label={`Buscar ${def.label.plural}`} onSubmit={submit} data-testid="busca">
      <h2>Busca</h2>
      {def.search.map((s) => {
        const fd = def.fields[s.field];
        const k = keyOf(s);
        let control;
        if (s.op === 'range')
          control = (
            <span className="sp-range">
              {input(s, keyOf(s, 'de'), `${fd.label} de`, { placeholder: fd.kind === 'date' ? 'de DD/MM/AAAA' : 'de' })}
              {input(s, keyOf(s, 'ate'), `${fd.label} até`, { placeholder: fd.kind === 'date' ? 'até DD/MM/AAAA' : 'até' })}
            </span>
          );
        else if (fd.kind === 'enum')
          control = (
            <select id={`busca-${k}`} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)}>
              <option value="">Todos</option>
              {fd.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        else if (fd.kind === 'boolean')
          control = (
            <select id={`busca-${k}`} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)}>
              <option value="">Todos</option>
              <option value="true">Sim</option>
              <option value="false">Não</option>
            </select>
          );
        else if (fd.kind === 'ref') control = <RefSelect id={`busca-${k}`} resource={fd.resource} label={fd.label} value={values[k] ?? ''} onChange={(v) => set(k, v)} />;
        else control = input(s, k, fd.label);
        return (
          <div className="sp-row" key={s.field}>
            <label htmlFor={s.op === 'range' ? `busca-${keyOf(s, 'de')}` : `busca-${k}`} title={fd.label}>
              {fd.label}
            </label>
            {control}
          </div>
        );
      })}
      <div className="sp-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setValues({});
            setErrors({});
            onSearch([]);
          }}
        >
          Limpar
        </button>
        <button type="submit" className="btn btn-primary">
          {MSG.buscar}
        </button>
      </div>
    </form>
  );
}
