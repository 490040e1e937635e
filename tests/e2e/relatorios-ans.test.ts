import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import { trimestresRecentes } from '../../src/shared/sip/analise';
import { launch, loginUI, newPage } from './browser';
import { goInside, gridProblems, overflowProblems, settle } from './layout-checks';

/**
 * The ANS configuration reports in Chromium, as the operator uses them: the TPS of the last closed quarter per plan and
 * month on a desktop (and its PDF, rendered to PNG to be looked at), the SIP configuration with the quarter's events,
 * and the IDSS on a phone (grouped by dimension, no sideways scroll).
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const total = (page: Page) => page.getByTestId('total').innerText();
const TRI = trimestresRecentes(todayIso(), 1)[0];

describe('relatórios das obrigações da ANS', () => {
  it('the operator reads the TPS analytic report by plan and month and downloads its PDF; then the SIP configuration', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto(`/relatorio/ans/tps-analitico?trimestre=${TRI}`);
    await page.getByRole('heading', { name: /TPS Analítico/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toMatch(/^[\d.]+ meses? de planos? em [\d.]+ planos?$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').first().innerText()).toMatch(/\(\d{9}\)$/);
    expect(await page.locator('.rel-rolagem').innerText()).toMatch(/R\$\s[\d.,]+/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
    await page.screenshot({ path: join(SHOTS, 'rep039.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rep039.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('TPS Analítico');
    expect(text).toContain('Valor devido');
    expect(text).toMatch(/Página 1 de \d+/);
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'rep039-pdf')]);

    await page.goto(`/relatorio/ans/configuracao-sip?trimestre=${TRI}`);
    await page.getByRole('heading', { name: /Configuração SIP/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toBe('7 itens');
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-rolagem').innerText()).toContain('A · Consultas médicas');
    await page.screenshot({ path: join(SHOTS, 'rep123.png') });
    await page.context().close();
  });

  it('the IDSS on a phone: indicators by dimension, computed or informed by the ANS', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    await loginUI(phone.page, 'operadora');
    await phone.page.goto('/relatorio/ans/idss');
    await phone.page.getByRole('heading', { name: /IDSS/ }).waitFor();
    await expect.poll(() => total(phone.page), { timeout: 30_000 }).toMatch(/^[\d.]+ indicadores em 4 dimensões$/);
    await phone.page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    const grupos = await phone.page.locator('.rel-grupo').allInnerTexts();
    expect(grupos.map((g) => g.slice(0, 4))).toEqual(['IDGA', 'IDGR', 'IDQS', 'IDSM']);
    const texto = await phone.page.locator('.rel-rolagem').innerText();
    expect(texto).toContain('Calculado no portal');
    expect(texto).toContain('Informado pela ANS');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: join(SHOTS, 'rep363-celular.png') });
    await phone.page.context().close();
  });

  it('the configuration screens (ANS (Operadora)) fit 1400 px with every grid column in sight', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    const found: string[] = [];
    for (const href of ['/ans-operadora/gerencias-sip', '/ans-operadora/bases-tps', '/ans-operadora/descontos-tps', '/ans-operadora/indicadores-idss']) {
      await goInside(page, href);
      await settle(page);
      await page.locator('.ag-row, [role="row"]').nth(1).waitFor({ timeout: 30_000 });
      found.push(...[...(await overflowProblems(page)), ...(await gridProblems(page))].map((p) => `${href}: ${p}`));
      await page.screenshot({ path: join(SHOTS, `ans-${href.split('/').pop()}.png`) });
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
