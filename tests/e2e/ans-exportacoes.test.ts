import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage } from './browser';

/**
 * The ANS exports from their screens: the SIB's declared XML structure (no public XSD), run, and the .SBX file
 * downloaded; the Monitoramento TISS file downloaded; and the screen on a phone.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const executarEBaixar = async (page: Awaited<ReturnType<typeof newPage>>['page'], nome: RegExp) => {
  await page.getByRole('button', { name: 'Executar' }).click();
  const item = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
  await expect.poll(() => item.getAttribute('data-status'), { timeout: 90_000 }).toBe('concluida');
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: nome }).click()]);
  const file = join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  return readFileSync(file, 'latin1');
};

describe('exportações da ANS na tela de exportação', () => {
  it('SIB: shows the declared structure, previews, runs and downloads the .SBX', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/sib');
    await page.getByRole('heading', { name: 'Exportar SIB' }).waitFor();
    await page.getByText('Layout: SIB — movimentação cadastral de beneficiários (mensagemSIB)').click();
    const tabela = page.locator('details', { hasText: 'Layout: SIB' });
    await expect.poll(() => tabela.getByText('Cancelamento · 3 elementos, nesta ordem').isVisible()).toBe(true);
    expect(await tabela.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining(['Campo', 'Elemento', 'Tamanho máximo', 'Formato']));
    await page.locator('#campo-competencia').fill('10/2026');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/SIB de 10\/2026|sem movimento/);
    await page.screenshot({ path: join(SHOTS, 'ans-sib.png'), fullPage: true });
    const xml = await executarEBaixar(page, /^Baixar \d{20}\.SBX/);
    expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<ans:mensagemSIB xmlns:ans="http://www.ans.gov.br/padroes/sib/schemas">')).toBe(true);
    expect(xml).toMatch(/<ans:hash>[0-9a-f]{32}<\/ans:hash>/);
  });

  it('Monitoramento TISS: runs the competência and downloads the mensagemEnvioANS', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/monitoramento-tiss');
    await page.getByRole('heading', { name: 'Exportar Monitoramento TISS' }).waitFor();
    await page.locator('#campo-competencia').fill('10/2026');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Pré-visualização' }).innerText()).toMatch(/10\/2026/);
    await page.screenshot({ path: join(SHOTS, 'ans-monitoramento.png'), fullPage: true });
    const xml = await executarEBaixar(page, /^Baixar MONITORAMENTO_\d{6}_202610_01\.xml/);
    expect(xml).toContain('<ans:mensagemEnvioANS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas">');
    expect(xml).toContain('<ans:competenciaLote>202610</ans:competenciaLote>');
  });

  it('fits a phone', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/sib');
    await page.getByRole('heading', { name: 'Exportar SIB' }).waitFor();
    await page.getByText('Layout: SIB — movimentação cadastral de beneficiários (mensagemSIB)').click();
    await page.screenshot({ path: join(SHOTS, 'ans-sib-celular.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
