import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { SEED_AUTORIZACOES, seedAutorizacoes, vacuumAutorizacoes } from '../../src/server/db/seed/autorizacoes';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';

/**
 * The audit desk over the bench seed (320,000 requests over two years, on-disk PGlite):
 *  1. API time of the medical audit list's first page with the default query (last 360 days, Em Análise),
 *     p95 through the whole Fastify stack, plus filtered variants, the other lists (pre-authorizations,
 *     attachments) and the summaries (exact count, totals) the screens ask for after the page;
 *  2. in Chromium, the time to open a request in a new tab (Ctrl+Enter on the list → decision screen painted).
 */

const API_RUNS = Number(process.env.BENCH_API_RUNS ?? 120);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1).replace('.', ',')} ms`;
const br = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const hoje = new Date();
const DEFAULT_Q = `inicio=${encodeURIComponent(br(new Date(hoje.getFullYear(), hoje.getMonth(), hoje.getDate() - 360)))}&termino=${encodeURIComponent(br(hoje))}&statusAutorizacao=${encodeURIComponent('Em Análise')}`;

const dir = mkdtempSync(join(tmpdir(), 'bench-autorizacoes-'));
let server: ChildProcess | undefined;
try {
  const config = readConfig({ ...process.env, DATA_DIR: dir, SEED_SIZE: 'test', DATABASE_URL: '' });
  const database = await openDatabase(config);
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
  const db = database.db;
  const t = performance.now();
  await db.execute(sql`delete from autorizacoes`);
  // in a transaction, as the seed runs it (its working tables live until the commit)
  await db.transaction((tx) => seedAutorizacoes(tx as unknown as typeof db, 'bench'));
  // as the seed does after its transaction (on a server, autovacuum): the visibility map for index-only reads
  await vacuumAutorizacoes(db, 'bench');
  const rowsOf = (r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? [])) as Record<string, unknown>[];
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n, count(*) filter (where status = 2)::int as analise from autorizacoes`));
  console.log(`dados: ${Number(c.n).toLocaleString('pt-BR')} solicitações (${Number(c.analise).toLocaleString('pt-BR')} Em Análise) em ${((performance.now() - t) / 1000).toFixed(1)} s (semente bench: ${SEED_AUTORIZACOES.bench.toLocaleString('pt-BR')})`);

  const { app } = await buildApp(makeContext(db, config), { webDir: '/nonexistent' });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'auditor', password: DEMO_PASSWORD } });
  const token = login.json().result.token as string;
  // the lists that also request their type (Prorrogações, Guias sem Ônus, Guias APS) are the operator's, not the auditor's
  const opLogin = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'operadora', password: DEMO_PASSWORD } });
  const opToken = opLogin.json().result.token as string;
  const get = async (url: string, as = token) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
    const dt = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { dt, body: res.json().result as { rows?: unknown[]; total: number; exact?: boolean } };
  };
  const first = `/api/autorizacoes/fila/medica?${DEFAULT_Q}&offset=0&limit=50`;
  for (let i = 0; i < 10; i++) await get(first);
  const times: number[] = [];
  for (let i = 0; i < API_RUNS; i++) times.push((await get(first)).dt);
  const { body } = await get(first);
  const { body: resumo } = await get(`/api/autorizacoes/fila/medica/resumo?${DEFAULT_Q}`);
  console.log(`\nAPI, 1ª página (50) da Auditoria Médica com a consulta padrão (${API_RUNS} requisições; ${resumo.total.toLocaleString('pt-BR')} na fila, a página diz ${body.exact ? '' : 'cerca de '}${body.total.toLocaleString('pt-BR')}):`);
  console.log(`  p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, máx ${ms(Math.max(...times))}`);
  // a procedure code the seeded items use (the most requested one), and a beneficiary with requests
  const [cod] = rowsOf(await db.execute(sql`select codigo from autorizacao_itens group by codigo order by count(*) desc limit 1`));
  const [ben] = rowsOf(await db.execute(sql`select beneficiario_id as id from autorizacoes order by id limit 1`));
  const mes = `inicio=${encodeURIComponent(br(new Date(hoje.getFullYear(), hoje.getMonth(), hoje.getDate() - 30)))}`;
  const variants: [string, string, string?][] = [
    ['Auditoria Odontológica, consulta padrão', `/api/autorizacoes/fila/odontologica?${DEFAULT_Q}&limit=50`],
    ['Médica, só urgência', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&carater=2&limit=50`],
    ['Médica, procedimento por código', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&procedimento=${String(cod.codigo)}&limit=50`],
    ['Médica, procedimento sem pedidos', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&procedimento=40301630&limit=50`],
    ['Médica, beneficiário pelo nome', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&beneficiario=maria&limit=50`],
    ['Médica, ordem por data ↓', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&sort=dataSolicitacao.desc&limit=50`],
    ['Médica, página 20', `/api/autorizacoes/fila/medica?${DEFAULT_Q}&offset=1000&limit=50`],
    ['Autorização Parcial', '/api/autorizacoes/fila/parcial?limit=50'],
    ['Auditoria de Pré-Autorizações, consulta padrão', `/api/autorizacoes/fila/pre-autorizacoes?${DEFAULT_Q}&limit=50`],
    ['Auditoria de Anexos, consulta padrão', `/api/autorizacoes/fila/anexos?${DEFAULT_Q}&limit=50`],
    ['Pré-Autorizações (lista)', '/api/autorizacoes/lista/pre-autorizacoes?limit=50'],
    ['Anexos Realizados (lista)', '/api/autorizacoes/lista/anexos?limit=50'],
    ['Prorrogações (lista; operadora)', '/api/autorizacoes/lista/prorrogacoes?limit=50', opToken],
    ['Guias sem Ônus Emitidas (lista; operadora)', '/api/autorizacoes/lista/guias-sem-onus?limit=50', opToken],
    ['Guias APS (lista; operadora)', '/api/autorizacoes/lista/guias-aps?limit=50', opToken],
    ['Autorizações realizadas (todas)', '/api/autorizacoes?limit=50'],
    ['Histórico de um beneficiário (com totais)', `/api/autorizacoes/historico?beneficiarioId=${Number(ben.id)}&limit=50`],
    ['Resumo: Médica, consulta padrão (contagem)', `/api/autorizacoes/fila/medica/resumo?${DEFAULT_Q}`],
    ['Resumo: realizadas, último mês (totais)', `/api/autorizacoes/resumo?${mes}`],
    ['Resumo: realizadas, todas (estimativa)', '/api/autorizacoes/resumo'],
  ];
  for (const [name, url, as] of variants) {
    const xs: number[] = [];
    for (let i = 0; i < 20; i++) xs.push((await get(url, as)).dt);
    console.log(`  ${name.padEnd(46)} p50 ${ms(pct(xs, 50)).padStart(9)}  p95 ${ms(pct(xs, 95)).padStart(9)}`);
  }
  await app.close();
  await database.close();

  // ---- browser: open a request tab ---------------------------------------------------------------------------------
  if (!existsSync('dist/web/index.html')) spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const port = 3900 + Math.floor(Math.random() * 90);
  // the server as `npm start` runs it (compiled), not through tsx: its first requests would time the transpiler
  spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  server = spawn(process.execPath, ['dist/server/start.mjs'], { env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG: '0', DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Portal pronto')) resolve();
    };
    server!.stdout!.on('data', on);
    server!.stderr!.on('data', on);
    server!.once('exit', (code) => reject(new Error(`servidor saiu (${code}): ${out.slice(-2000)}`)));
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'] });
  const ctx = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  const page = await ctx.newPage();
  await page.goto('/auth');
  await page.fill('#login-usuario', 'auditor');
  await page.fill('#login-senha', DEMO_PASSWORD);
  await page.click('form[aria-label="Entrar"] button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  // a full page load straight onto the queue, on the page's own clock (from the navigation to the rows painted)
  await page.goto('/principal/autorizacao/auditoria/auditoria-medica');
  const listPaint = (await page.evaluate(`new Promise((resolve) => {
    const check = () => (document.querySelector('.ws-panel:not([hidden]) .lista-tabela tbody tr') ? requestAnimationFrame(() => resolve(performance.now())) : requestAnimationFrame(check));
    check();
  })`)) as number;
  // from inside the running app, by its tile in the Auditoria folder: the 1st open after a page load downloads the
  // screen's module; the next ones come back through the breadcrumb (the page answered from cache, then revalidated)
  const FOLDER = '/principal/autorizacao/auditoria';
  const tile = () => page.locator(`.ws-panel:not([hidden]) a[href^="${FOLDER}/auditoria-medica"]`).first();
  const inApp: number[] = [];
  await page.goto(FOLDER);
  for (let i = 0; i < 6; i++) {
    if (i > 0) {
      await page.locator(`.breadcrumb a[href="${FOLDER}"]`).first().click();
      await page.waitForURL((u) => u.pathname === FOLDER);
    }
    await tile().waitFor();
    const t0 = performance.now();
    await tile().click();
    await page.locator('.ws-panel:not([hidden]) .lista-tabela tbody tr').first().waitFor();
    inApp.push(performance.now() - t0);
  }
  // page scripts are strings: tsx would wrap named functions with a helper the page does not have
  // the clock starts on the real Ctrl+Enter keydown (the list's shortcuts match the key's code, which a synthetic
  // event without it does not carry) and stops when the decision screen's items are painted
  const openTab = async (k: number) => {
    await page.evaluate(`(() => {
      const rows = document.querySelectorAll('.ws-panel:not([hidden]) .lista-tabela tbody tr');
      rows[${k}].focus();
      window.__aberta = new Promise((resolve) => {
        let start = 0;
        window.addEventListener('keydown', () => { start = performance.now(); }, { capture: true, once: true });
        const obs = new MutationObserver(() => {
          const d = document.querySelector('.ws-panel:not([hidden]) [data-testid=decisao] .aut-itens tbody tr');
          if (d && start) {
            obs.disconnect();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
          }
        });
        obs.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
      });
    })()`);
    await page.keyboard.press('Control+Enter');
    const limite = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a aba da solicitação não abriu em 15 s')), 15_000));
    return (await Promise.race([page.evaluate('window.__aberta'), limite])) as number;
  };
  const opens: number[] = [];
  for (let k = 0; k < 12; k++) {
    opens.push(await openTab(k));
    await page.keyboard.press('Alt+1');
    await page.locator('.ws-panel:not([hidden]) .lista-tabela').waitFor();
    await page.waitForTimeout(150);
  }
  const cold = opens.shift()!;
  console.log(`\nChromium, Auditoria Médica (${resumo.total.toLocaleString('pt-BR')} na fila):`);
  console.log(`  recarga completa direto na lista, com a consulta padrão, até as linhas: ${ms(listPaint)} (partida do app, sessão, redirecionamento, módulo da tela)`);
  const coldTile = inApp.shift()!;
  console.log(`  pelo bloco da pasta Auditoria: 1ª vez após carregar a página ${ms(coldTile)}; de novo (${inApp.length}x) mediana ${ms(pct(inApp, 50))}, máx ${ms(Math.max(...inApp))}`);
  console.log(`  Ctrl+Enter → aba da solicitação pintada (itens na tela): 1ª ${ms(cold)}; depois (${opens.length}x) mediana ${ms(pct(opens, 50))}, p95 ${ms(pct(opens, 95))}, máx ${ms(Math.max(...opens))}`);
  await browser.close();
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server!.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
