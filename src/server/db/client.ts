import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { OPERATOR_TIME_ZONE } from '../../shared/dates';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';
import { settleQueries } from './sql';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the raw instance (dumps for tests). */
  pglite?: PGlite;
}

const migrationsFolder = MIGRATIONS_DIR;
/** Contrib extensions the migrations create (PGlite ships them, loaded per instance): pg_trgm for name search. */
export const PGLITE_EXTENSIONS = { pg_trgm };

const toIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query on this thread, and a chain of awaited queries resumes on microtasks: a job reading batch
 * after batch, or writing a file part after part, held the event loop (every other user's request) until it paused —
 * 0.7 s while a 10 MB file was stored. A macrotask hop before each query lets the requests that arrived meanwhile be
 * read and take their turn; a query then waits for at most the one running.
 */
function yieldBeforeQueries(client: PGlite) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => (await toIo(), query(...args))) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => (await toIo(), exec(...args))) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof transaction>) => (await toIo(), transaction(...args))) as typeof client.transaction;
}

/** A transaction ends (commit or rollback) only after the queries queued on it have run (`settleQueries`). */
function settleBeforeEnding(db: Db) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((cb: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) =>
    transaction(async (tx) => {
      try {
        return await cb(tx);
      } finally {
        await settleQueries(tx);
      }
    }, config)) as typeof db.transaction;
}

/**
 * Opens the database: a PostgreSQL server when DATABASE_URL is set, else embedded PGlite
 * (files under dataDir, or in memory with 'memory://'). Same schema and migrations for both. Every session runs in
 * the operator's time zone: "today" in SQL (current_date, a timestamptz cast to date, to_char) is São Paulo's day,
 * as it is in the code (todayIso) — in UTC it would be tomorrow from 21:00 on.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: `-c TimeZone=${OPERATOR_TIME_ZONE}` });
    // An idle connection closed by the server (restart, admin command) must not crash the process: the pool drops
    // it and opens another on the next query. Without a listener node-postgres rethrows it as uncaught.
    pool.on('error', (err) => console.error('PostgreSQL: conexão ociosa encerrada:', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    settleBeforeEnding(db);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, { loadDataDir: opts.loadDataDir, extensions: PGLITE_EXTENSIONS });
  await client.exec(`set time zone '${OPERATOR_TIME_ZONE}'`);
  yieldBeforeQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  settleBeforeEnding(db);
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
