import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import type { JobDetail } from '../../src/shared/jobs';

/**
 * Processes over the demo data (200,000 beneficiaries), as `npm start` runs them:
 *  1. Gerador de Cartões for the largest company (up to the 20,000 cards a run allows): duration, PDF and embossing
 *     sizes, the server's peak memory, and another user's `GET /api/auth/me` p50/p99 meanwhile (budget p99 ≤ 100 ms);
 *  2. Tratar Duplicidade: the preview (both criteria over every registration) and the report run.
 * BENCH_DATA_DIR reuses a demo database (seeding takes minutes); the run issues cards in it.
 */

const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

if (!existsSync('dist/web/index.html')) spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });

const own = !process.env.BENCH_DATA_DIR;
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-cartoes-'));
let server: ChildProcess | undefined;
try {
  const port = 4800 + Math.floor(Math.random() * 90);
  server = spawn(process.execPath, ['dist/server/start.mjs'], { env: { ...process.env, LOG: '0', PORT: String(port), DATA_DIR: dir, SEED_SIZE: 'demo', DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => ((out += d.toString()), out.includes('Portal pronto') && resolve());
    server!.stdout!.on('data', on);
    server!.stderr!.on('data', on);
    server!.once('exit', (c) => reject(new Error(`servidor saiu (${c}): ${out.slice(-2000)}`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  const login = async (u: string) =>
    ((await (await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: u, password: DEMO_PASSWORD }) })).json()) as { result: { token: string } }).result.token;
  const call = async <T>(tk: string, method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tk}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { result: T }).result;
  };
  const op = await login('operadora');
  const other = await login('auditor');
  const GERADOR = '/util/processo/gerador-cartao';
  const ano = new Date().getFullYear() + 1;

  // the company with the most active beneficiaries that fits one run
  const empresas = (await call<{ rows: { id: number; razaoSocial: string }[] }>(op, 'GET', '/recursos/empresas?limit=100')).rows;
  let best = { id: 0, nome: '', total: 0 };
  for (const e of empresas) {
    const p = await call<{ total: number }>(op, 'POST', '/execucoes/previa', { tipo: 'gerador-cartao', comando: GERADOR, parametros: { alcance: 'EMPRESA', empresa: String(e.id), motivo: 'RENOVACAO', validade: `31/12/${ano}` } });
    if (p.total <= 20_000 && p.total > best.total) best = { id: e.id, nome: e.razaoSocial, total: p.total };
  }
  const me = async (n: number, gap: number) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await call(other, 'GET', '/auth/me');
      xs.push(performance.now() - t);
      if (gap) await sleep(gap);
    }
    return xs;
  };
  await me(20, 0);
  const alone = await me(200, 20);
  const { id } = await call<{ id: number }>(op, 'POST', '/execucoes', { tipo: 'gerador-cartao', comando: GERADOR, parametros: { alcance: 'EMPRESA', empresa: String(best.id), motivo: 'RENOVACAO', validade: `31/12/${ano}` } });
  const during: number[] = [];
  let j: JobDetail;
  for (;;) {
    during.push(...(await me(10, 30)));
    j = await call<JobDetail>(op, 'GET', `/execucoes/${id}`);
    if (j.status !== 'fila' && j.status !== 'executando') break;
  }
  if (j.status !== 'concluida') throw new Error(`gerador: ${j.status} ${j.erro}`);
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const secs = (Date.parse(j.terminadoEm!) - Date.parse(j.iniciadoEm!)) / 1000;
  const pdf = j.arquivos.find((a) => a.nome.endsWith('.pdf'))!;
  const emb = j.arquivos.find((a) => a.nome.endsWith('.txt'))!;
  const p99 = pct(during, 99);
  console.log(`Gerador de Cartões, empresa "${best.nome}": ${best.total.toLocaleString('pt-BR')} cartões em ${secs.toFixed(1).replace('.', ',')} s (${Math.round(best.total / secs)} por segundo)`);
  console.log(`  PDF ${mb(pdf.tamanho)} (${Math.ceil(best.total / 10).toLocaleString('pt-BR')} folhas), embossing ${mb(emb.tamanho)}; pico de memória do servidor (VmHWM) ${hwm.toFixed(0)} MB`);
  console.log(`  GET /api/auth/me de outro usuário: sozinho p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))}; durante p50 ${ms(pct(during, 50))}, p99 ${ms(p99)} — ${p99 <= 100 ? 'dentro do orçamento (100 ms)' : 'ACIMA DO ORÇAMENTO (100 ms)'}`);

  const DUP = '/util/processo/tratar-duplicidade-beneficiarios';
  let t = performance.now();
  const prev = await call<{ resumo: string }>(op, 'POST', '/execucoes/previa', { tipo: 'tratar-duplicidade', comando: DUP, parametros: { criterio: 'AMBOS', acao: 'RELATORIO' } });
  console.log(`\nTratar Duplicidade (CPF ou nome e nascimento, todas as matrículas): prévia em ${ms(performance.now() - t)} — ${prev.resumo}`);
  t = performance.now();
  const r = await call<{ id: number }>(op, 'POST', '/execucoes', { tipo: 'tratar-duplicidade', comando: DUP, parametros: { criterio: 'AMBOS', acao: 'RELATORIO' } });
  for (;;) {
    const x = await call<JobDetail>(op, 'GET', `/execucoes/${r.id}`);
    if (x.status === 'concluida') break;
    if (x.status === 'falhou') throw new Error(x.erro ?? 'falhou');
    await sleep(100);
  }
  console.log(`  relatório (CSV) pronto em ${ms(performance.now() - t)} desde o pedido`);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (own) rmSync(dir, { recursive: true, force: true });
}
