import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { startTestApp, type TestApp } from './harness';

/**
 * Queries sent together inside a transaction (a Promise.all in code that also runs outside one, e.g. the price tables
 * loaded by a reimbursement's analysis step) run one after the other on its connection, each with its own answer, and
 * node-postgres does not warn that a query was sent to a client still busy (deprecated: it goes away in pg 9). On
 * PGlite the same code runs unchanged. Outside a transaction they still go in parallel over the pool.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('consultas juntas numa transação', () => {
  it('answer each query in order, with no warning from the driver', async () => {
    const avisos: string[] = [];
    const onWarning = (w: Error) => avisos.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const res = await t.ctx.db.transaction(async (tx) => {
        // pg_sleep makes the first one slow: a query sent meanwhile would find the connection busy
        const lenta = query<{ n: number }>(tx, sql`select 1 as n from pg_sleep(0.05)`);
        const outras = Array.from({ length: 6 }, (_, i) => query<{ n: number }>(tx, sql`select ${i + 2}::int as n`));
        return Promise.all([lenta, ...outras]);
      });
      expect(res.map((r) => r[0].n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      // each query runs once: writes sent together and one after the other leave exactly one row each
      const linhas = await t.ctx.db.transaction(async (tx) => {
        await query(tx, sql`create temporary table consultas_juntas (n int) on commit drop`);
        await query(tx, sql`insert into consultas_juntas values (1)`);
        await query(tx, sql`insert into consultas_juntas values (2)`);
        await Promise.all([3, 4, 5].map((n) => query(tx, sql`insert into consultas_juntas values (${n})`)));
        return query<{ n: number }>(tx, sql`select n from consultas_juntas order by n`);
      });
      expect(linhas.map((l) => l.n)).toEqual([1, 2, 3, 4, 5]);
      // a failed query answers its own caller; the ones after it in the same transaction are refused by the server
      await expect(
        t.ctx.db.transaction(async (tx) => {
          await Promise.all([query(tx, sql`select 1/0`), query(tx, sql`select 1`)]);
        }),
      ).rejects.toThrow();
      // the connection is whole afterwards
      const [r] = await query<{ n: number }>(t.ctx.db, sql`select 42 as n`);
      expect(r.n).toBe(42);
      await new Promise((r) => setImmediate(r));
      expect(avisos.filter((a) => /already executing a query/.test(a))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
