import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { JOB_MSG, jobEnded, type JobDetail } from '../../src/shared/jobs';
import { startServer } from '../e2e/global-setup';

/**
 * A real server process killed with SIGKILL while a job runs, then started again on the same embedded database:
 * the run it was executing ends "falhou" with its reason (never "executando" forever), and the runs still waiting
 * in the queue are run by the new process.
 */

const dir = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
const port = 4300 + Math.floor(Math.random() * 500);
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

const base = `http://127.0.0.1:${port}/api`;
async function login(): Promise<string> {
  const r = await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'operadora', password: DEMO_PASSWORD }) });
  return ((await r.json()) as { result: { token: string } }).result.token;
}
const get = async (token: string, id: number) =>
  ((await (await fetch(`${base}/execucoes/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: JobDetail }).result;

describe.skipIf(!!process.env.PG_TEST_URL)('execuções e uma parada brusca do servidor', () => {
  it('fails the run that was executing and runs the queued ones after the restart', { timeout: 240_000 }, async () => {
    server = await startServer(port, dir);
    let token = await login();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${base}/execucoes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'xlsx', consulta: '' } }),
      });
      expect(r.status).toBe(201);
      ids.push(((await r.json()) as { result: { id: number } }).result.id);
    }
    // each run takes a moment: kill while one executes
    let running: number | undefined;
    for (let i = 0; i < 400 && running === undefined; i++) {
      for (const id of ids) if ((await get(token, id)).status === 'executando') running = id;
      if (running === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(running, 'nenhuma execução chegou a "executando"').toBeDefined();
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    server = await startServer(port, dir);
    token = await login();
    const killed = await get(token, running!);
    expect(killed.status).toBe('falhou');
    expect(killed.erro).toBe(JOB_MSG.interrompida);
    expect(killed.log.at(-1)).toMatchObject({ nivel: 'erro', mensagem: JOB_MSG.interrompida });
    // the others end too: each either finished before the kill, or was waiting and runs now, or was also running
    const end = Date.now() + 120_000;
    for (const id of ids) {
      let j = await get(token, id);
      while (!jobEnded(j.status) && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 200));
        j = await get(token, id);
      }
      expect(jobEnded(j.status), `execução ${id}: ${j.status}`).toBe(true);
    }
    const after = await Promise.all(ids.map((id) => get(token, id)));
    // at least one run waiting in the queue at the kill was done by the new process
    expect(after.filter((j) => j.status === 'concluida' && j.arquivos.length === 1).length).toBeGreaterThanOrEqual(1);
    expect(after.every((j) => j.status === 'concluida' || (j.status === 'falhou' && j.erro === JOB_MSG.interrompida))).toBe(true);
  });
});
