import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activePanel } from './autorizacoes-helpers';
import { launch, loginUI, newPage } from './browser';

/**
 * Finance on Solicitações de Verbas, on a desktop: an open request of the demo is cancelled with its reason, asked
 * again in the form (the composition shown before registering), sent and received; the request's document opens as
 * the Solicitação de Verba por Identificador report and its PDF; the list and a request on a phone.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
const URL = '/financeiro/recebimento/processo-recebimento/solicitacoes-verbas';
const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

let numero = '';
let empresa = '';

describe('Solicitações de Verbas', () => {
  it('cancels, asks again, sends and receives a request', async () => {
    const { page, context } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto(URL);
    await linhas(page).first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SHOTS, 'verbas-lista.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
    // the latest requests (the list's order) are still open or sent: one of them is cancelled (also on a retry)
    await activePanel(page).locator('.lista-tabela tbody tr:is([data-status=ABERTA], [data-status=ENVIADA])').first().locator('td').nth(1).click();
    await page.keyboard.press('Enter');
    const reg = activePanel(page).locator('[data-testid=verba]');
    await reg.waitFor({ timeout: 30_000 });
    empresa = await reg.locator('[data-testid=empresa]').innerText();
    const competencia = /competência (\d{2}\/\d{4})/.exec(await reg.innerText())![1];
    const solicitado = await reg.locator('[data-testid=solicitado]').innerText();

    // cancelling needs the reason
    await reg.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => reg.locator('[data-erro=nota]').innerText()).toBe('Informe o motivo do cancelamento.');
    await reg.locator('#verba-nota').fill('Emitida antes do fechamento dos reembolsos do mês.');
    await reg.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Cancelada');
    expect(await reg.locator('[data-testid=motivo]').innerText()).toBe('Emitida antes do fechamento dos reembolsos do mês.');

    // asked again: the form shows the composition the server computes
    await page.goto(`${URL}?novo=1`);
    const form = page.getByTestId('form-verba');
    await form.waitFor({ timeout: 30_000 });
    await form.locator('#verba-empresaId').focus();
    await expect.poll(() => form.locator('#verba-empresaId option').count()).toBeGreaterThan(1);
    await form.locator('#verba-empresaId').selectOption({ label: empresa });
    await form.locator('#verba-competencia').fill(competencia);
    await expect.poll(() => form.getByTestId('previa').innerText(), { timeout: 30_000 }).toContain(solicitado);
    await page.screenshot({ path: join(SHOTS, 'verbas-form.png') });
    await form.getByRole('button', { name: 'Registrar solicitação' }).click();
    const nova = activePanel(page).locator('[data-testid=verba]');
    await nova.waitFor({ timeout: 30_000 });
    expect(await nova.locator('h1 [data-testid=status]').innerText()).toBe('Aberta');
    expect(await nova.locator('[data-testid=solicitado]').innerText()).toBe(solicitado);
    numero = await nova.locator('[data-testid=numero]').innerText();
    expect(numero).toMatch(/^\d{4}\/\d{6}$/);

    await nova.getByRole('button', { name: 'Enviar à empresa' }).click();
    await expect.poll(() => nova.locator('h1 [data-testid=status]').innerText()).toBe('Enviada');
    // receiving asks the amount
    await nova.getByRole('button', { name: 'Registrar recebimento' }).click();
    await expect.poll(() => nova.locator('[data-erro=valorRecebido]').innerText()).toBe('Informe o valor recebido.');
    await nova.locator('#verba-valor').fill(solicitado.replace(/[^\d,.]/g, ''));
    await nova.getByRole('button', { name: 'Registrar recebimento' }).click();
    await expect.poll(() => nova.locator('h1 [data-testid=status]').innerText()).toBe('Recebida');
    expect(await nova.locator('[data-testid=recebido]').innerText()).toBe(solicitado);
    expect(await nova.locator('.verba-historico tbody tr').evaluateAll((trs) => trs.map((t) => (t as HTMLElement).dataset.acao))).toEqual(['registrar', 'enviar', 'receber']);
    await page.screenshot({ path: join(SHOTS, 'verbas-registro.png') });
    await context.close();
  });

  it('the request’s document by its number and its PDF; the report by company; the phone', async () => {
    expect(numero, 'the request of the test before').not.toBe('');
    const { page, context } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto(`${URL}?numero=${encodeURIComponent(numero)}`);
    await expect.poll(() => linhas(page).count(), { timeout: 60_000 }).toBe(1);
    await linhas(page).first().locator('td').nth(1).click();
    await page.keyboard.press('Enter');
    const reg = activePanel(page).locator('[data-testid=verba]');
    await reg.waitFor({ timeout: 30_000 });
    // its document: the report by number, and the PDF for the company
    await reg.getByRole('button', { name: 'Documento para a empresa' }).click();
    await expect.poll(() => page.getByTestId('total').innerText(), { timeout: 30_000 }).toMatch(/^1 solicitação$/);
    await page.getByText(numero, { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'verbas-relatorio-id.png') });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'solicitacao-verba.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain(`Solicitação de Verba nº ${numero}`);
    expect(text).toContain(empresa);
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'solicitacao-verba-pdf')]);

    // the grouped report by company
    await page.goto('/relatorio/contabil/solicitacao-verba');
    await expect.poll(() => page.getByTestId('total').innerText(), { timeout: 30_000 }).toMatch(/^[\d.]+ solicitaç(ão|ões) em [\d.]+ empresas?$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'verbas-relatorio.png') });
    await context.close();

    const celular = await newPage(browser, { width: 390, height: 844 });
    await loginUI(celular.page, 'operadora');
    await celular.page.goto(URL);
    await celular.page.locator('.lista-cartoes, .lista-tabela').first().waitFor({ timeout: 60_000 });
    expect(await celular.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await celular.page.screenshot({ path: join(SHOTS, 'verbas-celular.png') });
    await celular.page.goto(`/relatorio/contabil/solicitacao-verba`);
    await celular.page.locator('.rel-linha:not([data-carregando])').first().waitFor({ timeout: 60_000 });
    expect(await celular.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await celular.page.screenshot({ path: join(SHOTS, 'verbas-relatorio-celular.png') });
    await celular.context.close();
  });
});
