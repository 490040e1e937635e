import { z } from 'zod';
import type { TransitionDef, Workflow } from './index';

/** Pieces of the input schemas of a workflow record (its register form and its steps), with the spec's messages. */

/** An optional text: trimmed, at most `max` characters, empty as null. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => v || null);
/** An optional id of another table (an `integer` column); empty as absent. */
export const optionalId = z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().positive().max(2_147_483_647).optional());

export { labelOf } from '../text';

/** A step's own fields: the action, the version read (409 when stale) and the note. */
export const stepFields = <A extends string>(actions: readonly [A, ...A[]]) => ({
  acao: z.enum(actions, { error: 'Ação inválida.' }),
  version: z.coerce.number({ error: 'Informe a versão.' }).int('Versão inválida.').positive('Versão inválida.').max(2_147_483_647, 'Versão inválida.'),
  nota: optionalText(1000, 'Nota'),
});

/** The note refused beside it where the step needs a reason (also while other fields are wrong: every refusal at once). */
export function requireReason<S extends string, A extends string>(wf: Workflow<S, A, TransitionDef<S>>, v: { acao: A; nota?: string | null }, ctx: z.RefinementCtx) {
  const reason = wf.transitions[v.acao]?.reason;
  if (reason && !v.nota) ctx.addIssue({ code: 'custom', path: ['nota'], message: reason });
}
