import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { launch, loginUI, newPage } from './browser';

/**
 * The payer-side reports in Chromium: the titular reads the family's informe de pagamentos on a phone (only the
 * family's members, no sideways scroll); the operator reads the payment history grouped by titular on a desktop and
 * downloads the notices of overdue titles as a PDF (one letter per payer, rendered to PNG to be looked at).
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // the first page of a fresh server can outlast a login's wait on a busy machine (the web is dist/web: `vite build` first)
  const { page } = await newPage(browser);
  await page.goto('/auth', { timeout: 180_000 });
  await page.locator('#login-usuario').waitFor({ timeout: 180_000 });
  await page.context().close();
}, 240_000);
afterAll(() => browser?.close());

const total = (page: Page) => page.getByTestId('total').innerText();
const HOJE = todayIso();

describe('relatórios do pagador', () => {
  it('the titular reads the family’s informe de pagamentos on a phone', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'beneficiario');
    await page.goto(`/relatorio/beneficiario/extratos/informe-pagamento?ano=${HOJE.slice(0, 4)}`);
    await page.getByRole('heading', { name: /Informe de Pagamentos/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toMatch(/^\d+ pessoas? em 1 titular$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').allInnerTexts()).toEqual([expect.stringMatching(/^Beatriz Almeida Souza · /)]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'informe-pagamento-celular.png') });
    await page.context().close();
  });

  it('the operator reads the payment history and downloads the notices of overdue titles', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/relatorio/cobranca/historico-pagamento');
    await page.getByRole('heading', { name: /Histórico de Pagamento/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toMatch(/^[\d.]+ títulos? em [\d.]+ titulares?$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'rep178.png') });

    await page.goto(`/relatorio/cobranca/aviso-debitos?posicao=${isoToBr(HOJE)}&atrasoMinimo=40`);
    await page.getByRole('heading', { name: /Aviso de Débitos/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toMatch(/^[\d.]+ pagador(es)?$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'rep214.png') });
    const pagadores = Number((await total(page)).replace(/\D/g, ''));
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rep214.pdf');
    await download.saveAs(pdf);
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(new RegExp(`Pages:\\s+${pagadores}\\n`));
    const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('Aviso de Débito');
    expect(text).toMatch(/Total em aberto: R\$ [\d.]+,\d\d/);
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'rep214-pdf')]);
    await page.context().close();
  });
});
