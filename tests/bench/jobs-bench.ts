import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import type { JobDetail } from '../../src/shared/jobs';

/**
 * The job engine under load (issue: exports must not stop the office):
 *  1. `GET /api/auth/me` of another user, p50/p99, alone and while four XLSX exports of the 200,000 beneficiaries run
 *     (budget: p99 ≤ 100 ms); each export's duration; the server's peak memory (VmHWM);
 *  2. runs per second through the queue (small exports of one row), on PGlite, and on PostgreSQL with an API process
 *     and two worker processes when PG_TEST_URL is set (`bash scripts/with-postgres.sh npm run bench -- jobs`).
 * BENCH_DATA_DIR reuses a demo database (seeding 200,000 beneficiaries takes minutes).
 */

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function start(env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/start.mjs'], { env: { ...process.env, LOG: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) resolve(child);
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.once('exit', (c) => reject(new Error(`processo saiu (${c}): ${out.slice(-2000)}`)));
  });
}
async function stop(c: ChildProcess | undefined) {
  if (!c || c.exitCode !== null) return;
  c.kill('SIGTERM');
  await new Promise((r) => c.once('exit', r));
}

async function client(port: number) {
  const base = `http://127.0.0.1:${port}/api`;
  const login = async (u: string) => {
    const r = await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: u, password: DEMO_PASSWORD }) });
    return ((await r.json()) as { result: { token: string } }).result.token;
  };
  const call = async <T>(tk: string, method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tk}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { result: T }).result;
  };
  return { login, call };
}

const queueExport = (c: Awaited<ReturnType<typeof client>>, tk: string, comando: string, formato: 'csv' | 'xlsx', consulta = '') =>
  c.call<{ id: number }>(tk, 'POST', '/execucoes', { tipo: 'exportacao-lista', comando, parametros: { formato, consulta } });

async function throughput(c: Awaited<ReturnType<typeof client>>, tk: string, n: number) {
  const t0 = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await queueExport(c, tk, '/contrato/tabela/procedimentos', 'csv', 'codigo.eq=10101012')).id);
  for (const id of ids) {
    for (;;) {
      const j = await c.call<JobDetail>(tk, 'GET', `/execucoes/${id}`);
      if (j.status === 'concluida') break;
      if (j.status === 'falhou' || j.status === 'cancelada') throw new Error(`execução ${id}: ${j.status} ${j.erro}`);
      await sleep(20);
    }
  }
  return n / ((performance.now() - t0) / 1000);
}

if (!existsSync('dist/web/index.html')) spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });

// ---- 1. PGlite, demo data ------------------------------------------------------------------------------------------
const own = !process.env.BENCH_DATA_DIR;
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-execucoes-'));
let server: ChildProcess | undefined;
try {
  const port = 4900 + Math.floor(Math.random() * 90);
  const t0 = performance.now();
  server = await start({ PORT: String(port), DATA_DIR: dir, SEED_SIZE: 'demo', DATABASE_URL: '' }, 'Portal pronto');
  console.log(`servidor (PGlite, dados de demonstração) pronto em ${ms(performance.now() - t0)}${own ? ' (com a semente)' : ''}`);
  const c = await client(port);
  const op = await c.login('operadora');
  const other = await c.login('auditor');
  const me = async (n: number, gap: number) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await c.call(other, 'GET', '/auth/me');
      xs.push(performance.now() - t);
      if (gap) await sleep(gap);
    }
    return xs;
  };
  await me(20, 0);
  const alone = await me(300, 20);
  console.log(`\nGET /api/auth/me de outro usuário, sem exportações (${alone.length}): p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))}`);

  const ids: number[] = [];
  for (let i = 0; i < 4; i++) ids.push((await queueExport(c, op, '/cadastro/pessoa/beneficiarios', 'xlsx')).id);
  const during: number[] = [];
  let open = true;
  const t1 = performance.now();
  while (open) {
    during.push(...(await me(10, 30)));
    const js = await Promise.all(ids.map((id) => c.call<JobDetail>(op, 'GET', `/execucoes/${id}`)));
    open = js.some((j) => j.status === 'fila' || j.status === 'executando');
    if (performance.now() - t1 > 15 * 60_000) throw new Error('exportações passaram de 15 minutos');
  }
  const wall = performance.now() - t1;
  const jobs = await Promise.all(ids.map((id) => c.call<JobDetail>(op, 'GET', `/execucoes/${id}`)));
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const p99 = pct(during, 99);
  console.log(`com 4 exportações XLSX dos beneficiários rodando (${during.length}): p50 ${ms(pct(during, 50))}, p99 ${ms(p99)} — ${p99 <= 100 ? 'dentro do orçamento (100 ms)' : 'ACIMA DO ORÇAMENTO (100 ms)'}`);
  for (const j of jobs) {
    const d = j.iniciadoEm && j.terminadoEm ? (Date.parse(j.terminadoEm) - Date.parse(j.iniciadoEm)) / 1000 : NaN;
    const f = j.arquivos[0];
    console.log(`  execução ${j.id}: ${j.status}, ${d.toFixed(1).replace('.', ',')} s executando${f ? `, ${f.nome} ${(f.tamanho / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : ''}`);
  }
  console.log(`  as quatro em ${(wall / 1000).toFixed(1).replace('.', ',')} s (uma por vez no PGlite); pico de memória do servidor (VmHWM): ${hwm.toFixed(0)} MB`);

  const tp = await throughput(c, op, 40);
  console.log(`\nfila no PGlite: ${tp.toFixed(1).replace('.', ',')} execuções pequenas por segundo (exportação de 1 linha, 40 enfileiradas)`);
} finally {
  await stop(server);
  if (own) rmSync(dir, { recursive: true, force: true });
}

// ---- 2. PostgreSQL: an API process and two workers share the queue -------------------------------------------------
if (process.env.PG_TEST_URL) {
  const admin = new pg.Client({ connectionString: process.env.PG_TEST_URL });
  await admin.connect();
  const name = `bench_jobs_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.PG_TEST_URL);
  url.pathname = `/${name}`;
  const procs: ChildProcess[] = [];
  try {
    const port = 4990 + Math.floor(Math.random() * 9);
    procs.push(await start({ PORT: String(port), DATABASE_URL: url.toString(), SEED_SIZE: 'test', ROLE: 'api' }, 'Portal pronto'));
    for (let i = 0; i < 2; i++) procs.push(await start({ DATABASE_URL: url.toString(), ROLE: 'worker' }, 'Executor de processos pronto'));
    const c = await client(port);
    const op = await c.login('operadora');
    await throughput(c, op, 10);
    const tp = await throughput(c, op, 60);
    console.log(`fila no PostgreSQL (1 processo de API + 2 executores): ${tp.toFixed(1).replace('.', ',')} execuções pequenas por segundo (60 enfileiradas)`);
  } finally {
    for (const p of procs) await stop(p);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL: PG_TEST_URL ausente (rode com bash scripts/with-postgres.sh npm run bench -- jobs)');
}
const [l1] = (await import('node:os')).loadavg();
console.log(`\ncarga da máquina ao fim: ${l1.toFixed(2)}`);
