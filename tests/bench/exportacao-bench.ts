import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';

/**
 * The grid export of the 200,000 beneficiaries, as an operator does it in Chromium (issue: exports as jobs): open
 * the beneficiaries' grid, "Exportar XLSX", watch "Meus processos" move the progress bar, download the file when
 * the run ends. Fails unless the bar went forward at least three times and the workbook holds one row per
 * beneficiary plus the header. Long (the export takes about 40 s), so it lives here and not in `npm test`.
 * BENCH_DATA_DIR reuses a demo database (seeding 200,000 beneficiaries takes minutes).
 */

const SHOTS = join(tmpdir(), 'bench-exportacao');
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const s1 = (n: number) => `${(n / 1000).toFixed(1).replace('.', ',')} s`;

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

/** Rows of the first worksheet, counted while inflating (the file is tens of MB). */
function countRows(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let tail = '';
    const unzip = new Unzip((entry) => {
      if (entry.name !== 'xl/worksheets/sheet1.xml') return;
      const dec = new TextDecoder();
      entry.ondata = (err, chunk, final) => {
        if (err) return reject(err);
        const text = tail + dec.decode(chunk, { stream: !final });
        rows += text.split('<row ').length - 1;
        // a "<row " cut between two chunks is found in the next text; 4 characters never hold a whole one
        tail = text.slice(-4);
        if (final) resolve(rows);
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    createReadStream(file)
      .on('data', (b) => unzip.push(b as Buffer))
      .on('end', () => unzip.push(new Uint8Array(0), true))
      .on('error', reject);
  });
}

if (!existsSync('dist/web/index.html')) spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
mkdirSync(SHOTS, { recursive: true });

const own = !process.env.BENCH_DATA_DIR;
const dir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-exportacao-'));
let server: ChildProcess | undefined;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'] });
try {
  const port = 4800 + Math.floor(Math.random() * 90);
  server = await start({ PORT: String(port), DATA_DIR: dir, SEED_SIZE: 'demo', DATABASE_URL: '' });
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1400, height: 900 }, locale: 'pt-BR', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.fill('#login-usuario', 'operadora');
  await page.fill('#login-senha', DEMO_PASSWORD);
  await page.click('form[aria-label="Entrar"] button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto('/cadastro/pessoa/beneficiarios');
  await page.getByRole('button', { name: 'Exportar XLSX' }).waitFor();
  const totalEl = page.getByTestId('total');
  for (let i = 0; i < 100 && /Carregando/.test(await totalEl.innerText()); i++) await sleep(100);
  const total = await totalEl.innerText();
  console.log(`grade de beneficiários aberta: ${total}`);

  const t0 = performance.now();
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Meus processos' });
  await dialog.waitFor();
  const item = dialog.locator('[data-testid=execucao]').first();
  const bar = item.locator('progress');
  // the bar as the user sees it, twice a second, until the run ends
  const seen: number[] = [];
  let status = '';
  let shot = false;
  for (const end = Date.now() + 300_000; Date.now() < end; await sleep(500)) {
    status = (await item.getAttribute('data-status')) ?? '';
    const v = Number((await bar.getAttribute('value').catch(() => null)) ?? NaN);
    if (Number.isFinite(v) && v !== seen[seen.length - 1]) seen.push(v);
    if (!shot && v >= 30 && v < 90) {
      await page.screenshot({ path: join(SHOTS, 'exportacao-em-andamento.png') });
      shot = true;
    }
    if (status === 'concluida' || status === 'falhou' || status === 'cancelada') break;
  }
  const took = performance.now() - t0;
  if (status !== 'concluida') throw new Error(`a exportação terminou como "${status}"`);
  await page.screenshot({ path: join(SHOTS, 'exportacao-concluida.png') });
  const forward = seen.filter((v, i) => i > 0 && v > seen[i - 1]).length;
  console.log(`barra de andamento vista em ${seen.length} valores (${seen.join(', ')}%), ${forward} avanços; concluída em ${s1(took)} desde o clique`);
  if (forward < 3) throw new Error('a barra de andamento não avançou na tela');

  const button = item.getByRole('button', { name: /^Baixar beneficiarios-\d{8}\.xlsx/ });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  const rows = await countRows(file);
  // the grid counts exactly up to a limit ("mais de 1.000 registros" beyond it)
  const expected = total.startsWith('mais de') ? 0 : Number(total.replace(/\D/g, ''));
  console.log(`arquivo ${download.suggestedFilename()}: ${(statSync(file).size / 1048576).toFixed(1).replace('.', ',')} MB, ${rows.toLocaleString('pt-BR')} linhas na planilha (cabeçalho + ${(rows - 1).toLocaleString('pt-BR')})`);
  if (expected && rows - 1 !== expected) throw new Error(`a grade diz ${expected} registros e a planilha tem ${rows - 1}`);
  if (rows - 1 < 200_000) throw new Error('a planilha não tem os 200.000 beneficiários');
  console.log(`capturas em ${SHOTS}`);
} finally {
  await browser.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (own) rmSync(dir, { recursive: true, force: true });
}
// a failure above threw out of the try (exit code 1); the browser holds the event loop open otherwise
process.exit(0);
