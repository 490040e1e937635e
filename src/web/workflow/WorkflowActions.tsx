import type { ReactNode } from 'react';
import type { TransitionDef, Workflow } from '../../shared/workflow';
import type { WorkflowRecord, WorkflowShortcut } from './useWorkflowRecord';
import './workflow.css';

/**
 * The action bar of a workflow record: the domain's own fields of a step (children), the note (required where the
 * step needs a reason), the refusal or the 409 with its reload, and one button per action the status allows, with
 * its shortcut. `prefix` names the ids (`<prefix>-nota`) and puts the domain's class beside the shared one
 * (`<prefix>-botoes`): the hooks its e2e test finds.
 */
export function WorkflowActions<S extends string, A extends string, F extends string>(p: {
  workflow: Workflow<S, A, TransitionDef<S>>;
  rec: WorkflowRecord<A, F>;
  prefix: string;
  title: string;
  noteLabel: string;
  reloadLabel: string;
  shortcuts: readonly WorkflowShortcut<A>[];
  children?: ReactNode;
}) {
  const { prefix } = p;
  const { formRef, nota, setNota, erros, setErros, conflito, recarregar, permitidas, enviando, aplicar } = p.rec;
  const atalhoDe = (a: A) => p.shortcuts.find((x) => x.acao === a)!.label;
  return (
    <form ref={formRef} className={`card fluxo-acoes-form ${prefix}-acoes-form`} aria-label={p.title} onSubmit={(e) => e.preventDefault()}>
      <h2>{p.title}</h2>
      <div className="fluxo-grid">
        {p.children}
        <div className="field fluxo-campo largo" data-campo="nota">
          <label htmlFor={`${prefix}-nota`}>{p.noteLabel}</label>
          <textarea
            id={`${prefix}-nota`}
            rows={3}
            maxLength={1000}
            value={nota}
            aria-invalid={erros.nota ? true : undefined}
            onChange={(e) => (setNota(e.target.value), setErros(({ nota: _, ...r }) => r as typeof erros))}
          />
          {erros.nota && (
            <p className="field-error" role="alert" data-erro="nota">
              {erros.nota}
            </p>
          )}
        </div>
      </div>
      {erros.geral && (
        <div role="alert" className={`fluxo-erro${conflito ? ' conflito' : ''}`}>
          {erros.geral}
          {conflito && (
            <button type="button" className="btn" onClick={() => void recarregar()}>
              {p.reloadLabel}
            </button>
          )}
        </div>
      )}
      <div className={`fluxo-botoes ${prefix}-botoes`}>
        {permitidas.map((a) => (
          <button
            key={a}
            type="button"
            className={`btn ${p.workflow.transitions[a].tone === 'primary' ? 'btn-primary' : 'danger'}`}
            disabled={enviando}
            onClick={() => void aplicar(a)}
            title={`${p.workflow.transitions[a].label} (${atalhoDe(a)})`}
          >
            {p.workflow.transitions[a].label}
            <kbd>{atalhoDe(a)}</kbd>
          </button>
        ))}
      </div>
    </form>
  );
}
