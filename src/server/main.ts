import { buildApp } from './app';
import { readConfig } from './config';
import { makeContext } from './context';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';

/** Starts the product: database (created, migrated and seeded on first start), API and web on one port. */
async function main() {
  const t0 = performance.now();
  const config = readConfig();
  const database = await openDatabase(config);
  const tOpen = performance.now();
  await database.migrate();
  const seeded = await seedIfEmpty(database.db, config.seedSize);
  const tData = performance.now();
  const { app } = await buildApp(makeContext(database.db, config), { logger: process.env.LOG !== '0' });
  await app.listen({ port: config.port, host: config.host });
  // where boot time goes (budget: 3 s on an existing database): process start until main, database, schema/seed check, app
  const phases = `início ${Math.round(t0)} ms, banco ${Math.round(tOpen - t0)} ms, migração/sementes ${Math.round(tData - tOpen)} ms, app ${Math.round(performance.now() - tData)} ms`;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  console.log(`Portal pronto em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} — ${where}${seeded ? ', dados de demonstração criados' : ''} (${phases})`);
  const stop = async () => {
    await app.close();
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
