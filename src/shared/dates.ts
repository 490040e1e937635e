/**
 * Calendar dates, the one way: ISO 'YYYY-MM-DD' in the database, the API and the code; DD/MM/YYYY only where a person
 * reads or types it (spec §9). Plain string arithmetic: this runs in the first bundle too, without dayjs.
 */

/** DD/MM/YYYY (or an ISO day) → ISO, checking the calendar (31/02 is refused) and a sane year; undefined otherwise. */
export function toIsoDate(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s))) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return undefined;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  // a real calendar date within what PostgreSQL's date holds comfortably
  if (y < 1900 || y > 2200 || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** ISO day (or timestamp) → DD/MM/YYYY; '' for anything else. */
export const isoToBr = (v: unknown): string => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` : '');

/** DD/MM/YYYY of a local date. */
export const dateToBr = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

/** The operator's calendar: days in filters and times on screen are São Paulo's, wherever the server or browser runs. */
export const OPERATOR_TIME_ZONE = 'America/Sao_Paulo';
const instantFmt = new Intl.DateTimeFormat('pt-BR', { timeZone: OPERATOR_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant (ISO timestamp or Date) → DD/MM/YYYY HH:mm in São Paulo; '' for anything else. */
export function instantToBr(v: unknown): string {
  const d = v instanceof Date ? v : typeof v === 'string' && v ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(instantFmt.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Today in the operator's calendar (São Paulo) as an ISO day: a rule about "today" must not turn at 21:00 UTC-3. */
export const todayIso = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE }).format(now);
