import { isoToBr } from '../../shared/dates';
import { formatMoneyPlain } from '../../shared/money';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { APP_MSG } from '../../shared/messages';
import { fieldState, type ClientFlags, type Field, type Resource } from '../../shared/resources/define';
import { applyMask, applyPhoneMask } from '../../shared/resources/masks';
import { emptyRecord, recordSchema } from '../../shared/resources/schema';
import { ApiError } from '../api/client';
import { DependentSelect } from '../forms/DependentSelect';
import { PrestadorPicker } from '../forms/PrestadorPicker';
import { RefAutocomplete } from '../forms/RefAutocomplete';
import { useFormDraft } from '../forms/useFormDraft';
import '../forms/forms.css';
import { clientAtom } from '../session/store';
import { type Row } from '../grid/columns';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { resourceApi } from './api';
import { RefSelect } from './RefSelect';

/**
 * Create/edit form of a resource: react-hook-form with the shared zod schema, masks while typing, server field
 * errors beside the fields, Ctrl+S saves, Escape closes (asking before losing input), a 409 keeps what was typed.
 */

type FormValues = Record<string, string | boolean>;

const RASCUNHO_RECUPERADO = 'Rascunho recuperado: o que você digitou antes está de volta. Salve para gravar.';

const nf = (scale: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: scale, useGrouping: false });

/** Stored values → what the inputs show (text: masked, numbers: pt-BR, dates: DD/MM/YYYY). */
export function toFormValues(def: Resource, row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const k of def.keys) {
    const f = def.fields[k];
    const v = row[k];
    if (f.kind === 'boolean') out[k] = v === true;
    else if (v == null) out[k] = '';
    else if (f.kind === 'date') out[k] = isoToBr(v);
    else if (f.kind === 'decimal') out[k] = nf(f.scale).format(Number(v));
    else if (f.kind === 'money') out[k] = formatMoneyPlain(Number(v));
    else if (f.kind === 'text' && f.format === 'phone') out[k] = applyPhoneMask(String(v));
    else if (f.kind === 'text' && f.mask) out[k] = applyMask(f.mask, String(v));
    else out[k] = String(v);
  }
  return out;
}

interface Props {
  def: Resource;
  /** The record being edited; absent = new record (`initial` may prefill it, e.g. duplicate). */
  row?: Row;
  initial?: Record<string, unknown>;
  canSave: boolean;
  onClose(): void;
  onSaved(row: Row, created: boolean): void;
}

export function ResourceForm({ def, row, initial, canSave, onClose, onSaved }: Props) {
  const editing = !!row;
  const [version, setVersion] = useState(row?.version ?? 0);
  const [banner, setBanner] = useState<{ message: string; conflict: boolean } | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [saving, setSaving] = useState(false);
  // the client's field rules (spec §5: required, hidden, read-only fields) apply here as on the server
  const flags = useAtomValue(clientAtom)?.flags as ClientFlags | undefined;
  const schema = useMemo(() => recordSchema(def, flags), [def, flags]);
  const defaults = useMemo(() => toFormValues(def, row ?? { ...emptyRecord(def), ...(initial ?? {}) }), [def, row, initial]);
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    defaultValues: defaults,
    resolver: zodResolver(schema as never) as unknown as Resolver<FormValues, unknown, Record<string, unknown>>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const watched = useWatch({ control }) as FormValues;
  // read during render: react-hook-form only tracks the form-state fields a render reads
  const dirty = formState.isDirty;

  // What was typed is kept as a draft with the tab until it is saved or discarded (a 401 or a reload loses nothing).
  const draft = useFormDraft<{ values: FormValues; version: number }>(`${def.name}:${row?.id ?? 'novo'}`);
  const started = useRef(false);
  useEffect(() => {
    const d = draft.found;
    if (!d) return;
    reset(d.values, { keepDefaultValues: true });
    // the version the user started from: saving over a newer one answers 409 and keeps the input
    if (editing) setVersion(d.version);
    setBanner({ message: RASCUNHO_RECUPERADO, conflict: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);
  useEffect(() => {
    // the first run sees the values the form opened with: nothing typed yet
    if (!started.current) {
      started.current = true;
      return;
    }
    draft.keep(dirty ? { values: watched, version } : undefined);
  }, [draft, dirty, watched, version]);
  const discard = () => {
    draft.keep(undefined);
    onClose();
  };

  const save = handleSubmit(async (values) => {
    if (!canSave || saving) return;
    setSaving(true);
    setBanner(null);
    try {
      const saved = editing ? await resourceApi.update(def, row!.id, { ...values, version }) : await resourceApi.create(def, values);
      const a = def.label.gender === 'f' ? 'a' : 'o';
      showAlerts([{ type: 'success', value: `${def.label.singular} ${editing ? 'alterad' : 'incluíd'}${a} com sucesso.` }]);
      reset(toFormValues(def, saved));
      draft.keep(undefined);
      onSaved(saved, !editing);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fieldErrors();
      for (const [k, message] of Object.entries(fields)) if (def.fields[k]) setError(k, { type: 'server', message }, { shouldFocus: true });
      const general = err.alerts.filter((x) => !x.field || !def.fields[x.field]).map((x) => x.value);
      if (err.status === 409 && !Object.keys(fields).length) setBanner({ message: general[0] ?? APP_MSG.conflito, conflict: true });
      else if (general.length) setBanner({ message: general.join(' '), conflict: false });
    } finally {
      setSaving(false);
    }
  });

  async function reloadCurrent(keepTyped: boolean) {
    if (!row) return;
    try {
      const cur = await resourceApi.get(def, row.id);
      setVersion(cur.version);
      if (!keepTyped) reset(toFormValues(def, cur));
      setBanner(keepTyped ? { message: 'Versão atual carregada. Salve novamente para gravar o que você digitou por cima dela.', conflict: false } : null);
    } catch (err) {
      if (err instanceof ApiError) setBanner({ message: err.alerts[0]?.value ?? 'Registro não encontrado.', conflict: false });
    }
  }

  const requestClose = () => {
    if (dirty) setConfirmClose(true);
    else discard();
  };

  const title = editing ? `Editar ${def.label.singular.toLowerCase()}` : `${def.label.gender === 'f' ? 'Nova' : 'Novo'} ${def.label.singular.toLowerCase()}`;

  function renderField(k: string) {
    const f = def.fields[k];
    // client rules and conditions: hidden when the client hides it or its condition fails (a CPF for a legal entity)
    const st = fieldState(f, flags, watched);
    if (st.hidden) return null;
    const err = formState.errors[k]?.message as string | undefined;
    const id = `campo-${k}`;
    const wide = (f.kind === 'text' && (f.multiline || f.max > 120)) || (f.kind === 'ref' && !f.dependsOn);
    const disabled = !canSave || (editing && f.immutable) || st.readOnly;
    const parent = f.kind === 'ref' && f.dependsOn ? { value: String(watched[f.dependsOn.field] ?? ''), label: def.fields[f.dependsOn.field]?.label ?? f.dependsOn.field } : undefined;
    return (
      <div className={`field${wide ? ' wide' : ''}`} key={k}>
        {f.kind === 'boolean' ? (
          <label className="check">
            <input type="checkbox" id={id} disabled={disabled} {...register(k)} /> {st.label}
          </label>
        ) : (
          <label htmlFor={id}>
            {st.label}
            {st.required ? ' *' : ''}
          </label>
        )}
        {f.kind !== 'boolean' && <Input id={id} field={f} name={k} control={control} disabled={!!disabled} invalid={!!err} row={row} parent={parent} required={st.required} />}
        {err ? (
          <p className="field-error" role="alert" id={`${id}-erro`}>
            {err}
          </p>
        ) : (
          f.help && <p className="rf-help">{f.help}</p>
        )}
      </div>
    );
  }

  return (
    <>
      <Dialog
        title={title}
        onClose={requestClose}
        className={def.sections ? 'rf-dialog rf-secoes' : 'rf-dialog'}
        footer={
          <>
            <span className="rf-meta">{editing ? `Registro ${row!.id} · versão ${version}` : 'Ctrl+S salva · Esc fecha'}</span>
            <button type="button" className="btn" onClick={requestClose}>
              Cancelar
            </button>
            <button type="submit" form="rf-form" className="btn btn-primary" disabled={!canSave || saving}>
              {saving ? 'Salvando…' : 'Salvar'}
            </button>
          </>
        }
      >
        <form
          id="rf-form"
          className="rf"
          noValidate
          onSubmit={save}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
              e.preventDefault();
              e.stopPropagation();
              void save();
            }
          }}
          data-testid="formulario"
        >
          {banner && (
            <div className="rf-banner" role="alert">
              <p style={{ margin: 0 }}>{banner.message}</p>
              {banner.conflict && (
                <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
                  <button type="button" className="btn" onClick={() => reloadCurrent(false)}>
                    Ver a versão atual (descarta o que digitei)
                  </button>
                  <button type="button" className="btn" onClick={() => reloadCurrent(true)}>
                    Manter o que digitei
                  </button>
                </div>
              )}
            </div>
          )}
          {groupsOf(def).map((g) => {
            const fields = g.fields.map((k) => renderField(k)).filter(Boolean);
            if (!fields.length) return null;
            return g.title ? (
              <fieldset className="rf-section" key={g.title}>
                <legend>{g.title}</legend>
                <div className="rf-grid">{fields}</div>
              </fieldset>
            ) : (
              <div className="rf-grid" key="campos">
                {fields}
              </div>
            );
          })}
        </form>
      </Dialog>
      {confirmClose && (
        <ConfirmDialog
          title="Confirmação"
          message="Descartar as alterações?"
          onNo={() => setConfirmClose(false)}
          onYes={() => {
            setConfirmClose(false);
            discard();
          }}
        />
      )}
    </>
  );
}

/** The form's groups: the definition's sections (fields left out go last), or one untitled grid. */
function groupsOf(def: Resource): { title: string | null; fields: readonly string[] }[] {
  if (!def.sections?.length) return [{ title: null, fields: def.keys }];
  const placed = new Set(def.sections.flatMap((s) => s.fields));
  const rest = def.keys.filter((k) => !placed.has(k));
  return [...def.sections, ...(rest.length ? [{ title: 'Outros dados', fields: rest }] : [])];
}

function Input({
  id,
  field,
  name,
  control,
  disabled,
  invalid,
  row,
  parent,
  required,
}: {
  id: string;
  field: Field;
  name: string;
  control: unknown;
  disabled: boolean;
  invalid: boolean;
  row?: Row;
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
            const currentLabel = row ? String(row[`${name}Label`] ?? '') : undefined;
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
            if (field.multiline) return <textarea {...common} maxLength={field.max} value={value} onChange={(e) => c.onChange(e.target.value)} rows={field.format === 'html' ? 6 : 3} />;
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
