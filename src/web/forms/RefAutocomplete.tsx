import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '../../shared/resources';
import { resourceApi } from '../resources/api';
import { Autocomplete, type Option } from './Autocomplete';

interface Props {
  id?: string;
  resource: string;
  value: string;
  onChange(v: string): void;
  /** Label of the current value when known (the row's `<field>Label`). */
  currentLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** A short hint where the box is narrow (the side search view); a form's wide box lists what it finds by. */
  placeholder?: string;
}

/** A reference to a large table (beneficiaries, providers): autocomplete over the resource's options endpoint. */
export function RefAutocomplete({ id, resource, value, onChange, currentLabel, invalid, disabled, placeholder }: Props) {
  const def = resourceByName.get(resource)!;
  const cur = useQuery({
    queryKey: ['recurso', def.slug, 'opcoes', '', value],
    enabled: !!value && !currentLabel,
    queryFn: () => resourceApi.options(def.slug, { ids: [Number(value)] }),
    staleTime: 60_000,
  });
  const label = currentLabel || cur.data?.[0]?.label || (value ? `#${value}` : '');
  const selected: Option | null = value ? { id: Number(value), label } : null;
  return (
    <Autocomplete
      id={id}
      queryKey={['recurso', def.slug, 'autocomplete']}
      search={(termo) => resourceApi.options(def.slug, { termo })}
      value={selected}
      onChange={(o) => onChange(o ? String(o.id) : '')}
      invalid={invalid}
      disabled={disabled}
      placeholder={placeholder ?? `${[def.display, ...def.lookup].map((k) => def.fields[k].label).join(', ')} (mín. 2 caracteres)`}
    />
  );
}
