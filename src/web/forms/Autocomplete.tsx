import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { CONSTANTS } from '../../shared/constants';
import { useDebounced } from './useDebounced';

export interface Option {
  id: number;
  label: string;
  detail?: string;
}

interface Props {
  id?: string;
  /** What the server is asked for the typed term (after the delay, from the minimum length). */
  search(term: string): Promise<Option[]>;
  queryKey: readonly unknown[];
  /** The chosen option (id and label), or null. */
  value: Option | null;
  onChange(o: Option | null): void;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  minChars?: number;
  delayMs?: number;
  ariaLabel?: string;
}

/**
 * Autocomplete answered by the server (spec §9: after 500 ms, from 2 characters): a combobox with the options
 * below it, arrows and Enter to choose, Escape to close. Nothing is filtered in the browser.
 */
export function Autocomplete({ id, search, queryKey, value, onChange, placeholder, invalid, disabled, minChars = CONSTANTS.autocompleteMinChars, delayMs = CONSTANTS.autocompleteDelayMs, ariaLabel }: Props) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const debounced = useDebounced(term.trim(), delayMs);
  const enabled = open && debounced.length >= minChars;
  const q = useQuery({ queryKey: [...queryKey, debounced], queryFn: () => search(debounced), enabled, staleTime: 30_000 });
  const options = enabled ? (q.data ?? []) : [];

  const choose = (o: Option) => {
    onChange(o);
    setTerm('');
    setOpen(false);
  };
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  }

  const shown = open ? term : (value?.label ?? '');
  const hint = term.trim().length > 0 && term.trim().length < minChars ? `Digite ao menos ${minChars} caracteres.` : '';
  return (
    <div className="ac">
      <div className="ac-row">
        <input
          id={id}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-label={ariaLabel}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder ?? `Digite ao menos ${minChars} caracteres`}
          value={shown}
          onFocus={() => {
            setOpen(true);
            setTerm('');
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(e) => {
            setTerm(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {value && !disabled && (
          <button type="button" className="btn btn-ghost ac-clear" aria-label="Limpar" onClick={() => onChange(null)}>
            ×
          </button>
        )}
      </div>
      {open && (hint || enabled) && (
        <ul className="ac-list" id={listId} role="listbox">
          {hint && <li className="ac-note">{hint}</li>}
          {enabled && q.isFetching && !options.length && <li className="ac-note">Buscando…</li>}
          {enabled && q.isError && (
            <li className="ac-note" role="alert">
              {(q.error as Error).message}
            </li>
          )}
          {enabled && !q.isFetching && !q.isError && !options.length && <li className="ac-note">Nenhum resultado.</li>}
          {options.map((o, i) => (
            <li
              key={o.id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              <span>{o.label}</span>
              {o.detail && <small>{o.detail}</small>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
