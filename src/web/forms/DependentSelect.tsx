import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Cidade } from '../../shared/api';
import { resourceByName } from '../../shared/resources';
import { api } from '../api/client';

interface Props {
  id?: string;
  /** The referenced resource (e.g. 'cidade'). */
  resource: string;
  /** Field of the referenced resource that narrows the options (e.g. 'uf') and its value here. */
  target: string;
  parentValue: string;
  parentLabel: string;
  value: string;
  onChange(v: string): void;
  invalid?: boolean;
  disabled?: boolean;
  required?: boolean;
}

/**
 * A select narrowed by another field of the form: the city by the UF (spec §7 GET /cidades/uf/{uf}).
 * The server answers the options with an index; nothing is offered until the other field has a value, and a
 * value that does not belong to the new choice is cleared.
 */
export function DependentSelect({ id, resource, target, parentValue, parentLabel, value, onChange, invalid, disabled, required }: Props) {
  const def = resourceByName.get(resource)!;
  const q = useQuery({
    queryKey: ['opcoes-dependentes', resource, target, parentValue],
    enabled: !!parentValue,
    staleTime: 10 * 60_000,
    queryFn: async () =>
      resource === 'cidade' && target === 'uf'
        ? (await api.get<Cidade[]>(`/cidades/uf/${encodeURIComponent(parentValue)}`, { quiet: true })).map((c) => ({ id: c.id, label: c.nome }))
        : api.get<{ id: number; label: string }[]>(`/recursos/${def.slug}/opcoes?${new URLSearchParams({ [target]: parentValue })}`, { quiet: true }),
  });
  const options = q.data ?? [];
  useEffect(() => {
    if (q.data && value && !q.data.some((o) => String(o.id) === value)) onChange('');
  }, [q.data, value, onChange]);
  return (
    <select id={id} value={value} disabled={disabled || !parentValue} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value)} data-dependente={target}>
      <option value="">{!parentValue ? `Escolha a ${parentLabel} primeiro` : q.isLoading ? 'Carregando…' : required ? 'Selecione…' : '—'}</option>
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
