import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/pt-br.js';

dayjs.extend(customParseFormat);
dayjs.locale('pt-br');

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatMoney = (v: number | null | undefined) => (v == null ? '' : money.format(v));
export const formatDecimal = (v: number | null | undefined) => (v == null ? '' : decimal.format(v));
export const formatDate = (v: string | Date | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');
export const formatDateTime = (v: string | Date | null | undefined) => (v ? dayjs(v).format(DATE_TIME_FORMAT) : '');

/** Parses DD/MM/YYYY strictly; undefined when invalid. */
export function parseDate(v: string): Date | undefined {
  const d = dayjs(v, DATE_FORMAT, true);
  return d.isValid() ? d.toDate() : undefined;
}

export { dayjs };
