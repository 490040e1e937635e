import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../e2e/global-setup';

/**
 * Crash consistency: writes go through the API while the server is killed with SIGKILL at random moments;
 * after each restart on the same embedded database every acknowledged write must be there.
 */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
const port = 4100 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(): Promise<string> {
  const r = await fetch(`${base}/api/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: 'Demo-2026' }) });
  return (await r.json()).result.token;
}

async function storedTitles(token: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const r = await fetch(`${base}/api/recursos/questionarios?titulo.startsWith=crash-&limit=500&offset=${offset}&sort=titulo.asc`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    const { rows } = (await r.json()).result as { rows: { titulo: string }[] };
    for (const row of rows) out.add(row.titulo);
    if (rows.length < 500) return out;
  }
}

describe('crash consistency of the embedded database', () => {
  it(`keeps every acknowledged write across ${CYCLES} SIGKILLs`, { timeout: 30 * 60_000 }, async () => {
    const acknowledged = new Set<string>();
    let attempted = 0;
    for (let cycle = 0; cycle <= CYCLES; cycle++) {
      server = await startServer(port, dataDir);
      const token = await login();
      const stored = await storedTitles(token);
      const missing = [...acknowledged].filter((t) => !stored.has(t));
      expect(missing, `ciclo ${cycle}: escritas confirmadas perdidas`).toEqual([]);
      if (cycle === CYCLES) break;

      // Writers run until the process dies under them.
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const titulo = `crash-${String(cycle).padStart(2, '0')}-${w}-${String(i).padStart(5, '0')}`;
          attempted++;
          try {
            const r = await fetch(`${base}/api/recursos/questionarios`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ titulo, finalidade: 'SATISFACAO', perguntas: 1 + (i % 20), obrigatorio: false, ativo: true }),
            });
            if (r.status === 201) acknowledged.add(titulo);
            else if (r.status !== 201) throw new Error(`status ${r.status}`);
          } catch {
            return; // connection cut by the kill: not acknowledged
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 1200)));
      // Listen for the exit before killing: it may fire while the writers are still settling.
      const proc = server;
      const exited = proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await exited;
    }
    console.log(`crash: ${CYCLES} SIGKILLs, ${attempted} escritas tentadas, ${acknowledged.size} confirmadas, 0 perdidas`);
    expect(acknowledged.size).toBeGreaterThan(CYCLES);
  });
});
