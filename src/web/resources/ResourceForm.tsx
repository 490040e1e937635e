import { isoToBr } from '../../shared/dates';
import { formatMoneyPlain } from '../../shared/money';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { APP_MSG } from '../../shared/messages';
import { fieldState, type ClientFlags, type Resource } from '../../shared/resources/define';
import { applyMask, applyPhoneMask } from '../../shared/resources/masks';
import { emptyRecord, recordSchema } from '../../shared/resources/schema';
import { ApiError } from '../api/client';
import { FieldRow } from '../forms/FieldInput';
import { parentOf } from '../forms/parent';
import { useFormDraft } from '../forms/useFormDraft';
import '../forms/forms.css';
import { clientAtom } from '../session/store';
import { type Row } from '../grid/columns';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { resourceApi } from './api';

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
  const { handleSubmit, formState, setError, reset, control } = form;
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
    const parent = parentOf(f, def.fields, watched);
    return (
      <FieldRow
        key={k}
        name={k}
        field={f}
        state={st}
        form={form}
        disabled={!canSave || (editing && !!f.immutable) || !!st.readOnly}
        currentLabel={row ? String(row[`${k}Label`] ?? '') : undefined}
        parent={parent}
      />
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
