import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import type { JobDetail } from '../../src/shared/jobs';
import { FAIXAS_ANS } from '../../src/shared/relatorios/beneficiarios';
import type { ReportSummary } from '../../src/shared/relatorios/define';

/**
 * Report files on the demo data (issue: reports), each a run on the server:
 *  - a PDF of about 10,000 rows (rep301 narrowed by product and age band to the combination nearest 10,000):
 *    budget 3 s;
 *  - the XLSX of rep301 with every beneficiary (~200,000 rows, grouped by product with subtotals): budget 15 s;
 * with the server's peak memory (VmHWM) before and after, and another user's `GET /api/auth/me` p99 while they run
 * (budget 100 ms). BENCH_DATA_DIR reuses a demo database (seeding 200,000 beneficiaries takes minutes).
 */

const R301 = '/relatorio/beneficiario/produto/faixa-etaria-produto';
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const s1 = (n: number) => `${(n / 1000).toFixed(2).replace('.', ',')} s`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/start.mjs'], { env: { ...process.env, LOG: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Portal pronto')) resolve(child);
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.once('exit', (c) => reject(new Error(`servidor saiu (${c}): ${out.slice(-2000)}`)));
  });
}

if (!existsSync('dist/web/index.html')) spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });

const own = !process.env.BENCH_DATA_DIR;
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-relatorios-'));
const port = 4800 + Math.floor(Math.random() * 90);
const server = await start({ PORT: String(port), DATA_DIR: dir, SEED_SIZE: 'demo', DATABASE_URL: '' });
const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const base = `http://127.0.0.1:${port}/api`;
const login = async (u: string) =>
  ((await (await fetch(`${base}/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: u, password: DEMO_PASSWORD }) })).json()) as { result: { token: string } }).result.token;
const call = async <T>(tk: string, method: string, path: string, body?: unknown): Promise<T> => {
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tk}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { result: T }).result;
};

let failed = false;
try {
  const op = await login('operadora');
  const other = await login('auditor');
  // the combination of product and band nearest 10,000 rows (at least 10,000 when there is one)
  const s = await call<ReportSummary>(op, 'GET', '/relatorios/rep301/grupos');
  const produtos = await call<{ id: number; label: string }[]>(op, 'GET', '/recursos/produtos/opcoes?termo=');
  let best = { consulta: '', n: 0 };
  for (const p of produtos)
    for (const f of FAIXAS_ANS) {
      const consulta = `produto=${p.id}&faixa=${f.value}`;
      const { total: n } = await call<ReportSummary>(op, 'GET', `/relatorios/rep301/grupos?${consulta}`);
      const score = (x: number) => (x >= 10_000 ? x - 10_000 : 1e9 - x);
      if (score(n) < score(best.n)) best = { consulta, n };
    }
  console.log(`carga da máquina (load average de 1 min) no início: ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
  console.log(`rep301: ${s.total.toLocaleString('pt-BR')} beneficiários em ${s.grupos?.length} produtos; PDF com ${best.consulta} (${best.n.toLocaleString('pt-BR')} linhas)`);

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
  console.log(`GET /api/auth/me de outro usuário, sem relatórios (${alone.length}): p50 ${ms(pct(alone, 50))}, p99 ${ms(pct(alone, 99))}`);
  const before = hwm();

  const run = async (formato: 'pdf' | 'xlsx', consulta: string, budget: number) => {
    const { id } = await call<{ id: number }>(op, 'POST', '/execucoes', { tipo: 'relatorio', comando: R301, parametros: { formato, consulta } });
    const during: number[] = [];
    let j: JobDetail;
    for (;;) {
      during.push(...(await me(10, 30)));
      j = await call<JobDetail>(op, 'GET', `/execucoes/${id}`);
      if (j.status !== 'fila' && j.status !== 'executando') break;
    }
    if (j.status !== 'concluida') throw new Error(`${formato}: ${j.status} ${j.erro}`);
    const d = Date.parse(j.terminadoEm!) - Date.parse(j.iniciadoEm!);
    const f = j.arquivos[0];
    const det = await call<JobDetail>(op, 'GET', `/execucoes/${id}`);
    console.log(`  ${det.log.find((l) => l.mensagem.startsWith('Arquivo'))?.mensagem ?? ''}`);
    const p99 = pct(during, 99);
    const ok = d <= budget && p99 <= 100;
    // VmHWM only grows: after the PDF it is the peak up to it, after the XLSX the peak of either
    const pico = hwm();
    if (!ok) failed = true;
    console.log(
      `${formato.toUpperCase()} ${f.nome}: ${s1(d)} executando (orçamento ${s1(budget)}), ${(f.tamanho / 1024 / 1024).toFixed(1).replace('.', ',')} MB; ` +
        `pico de memória do servidor até aqui ${pico.toFixed(0)} MB; outro usuário durante (${during.length}): p50 ${ms(pct(during, 50))}, p99 ${ms(p99)} — ${ok ? 'dentro dos orçamentos' : 'ACIMA DO ORÇAMENTO'}`,
    );
  };
  await run('pdf', best.consulta, 3_000);
  await run('xlsx', '', 15_000);
  console.log(`pico de memória do servidor (VmHWM): ${before.toFixed(0)} MB antes dos arquivos, ${hwm().toFixed(0)} MB depois`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (own) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
