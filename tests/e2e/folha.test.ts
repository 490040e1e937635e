import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage } from './browser';

/** A payroll discount file from its export screen: the declared layout, the month checked, preview, run, download. */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('FOPAG COPASA na tela de exportação', () => {
  it('shows the layout, refuses a month that does not exist, previews and writes the file', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/copasa/fopag');
    await page.getByRole('heading', { name: 'Exportar FOPAG COPASA' }).waitFor();
    await page.getByText('Layout: FOPAG COPASA (desconto em folha)').click();
    await expect(page.getByRole('cell', { name: 'Valor a descontar, em centavos' }).isVisible()).resolves.toBe(true);

    await page.locator('#campo-competencia').fill('13/2026');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-competencia-erro').innerText()).toBe('Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.');

    await page.locator('#campo-competencia').fill('03/2026');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/titulares? entra(m)? no arquivo de 03\/2026\./);
    await page.screenshot({ path: join(SHOTS, 'fopag.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const item = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Baixar FOPAG_202603\.txt/ }).click()]);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const linhas = readFileSync(file, 'latin1').split('\r\n').filter(Boolean);
    expect(linhas.length).toBeGreaterThanOrEqual(3);
    expect(linhas.every((l) => l.length === 80)).toBe(true);
    expect(linhas[0].slice(15, 21)).toBe('202603');
    expect(linhas.at(-1)![0]).toBe('9');
  });

  it('fits a phone: fields in one column, the layout table scrolls inside its box', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/copasa/fopag');
    await page.getByRole('heading', { name: 'Exportar FOPAG COPASA' }).waitFor();
    await page.getByText('Layout: FOPAG COPASA (desconto em folha)').click();
    await page.screenshot({ path: join(SHOTS, 'fopag-celular.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the table is wider than the phone: it scrolls inside its own box
    const caixa = page.locator('.job-table-wrap').first();
    expect(await caixa.evaluate((e) => e.scrollWidth > e.clientWidth && e.getBoundingClientRect().right <= 390)).toBe(true);
  });
});
