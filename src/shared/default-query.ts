import { CONSTANTS } from './clients';
import { DATE_FORMAT, dayjs } from './format';

/**
 * Spec §2.5: the medical and dental audit lists open with the last 360 days "Em Análise"
 * when the query has no inicio. Returns the query to redirect to, or undefined when none is needed.
 */
export function auditoriaDefaultQuery(search: URLSearchParams, now: Date = new Date()): URLSearchParams | undefined {
  if (search.get('inicio')) return undefined;
  const q = new URLSearchParams(search);
  q.set('inicio', dayjs(now).subtract(CONSTANTS.auditoriaJanelaDias, 'day').format(DATE_FORMAT));
  q.set('termino', dayjs(now).format(DATE_FORMAT));
  q.set('statusAutorizacao', CONSTANTS.auditoriaStatusPadrao);
  return q;
}
