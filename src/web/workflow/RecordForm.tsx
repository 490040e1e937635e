import type { ReactNode } from 'react';
import type { Command } from '../../../commands';
import { go } from '../workspace/store';
import type { FormErrors } from './useRecordForm';
import './workflow.css';

/** A field of a register form: its label, the control and, below it, a hint or why it was refused. */
export function Field(p: { k: string; label: string; erros: FormErrors; prefix: string; largo?: boolean; id?: string; dica?: string; children: ReactNode }) {
  const erro = p.erros[p.k];
  return (
    <div className={`field fluxo-campo${p.largo ? ' largo' : ''}`} data-campo={p.k}>
      <label htmlFor={p.id ?? `${p.prefix}-${p.k}`}>{p.label}</label>
      {p.children}
      {p.dica && !erro && <small className="fluxo-dica">{p.dica}</small>}
      {erro && (
        <p className="field-error" role="alert" data-erro={p.k}>
          {erro}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields; `before` goes above the grid (the choice of who). */
export function FormSection({ legend, before, children }: { legend: string; before?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="fluxo-secao">
      <legend>{legend}</legend>
      {before}
      <div className="fluxo-grid">{children}</div>
    </fieldset>
  );
}

/** Who the record is about, as a row of radio buttons (beneficiário, prestador…). */
export function KindChoice<K extends string>(p: { name: string; label: string; options: readonly (readonly [K, string])[]; value: K; onChange: (k: K) => void }) {
  return (
    <div className="fluxo-tipos" role="radiogroup" aria-label={p.label} data-campo={p.name}>
      {p.options.map(([v, l]) => (
        <label key={v} className={p.value === v ? 'ativo' : undefined}>
          <input type="radio" name={p.name} value={v} checked={p.value === v} onChange={() => p.onChange(v)} />
          {l}
        </label>
      ))}
    </div>
  );
}

/** What was refused outside the fields, back to the list and the submit button. */
export function FormFooter(p: { command: Command; tabId: string | null; geral: string | null; enviando: boolean; label: string; sendingLabel: string }) {
  return (
    <>
      {p.geral && (
        <p role="alert" className="fluxo-erro">
          {p.geral}
        </p>
      )}
      <div className="fluxo-rodape">
        <button type="button" className="btn" onClick={() => go(p.command.path, { tabId: p.tabId ?? undefined })}>
          Voltar à lista
        </button>
        <button type="submit" className="btn btn-primary" disabled={p.enviando}>
          {p.enviando ? p.sendingLabel : p.label}
        </button>
      </div>
    </>
  );
}

/** A choice from a fixed list (`[chave, rótulo]` pairs); `placeholder` adds the empty "Selecione…" first. */
export function OptionSelect(p: { id: string; value: string; options: readonly (readonly [string, string])[]; placeholder?: string; invalid?: boolean; onChange: (v: string) => void }) {
  return (
    <select id={p.id} value={p.value} aria-invalid={p.invalid || undefined} onChange={(e) => p.onChange(e.target.value)}>
      {p.placeholder != null && <option value="">{p.placeholder}</option>}
      {p.options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </select>
  );
}
