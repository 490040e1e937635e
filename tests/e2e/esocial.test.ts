import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage } from './browser';

/**
 * A client-layout export from its screen (eSocial for Domínio Sistemas): the declared layout table with its three
 * kinds of record and the money format, run, download, the file read by the layout; and an export whose data the
 * portal does not record yet says which.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('eSocial (Domínio Sistemas) na tela de exportação', () => {
  it('shows the layout, runs the competência and downloads the file the layout describes', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/dominiosistema/esocial');
    await page.getByRole('heading', { name: 'Exportar eSocial (Domínio Sistemas)' }).waitFor();
    await page.getByText('Layout: Plano de saúde coletivo para o eSocial (Domínio Sistemas)').click();
    const tabela = page.locator('details', { hasText: 'Layout: Plano de saúde coletivo' });
    await expect.poll(() => tabela.getByRole('cell', { name: 'Tipo de dependente, tabela 07 do eSocial (tpDep)' }).isVisible()).toBe(true);
    expect(await tabela.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining(['Campo', 'Posição', 'Tamanho', 'Formato']));
    await expect(tabela.getByRole('cell', { name: 'Valor em centavos, sem vírgula, zeros à esquerda' }).first().isVisible()).resolves.toBe(true);
    await expect(tabela.getByText('Trabalhador (titular) · 130 posições').isVisible()).resolves.toBe(true);

    await page.locator('#campo-competencia').fill('03/2026');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/titulares? entra(m)? no arquivo de 03\/2026\./);
    await page.screenshot({ path: join(SHOTS, 'esocial.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const item = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Baixar ESOCIAL_202603\.txt/ }).click()]);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const linhas = readFileSync(file, 'latin1').split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 130)).toBe(true);
    expect(linhas[0][0]).toBe('0');
    const detalhes = linhas.slice(1, -1);
    expect(detalhes.length).toBeGreaterThan(0);
    // a dependent's record follows its worker's, under the same CPF
    for (const [k, l] of detalhes.entries()) if (l[0] === '2') expect(detalhes.slice(0, k).findLast((x) => x[0] === '1')!.slice(1, 12)).toBe(l.slice(1, 12));
    const valor = (l: string) => Number(l[0] === '1' ? l.slice(102, 113) : l.slice(93, 104));
    expect(linhas.at(-1)!.slice(0, 20)).toBe(`9${String(detalhes.length).padStart(6, '0')}${String(detalhes.reduce((s, l) => s + valor(l), 0)).padStart(13, '0')}`);
  });

  it('fits a phone, and so does the DES (its layout on the screen)', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/dominiosistema/esocial');
    await page.getByRole('heading', { name: 'Exportar eSocial (Domínio Sistemas)' }).waitFor();
    await page.getByText('Layout: Plano de saúde coletivo para o eSocial (Domínio Sistemas)').click();
    await page.screenshot({ path: join(SHOTS, 'esocial-celular.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/util/exportacao/des');
    await page.getByRole('heading', { name: 'Exportar DES' }).waitFor();
    await page.getByText('Layout: DES — Declaração Eletrônica de Serviços tomados').click();
    await page.screenshot({ path: join(SHOTS, 'des-celular.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
