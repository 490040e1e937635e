import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI } from '../e2e/browser';

/**
 * A report of the demo's size in Chromium (issue 14): the operator opens rep301 (beneficiaries by product and ANS
 * band, grouped by product) over the whole demo portfolio (~200,000 people), asks for the XLSX — a run on the server,
 * followed in "Meus processos" once it outlasts the screen's wait — and downloads it; the file holds every row, a
 * subtotal per product and the grand total the screen shows. Seeding the demo data takes minutes: with
 * RELATORIOS_DEMO_DIR (a demo database already seeded, e.g. BENCH_DATA_DIR of `npm run bench -- relatorios`) the
 * server starts on it instead.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });
const R301 = '/relatorio/beneficiario/produto/faixa-etaria-produto';

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let baseURL = '';
const own = !process.env.RELATORIOS_DEMO_DIR;
const dataDir = process.env.RELATORIOS_DEMO_DIR ?? mkdtempSync(join(tmpdir(), 'portal-demo-'));

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

beforeAll(async () => {
  const port = await freePort();
  const entry = process.env.E2E_SERVER === 'dist' ? ['dist/server/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, entry, { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SEED_SIZE: 'demo', LOG: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const on = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Portal pronto')) resolve();
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.once('exit', (c) => reject(new Error(`servidor saiu (${c}): ${out.slice(-2000)}`)));
  });
  baseURL = `http://127.0.0.1:${port}`;
  browser = await launch();
}, 25 * 60_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode == null) {
    // the demo database closes its 200k rows cleanly (a checkpoint): under load that takes more than the default 10 s
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    const late = setTimeout(() => server!.kill('SIGKILL'), 90_000);
    await exited;
    clearTimeout(late);
  }
  if (own) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const total = (page: Page) => page.getByTestId('total').innerText();
const numero = (s: string) => Number(s.replace(/\./g, ''));

describe('relatório grande', () => {
  it('the operator runs rep301 over the whole portfolio as a run and downloads its XLSX from Meus processos', async () => {
    const context = await browser!.newContext({ baseURL, viewport: { width: 1400, height: 900 }, locale: 'pt-BR', acceptDownloads: true });
    const page = await context.newPage();
    await loginUI(page, 'operadora');
    await page.goto(R301);
    await page.getByRole('heading', { name: /Beneficiários por Produto e Faixa Etária/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 120_000 }).toMatch(/^[\d.]+ beneficiários em [\d.]+ produtos$/);
    const [linhas, produtos] = (await total(page)).match(/[\d.]+/g)!.map(numero);
    expect(linhas).toBeGreaterThanOrEqual(100_000);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, 'rep301-demo.png') });

    // the screen waits a few seconds for the file; a file this size goes on in "Meus processos", which hands it over
    const t0 = Date.now();
    const direto = page.waitForEvent('download', { timeout: 15_000 }).catch(() => null);
    await page.getByRole('button', { name: 'Excel (XLSX)' }).click();
    let download: Download | null = await direto;
    if (!download) {
      const dialog = page.getByRole('dialog', { name: 'Meus processos' });
      await dialog.waitFor();
      const item = dialog.locator('[data-testid=execucao]').first();
      expect(await item.innerText()).toContain('Beneficiários por Produto e Faixa Etária');
      await page.screenshot({ path: join(SHOTS, 'rep301-demo-processo.png') });
      await expect.poll(() => item.getAttribute('data-status'), { timeout: 10 * 60_000, interval: 1_000 }).toBe('concluida');
      [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Baixar rep301-faixa-etaria-produto-\d{8}\.xlsx/ }).click()]);
    }
    const segundos = (Date.now() - t0) / 1000;
    const file = join(SHOTS, 'rep301-demo.xlsx');
    await download.saveAs(file);

    const zip = unzipSync(new Uint8Array(readFileSync(file)));
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml']);
    // a header row, every beneficiary, a heading and a subtotal per product, the grand total
    expect(sheet).toContain(`Total geral: ${linhas.toLocaleString('pt-BR')} beneficiários`);
    expect(sheet.match(/Subtotal de /g)!.length).toBe(produtos);
    const rows = sheet.match(/<row /g)!.length;
    expect(rows).toBeGreaterThanOrEqual(1 + linhas + produtos + 1);
    // the header stays frozen
    expect(sheet).toMatch(/<pane [^>]*state="frozen"/);
    console.log(`rep301 em XLSX pela tela: ${linhas.toLocaleString('pt-BR')} linhas, ${produtos} produtos, ${rows.toLocaleString('pt-BR')} linhas na planilha, ${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MB, ${segundos.toFixed(1)} s do clique ao arquivo`);
    await context.close();
  });
});
