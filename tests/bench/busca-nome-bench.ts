import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOBRENOMES } from '../../src/server/db/seed/people-sql';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { fold } from '../../src/shared/text';

/**
 * Name search by any part of the name (issue 19; src/server/lists/busca-nome.ts over the pg_trgm indexes of migration
 * 0027) on the demo's 200,000 beneficiaries, through the real server over HTTP: 4-letter fragments from inside
 * surnames ("ouza", "ilva"…), p50 and p95 of each place that searches names — the registry grid (100 rows and the
 * total), the registry picker, the request form's picker, Consulta de Beneficiário and the palette's `@`. Budget:
 * p95 ≤ 50 ms each. Also 1–2 letters (the name's start) in the grid. BENCH_DATA_DIR reuses a demo database (seeding
 * takes minutes; the server migrates it, so pass a copy that may be written).
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;

function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_SIZE: 'demo', LOG: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Portal pronto')) resolve(child);
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.once('exit', (c) => reject(new Error(`servidor saiu (${c}):\n${out.slice(-3000)}`)));
  });
}

const own = !process.env.BENCH_DATA_DIR;
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-busca-nome-'));
const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}/api`;
const server = await start(dir, port);
let failed = false;
try {
  const login = async (u: string) =>
    ((await (await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: u, password: DEMO_PASSWORD }) })).json()) as { result: { token: string } }).result.token;
  const tokens = { operadora: await login('operadora'), ouvidoria: await login('ouvidoria') };
  const get = async <T>(who: keyof typeof tokens, path: string): Promise<{ dt: number; result: T }> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
    const body = (await res.json()) as { result: T };
    const dt = performance.now() - t0;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { dt, result: body.result };
  };

  type Page = { rows: { nome: string }[]; total: number };
  const total = (await get<Page>('operadora', '/recursos/beneficiarios?limit=1')).result.total;
  console.log(`beneficiários no banco: ${total.toLocaleString('pt-BR')}${total < 200_000 ? ' (MENOS DE 200.000)' : ''}`);

  // 4 letters from inside each surname (never its start): what an operator types remembering part of a name
  const FRAGMENTOS = [...new Set(SOBRENOMES.map((s) => fold(s)).filter((s) => s.length >= 5).map((s) => s.slice(1, 5)))].slice(0, 40);
  const names = (r: unknown): string[] => {
    const x = r as Page | { label: string }[] | { nome: string }[] | { itens: { nome: string }[] };
    if (Array.isArray(x)) return x.map((o) => ('label' in o ? o.label : o.nome));
    return 'rows' in x ? x.rows.map((o) => o.nome) : x.itens.map((o) => o.nome);
  };

  const measure = async (label: string, who: keyof typeof tokens, path: (frag: string) => string, frags = FRAGMENTOS) => {
    for (const f of frags.slice(0, 10)) await get(who, path(f)); // warm up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const f = frags[i % frags.length];
      const { dt, result } = await get(who, path(f));
      // every answer has names, and each has the fragment (accents and case ignored)
      const ns = names(result);
      if (!ns.length || !ns.every((n) => fold(n).includes(fold(f).split(' ')[0]))) throw new Error(`${label}: resposta inesperada para "${f}"`);
      times.push(dt);
    }
    const p95 = pct(times, 95);
    if (p95 > BUDGET_MS) failed = true;
    console.log(`${label.padEnd(56)} p50 ${ms(pct(times, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  ${p95 <= BUDGET_MS ? 'dentro do orçamento' : 'ACIMA DO ORÇAMENTO'} (${BUDGET_MS} ms)`);
    return Math.round(p95 * 10) / 10;
  };
  const q = encodeURIComponent;
  console.log(`\nbusca por parte do nome (${FRAGMENTOS.length} fragmentos de 4 letras do meio dos sobrenomes, ${RUNS} consultas cada, HTTP):`);
  // what a page of the grid costs without any search (reading and labelling its 100 rows): the reference the grid
  // cases below compare with; informative, not budgeted (the people bench has its own)
  const semBusca: number[] = [];
  for (let i = 0; i < RUNS; i++) semBusca.push((await get('operadora', `/recursos/beneficiarios?limit=100&situacao.eq=${i % 2 ? 'ATIVO' : 'SUSPENSO'}`)).dt);
  console.log(`${'grade sem busca por nome (referência: 100 linhas + total)'.padEnd(56)} p50 ${ms(pct(semBusca, 50)).padStart(9)}  p95 ${ms(pct(semBusca, 95)).padStart(9)}`);
  const p95 = {
    grade: await measure('grade de beneficiários (100 linhas + total)', 'operadora', (f) => `/recursos/beneficiarios?nome.contains=${q(f)}&limit=100`),
    seletor: await measure('seletor do cadastro (/opcoes, 50)', 'operadora', (f) => `/recursos/beneficiarios/opcoes?termo=${q(f)}`),
    pedido: await measure('seletor do pedido de autorização (20)', 'operadora', (f) => `/autorizacoes/beneficiarios?termo=${q(f)}`),
    consulta: await measure('Consulta de Beneficiário (20)', 'ouvidoria', (f) => `/beneficiarios/consulta?termo=${q(f)}`),
    paleta: await measure('paleta @ (beneficiários e prestadores)', 'operadora', (f) => `/busca/registros?termo=${q(f)}`),
    nomeESobrenome: await measure('grade: primeiro nome e fragmento ("ana ouza")', 'operadora', (f) => `/recursos/beneficiarios?nome.contains=${q(`ana ${f}`)}&limit=100`, FRAGMENTOS.slice(0, 10)),
    curto: await measure('grade: 1–2 letras (começo do nome)', 'operadora', (f) => `/recursos/beneficiarios?nome.contains=${q(f)}&limit=100`, ['a', 'b', 'ma', 'jo', 'lu', 'pe', 'r', 'si']),
  };
  console.log(JSON.stringify({ beneficiarios: total, p95: { gradeSemBusca: Math.round(pct(semBusca, 95) * 10) / 10, ...p95 } }));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (own) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
