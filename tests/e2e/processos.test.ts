import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage, toastTexts } from './browser';

/**
 * A process on its job screen, end to end: Gerador de Cartões for the demo family (preview, confirm, live progress,
 * the PDF downloaded and rendered to an image, the embossing file in its declared layout), at desktop and phone size.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function pickTitular(page: Page) {
  const input = page.locator('#campo-titular');
  await input.fill('Beatriz Almeida');
  const option = page.getByRole('option', { name: /Beatriz Almeida Souza/ }).first();
  await option.waitFor({ timeout: 15_000 });
  await option.click();
}

describe('gerador de cartões na tela de processos', () => {
  it('issues the family’s cards: preview, confirmation, progress, PDF and embossing file', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/gerador-cartao');
    await page.getByRole('heading', { name: 'Gerador de Cartões' }).waitFor();
    await expect(page.getByText('não foi construída').count()).resolves.toBe(0);

    // the client's checks, in Portuguese, before anything reaches the server
    await page.locator('#campo-validade').fill('01/01/2020');
    await page.getByRole('button', { name: 'Executar' }).click();
    await expect.poll(() => page.locator('#campo-titular-erro').innerText()).toBe('Informe o titular do grupo familiar.');
    await expect(page.locator('#campo-validade-erro').innerText()).resolves.toBe('A validade precisa ser uma data futura.');

    const ano = new Date().getFullYear() + 1;
    await page.locator('#campo-validade').fill(`31/12/${ano}`);
    await pickTitular(page);
    await page.locator('#campo-motivo').selectOption('SEGUNDA_VIA');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/\d+ cartões serão emitidos/);
    await expect(previa.innerText()).resolves.toContain('Beatriz Almeida Souza');
    // the printer's layout is on the screen
    await page.getByText('Layout: Arquivo de embossing (gráfica)').click();
    await expect(page.getByRole('cell', { name: 'Nome no cartão (abreviado)' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'gerador-cartao.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Confirmação' }));
    await expect(confirm.innerText()).resolves.toMatch(/Executar Gerador de Cartões\? \d+ cartões serão emitidos/);
    await confirm.getByRole('button', { name: 'Sim' }).click();

    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^Gerador de cartões \(segunda via\): concluíd/));
    await page.screenshot({ path: join(SHOTS, 'gerador-cartao-concluido.png'), fullPage: true });

    const [pdf] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar cartoes-\d+\.pdf/ }).click()]);
    const pdfFile = join(SHOTS, 'cartoes.pdf');
    await pdf.saveAs(pdfFile);
    expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
    // the first sheet as an image: pdftoppm (poppler) reads the file a printer would
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfFile, join(SHOTS, 'cartoes')]);
    expect(readFileSync(join(SHOTS, 'cartoes-1.png')).subarray(1, 4).toString()).toBe('PNG');

    const [emb] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar embossing-\d+\.txt/ }).click()]);
    const embFile = join(SHOTS, 'embossing.txt');
    await emb.saveAs(embFile);
    const lines = readFileSync(embFile, 'ascii').split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 200)).toBe(true);
    expect(lines[0].slice(17, 47).trim()).toBe('BEATRIZ ALMEIDA SOUZA');
    expect(lines.at(-1)![0]).toBe('9');
    await page.context().close();
  });

  it('an administrator schedules the process monthly with the typed parameters, and removes it', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'admin');
    await page.goto('/util/processo/gerador-cartao');
    const agenda = page.getByRole('region', { name: 'Agendamentos deste processo' });
    await agenda.waitFor();
    // the process's own fields are checked first, in the form above
    await agenda.getByRole('button', { name: 'Agendar com estes parâmetros' }).click();
    await expect.poll(() => page.locator('#campo-titular-erro').innerText()).toBe('Informe o titular do grupo familiar.');
    await pickTitular(page);
    await agenda.locator('#agenda-dia').selectOption('5');
    await agenda.locator('#agenda-hora').fill('07:30');
    await agenda.getByRole('button', { name: 'Agendar com estes parâmetros' }).click();
    await expect.poll(() => agenda.locator('li').first().innerText()).toContain('Todo mês, no dia 5, às 07:30');
    await expect(agenda.locator('li').first().innerText()).resolves.toMatch(/próximas: 05\/\d{2}\/\d{4} 07:30/);
    await page.screenshot({ path: join(SHOTS, 'gerador-cartao-agendamento.png'), fullPage: true });
    await agenda.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => agenda.innerText()).toContain('Nenhum agendamento.');
    await page.context().close();
  });

  it('lists the duplicate registrations of the demo without changing anything', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/tratar-duplicidade-beneficiarios');
    await page.getByRole('heading', { name: 'Tratar Duplicidade de Beneficiários' }).waitFor();
    await page.locator('#campo-criterio').selectOption('CPF');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 20_000 }).toMatch(/^\d+ grupos com \d+ matrículas/);
    await page.screenshot({ path: join(SHOTS, 'tratar-duplicidade.png'), fullPage: true });
    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    await expect(run.getByRole('button', { name: /^Baixar duplicidades-\d+\.csv/ }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('fits a phone: the form in one column and the run history below', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/gerador-cartao');
    await page.getByRole('heading', { name: 'Gerador de Cartões' }).waitFor();
    await page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'gerador-cartao-celular.png'), fullPage: true });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
