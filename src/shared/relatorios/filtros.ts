import { dateToBr } from '../dates';
import type { Filter, ListDef } from '../lists/types';
import { displayValue } from '../resources/display';

/**
 * The filters of a report as its header prints them: "UF: MG · Especialidade contém: cardio · Nascimento de: 01/01/2000".
 * `rotulos`: the display of a reference's value by field (the product's name instead of its id), read by the server.
 */
export function describeFilters(def: ListDef, filters: readonly Filter[], rotulos: ReadonlyMap<string, string> = new Map()): string {
  const parts: string[] = [];
  for (const f of filters) {
    const s = def.search.find((x) => x.field === f.field && (x.op === f.op || (x.op === 'range' && (f.op === 'gte' || f.op === 'lte'))));
    if (!s || s.hidden || Array.isArray(f.value)) continue;
    const fd = def.fields[f.field];
    const label = s.label ?? fd.label;
    const suffix = s.op === 'range' ? (f.op === 'gte' ? ' de' : ' até') : f.op === 'contains' ? ' contém' : f.op === 'startsWith' ? ' começa com' : '';
    // an instant is filtered by a day of the operator's calendar (the list engine's rule): print that day, not a moment
    const shown = fd.kind === 'date' && fd.instant ? displayValue({ ...fd, instant: false }, f.value) : displayValue(fd, f.value);
    parts.push(`${label}${suffix}: ${rotulos.get(f.field) ?? (shown || String(f.value))}`);
  }
  return parts.length ? parts.join(' · ') : 'nenhum';
}

/**
 * A period report's opening address: from the day `desde` gives up to today (DD/MM/YYYY in `inicio` and `termino`),
 * unless the address already has either end.
 */
export const periodoAteHoje =
  (desde: (now: Date) => Date) =>
  (current: URLSearchParams, now: Date): URLSearchParams | undefined => {
    if (current.has('inicio') || current.has('termino')) return undefined;
    const p = new URLSearchParams(current);
    p.set('inicio', dateToBr(desde(now)));
    p.set('termino', dateToBr(now));
    return p;
  };
/** From the first of this month. */
export const mesCorrente = periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth(), 1));
/** From the first of January. */
export const anoCorrente = periodoAteHoje((now) => new Date(now.getFullYear(), 0, 1));

/** The search fields of a required period (`periodo`, read by the source's `bind` into its aggregate). */
export const PERIODO_OBRIGATORIO = [
  { field: 'periodo', op: 'gte', param: 'inicio', label: 'Início' },
  { field: 'periodo', op: 'lte', param: 'termino', label: 'Término' },
] as const;

/** A report of beneficiaries opens on the active ones, unless the address says otherwise. */
export const situacaoAtiva = (current: URLSearchParams): URLSearchParams | undefined =>
  current.has('situacao') ? undefined : new URLSearchParams([...current, ['situacao', 'ATIVO']]);

/**
 * The beneficiary and provider searches of the reports' side panels: one text for each, short enough for the panel's
 * field at 1400 px (a longer hint is cut: the desk crawl checks it).
 */
export const FILTRO_BENEFICIARIO = { field: 'beneficiario', op: 'search', param: 'beneficiario', placeholder: 'Nome, CPF ou cartão' } as const;
export const FILTRO_PRESTADOR = { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome, CPF ou CNPJ', lookup: 'prestador' } as const;
