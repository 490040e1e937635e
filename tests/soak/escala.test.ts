import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Scale-out on PostgreSQL: two API processes (ROLE=api) and two job workers (ROLE=worker) on one throwaway PostgreSQL
 * (Debian's binaries, as scripts/with-postgres.sh starts it), 50 clients for ESCALA_SECONDS across both APIs, one API
 * killed with SIGKILL halfway. Checks: no acknowledged write lost, no error on the surviving API, a session issued by one
 * API works on the other, every queued job finished. Prints throughput and latency percentiles, and the same for the
 * load on one PGlite process (no kill: it is the single-process baseline).
 */
const SECONDS = Number(process.env.ESCALA_SECONDS ?? 60);
/** The same load on one PGlite process, for comparison (shorter: the soak stage stays near 3 minutes; 0 skips it). */
const PGLITE_SECONDS = Number(process.env.ESCALA_PGLITE_SECONDS ?? 20);
const CLIENTS = Number(process.env.ESCALA_CLIENTS ?? 50);
const USER = { userId: 'admin', password: 'Demo-2026' };
const REPORT = { tipo: 'relatorio', comando: '/relatorio/rede-credenciada/cidadeespecialidade', parametros: { formato: 'csv', consulta: '' } };
const EXPORT = { tipo: 'exportacao-lista', comando: '/contrato/tabela/procedimentos', parametros: { formato: 'csv' } };

const processes: ChildProcess[] = [];
let pg: { bin: string; dir: string; asPg: string[] } | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(asPg: string[], cmd: string, args: string[]) {
  const [exe, ...pre] = asPg.length ? [...asPg, cmd] : [cmd];
  execFileSync(exe, [...pre, ...args], { stdio: 'pipe' });
}

/** Debian's PostgreSQL in a temporary directory on a free port (the same settings as scripts/with-postgres.sh). */
async function startPostgres(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error("PostgreSQL não encontrado: instale o pacote Debian 'postgresql' (scripts/with-postgres.sh o instala).");
  const bin = join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'portal-escala-pg-'));
  // initdb refuses to run as root: as the postgres user, owner of the directory
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPg.length) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, uid);
  }
  const port = await freePort();
  run(asPg, join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(asPg, join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-w', 'start']);
  pg = { bin, dir, asPg };
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** One product process from dist/ (or the sources), resolved when it says it is ready. */
function startProcess(env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const entry = process.env.E2E_SERVER === 'dist' ? ['dist/server/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, entry, { env: { ...process.env, SEED_SIZE: 'test', LOG: '0', JOB_HEARTBEAT_SECONDS: '10', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    // a first start seeds the database: on a busy 2-core machine well over a minute (as the e2e servers' 240 s)
    const timer = setTimeout(() => reject(new Error(`processo não iniciou:\n${out.slice(-3000)}`)), 240_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`processo saiu (${code}):\n${out.slice(-3000)}`));
    });
  });
}

/** Ends every process and the PostgreSQL started so far (the PGlite baseline runs alone). */
function stopAll() {
  for (const p of processes) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  if (pg) {
    try {
      run(pg.asPg, join(pg.bin, 'pg_ctl'), ['-D', join(pg.dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      // already down
    }
    rmSync(pg.dir, { recursive: true, force: true });
    pg = undefined;
  }
}
afterAll(stopAll);

interface Sample {
  api: number;
  kind: string;
  start: number;
  end: number;
  status: number; // 0 = no answer (connection refused or cut)
  /** The API that issued the session the request used. */
  issuer?: number;
}

/** The parts of the answers the load reads. */
interface Answer {
  result: { token: string; id: number; status: string; rows: { titulo: string }[] };
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: Answer }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : undefined };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}

interface LoadResult {
  samples: Sample[];
  acknowledged: Set<string>;
  jobs: number[];
  t0: number;
  elapsed: number;
  killedAt: number;
}

/**
 * CLIENTS clients for `seconds` over `bases` (each request to the next live API in turn; the token of a login is used on
 * all of them): logins, list pages, writes (questionários, counted afterwards), a report page and, from 20 clients, one
 * queued run each (report or list export). With `kill`, the process behind bases[0] gets SIGKILL halfway.
 */
async function load(bases: string[], seconds: number, kill?: ChildProcess): Promise<LoadResult> {
  const samples: Sample[] = [];
  const acknowledged = new Set<string>();
  const jobs: number[] = [];
  const t0 = performance.now();
  const stopAt = t0 + seconds * 1000;
  let killedAt = Infinity;
  const alive = () => (killedAt === Infinity ? bases.map((_, i) => i) : bases.map((_, i) => i).slice(1));

  const timed = async (api: number, kind: string, method: string, path: string, token?: string, body?: unknown, issuer?: number) => {
    const start = performance.now();
    try {
      const r = await call(bases[api], method, path, token, body);
      samples.push({ api, kind, start, end: performance.now(), status: r.status, issuer });
      return r;
    } catch {
      samples.push({ api, kind, start, end: performance.now(), status: 0, issuer });
      return undefined;
    }
  };

  // At most 2 logins of the account at once: the throttle reserves each attempt before checking the password (5 free
  // per account × address) and only a success clears the pair. Logins in flight on the killed API stay counted until
  // the next success, so the bound is (in flight when killed) + (in flight now) < 5: with 4, a CI run got two 429s.
  let loggingIn = 0;
  const waiting: (() => void)[] = [];
  const login = async (c: number) => {
    if (loggingIn >= 2) await new Promise<void>((r) => waiting.push(r));
    loggingIn++;
    try {
      // the API is chosen when the turn comes: the other one may have died meanwhile
      const apis = alive();
      const api = apis[c % apis.length];
      return { api, answer: await timed(api, 'login', 'POST', '/api/auth/token/issue', undefined, USER) };
    } finally {
      loggingIn--;
      waiting.shift()?.();
    }
  };

  const client = async (c: number) => {
    let token: string | undefined;
    let issuer = 0;
    for (let i = 0; performance.now() < stopAt; i++) {
      // a fresh login now and then, and whenever the last one got no answer
      if (!token || i % 50 === 0) {
        const r = await login(c);
        token = r.answer?.json?.result?.token;
        issuer = r.api;
        continue;
      }
      const apis = alive();
      const api = apis[(c + i) % apis.length];
      const roll = (c * 7 + i) % 10;
      if (i === 5 && c < 20) {
        const r = await timed(api, 'processo', 'POST', '/api/execucoes', token, c % 2 ? EXPORT : REPORT, issuer);
        if (r?.status === 201) jobs.push(r.json.result.id);
      } else if (roll < 4) {
        const titulo = `escala-${String(c).padStart(2, '0')}-${String(i).padStart(5, '0')}`;
        const r = await timed(api, 'escrita', 'POST', '/api/recursos/questionarios', token, { titulo, finalidade: 'SATISFACAO', perguntas: 1 + (i % 20), obrigatorio: false, ativo: true }, issuer);
        if (r?.status === 201) acknowledged.add(titulo);
      } else if (roll < 7) {
        await timed(api, 'lista', 'GET', `/api/recursos/questionarios?limit=50&offset=${(i % 5) * 50}&sort=titulo.desc`, token, undefined, issuer);
      } else if (roll < 9) {
        await timed(api, 'lista', 'GET', '/api/recursos/procedimentos?limit=50', token, undefined, issuer);
      } else {
        await timed(api, 'relatorio', 'GET', '/api/relatorios/rep075', token, undefined, issuer);
      }
    }
  };

  const killer = async () => {
    if (!kill) return;
    await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
    const exited = new Promise((r) => kill.once('exit', r));
    killedAt = performance.now();
    kill.kill('SIGKILL');
    await exited;
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, c) => client(c)), killer()]);
  return { samples, acknowledged, jobs, t0, elapsed: (performance.now() - t0) / 1000, killedAt };
}

/** Every acknowledged write is in the database and every queued run finishes, read through `base`. */
async function verify(base: string, r: LoadResult) {
  const token = (await call(base, 'POST', '/api/auth/token/issue', undefined, USER)).json.result.token as string;
  const stored = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const res = await call(base, 'GET', `/api/recursos/questionarios?titulo.startsWith=escala-&limit=500&offset=${offset}&sort=titulo.asc`, token);
    expect(res.status).toBe(200);
    const rows = res.json.result.rows as { titulo: string }[];
    for (const row of rows) stored.add(row.titulo);
    if (rows.length < 500) break;
  }
  expect([...r.acknowledged].filter((t) => !stored.has(t)), 'escritas confirmadas perdidas').toEqual([]);
  expect(r.acknowledged.size).toBeGreaterThan(CLIENTS);

  expect(r.jobs.length).toBeGreaterThanOrEqual(Math.min(CLIENTS, 20) / 2);
  const end = Date.now() + 120_000;
  const status = new Map<number, string>();
  for (;;) {
    for (const id of r.jobs) if (status.get(id) !== 'concluida') status.set(id, (await call(base, 'GET', `/api/execucoes/${id}`, token)).json.result.status);
    const pending = r.jobs.filter((id) => status.get(id) !== 'concluida');
    if (!pending.length || Date.now() > end) {
      expect(pending.map((id) => `${id}: ${status.get(id)}`), 'processos não concluídos').toEqual([]);
      return;
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}

const fmt = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** Throughput and latency of the answered requests, in Portuguese, for the test output. */
function summary(title: string, r: LoadResult): string {
  const ok = r.samples.filter((s) => s.status >= 200 && s.status < 300);
  const ms = ok.map((s) => s.end - s.start).sort((a, b) => a - b);
  const lost = r.samples.length - ok.length;
  return [
    `${title}, ${CLIENTS} clientes, ${fmt(r.elapsed)} s${r.killedAt === Infinity ? '' : `, uma API morta com SIGKILL aos ${fmt((r.killedAt - r.t0) / 1000)} s`}:`,
    `  ${ok.length} requisições respondidas (${fmt(ok.length / r.elapsed)} por segundo)${lost ? `, ${lost} sem resposta (em andamento na API morta)` : ''}`,
    `  latência p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms, p99 ${fmt(percentile(ms, 99))} ms`,
    `  por tipo: ${['login', 'lista', 'escrita', 'relatorio', 'processo'].map((k) => `${k} ${ok.filter((s) => s.kind === k).length}`).join(', ')}`,
    `  ${r.acknowledged.size} escritas confirmadas, 0 perdidas; ${r.jobs.length} processos enfileirados, todos concluídos`,
  ].join('\n');
}

describe('escala horizontal no PostgreSQL', () => {
  const bases: string[] = [];
  let first: ChildProcess;

  beforeAll(async () => {
    const url = await startPostgres();
    const ports = [await freePort(), await freePort()];
    // the first API migrates and seeds; the others start on the ready database. ROLE=api: the runs go to the workers
    first = await startProcess({ DATABASE_URL: url, ROLE: 'api', PORT: String(ports[0]) }, 'Portal pronto');
    await Promise.all([
      startProcess({ DATABASE_URL: url, ROLE: 'api', PORT: String(ports[1]) }, 'Portal pronto'),
      startProcess({ DATABASE_URL: url, ROLE: 'worker' }, 'Executor de processos pronto'),
      startProcess({ DATABASE_URL: url, ROLE: 'worker' }, 'Executor de processos pronto'),
    ]);
    bases.push(...ports.map((p) => `http://127.0.0.1:${p}`));
  }, 240_000);
  afterAll(stopAll);

  it(`${CLIENTS} clientes por ${SECONDS} s em duas APIs, uma morta com SIGKILL no meio`, { timeout: 10 * 60_000 }, async () => {
    // a session issued by one API works on the other, both ways
    for (const [from, to] of [[0, 1], [1, 0]]) {
      const token = (await call(bases[from], 'POST', '/api/auth/token/issue', undefined, USER)).json.result.token as string;
      expect((await call(bases[to], 'GET', '/api/recursos/questionarios?limit=1', token)).status).toBe(200);
    }

    const r = await load(bases, SECONDS, first);
    expect(r.killedAt).toBeLessThan(Infinity);
    // errors: only requests to the killed API still unanswered when it died; none on the survivor, none sent after
    const bad = r.samples.filter((s) => s.status < 200 || s.status >= 300);
    expect(bad.filter((s) => s.api === 1), 'erros na API sobrevivente').toEqual([]);
    expect(bad.filter((s) => !(s.start <= r.killedAt && s.end >= r.killedAt)), 'erros fora das requisições em andamento na morte').toEqual([]);
    expect(r.samples.filter((s) => s.api === 0 && s.start > r.killedAt), 'requisições à API morta depois da morte').toEqual([]);
    // sessions issued by either API are used on both, and those the dead API issued go on working on the survivor
    const ok = r.samples.filter((s) => s.status >= 200 && s.status < 300);
    expect(ok.filter((s) => s.issuer === 1 && s.api === 0).length, 'sessões da segunda API na primeira').toBeGreaterThan(0);
    expect(ok.filter((s) => s.issuer === 0 && s.api === 1 && s.start > r.killedAt).length, 'sessões da API morta na sobrevivente').toBeGreaterThan(0);

    await verify(bases[1], r);
    console.log(summary('escala (PostgreSQL, 2 APIs + 2 executores)', r));
  });
});

describe.skipIf(PGLITE_SECONDS <= 0)('a mesma carga num processo só com PGlite (referência)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-escala-pglite-'));
  let base = '';
  beforeAll(async () => {
    const port = await freePort();
    await startProcess({ DATA_DIR: dataDir, PORT: String(port) }, 'Portal pronto');
    base = `http://127.0.0.1:${port}`;
  }, 240_000);
  afterAll(() => {
    stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${CLIENTS} clientes por ${PGLITE_SECONDS} s`, { timeout: 10 * 60_000 }, async () => {
    const r = await load([base], PGLITE_SECONDS);
    expect(r.samples.filter((s) => s.status < 200 || s.status >= 300), 'erros').toEqual([]);
    await verify(base, r);
    console.log(summary('referência (PGlite, um processo)', r));
  });
});
