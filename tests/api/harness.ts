import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { readConfig, type ServerConfig } from '../../src/server/config';
import { makeContext, type AppContext } from '../../src/server/context';
import { startJobEngine } from '../../src/server/jobs/engine';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import type { JobDetail } from '../../src/shared/jobs';

export interface TestApp extends BuiltApp {
  database: Database;
  ctx: AppContext;
  config: ServerConfig;
  /** Changes configuration from here on (as environment variables): this process's, and the workers' (restarted). */
  configure(env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/** Worker processes sharing the queue on PostgreSQL (the issue's "two worker processes"). */
const PG_WORKERS = 2;

/**
 * One app over a fresh in-memory PGlite, migrated and seeded (test size), for one test file.
 * DATABASE_URL in the environment runs the same suite against a PostgreSQL server instead.
 */
export async function startTestApp(env: Record<string, string> = {}, extraRoutes?: (app: FastifyInstance) => void, opts: { jobs?: boolean; kindsDoTeste?: boolean } = {}): Promise<TestApp> {
  const pg = process.env.PG_TEST_URL ? await createPgDatabase(process.env.PG_TEST_URL) : undefined;
  let appEnv: Record<string, string | undefined> = { ...process.env, DATA_DIR: 'memory://', SEED_SIZE: 'test', ...(pg ? { DATABASE_URL: pg.url } : {}), ...env };
  const config = readConfig(appEnv);
  const database = await openDatabase({ ...config, loadDataDir: pg ? undefined : snapshot() });
  // both are no-ops on the run's seeded copy; they do the work when a file runs without the global setup
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  const ctx = makeContext(database.db, config);
  const built = await buildApp(ctx, { webDir: '/nonexistent' });
  extraRoutes?.(built.app);
  await built.app.ready();
  // the job engine (pg-boss) only where a file tests jobs: it polls the database. On PostgreSQL this process only
  // queues, as an API process does, and the runs are done by worker processes (ROLE=worker) sharing the queue.
  let workers: ChildProcess[] = [];
  // kindsDoTeste: the file declares a kind of its own (a vi.mock of the kinds), which a worker process cannot know:
  // its runs stay in this process on PostgreSQL too
  const local = !pg || !!opts.kindsDoTeste;
  if (opts.jobs) ctx.jobs = await startJobEngine(ctx, database, { work: local });
  if (opts.jobs && !local) workers = await startWorkers(appEnv);
  return {
    ...built,
    database,
    ctx,
    config,
    configure: async (more) => {
      appEnv = { ...appEnv, ...more };
      Object.assign(ctx.config, readConfig(appEnv));
      if (workers.length) {
        await stopWorkers(workers);
        workers = await startWorkers(appEnv);
      }
    },
    close: async () => {
      await stopWorkers(workers);
      await ctx.jobs?.stop();
      await built.app.close();
      await database.close();
      await pg?.drop();
    },
  };
}

/** The run's migrated and seeded PGlite (tests/api/global-setup.ts), when there is one. */
function snapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

export async function loginAs(app: FastifyInstance, userId: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId, password } });
  if (res.statusCode !== 200) throw new Error(`login ${userId}: ${res.statusCode} ${res.body}`);
  return res.json().result.token;
}

/** inject with a bearer token. */
export function as(app: FastifyInstance, token: string | undefined) {
  return (opts: InjectOptions) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

export const alertsOf = (body: string): { type: string; value: string; field?: string }[] => JSON.parse(body).messages?.alerts ?? [];

/**
 * Starts the worker processes, ready when they say so: the compiled build with E2E_SERVER=dist (npm test builds before
 * the PostgreSQL suite: a start from the sources through tsx costs seconds of CPU, twice per file that runs jobs), else
 * the sources.
 */
async function startWorkers(env: Record<string, string | undefined>): Promise<ChildProcess[]> {
  const entry = process.env.E2E_SERVER === 'dist' ? ['dist/server/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const one = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, entry, { env: { ...env, ROLE: 'worker', LOG: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const timer = setTimeout(() => reject(new Error(`executor não ficou pronto: ${out.slice(-2000)}`)), 60_000);
      const on = (d: Buffer) => {
        out += d.toString();
        if (out.includes('Executor de processos pronto')) {
          clearTimeout(timer);
          resolve(child);
        }
      };
      child.stdout!.on('data', on);
      // a worker's errors after start reach the test output
      child.stderr!.on('data', (d: Buffer) => {
        on(d);
        if (out.includes('Executor de processos pronto')) process.stderr.write(`[executor ${child.pid}] ${d.toString()}`);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`executor saiu (${code}): ${out.slice(-2000)}`));
      });
    });
  return Promise.all(Array.from({ length: PG_WORKERS }, one));
}

async function stopWorkers(ws: ChildProcess[]) {
  await Promise.all(
    ws.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null || w.signalCode !== null) return resolve();
          const kill = setTimeout(() => w.kill('SIGKILL'), 8000);
          w.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          w.kill('SIGTERM');
        }),
    ),
  );
}

/** PG_TEST_URL (scripts/with-postgres.sh): each test file gets its own fresh database on the server. */
async function createPgDatabase(adminUrl: string) {
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('pgTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A small real PDF (what a provider attaches as the medical order). */
export const PDF_PEDIDO = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** Sends a file as the user (POST /api/arquivos) and answers its id. */
export async function sendFile(app: FastifyInstance, token: string, nome = 'pedido-medico.pdf', bytes: Buffer = PDF_PEDIDO): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/arquivos', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent(nome) }, payload: bytes });
  if (res.statusCode !== 201) throw new Error(`envio de ${nome}: ${res.statusCode} ${res.body}`);
  return res.json().result.id;
}

/** Polls a run as `who` until it ends (queued and running are not ends); fails with its state after `ms`. */
export async function waitForJob(who: ReturnType<typeof as>, id: number, ms = 60_000): Promise<JobDetail> {
  const end = Date.now() + ms;
  for (;;) {
    const j = (await who({ method: 'GET', url: `/api/execucoes/${id}` })).json().result as JobDetail;
    if (j.status !== 'fila' && j.status !== 'executando') return j;
    if (Date.now() > end) throw new Error(`processo ${id} ficou em ${j.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
