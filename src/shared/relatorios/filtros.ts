import type { Filter, ListDef } from '../lists/types';
import { displayValue } from '../resources/display';

/** The filters of a report as its header prints them: "UF: MG · Especialidade contém: cardio · Nascimento de: 01/01/2000". */
export function describeFilters(def: ListDef, filters: readonly Filter[]): string {
  const parts: string[] = [];
  for (const f of filters) {
    const s = def.search.find((x) => x.field === f.field && (x.op === f.op || (x.op === 'range' && (f.op === 'gte' || f.op === 'lte'))));
    if (!s || s.hidden || Array.isArray(f.value)) continue;
    const fd = def.fields[f.field];
    const label = s.label ?? fd.label;
    const suffix = s.op === 'range' ? (f.op === 'gte' ? ' de' : ' até') : f.op === 'contains' ? ' contém' : f.op === 'startsWith' ? ' começa com' : '';
    parts.push(`${label}${suffix}: ${displayValue(fd, f.value) || String(f.value)}`);
  }
  return parts.length ? parts.join(' · ') : 'nenhum';
}
