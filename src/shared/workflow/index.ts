import type { CommandPath } from '../../../commands';
import type { Tone } from '../lists/types';

/**
 * A workflow ("fluxo"): the statuses a hand-written record goes through and the actions that move it, declared once
 * per domain (`src/shared/<domínio>/fluxo.ts`) and read by the server (which step is allowed, the refusal, the reason
 * required) and by the screens (which buttons, the labels, the chip). Messages are the spec's, written in the
 * declaration; this file only puts them together.
 */

export interface TransitionDef<S extends string> {
  /** The statuses the action may be taken from. */
  from: readonly S[];
  to: S;
  /** The button and the shortcut panel. */
  label: string;
  /** The refusal when the note is empty: the action needs a reason. Absent: the note is optional. */
  reason?: string;
  /** The button's look: the step forward, or the one that ends or undoes it. */
  tone: 'primary' | 'danger';
}

export interface WorkflowDecl<S extends string, A extends string, T extends TransitionDef<S>> {
  /** Who may move a record: whoever opens this command, with the policy's scope `all` (deny by default). */
  command: CommandPath;
  /** The record with its article, inside the refusal: "um protocolo". */
  noun: string;
  states: readonly S[];
  labels: Record<S, string>;
  tones: Record<S, Tone>;
  /** The actions in the order their buttons are shown; each key is also the infinitive of the refusal. */
  actions: readonly A[];
  transitions: Record<A, T>;
}

export interface Workflow<S extends string, A extends string, T extends TransitionDef<S> = TransitionDef<S>> extends WorkflowDecl<S, A, T> {
  allows: (action: A, status: S) => boolean;
  /** The actions a status allows, in button order (none from a closed status). */
  actionsFrom: (status: S) => A[];
  /** The 422 of an action its status does not allow. */
  refusal: (action: A, status: S) => string;
  /** The refusal of an empty note, or '' where the note is optional. */
  reasonOf: (action: A) => string;
  /** Statuses no action leaves. */
  closed: readonly S[];
}

export function defineWorkflow<const S extends string, const A extends string, T extends TransitionDef<S>>(decl: WorkflowDecl<S, A, T>): Workflow<S, A, T> {
  const allows = (action: A, status: S) => decl.transitions[action].from.includes(status);
  const actionsFrom = (status: S) => decl.actions.filter((a) => allows(a, status));
  return {
    ...decl,
    allows,
    actionsFrom,
    refusal: (action, status) => `Não é possível ${action} ${decl.noun} com status "${decl.labels[status]}".`,
    reasonOf: (action) => decl.transitions[action].reason ?? '',
    closed: decl.states.filter((s) => actionsFrom(s).length === 0),
  };
}
