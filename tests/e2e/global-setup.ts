import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (E2E_SERVERS, default 2): files in parallel never share a database. */
    baseURLs: string[];
  }
}

/** How many files run at once, each worker on its own server: the vitest config reads the same number. */
export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2) || 1);

/** Starts the built product (fresh embedded database, test-size demo data) once per e2e worker, all at once. */
export default async function setup(project: TestProject) {
  const tries = await Promise.allSettled(
    Array.from({ length: E2E_SERVERS }, async (_, i) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
      const port = 3400 + i * 500 + Math.floor(Math.random() * 500);
      try {
        return { dataDir, port, server: await startServer(port, dataDir) };
      } catch (e) {
        rmSync(dataDir, { recursive: true, force: true });
        throw e;
      }
    }),
  );
  const started = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
  const stop = async () => {
    for (const { server, dataDir } of started) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  // one server that did not start fails the run, without leaving the others running
  const failed = tries.find((t) => t.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide('baseURLs', started.map((s) => `http://127.0.0.1:${s.port}`));
  return stop;
}

/**
 * The server process: with E2E_SERVER=dist the compiled one `npm start` runs (dist/server, built by scripts/test.sh),
 * else the TypeScript sources through tsx (a single test file run during development needs no build).
 */
export function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const entry = process.env.E2E_SERVER === 'dist' ? ['dist/server/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, entry, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_SIZE: 'test', LOG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // two servers seed at once on two cores: a busy machine takes well over a minute
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`servidor não iniciou:\n${out.slice(-3000)}`));
    }, 240_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Portal pronto')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`servidor saiu (${code}):\n${out.slice(-3000)}`));
    });
  });
}
