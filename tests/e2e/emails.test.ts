import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage, openFromPalette, toastTexts } from './browser';

/**
 * Envio de E-mail a Prestador on the job screen, end to end: opened from the palette, the client's checks, the provider
 * chosen in the selection dialog, the preview, confirmation, the run (no SMTP on the test server: the message waits
 * in the outbox and the log says so) and the CSV of the messages; at desktop and phone size.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('envio de e-mail a prestador na tela de processos', () => {
  it('writes the message to the chosen provider: checks, preview, confirmation, log and CSV', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.waitForSelector('.tabstrip', { state: 'attached' });
    await openFromPalette(page, 'envio de e-mail a prestador', 'Envio de E-mail a Prestador');
    await page.getByRole('heading', { name: 'Envio de E-mail a Prestador' }).waitFor();
    await expect(page.getByText('não foi construída').count()).resolves.toBe(0);
    await expect(page.getByText('{nome} é trocado pelo nome de cada prestador.').first().isVisible()).resolves.toBe(true);

    // the client's checks, in Portuguese, beside each field
    await page.getByRole('button', { name: 'Executar' }).click();
    await expect.poll(() => page.locator('#campo-prestador-erro').innerText()).toBe('O campo Prestador é obrigatório.');
    await expect(page.locator('#campo-assunto-erro').innerText()).resolves.toBe('O campo Assunto é obrigatório.');
    await expect(page.locator('#campo-corpo-erro').innerText()).resolves.toBe('O campo Mensagem é obrigatório.');

    await page.getByRole('button', { name: 'Selecionar…' }).click();
    const dialog = page.locator('.prest-dialog');
    await dialog.locator('#prestador-termo').fill('Clínica Santa Luzia');
    const item = dialog.locator('.prest-item', { hasText: 'Clínica Santa Luzia Ltda' });
    await item.waitFor({ timeout: 15_000 });
    await item.locator('input[type=radio]').check();
    await dialog.getByTestId('prestador-selecionar').click();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.locator('#campo-prestador').inputValue()).resolves.toBe('100001 · Clínica Santa Luzia Ltda');
    await page.locator('#campo-assunto').fill('Recadastramento de {nome}');
    await page.locator('#campo-corpo').fill('Prezados da {nome},\n\nPedimos a atualização do cadastro até o fim do mês.\n\nAtenciosamente,\nCredenciamento');

    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toContain('A mensagem irá para Clínica Santa Luzia Ltda, no e-mail contato@santaluzia.example.');
    await expect(previa.innerText()).resolves.toContain('Assunto: Recadastramento de Clínica Santa Luzia Ltda');
    await page.screenshot({ path: join(SHOTS, 'envio-email-prestador.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Confirmação' }));
    await expect(confirm.innerText()).resolves.toContain('Executar Envio de E-mail a Prestador? A mensagem irá para Clínica Santa Luzia Ltda');
    await confirm.getByRole('button', { name: 'Sim' }).click();

    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^E-mail a prestador: Recadastramento de …: concluíd/));
    const log = run.getByRole('list', { name: /^Registro de / });
    await expect.poll(() => log.innerText(), { timeout: 10_000 }).toContain('Servidor de e-mail (SMTP) não configurado: 1 mensagem ficou pendente na caixa de saída.');
    await page.screenshot({ path: join(SHOTS, 'envio-email-prestador-concluido.png'), fullPage: true });

    const [csv] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar emails-\d+\.csv/ }).click()]);
    const file = join(SHOTS, 'emails.csv');
    await csv.saveAs(file);
    const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(';'));
    expect(lines).toHaveLength(2);
    expect(lines[1].slice(1, 6)).toEqual(['100001', 'Clínica Santa Luzia Ltda', 'contato@santaluzia.example', 'Recadastramento de Clínica Santa Luzia Ltda', 'Pendente']);
    await page.context().close();
  });

  it('the mass e-mail screen previews the active providers of a UF', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/email-prestador-ativo');
    await page.getByRole('heading', { name: 'E-mail para Prestadores Ativos' }).waitFor();
    await page.locator('#campo-uf').selectOption('MG');
    await page.locator('#campo-assunto').fill('Nova tabela de preços');
    await page.locator('#campo-corpo').fill('Prezado(a) {nome}, a nova tabela vale a partir do mês que vem.');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/\d+ prestadores receberão a mensagem\./);
    await expect(previa.locator('li').first().innerText()).resolves.toMatch(/ · \S+@\S+$/);
    await page.screenshot({ path: join(SHOTS, 'email-prestador-ativo.png'), fullPage: true });
    await page.context().close();
  });

  it('fits a phone: the form in one column and the run history below', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/envio-email-prestador');
    await page.getByRole('heading', { name: 'Envio de E-mail a Prestador' }).waitFor();
    await page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'envio-email-prestador-celular.png'), fullPage: true });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
