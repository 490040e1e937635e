import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG, formatBytes } from '../../src/shared/files';
import { launch, loginUI, newPage, openFromPalette, toastTexts } from './browser';

/**
 * The shared file manager as the operator uses it: a new folder, a PDF sent into it (and a renamed executable refused
 * in the page), listed with size and sender, downloaded byte for byte, deleted with confirmation; desktop and phone.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n% relatorio de reajuste 2025\n',
  'latin1',
);
// a retry runs on the same server: each run its own folder
let rodada = 0;
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.alloc(300)]);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const tabela = (page: Page) => page.locator('.ger-tabela table');
const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;

describe('gerenciador de arquivos', () => {
  it('creates a folder, sends a PDF, lists it with size and sender, downloads it and deletes it', async () => {
    const PASTA = `Relatórios ANS 2025${++rodada > 1 ? ` (${rodada})` : ''}`;
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await openFromPalette(page, 'gerenciador de arquivos', 'Gerenciador de Arquivos');
    await page.getByRole('heading', { name: 'Gerenciador de Arquivos' }).waitFor({ timeout: 20_000 });
    await expect(page.getByText('não foi construída').count()).resolves.toBe(0);
    // the demo folders
    await tabela(page).getByRole('link', { name: 'Contratos' }).waitFor({ timeout: 15_000 });
    await expect(tabela(page).getByRole('link', { name: 'Tabelas de preço' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'gerenciador-raiz.png'), fullPage: true });

    // a new folder, by keyboard: the name's refusal beside the field, then Enter creates it
    await page.getByRole('button', { name: 'Nova pasta' }).click();
    const dlg = page.getByRole('dialog', { name: 'Nova pasta em Arquivos' });
    await dlg.locator('#ger-pasta-nome').fill('Contratos/2025');
    await page.keyboard.press('Enter');
    await expect.poll(() => dlg.locator('#ger-pasta-nome-erro').innerText()).toContain('O nome da pasta não pode ter /');
    await dlg.locator('#ger-pasta-nome').fill(PASTA);
    await page.keyboard.press('Enter');
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Pasta "${PASTA}" criada.`));
    await tabela(page).getByRole('link', { name: PASTA }).click();
    const caminho = page.getByRole('navigation', { name: 'Caminho da pasta' });
    await expect.poll(() => caminho.locator('[aria-current=page]').innerText()).toBe(PASTA);
    await expect(caminho.getByRole('link').allInnerTexts()).resolves.toEqual(['Arquivos']);
    await expect.poll(() => page.locator('.ger-vazio').innerText()).toContain(`A pasta "${PASTA}" está vazia.`);
    expect(page.url()).toMatch(/\/util\/gerenciador\/arquivo\?pasta=\d+$/);

    // two files at once: the PDF goes, the renamed executable is refused in the page with the product's message
    await page.locator('[data-testid=ger-input]').setInputFiles([
      { name: 'Relatório de reajuste.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'planilha.pdf', mimeType: 'application/pdf', buffer: EXE },
    ]);
    const envios = page.getByRole('region', { name: 'Envios' });
    await expect.poll(() => envios.innerText()).toContain('Relatório de reajuste.pdf: enviado.');
    await expect(envios.innerText()).resolves.toContain(`planilha.pdf: ${FILE_MSG.tipo}`);
    const linha = tabela(page).locator('[data-testid=ger-arquivo]', { hasText: 'Relatório de reajuste.pdf' });
    await linha.waitFor();
    const texto = await linha.innerText();
    expect(texto).toContain(formatBytes(PDF.length));
    expect(texto).toContain('Olívia Operadora');
    expect(texto).toContain('PDF');
    expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await page.screenshot({ path: join(SHOTS, 'gerenciador-pasta.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), linha.getByRole('button', { name: 'Baixar Relatório de reajuste.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Relatório de reajuste.pdf');
    const salvo = join(SHOTS, 'gerenciador-baixado.pdf');
    await download.saveAs(salvo);
    expect(readFileSync(salvo).equals(PDF)).toBe(true);

    // the folder is not empty: back at the root its deletion is refused with the reason
    await page.getByRole('navigation', { name: 'Caminho da pasta' }).getByRole('link', { name: 'Arquivos' }).click();
    await tabela(page).getByRole('button', { name: `Excluir a pasta ${PASTA}` }).click();
    await page.getByRole('alertdialog', { name: 'Confirmação' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('A pasta não está vazia: 1 arquivo.'));

    // the file deleted with confirmation, then the empty folder
    await tabela(page).getByRole('link', { name: PASTA }).click();
    await linha.getByRole('button', { name: 'Excluir Relatório de reajuste.pdf' }).click();
    const confirma = page.getByRole('alertdialog', { name: 'Confirmação' });
    await expect(confirma.innerText()).resolves.toContain('Excluir o arquivo "Relatório de reajuste.pdf"?');
    await confirma.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => page.locator('.ger-vazio').innerText()).toContain('está vazia');
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Arquivo "Relatório de reajuste.pdf" excluído.'));
    await page.getByRole('navigation', { name: 'Caminho da pasta' }).getByRole('link', { name: 'Arquivos' }).click();
    await tabela(page).getByRole('button', { name: `Excluir a pasta ${PASTA}` }).click();
    await page.getByRole('alertdialog', { name: 'Confirmação' }).getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => tabela(page).getByRole('link', { name: PASTA }).count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('fits a phone: the breadcrumb wraps, the file line folds type, size and sender under the name', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/gerenciador/arquivo');
    await tabela(page).getByRole('link', { name: 'Contratos' }).click();
    const linha = tabela(page).locator('[data-testid=ger-arquivo]').first();
    await linha.waitFor({ timeout: 20_000 });
    await expect(linha.locator('.ger-meta').innerText()).resolves.toMatch(/PDF · [\d,]+ KB · .+ · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await page.screenshot({ path: join(SHOTS, 'gerenciador-celular.png'), fullPage: true });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // nothing inside the table scrolls sideways either
    expect(await page.locator('.ger-tabela').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Nova pasta' }).click();
    await page.screenshot({ path: join(SHOTS, 'gerenciador-celular-nova-pasta.png') });
    await page.context().close();
  }, 60_000);
});
