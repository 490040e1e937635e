import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and seeded (test size), as a tarball: each file's app starts from a copy. */
    pgliteSnapshot: string;
    /** On PostgreSQL, the migrated and seeded database each file's database is created from (`template`). */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds one database for the whole API run: each test file's fresh database is a copy of it (a PGlite
 * dump loaded in about 1 s, or a PostgreSQL `create database … template`) instead of its own migration and seed
 * (about 5 s each, some 60 times a run).
 */
export default async function setup(project: TestProject) {
  if (process.env.PG_TEST_URL) return pgTemplate(project, process.env.PG_TEST_URL);
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-'));
  const file = join(dir, 'semente.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  const blob = await database.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function pgTemplate(project: TestProject, adminUrl: string) {
  const name = `semente_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // the pool's connections end before the copies: PostgreSQL copies a template nobody is connected to
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: url.toString() });
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  await database.close();
  project.provide('pgTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
