import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linha } from '../../src/shared/processos/layout';
import { LAYOUT_BRASINDICE } from '../../src/shared/processos/precos';
import { launch, loginUI, newPage, openFromPalette, toastTexts } from './browser';

/**
 * Prices in the browser: Cálculo de Procedimento (provider from the selection dialog, procedure by autocomplete, the
 * rules applied as a table; the urgency hour checked beside its field) at desktop and phone size, and the Brasíndice
 * import on the job screen (file chosen, preview with the refused lines, confirmation, the run's report).
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function escolherPrestador(page: Page, nome: string) {
  await page.getByRole('button', { name: 'Selecionar…' }).click();
  const dialog = page.locator('.prest-dialog');
  await dialog.locator('#prestador-termo').fill(nome);
  const item = dialog.locator('.prest-item', { hasText: nome }).first();
  await item.waitFor({ timeout: 15_000 });
  await item.locator('input[type=radio]').check();
  await dialog.getByTestId('prestador-selecionar').click();
  await dialog.waitFor({ state: 'detached' });
}
async function escolherProcedimento(page: Page, codigo: string) {
  await page.locator('#campo-procedimento').fill(codigo);
  // the exact TUSS code finds the one procedure (the option shows its description)
  const opcao = page.getByRole('option').first();
  await opcao.waitFor({ timeout: 15_000 });
  await opcao.click();
}
const cabeNaJanela = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('cálculo de procedimento', () => {
  it('prices a procedure for a provider and shows each rule applied', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.waitForSelector('.tabstrip', { state: 'attached' });
    await openFromPalette(page, 'cálculo de procedimento', 'Cálculo de Procedimento');
    await page.getByRole('heading', { name: 'Cálculo de Procedimento' }).waitFor();
    await expect(page.getByText('não foi construída').count()).resolves.toBe(0);

    // the client's checks, in Portuguese, beside each field
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect.poll(() => page.locator('#campo-prestador-erro').innerText()).toBe('O campo Prestador é obrigatório.');
    await expect(page.locator('#campo-procedimento-erro').innerText()).resolves.toBe('O campo Procedimento TUSS é obrigatório.');

    await escolherPrestador(page, 'Clínica Santa Luzia');
    await escolherProcedimento(page, '40304361');
    await page.locator('#campo-data').fill('10/03/2025');
    await page.getByRole('button', { name: 'Calcular' }).click();
    const resultado = page.getByRole('status', { name: 'Resultado do cálculo' });
    await expect.poll(() => resultado.innerText(), { timeout: 15_000 }).toContain('Valor de referência do procedimento 40304361');
    await expect(resultado.innerText()).resolves.toContain('Classe de preço CP04 – Clínicas credenciadas');
    await expect(resultado.innerText()).resolves.toContain('× 1,0500');

    // urgency needs the hour; on a Saturday the weekend fee applies
    await page.locator('#campo-urgencia').check();
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect.poll(() => page.locator('#campo-hora-erro').innerText()).toBe('Informe a hora do atendimento: a taxa de urgência depende dela.');
    await page.locator('#campo-hora').fill('10:30');
    await page.locator('#campo-data').fill('15/03/2025');
    await page.locator('#campo-viaAcesso').selectOption('2');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect.poll(() => resultado.innerText(), { timeout: 15_000 }).toContain('Taxa de urgência: Fim de semana e feriados');
    await expect(resultado.innerText()).resolves.toContain('Via de acesso: Mesma via, técnica convencional');
    await expect(resultado.getByRole('row').count()).resolves.toBe(5);
    expect(await cabeNaJanela(page)).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'calculo-procedimento.png'), fullPage: true });

    // a rule the tables do not declare is refused with the reason
    await page.locator('#campo-grauParticipacao').selectOption('05');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect.poll(() => page.locator('.rf-banner').innerText()).toBe('Não há percentual de função executante em vigência para Instrumentador em 15/03/2025.');
  });

  it('fits a phone, each rule as a card', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/analise/calculo-procedimento');
    await page.getByRole('heading', { name: 'Cálculo de Procedimento' }).waitFor();
    await escolherPrestador(page, 'Clínica Santa Luzia');
    await escolherProcedimento(page, '10101012');
    await page.locator('#campo-data').fill('10/03/2025');
    await page.locator('#campo-quantidade').fill('2');
    await page.getByRole('button', { name: 'Calcular' }).click();
    const resultado = page.getByRole('status', { name: 'Resultado do cálculo' });
    await expect.poll(() => resultado.innerText(), { timeout: 15_000 }).toContain('Quantidade');
    expect(await cabeNaJanela(page)).toBe(true);
    await resultado.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'calculo-procedimento-celular.png'), fullPage: true });
  });
});

describe('atualização do brasíndice na tela de processos', () => {
  it('imports a price file: preview with refused lines, confirmation, report', async () => {
    const reg = LAYOUT_BRASINDICE.registros[0];
    const nova = linha(reg, { tipo: 'MAT', codigoLaboratorio: '412', codigoItem: '07731', codigoApresentacao: '0002', codigoTuss: '', descricao: 'Cateter intravenoso periférico 22G', laboratorio: 'BD', apresentacao: 'Unidade estéril', pmc: 412, pf: 298, edicao: '202601', vigencia: '2026-01-15' });
    const outra = linha(reg, { tipo: 'MAT', codigoLaboratorio: '412', codigoItem: '07731', codigoApresentacao: '0003', codigoTuss: '', descricao: 'Cateter intravenoso periférico 24G', laboratorio: 'BD', apresentacao: 'Unidade estéril', pmc: 430, pf: 311, edicao: '202601', vigencia: '2026-01-15' });
    const arquivo = join(tmpdir(), 'brasindice-202601.txt');
    writeFileSync(arquivo, `${nova}\r\n${outra}\r\n${outra.slice(0, 120)}\r\n`, 'latin1');

    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/brasindice');
    await page.getByRole('heading', { name: 'Atualização do Brasíndice' }).waitFor();
    await page.getByText('Layout: Arquivo de preços do Brasíndice').click();
    await expect(page.getByRole('cell', { name: 'Código do laboratório no Brasíndice' }).isVisible()).resolves.toBe(true);
    await page.locator('#campo-arquivo').setInputFiles(arquivo);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 15_000 }).toContain('3 linhas: 2 apresentações novas, 0 alteradas e 0 sem alteração; 1 linha recusada.');
    await expect(previa.innerText()).resolves.toContain('Linha 3: tem 120 posições; o layout tem 237.');
    await page.screenshot({ path: join(SHOTS, 'brasindice.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Confirmação' }));
    await expect(confirm.innerText()).resolves.toContain('Executar Atualização do Brasíndice? 3 linhas: 2 apresentações novas');
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^Atualização do Brasíndice: concluíd/));
    const item = page.locator('.jobs-item').first();
    await item.getByRole('button', { name: /^Baixar brasindice-\d+\.csv/ }).waitFor({ timeout: 10_000 });
    const registro = item.locator('button[aria-expanded]');
    if ((await registro.getAttribute('aria-expanded')) !== 'true') await registro.click();
    await expect.poll(() => item.innerText(), { timeout: 10_000 }).toContain('2 apresentações incluídas, 0 alteradas, 0 sem alteração');
    await expect(item.innerText()).resolves.toContain('Linha 3: tem 120 posições; o layout tem 237.');
    await page.screenshot({ path: join(SHOTS, 'brasindice-concluido.png'), fullPage: true });

    // the new presentation is on the Brasíndice Materiais grid
    await page.goto('/contrato/tabela/brasindice/brasindice-materiais?descricao=CATETER');
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('CATETER INTRAVENOSO PERIFERICO 22G - UNIDADE ESTERIL');
  });
});

describe('recálculo de atendimento na tela de processos', () => {
  it('reprices the open authorizations of the last 30 days: preview with the difference, run, CSV and PDF', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/recalculo-atendimento');
    await page.getByRole('heading', { name: 'Recálculo de Atendimento' }).waitFor();
    const br = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    await page.locator('#campo-inicio').fill(br(new Date(Date.now() - 30 * 86_400_000)));
    await page.locator('#campo-fim').fill(br(new Date()));
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 20_000 }).toMatch(/\d+ de \d+ autorizações abertas mudam de valor; diferença total de [+-]R\$\s[\d.]+,\d{2}\./);
    await expect(previa.innerText()).resolves.toMatch(/Guia \d+ · .+ · R\$\s[\d.]+,\d{2} → R\$\s[\d.]+,\d{2}/);
    await page.screenshot({ path: join(SHOTS, 'recalculo-atendimento.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Confirmação' }));
    await expect(confirm.innerText()).resolves.toMatch(/Executar Recálculo de Atendimento\? \d+ de \d+ autorizações abertas mudam de valor/);
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => toastTexts(page), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^Recálculo das autorizações abertas de .*: concluíd/));
    const item = page.locator('.jobs-item').first();
    await item.getByRole('button', { name: /^Baixar recalculo-\d+\.pdf/ }).waitFor({ timeout: 10_000 });
    await expect(item.getByRole('button', { name: /^Baixar recalculo-\d+\.csv/ }).count()).resolves.toBe(1);
    // run again: nothing left to reprice
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => previa.innerText(), { timeout: 20_000 }).toMatch(/já estão com os preços das tabelas em vigência: nada a alterar\./);
    await page.screenshot({ path: join(SHOTS, 'recalculo-atendimento-concluido.png'), fullPage: true });
  });
});
