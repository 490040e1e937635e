import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    port: number;
  }
}

/** Starts the built product once (fresh embedded database, test-size demo data) for every e2e file. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const server = await startServer(port, dataDir);
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('port', port);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
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
    const timer = setTimeout(() => reject(new Error(`servidor não iniciou:\n${out.slice(-3000)}`)), 90_000);
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
