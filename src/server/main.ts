import './fuso';
import { buildApp } from './app';
import { readConfig } from './config';
import { makeContext } from './context';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { failInterruptedRuns, startJobEngine } from './jobs/engine';

/** Starts the product: database (created, migrated and seeded on first start), API and web on one port. */
async function main() {
  const t0 = performance.now();
  const config = readConfig();
  const database = await openDatabase(config);
  const tOpen = performance.now();
  if (config.role === 'worker') return worker(config, database);
  await database.migrate();
  const seeded = await seedIfEmpty(database.db, config.seedSize, config.client);
  const tData = performance.now();
  const ctx = makeContext(database.db, config);
  await failInterruptedRuns(ctx, database);
  const { app } = await buildApp(ctx, { logger: process.env.LOG !== '0' });
  await app.listen({ port: config.port, host: config.host });
  // the queue starts once the API answers (a queue call meanwhile waits for it)
  ctx.jobsStarting = startJobEngine(ctx, database, { work: config.role === 'all' }).then((j) => (ctx.jobs = j));
  ctx.jobsStarting.catch((err: Error) => console.error('Fila de processos não iniciou:', err.message));
  // where boot time goes (budget: 3 s on an existing database): process start until main, database, schema/seed check, app
  const phases = `início ${Math.round(t0)} ms, banco ${Math.round(tOpen - t0)} ms, migração/sementes ${Math.round(tData - tOpen)} ms, app ${Math.round(performance.now() - tData)} ms`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  console.log(`Portal pronto em ${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} — ${where}${seeded ? ', dados de demonstração criados' : ''} (${phases})`);
  const stop = async () => {
    await app.close();
    await (ctx.jobs ?? (await ctx.jobsStarting?.catch(() => undefined)))?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** A worker-only process (ROLE=worker, PostgreSQL): runs queued jobs, serves nothing. */
async function worker(config: ReturnType<typeof readConfig>, database: Awaited<ReturnType<typeof openDatabase>>) {
  if (database.kind === 'pglite') throw new Error('ROLE=worker precisa de DATABASE_URL: o PGlite pertence a um só processo.');
  const ctx = makeContext(database.db, config);
  const jobs = await startJobEngine(ctx, database, { work: true });
  console.log(`Executor de processos pronto (${config.jobConcurrency} por vez) — PostgreSQL (DATABASE_URL)`);
  const stop = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('Falha ao iniciar o servidor:', err);
  process.exit(1);
});
