import type { Field } from '../../shared/resources/define';

/** The field a dependent select reads (a city by its UF): its current value and its label, for the prompt. */
export function parentOf(field: Field, fields: Readonly<Record<string, Field>>, watched: Record<string, unknown>): { value: string; label: string } | undefined {
  if (field.kind !== 'ref' || !field.dependsOn) return undefined;
  return { value: String(watched[field.dependsOn.field] ?? ''), label: fields[field.dependsOn.field]?.label ?? field.dependsOn.field };
}
