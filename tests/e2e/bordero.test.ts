import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage } from './browser';

/**
 * Finance pays a demo payment "a pagar" in a borderô on the Borderô de Pagamento screen (the account of the last
 * borderô comes filled in) and opens the borderô's report from it, on a desktop; the screen on a phone; the PDF.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('Borderô de Pagamento', () => {
  it('pays a payment and opens the borderô', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/financeiro/pagamento/bordero-pagamento');
    const painel = page.getByTestId('bordero-pagar');
    const linha = painel.locator('tr[data-pagamento]').filter({ has: page.locator('input[type=checkbox]:not([disabled])') }).first();
    await linha.waitFor({ timeout: 60_000 });
    const numero = (await linha.getAttribute('data-pagamento'))!;
    // the account of the demo's last borderô is the usual one
    await expect.poll(() => page.locator('#bd-bancoOrigem').inputValue()).toBe('001');
    // nothing chosen: the refusal beside the list, nothing sent
    await page.getByRole('button', { name: 'Registrar pagamento' }).click();
    await painel.getByText('Escolha ao menos um pagamento a pagar.').waitFor();
    await linha.locator('input[type=checkbox]').check();
    await page.screenshot({ path: join(SHOTS, 'bordero-pagar.png') });
    await page.getByRole('button', { name: 'Registrar pagamento' }).click();
    const card = page.locator('section[data-bordero]').filter({ has: page.locator(`tr[data-pagamento="${numero}"]`) });
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => painel.locator(`tr[data-pagamento="${numero}"]`).count()).toBe(0);
    const bordero = (await card.getAttribute('data-bordero'))!;
    await page.screenshot({ path: join(SHOTS, 'bordero-registrado.png') });

    await card.getByRole('link', { name: 'Abrir o relatório do borderô' }).click();
    await page.getByRole('heading', { name: /Borderô de Pagamento/ }).first().waitFor();
    await expect.poll(() => page.getByTestId('total').innerText(), { timeout: 30_000 }).toMatch(/^\d+ pagamentos? em 1 borderô$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').first().innerText()).toContain(`Borderô ${bordero}`);
    await page.getByText(numero, { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'bordero-relatorio.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rep140.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Borderô ${bordero}`);
    expect(text).toContain(numero);
    expect(text).toMatch(/Página 1 de \d+/);
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'rep140-pdf')]);
    await page.context().close();

    const celular = await newPage(browser, { width: 390, height: 844 });
    await loginUI(celular.page, 'operadora');
    await celular.page.goto('/financeiro/pagamento/bordero-pagamento');
    await celular.page.locator('section[data-bordero]').first().waitFor({ timeout: 60_000 });
    expect(await celular.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await celular.page.screenshot({ path: join(SHOTS, 'bordero-celular.png'), fullPage: false });
    // the DIRF income of the year on the phone: one group per provider, its months
    await celular.page.goto('/relatorio/dirf/rendimentos-prestadores');
    await expect.poll(() => celular.page.getByTestId('total').innerText(), { timeout: 30_000 }).toMatch(/^[\d.]+ (mês|meses) em [\d.]+ prestador(es)?$/);
    await celular.page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await celular.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await celular.page.screenshot({ path: join(SHOTS, 'rep121-celular.png') });
    await celular.context.close();

    // out of the regular run, on a desktop: the definition said on the screen
    const mesa = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(mesa.page, 'operadora');
    await mesa.page.goto('/relatorio/financeiro/bordero-pagamento-fora-folha');
    await mesa.page.getByText('Fora da folha: o pagamento creditado em outro dia que não o do seu vencimento', { exact: false }).first().waitFor();
    await expect.poll(() => mesa.page.getByTestId('total').innerText(), { timeout: 30_000 }).toMatch(/^[\d.]+ pagamentos? em [\d.]+ borderô/);
    await mesa.page.screenshot({ path: join(SHOTS, 'rep140-fora-folha.png') });
    await mesa.context.close();
  });
});
