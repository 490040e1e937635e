import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import { linha } from '../../src/shared/processos/layout';
import { CNAB_HEADER_ARQUIVO, CNAB_HEADER_LOTE, CNAB_SEGMENTO_T, CNAB_SEGMENTO_U, CNAB_TRAILER_ARQUIVO, CNAB_TRAILER_LOTE } from '../../src/shared/processos/recebiveis';
import { launch, loginUI, newPage } from './browser';

/**
 * The receivables on their job screens: the competência's boletos issued and downloaded as a PDF (rendered with
 * pdftoppm), and the CNAB 240 remittance of the titles just issued, run on a phone, its layout on the screen.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('recebíveis nas telas de processos', () => {
  it('issues the competência’s titles and downloads their boletos', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/boleto-lote');
    await page.getByRole('heading', { name: 'Exportar Boletos em Lote' }).waitFor();
    // the client's check, in Portuguese, beside the field
    await page.locator('#campo-convenio').fill('123');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-convenio-erro').innerText()).not.toBe('');
    await page.locator('#campo-convenio').fill('2874561');

    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 30_000 }).toMatch(/títulos? novos? (será|serão) emitidos?/);
    await page.screenshot({ path: join(SHOTS, 'boleto-lote.png') });

    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 120_000 }).toBe('concluida');
    await page.screenshot({ path: join(SHOTS, 'boleto-lote-concluido.png') });
    const [pdf] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar boletos-\d{6}\.pdf/ }).click()]);
    const pdfFile = join(SHOTS, 'boletos.pdf');
    await pdf.saveAs(pdfFile);
    expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfFile, join(SHOTS, 'boletos')]);
    const texto = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(texto).toMatch(/\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/);
    await page.context().close();
  });

  it('sends the open titles to the bank in a CNAB 240 remittance, on a phone', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/remessa-recebimento-banco');
    await page.getByRole('heading', { name: 'Exportar Remessa de Recebimento Bancário' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'remessa-celular-inicio.png') });
    await page.getByText('Layout: CNAB 240 FEBRABAN v10.11 — remessa de cobrança').click();
    await expect(page.getByRole('cell', { name: 'Nosso número (identificação do título no banco)' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 30_000 }).toMatch(/títulos? em aberto (será|serão) registrados? no banco/);
    await page.screenshot({ path: join(SHOTS, 'remessa-celular-topo.png') });
    await previa.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'remessa-celular.png') });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [rem] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar CB\d+-\d{6}\.txt/ }).click()]);
    const file = join(SHOTS, 'remessa.txt');
    await rem.saveAs(file);
    const linhas = readFileSync(file, 'latin1').split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 240)).toBe(true);
    expect(linhas[0].slice(0, 8)).toBe('00100000');
    expect(linhas.at(-1)!.slice(0, 8)).toBe('00199999');
    await run.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'remessa-celular-concluida.png') });
    await page.context().close();
  });

  it('records the payments of the bank’s CNAB 240 return, after its preview', async () => {
    // the return of the remittance just sent: its first title settled, the bank's way (segments T and U)
    const remessa = readFileSync(join(SHOTS, 'remessa.txt'), 'latin1').split('\r\n').filter(Boolean);
    const p = remessa[2];
    const cnpj = remessa[0].slice(18, 32);
    const nossoNumero = p.slice(37, 57).trim();
    const valor = Number(p.slice(85, 100));
    // the operator's day (São Paulo): from 21:00 there the UTC date is already tomorrow, a payment in the future
    const hoje = todayIso();
    const cc = { banco: '001', cnpj, convenio: '2874561', agencia: '3064', agenciaDv: '3', conta: '40122', contaDv: '7' };
    const ret = [
      linha(CNAB_HEADER_ARQUIVO(false), { ...cc, empresa: 'OPERADORA', nomeBanco: 'BANCO DO BRASIL S.A.', geracao: hoje, hora: 70000, nsa: 901 }),
      linha(CNAB_HEADER_LOTE(false), { ...cc, numeroRemessa: 901, gravacao: hoje }),
      linha(CNAB_SEGMENTO_T, { ...cc, lote: '0001', sequencial: 1, movimento: '06', nossoNumero, carteira: 1, valor }),
      linha(CNAB_SEGMENTO_U, { banco: '001', lote: '0001', sequencial: 2, movimento: '06', valorPago: valor, valorLiquido: valor, dataOcorrencia: hoje, dataCredito: hoje }),
      linha(CNAB_TRAILER_LOTE, { banco: '001', registros: 4 }),
      linha(CNAB_TRAILER_ARQUIVO, { banco: '001', lotes: 1, registros: 6 }),
    ];
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/financeiro/recebimento/remessas-recebimentos');
    await page.getByRole('heading', { name: 'Remessas de Recebimentos' }).waitFor();
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-arquivo-erro').innerText()).toBe('Escolha o arquivo a importar.');
    await page.locator('#campo-arquivo').setInputFiles({ name: 'retorno.txt', mimeType: 'text/plain', buffer: Buffer.from(`${ret.join('\r\n')}\r\n`, 'latin1') });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 20_000 }).toMatch(/^Retorno 901: 1 pagamento será registrado/);
    await page.screenshot({ path: join(SHOTS, 'retorno-cnab.png') });
    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [csv] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar retorno-901-\d+\.csv/ }).click()]);
    const file = join(SHOTS, 'retorno.csv');
    await csv.saveAs(file);
    expect(readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[1]).toContain(`${nossoNumero};06;`);
    expect(readFileSync(file, 'utf8')).toContain('REGISTRADO');
    await page.screenshot({ path: join(SHOTS, 'retorno-cnab-concluido.png') });
    await page.context().close();
  });
});
