import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { resourceByName } from '../../shared/resources';
import { resourceApi } from '../resources/api';
import { PrestadorDialog } from './PrestadorDialog';

interface Props {
  id?: string;
  resource: string;
  value: string;
  onChange(v: string): void;
  currentLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/** A provider reference in a form: the chosen provider and a button that opens the provider selection dialog. */
export function PrestadorPicker({ id, resource, value, onChange, currentLabel, invalid, disabled }: Props) {
  const def = resourceByName.get(resource)!;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const cur = useQuery({
    queryKey: ['recurso', def.slug, 'opcoes', '', value],
    enabled: !!value && !currentLabel && picked?.id !== Number(value),
    queryFn: () => resourceApi.options(def.slug, { ids: [Number(value)] }),
    staleTime: 60_000,
  });
  const label = !value ? '' : picked?.id === Number(value) ? picked.label : currentLabel || cur.data?.[0]?.label || `#${value}`;
  return (
    <div className="picker">
      <input id={id} readOnly value={label} placeholder="Nenhum prestador escolhido" aria-invalid={invalid || undefined} disabled={disabled} onClick={() => !disabled && setOpen(true)} />
      <button type="button" className="btn" disabled={disabled} onClick={() => setOpen(true)}>
        Selecionar…
      </button>
      {value && !disabled && (
        <button type="button" className="btn btn-ghost" aria-label="Limpar prestador" onClick={() => onChange('')}>
          ×
        </button>
      )}
      {open &&
        createPortal(
        <PrestadorDialog
          onClose={() => setOpen(false)}
          onChoose={(p) => {
            setPicked({ id: p.id, label: `${p.codigo} · ${p.nome}` });
            onChange(String(p.id));
            setOpen(false);
          }}
        />,
          document.body,
        )}
    </div>
  );
}
