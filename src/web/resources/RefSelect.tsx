import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceByName } from '../../shared/resources';
import { resourceApi, resourceKeys } from './api';

interface Props {
  id?: string;
  resource: string;
  value: string;
  onChange(v: string): void;
  label?: string;
  /** Shown for the current value before the options arrive. */
  currentLabel?: string;
  invalid?: boolean;
  allowEmpty?: boolean;
  /** The empty option's text: '—' in a form, 'Todos' in a search (any value). */
  emptyLabel?: string;
}

/** A reference field: a select of the referenced resource's records (by display), with a filter for long lists. */
export function RefSelect({ id, resource, value, onChange, label, currentLabel, invalid, allowEmpty = true, emptyLabel = '—' }: Props) {
  const target = resourceByName.get(resource)!;
  const [term, setTerm] = useState('');
  // options load when the field is first used (a screen's first page is not kept waiting by its pickers)
  const [active, setActive] = useState(false);
  const ids = value ? value : '';
  const q = useQuery({
    queryKey: resourceKeys.options(target.slug, active ? term : '\u0000', ids),
    queryFn: async () => {
      const [list, cur] = await Promise.all([active ? resourceApi.options(target.slug, { termo: term }) : Promise.resolve([]), value ? resourceApi.options(target.slug, { ids: [Number(value)] }) : Promise.resolve([])]);
      return [...cur, ...list.filter((o) => !cur.some((c) => c.id === o.id))];
    },
    enabled: active || !!value,
    staleTime: 60_000,
  });
  const options = q.data ?? (value ? [{ id: Number(value), label: currentLabel ?? value }] : []);
  return (
    <div className="ref-select" style={{ display: 'flex', gap: 6 }}>
      <select id={id} value={value} onFocus={() => setActive(true)} onPointerDown={() => setActive(true)} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} aria-label={label} style={{ flex: 1, minWidth: 0 }}>
        {allowEmpty && <option value="">{q.isFetching && !q.data ? 'Carregando…' : emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.label}
          </option>
        ))}
      </select>
      {(term || (q.data?.length ?? 0) >= 50) && (
        <input type="search" placeholder="Filtrar" aria-label={`Filtrar ${label ?? target.label.plural}`} value={term} onChange={(e) => setTerm(e.target.value)} style={{ width: 90 }} />
      )}
    </div>
  );
}
