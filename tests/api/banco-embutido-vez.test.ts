import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { startTestApp, type TestApp } from './harness';

/**
 * The embedded database runs each query on the server's own thread. A job reading batch after batch (a report's
 * file, a file stored part by part) must still let other users' requests in between its queries, not only when it
 * pauses: a timer due meanwhile (standing for a request that arrived) fires before the chain ends. On PostgreSQL the
 * queries go over sockets and this holds anyway.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

describe('uma sequência de consultas no banco embutido', () => {
  it('lets what arrived meanwhile run between its queries', async () => {
    const eventos: string[] = [];
    // each query holds the thread ~5 ms: 40 of them take 200 ms
    const cadeia = (async () => {
      for (let i = 0; i < 40; i++) await query(t.ctx.db, sql`select pg_sleep(0.005)`);
      eventos.push('fim da cadeia');
    })();
    const outro = new Promise<void>((resolve) =>
      setTimeout(() => {
        eventos.push('outro pedido');
        resolve();
      }, 20),
    );
    await Promise.all([cadeia, outro]);
    // without a turn between queries the timer could only fire once the whole chain had run
    expect(eventos).toEqual(['outro pedido', 'fim da cadeia']);
  });
});
