import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { Field, FieldState } from '../../shared/resources/define';
import { applyMask, applyPhoneMask } from '../../shared/resources/masks';
import { RefSelect } from '../resources/RefSelect';
import { DependentSelect } from './DependentSelect';
import { PrestadorPicker } from './PrestadorPicker';
import { RefAutocomplete } from './RefAutocomplete';
import './forms.css';

/**
 * One field of a form driven by the field DSL (a resource's record, a process's parameters): its label (with * when
 * required), the input its kind asks for (masks while typing, pickers for references), then its error or its help.
 * The form holds typed text (pt-BR numbers, DD/MM/AAAA dates); the shared zod schema parses it.
 */
export function FieldRow({
  name,
  field,
  state,
  form,
  disabled,
  currentLabel,
  parent,
}: {
  name: string;
  field: Field;
  state: FieldState;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form whose values are typed text
  form: UseFormReturn<any, any, any>;
  disabled: boolean;
  /** A reference's current label (editing a record: the picker shows it before any search). */
  currentLabel?: string;
  /** The field a dependent select waits for (the UF of a city). */
  parent?: { value: string; label: string };
}) {
  const err = form.formState.errors[name]?.message as string | undefined;
  const id = `campo-${name}`;
  const wide = (field.kind === 'text' && (field.multiline || field.max > 120)) || (field.kind === 'ref' && !field.dependsOn);
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      {field.kind === 'boolean' ? (
        <label className="check">
          <input type="checkbox" id={id} disabled={disabled} {...form.register(name)} /> {state.label}
        </label>
      ) : (
        <label htmlFor={id}>
          {state.label}
          {state.required ? ' *' : ''}
        </label>
      )}
      {field.kind !== 'boolean' && <FieldInput id={id} field={field} name={name} control={form.control} disabled={disabled} invalid={!!err} currentLabel={currentLabel} parent={parent} required={state.required} />}
      {err ? (
        <p className="field-error" role="alert" id={`${id}-erro`}>
          {err}
        </p>
      ) : (
        field.help && <p className="rf-help">{field.help}</p>
      )}
    </div>
  );
}

export function FieldInput({
  id,
  field,
  name,
  control,
  disabled,
  invalid,
  currentLabel,
  parent,
  required,
}: {
  id: string;
  field: Field;
  name: string;
  control: unknown;
  disabled: boolean;
  invalid: boolean;
  currentLabel?: string;
  parent?: { value: string; label: string };
  required?: boolean;
}) {
  return (
    <Controller<FieldValues>
      name={name}
      control={control as never}
      render={({ field: c }) => {
        const common = { id, disabled, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-erro` : undefined, onBlur: c.onBlur, ref: c.ref, name: c.name };
        const value = (c.value as string) ?? '';
        switch (field.kind) {
          case 'enum':
            return (
              <select {...common} value={value} onChange={(e) => c.onChange(e.target.value)}>
                <option value="">{field.required ? 'Selecione…' : '—'}</option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            );
          case 'ref': {
            if (field.dependsOn)
              return (
                <DependentSelect
                  id={id}
                  resource={field.resource}
                  target={field.dependsOn.target}
                  parentValue={parent?.value ?? ''}
                  parentLabel={parent?.label ?? ''}
                  value={value}
                  onChange={c.onChange}
                  invalid={invalid}
                  disabled={disabled}
                  required={required}
                />
              );
            if (field.picker === 'autocomplete') return <RefAutocomplete id={id} resource={field.resource} value={value} onChange={c.onChange} currentLabel={currentLabel} invalid={invalid} disabled={disabled} />;
            if (field.picker === 'prestador') return <PrestadorPicker id={id} resource={field.resource} value={value} onChange={c.onChange} currentLabel={currentLabel} invalid={invalid} disabled={disabled} />;
            return <RefSelect id={id} resource={field.resource} label={field.label} value={value} onChange={c.onChange} currentLabel={currentLabel} invalid={invalid} allowEmpty />;
          }
          case 'text':
            if (field.format === 'phone')
              return <input {...common} type="tel" inputMode="tel" maxLength={15} placeholder="(00) 00000-0000" value={value} onChange={(e) => c.onChange(applyPhoneMask(e.target.value))} />;
            // a long text (a letter, a page) gets room for a paragraph or two
            if (field.multiline) return <textarea {...common} maxLength={field.max} value={value} onChange={(e) => c.onChange(e.target.value)} rows={field.format === 'html' ? 6 : field.max > 1000 ? 8 : 3} />;
            return (
              <input
                {...common}
                type={field.format === 'email' ? 'email' : 'text'}
                maxLength={field.mask ? field.mask.length : field.max}
                placeholder={field.mask ? field.mask.replace(/[#XSAa]/g, '_') : undefined}
                value={value}
                onChange={(e) => {
                  const v = field.case === 'upper' ? e.target.value.toUpperCase() : e.target.value;
                  c.onChange(field.mask ? applyMask(field.mask, v) : v);
                }}
              />
            );
          case 'date':
            return <input {...common} inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={value} onChange={(e) => c.onChange(applyMask('##/##/####', e.target.value))} />;
          default:
            return <input {...common} inputMode="decimal" value={value} onChange={(e) => c.onChange(e.target.value.replace(/[^0-9.,-]/g, ''))} />;
        }
      }}
    />
  );
}
