import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import { query } from '../../src/server/db/sql';
import { startTestApp, type TestApp } from './harness';

/**
 * The database's "today" is the operator's (São Paulo): current_date, a timestamptz cast to date and to_char agree
 * with todayIso() at any hour. In UTC they were tomorrow from 21:00 on (a report's "days without login" read 1 for a
 * login of a minute before, found by a run at 21:46).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('fuso horário do banco', () => {
  it('is São Paulo in every session, so SQL dates are the operator’s day', async () => {
    const antes = todayIso();
    const [r] = await query<{ tz: string; hoje: string; agora: string; texto: string }>(
      t.ctx.db,
      sql`select current_setting('TimeZone') as tz, current_date::text as hoje, now()::date::text as agora, to_char(now(), 'YYYY-MM-DD') as texto`,
    );
    expect(r.tz).toBe('America/Sao_Paulo');
    // the three SQL spellings of "today" are the code's (read before and after: a run at midnight sees two days)
    const dias = [antes, todayIso()];
    for (const dia of [r.hoje, r.agora, r.texto]) expect(dias).toContain(dia);
    // a fixed instant near midnight UTC falls on the day before in São Paulo
    const [d] = await query<{ dia: string }>(t.ctx.db, sql`select ('2026-01-10T01:30:00Z'::timestamptz)::date::text as dia`);
    expect(d.dia).toBe('2026-01-09');
  });
});
