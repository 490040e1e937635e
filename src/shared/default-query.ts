import { CONSTANTS } from './constants';

/** DD/MM/YYYY of a local date (plain Date arithmetic: this runs in the web's first bundle, without dayjs). */
const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

/**
 * Spec §2.5: the medical and dental audit lists open with the last 360 days "Em Análise"
 * when the query has no inicio. Returns the query to redirect to, or undefined when none is needed.
 */
export function auditoriaDefaultQuery(search: URLSearchParams, now: Date = new Date()): URLSearchParams | undefined {
  if (search.get('inicio')) return undefined;
  const q = new URLSearchParams(search);
  q.set('inicio', ddmmyyyy(new Date(now.getFullYear(), now.getMonth(), now.getDate() - CONSTANTS.auditoriaJanelaDias)));
  q.set('termino', ddmmyyyy(now));
  q.set('statusAutorizacao', CONSTANTS.auditoriaStatusPadrao);
  return q;
}
