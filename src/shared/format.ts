import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/pt-br.js';

dayjs.extend(customParseFormat);
dayjs.locale('pt-br');

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';

// money (integer centavos) is formatted by shared/money.ts: formatMoney
export const formatDate = (v: string | Date | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');
export const formatDateTime = (v: string | Date | null | undefined) => (v ? dayjs(v).format(DATE_TIME_FORMAT) : '');

/** Parses DD/MM/YYYY strictly; undefined when invalid. */
export function parseDate(v: string): Date | undefined {
  const d = dayjs(v, DATE_FORMAT, true);
  return d.isValid() ? d.toDate() : undefined;
}

export { dayjs };
