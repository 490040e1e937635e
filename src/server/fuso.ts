import { OPERATOR_TIME_ZONE } from '../shared/dates';

/**
 * The process runs in the operator's time zone, whatever the machine's: "today" in the code (dayjs(), a Date's day)
 * is São Paulo's day, as in the database (db/client.ts) and in todayIso. A server in UTC wrote tomorrow's date on an
 * authorization decided after 21:00. Imported first by main.ts, so it holds before any module reads the clock.
 */
process.env.TZ = OPERATOR_TIME_ZONE;
