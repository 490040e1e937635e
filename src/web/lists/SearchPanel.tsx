import { useEffect, useId, useState, type FormEvent } from 'react';
import { filterProblems, paramOf, readValue, writeValue } from '../../shared/lists/query';
import type { Filter, FilterOp, ListDef, SearchInput } from '../../shared/lists/types';
import type { Field } from '../../shared/resources/define';
import { MSG } from '../../shared/messages';
import { applyMask } from '../../shared/resources/masks';
import { RefAutocomplete } from '../forms/RefAutocomplete';
import { RefSelect } from '../resources/RefSelect';
import './lists.css';

/**
 * The side search view of any list (spec §9: label width 100 px, button 'Buscar'), from its definition's inputs:
 * a text, a date (DD/MM/AAAA), a range (de / até), a yes/no, an enumeration (the list's options), a reference.
 * Typed values are checked with the definition's own reader (the server's) before the filters go to the address.
 */
type Values = Record<string, string>;

const opsOf = (s: SearchInput): FilterOp[] => (s.op === 'range' ? ['gte', 'lte'] : [s.op]);
/** The value's key: the input's field and operator (a range has two). */
const keyOf = (s: SearchInput, op: FilterOp) => `${s.field}.${op}`;
const idOf = (s: SearchInput, op: FilterOp) => {
  const p = typeof s.param === 'string' ? s.param : s.param?.[op as 'gte' | 'lte'];
  return `busca-${(p ?? (s.op === 'range' ? keyOf(s, op) : s.field)).replace(/[^\w-]/g, '-')}`;
};
const nameOf = paramOf;

function toValues(def: ListDef, filters: readonly Filter[]): Values {
  const v: Values = {};
  for (const s of def.search) {
    if (s.hidden) continue;
    for (const op of opsOf(s)) {
      const f = filters.find((x) => x.field === s.field && x.op === op);
      if (f && !Array.isArray(f.value)) v[keyOf(s, op)] = writeValue(def.fields[s.field], f.value as string | number | boolean);
    }
  }
  return v;
}

/**
 * On a phone the panel starts closed behind a "Filtros" button (with the number of filters in use), so the results
 * come first instead of a screenful of inputs; a search closes it again. A report with nothing chosen yet starts open.
 */
export function SearchPanel({ def, filters, onSearch, title = 'Busca', omit = [], startOpen = false }: { def: ListDef; filters: readonly Filter[]; onSearch(filters: Filter[]): void; title?: string; omit?: readonly string[]; startOpen?: boolean }) {
  const [values, setValues] = useState<Values>(() => toValues(def, filters));
  const [aberto, setAberto] = useState(startOpen);
  const formId = useId();
  const emUso = filters.filter((f) => def.search.some((s) => s.field === f.field && !s.hidden && !omit.includes(s.field))).length;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const filtersKey = JSON.stringify(filters);
  useEffect(() => setValues(toValues(def, JSON.parse(filtersKey))), [def, filtersKey]);
  const set = (k: string, v: string) => setValues((old) => ({ ...old, [k]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: Filter[] = [];
    const errs: Record<string, string> = {};
    for (const s of def.search) {
      if (s.hidden || omit.includes(s.field)) continue;
      for (const op of opsOf(s)) {
        const raw = values[keyOf(s, op)]?.trim();
        if (!raw) continue;
        const r = readValue(s.label ? ({ ...def.fields[s.field], label: s.label } as Field) : def.fields[s.field], op, raw);
        if (!r.ok) errs[nameOf(s, op)] = r.message;
        else if (r.value !== null) next.push({ field: s.field, op, value: r.value });
      }
    }
    // filters a link put in the address without an input (a beneficiary's id) stay until cleared
    for (const f of filters) if (def.search.some((s) => s.hidden && s.field === f.field && opsOf(s).includes(f.op))) next.push(f);
    // the rules between filters, as the server checks them
    if (!Object.keys(errs).length) for (const p of filterProblems(def, next)) errs[p.field] = p.message;
    setErrors(errs);
    if (!Object.keys(errs).length) {
      onSearch(next);
      setAberto(false);
    }
  }

  const text = (s: SearchInput, op: FilterOp, label: string, placeholder?: string) => {
    const fd = def.fields[s.field];
    const k = keyOf(s, op);
    const mask = fd.kind === 'date' ? '##/##/####' : fd.kind === 'text' && op !== 'contains' && op !== 'search' ? fd.mask : undefined;
    return (
      <input
        id={idOf(s, op)}
        name={nameOf(s, op)}
        aria-label={label}
        aria-invalid={errors[nameOf(s, op)] ? true : undefined}
        inputMode={fd.kind === 'integer' || fd.kind === 'decimal' || fd.kind === 'money' || fd.kind === 'date' ? 'decimal' : undefined}
        value={values[k] ?? ''}
        onChange={(e) => set(k, mask ? applyMask(mask, e.target.value) : e.target.value)}
        placeholder={placeholder ?? s.placeholder ?? (fd.kind === 'date' ? 'DD/MM/AAAA' : '')}
      />
    );
  };

  return (
    <>
      <button type="button" className="btn sp-alternar" aria-expanded={aberto} aria-controls={formId} onClick={() => setAberto((x) => !x)}>
        {aberto ? 'Ocultar filtros' : `Filtros${emUso ? ` (${emUso})` : ''}`}
      </button>
    <form id={formId} className="sp" role="search" aria-label={`Buscar ${def.noun.plural}`} onSubmit={submit} data-testid="busca" data-recolhido={aberto ? undefined : ''}>
      <h2>{title}</h2>
      {def.search
        .filter((s) => !s.hidden && !omit.includes(s.field))
        .map((s) => {
          const fd = def.fields[s.field];
          const label = s.label ?? fd.label;
          const [op] = opsOf(s);
          const k = keyOf(s, op);
          let control;
          if (s.op === 'range')
            control = (
              <span className="sp-range">
                {/* a date's range says its format too ("de DD/MM/AAAA"): the test of the desk checks it fits the box */}
                {text(s, 'gte', `${label} de`, fd.kind === 'date' ? 'de DD/MM/AAAA' : 'de')}
                {text(s, 'lte', `${label} até`, fd.kind === 'date' ? 'até DD/MM/AAAA' : 'até')}
              </span>
            );
          else if (fd.kind === 'enum')
            control = (
              <select id={idOf(s, op)} name={nameOf(s, op)} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)}>
                <option value="">Todos</option>
                {fd.options
                  .filter((o) => !s.options || s.options.includes(o.value))
                  .map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
              </select>
            );
          else if (fd.kind === 'boolean')
            control = (
              <select id={idOf(s, op)} name={nameOf(s, op)} value={values[k] ?? ''} onChange={(e) => set(k, e.target.value)}>
                <option value="">Todos</option>
                <option value="true">Sim</option>
                <option value="false">Não</option>
              </select>
            );
          // a table of thousands (procedures) is searched as the form picks it: by typing, not by scrolling a select
          else if (fd.kind === 'ref' && fd.picker === 'autocomplete') control = <RefAutocomplete id={idOf(s, op)} resource={fd.resource} value={values[k] ?? ''} onChange={(v) => set(k, v)} placeholder={s.placeholder ?? 'Digite para buscar'} />;
          else if (fd.kind === 'ref') control = <RefSelect id={idOf(s, op)} resource={fd.resource} label={label} value={values[k] ?? ''} onChange={(v) => set(k, v)} emptyLabel="Todos" />;
          else control = text(s, op, label);
          const erros = opsOf(s)
            .map((o) => errors[nameOf(s, o)])
            .filter(Boolean);
          return (
            <div className="sp-row" key={`${s.field}.${s.op}`}>
              <label htmlFor={idOf(s, op)} title={label}>
                {label}
              </label>
              {control}
              {erros.map((m) => (
                <p key={m} className="field-error sp-erro">
                  {m}
                </p>
              ))}
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
            setAberto(false);
          }}
        >
          Limpar
        </button>
        <button type="submit" className="btn btn-primary">
          {MSG.buscar}
        </button>
      </div>
    </form>
    </>
  );
}
