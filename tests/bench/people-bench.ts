import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';

/**
 * The registry of people at scale (SEED_SIZE=bench: 200,000+ beneficiaries in families, 20,000 providers,
 * suppliers and professionals), through the real server over HTTP:
 *  1. first start on an empty on-disk PGlite (create, migrate, seed) — what `npm start` costs the first time;
 *  2. beneficiary search at the API, p95 each: name prefix, CPF, card (the registry list with its total),
 *     plus the palette's @ search, the reference autocomplete and the eligibility check;
 *  3. start on the existing database (ARCHITECTURE budget: 3 s).
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 30;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const s = (n: number) => `${(n / 1000).toFixed(1).replace('.', ',')} s`;

function start(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number; line: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_SIZE: 'bench', LOG: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('Portal pronto'));
      if (line) resolve({ child, ms: performance.now() - t0, line });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`servidor saiu (${code}):\n${out.slice(-3000)}`)));
  });
}
const stop = (c: ChildProcess) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM')));

// BENCH_DATA_DIR: reuse a database seeded before (the first start is then a start on an existing database)
const reuse = process.env.BENCH_DATA_DIR;
const dir = reuse ?? mkdtempSync(join(tmpdir(), 'bench-pessoas-'));
const port = 4300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}/api`;
let child: ChildProcess | undefined;
try {
  // ---- 1. first start ------------------------------------------------------------------------------------------
  const first = await start(dir, port);
  child = first.child;
  console.log(`${reuse ? 'partida com o banco informado' : 'primeira partida (criar, migrar e semear o banco)'}: ${s(first.ms)} — ${first.line.trim()}`);

  const login = await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'operadora', password: DEMO_PASSWORD }) });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const get = async <T>(path: string): Promise<{ dt: number; result: T }> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { result: T };
    const dt = performance.now() - t0;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { dt, result: body.result };
  };
  type Page = { rows: { cpf: string; carteirinha: string; nome: string }[]; total: number };
  const total = (await get<Page>('/recursos/beneficiarios?limit=1')).result.total;
  console.log(`beneficiários no banco: ${total.toLocaleString('pt-BR')}${total < 200_000 ? ' (MENOS DE 200.000)' : ''}`);

  // samples: names and documents spread over the alphabet
  const PREFIXOS = ['ana', 'maria', 'joao', 'pedro', 'lucas', 'beatriz', 'carlos', 'fabio', 'gabriel', 'helena', 'isabel', 'julia', 'larissa', 'marcos', 'paula', 'rafael', 'samuel', 'vitor', 'yasmin', 'alice s', 'bruna c', 'davi a', 'felipe m', 'laura r'];
  const cpfs: string[] = [];
  const cards: string[] = [];
  for (const p of PREFIXOS) {
    const r = (await get<Page>(`/recursos/beneficiarios?nome.startsWith=${encodeURIComponent(p)}&limit=20&count=0`)).result;
    for (const row of r.rows) {
      cpfs.push(row.cpf);
      cards.push(row.carteirinha);
    }
  }

  const measure = async (label: string, paths: string[], check?: (r: unknown) => boolean) => {
    for (const p of paths.slice(0, 10)) await get(p); // warm up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { dt, result } = await get(paths[i % paths.length]);
      if (check && !check(result)) throw new Error(`${label}: resposta inesperada em ${paths[i % paths.length]}`);
      times.push(dt);
    }
    const p95 = pct(times, 95);
    console.log(`${label.padEnd(58)} p50 ${ms(pct(times, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  ${p95 <= BUDGET_MS ? 'dentro do orçamento' : 'ACIMA DO ORÇAMENTO'} (${BUDGET_MS} ms)`);
    return p95;
  };
  const one = (r: unknown) => (r as Page).rows.length >= 1;
  console.log(`\nbusca de beneficiários na API (${RUNS} consultas cada, HTTP, sessão, validação, consulta, total):`);
  const results = {
    nome: await measure('lista por prefixo do nome (100 linhas + total)', PREFIXOS.map((p) => `/recursos/beneficiarios?nome.startsWith=${encodeURIComponent(p)}&limit=100`), one),
    cpf: await measure('lista por CPF', cpfs.map((c) => `/recursos/beneficiarios?cpf.eq=${c}&limit=100`), one),
    carteirinha: await measure('lista por carteirinha', cards.map((c) => `/recursos/beneficiarios?carteirinha.eq=${c}&limit=100`), one),
    paleta: await measure('paleta @ (nome: início ou palavra)', PREFIXOS.map((p) => `/busca/registros?termo=${encodeURIComponent(p)}`)),
    opcoes: await measure('autocompletar do titular (prefixo, CPF)', [...PREFIXOS.map((p) => `/recursos/beneficiarios/opcoes?termo=${encodeURIComponent(p)}`), ...cpfs.slice(0, 20).map((c) => `/recursos/beneficiarios/opcoes?termo=${c}`)]),
    elegibilidade: await measure('elegibilidade por carteirinha', cards.map((c) => `/elegibilidade?carteirinha=${c}`)),
  };
  await stop(child);
  child = undefined;

  // ---- 3. start on the existing database -----------------------------------------------------------------------
  const again = await start(dir, port);
  child = again.child;
  console.log(`\npartida com o banco existente: ${s(again.ms)} (orçamento 3 s para o servidor; inclui carregar o tsx)`);
  console.log(JSON.stringify({ primeiraPartidaMs: Math.round(first.ms), partidaMs: Math.round(again.ms), p95: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, Math.round(v * 10) / 10])) }));
} finally {
  if (child) await stop(child);
  if (!reuse) rmSync(dir, { recursive: true, force: true });
}
