import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { flushAccessLog } from '../../src/server/acessos/log';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { acessosRegistros } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { query } from '../../src/server/db/sql';

/**
 * What the access log (issue 17, point 6) costs the beneficiary GET (in process, PGlite, test seed):
 *  1. GET /api/beneficiarios/:id as it is (the read queued, written by one insert per batch);
 *  2. the round trip a read would pay writing its own row at once (one awaited single-row insert);
 *  3. one flush of a batch of reads (one multi-row insert), per read.
 * p50 and p95 of each; nothing here fails on a number (times are read, not asserted).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(2).replace('.', ',')} ms`;
const line = (what: string, xs: number[]) => console.log(`${what}: p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}`);

const dir = mkdtempSync(join(tmpdir(), 'bench-log-acessos-'));
const config = readConfig({ ...process.env, DATA_DIR: dir, SEED_SIZE: 'test', DATABASE_URL: '' });
const database = await openDatabase(config);
await database.migrate();
await seedIfEmpty(database.db, 'test');
const ctx = makeContext(database.db, config);
const { app } = await buildApp(ctx, { webDir: '/nonexistent' });
const t = { app, ctx };
try {
  const login = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'operadora', password: DEMO_PASSWORD } });
  const token = login.json().result.token as string;
  const operadora = (o: { method: 'GET'; url: string }) => app.inject({ ...o, headers: { authorization: `Bearer ${token}` } });
  const ids = (await query<{ id: number }>(t.ctx.db, sql`select id from beneficiarios order by id limit 50`)).map((r) => r.id);
  for (let i = 0; i < 50; i++) await operadora({ method: 'GET', url: `/api/beneficiarios/${ids[i % ids.length]}` });
  await flushAccessLog(t.ctx.db);

  const get: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await operadora({ method: 'GET', url: `/api/beneficiarios/${ids[i % ids.length]}` });
    get.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  line('GET /api/beneficiarios/:id com o log em lote', get);

  const t1 = performance.now();
  await flushAccessLog(t.ctx.db);
  console.log(`descarga do que ficou na fila: ${ms(performance.now() - t1)}`);

  const insert: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await t.ctx.db.insert(acessosRegistros).values({ usuarioId: 2, usuarioLogin: 'operadora', ip: '127.0.0.1', entidade: 'beneficiario', registroId: ids[i % ids.length], origem: '/api/beneficiarios/:id' });
    insert.push(performance.now() - t0);
  }
  line('um insert de uma linha aguardado (o que cada leitura pagaria sem o lote)', insert);

  const batch: number[] = [];
  for (let k = 0; k < 20; k++) {
    const rows = Array.from({ length: 100 }, (_, i) => ({ usuarioId: 2, usuarioLogin: 'operadora', ip: '127.0.0.1', entidade: 'beneficiario', registroId: ids[i % ids.length], origem: '/api/beneficiarios/:id' }));
    const t0 = performance.now();
    await t.ctx.db.insert(acessosRegistros).values(rows);
    batch.push((performance.now() - t0) / rows.length);
  }
  line('insert em lote de 100 linhas, por leitura', batch);
} finally {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
