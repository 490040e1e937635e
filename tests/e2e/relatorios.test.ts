import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginUI, newPage } from './browser';

/**
 * Reports in Chromium: the beneficiary finds rep075 from the tile home on a phone, filters by UF and specialty and
 * downloads the PDF (rendered to PNG to be looked at); the operator runs the grouped rep301 and downloads its XLSX.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const total = (page: Page) => page.getByTestId('total').innerText();

describe('relatórios', () => {
  it('the beneficiary opens the network guide from the tiles on a phone, filters it and downloads the PDF', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'beneficiario');
    await page.getByRole('link', { name: /^Relatórios/ }).first().click();
    await page.getByRole('link', { name: /^Rede Credenciada/ }).first().click();
    const heading = page.getByRole('heading', { name: /Rede Credenciada por Cidade e Especialidade/ });
    // the folder's tile, or the report's own when it is the only one the beneficiary sees there
    await page.getByRole('link', { name: /Rede Credenciada por Cidade e Especialidade/ }).or(heading).first().waitFor();
    if (!(await heading.isVisible())) await page.getByRole('link', { name: /Rede Credenciada por Cidade e Especialidade/ }).first().click();
    await heading.waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ prestadores em [\d.]+ cidades$/);
    const antes = Number((await total(page)).split(' ')[0].replace(/\./g, ''));

    await page.locator('#busca-uf').selectOption('MG');
    await page.locator('#busca-especialidade').fill('LOGISTA');
    await page.getByTestId('busca').getByRole('button', { name: 'Buscar' }).click();
    // the filters fold away on a phone once applied, and stay in the tab's address
    await expect.poll(() => page.getByTestId('busca').isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get('uf')).toBe('MG');
    // cardiologists, anaesthesiologists, pathologists… of MG: fewer than the whole guide, but some
    await expect.poll(async () => Number((await total(page)).split(' ')[0].replace(/\./g, ''))).toBeLessThan(antes);
    expect(Number((await total(page)).split(' ')[0].replace(/\./g, ''))).toBeGreaterThan(0);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').first().innerText()).toMatch(/ \/ MG$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'rep075-celular.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rep075.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Filtros: UF: MG · Especialidade contém: LOGISTA');
    expect(text).toContain('por Beatriz');
    expect(text).toMatch(/Página 1 de \d+/);
    execFileSync('pdftoppm', ['-r', '70', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'rep075-pdf')]);
    await page.context().close();
  });

  it('the operator runs the grouped report by product and age band and downloads the XLSX', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/relatorio/beneficiario/produto/faixa-etaria-produto?situacao=ATIVO');
    await page.getByRole('heading', { name: /Beneficiários por Produto e Faixa Etária/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ beneficiários em [\d.]+ produtos$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    // the chart: a bar per product
    await page.getByRole('img', { name: 'Beneficiários por produto' }).waitFor();
    expect(await page.locator('.rel-barras li').count()).toBe(Number((await total(page)).split(' em ')[1].split(' ')[0]));
    // scrolled to the end: the last rows are read as they come into view, and the grand total closes the list
    await page.locator('.rel-rolagem').evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await page.locator('.rel-total').waitFor();
    await expect.poll(() => page.locator('.rel-linha[data-carregando]').count()).toBe(0);
    expect(await page.locator('.rel-total').innerText()).toBe(`Total geral: ${(await total(page)).split(' em ')[0]}`);
    await page.screenshot({ path: join(SHOTS, 'rep301.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Excel (XLSX)' }).click()]);
    const file = join(SHOTS, 'rep301.xlsx');
    await download.saveAs(file);
    const sheet = strFromU8(unzipSync(new Uint8Array(readFileSync(file)))['xl/worksheets/sheet1.xml']);
    const n = Number((await total(page)).split(' ')[0].replace(/\./g, ''));
    expect(sheet).toContain(`Total geral: ${n.toLocaleString('pt-BR')} beneficiários`);
    expect(sheet.match(/Subtotal de /g)!.length).toBe(Number((await total(page)).split(' em ')[1].split(' ')[0]));
    await page.context().close();
  });

  it('a provider reads its own contracted price table without choosing the provider', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'prestador');
    await page.goto('/relatorio/rede-credenciada/prestador-tabela-preco-contratado');
    await page.getByRole('heading', { name: /Tabela de Preço Contratado do Prestador/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ procedimentos em [\d.]+ grupos$/);
    expect(await page.locator('#busca-prestador').count()).toBe(0);
    await page.locator('#busca-codigo').fill('4080');
    await page.getByTestId('busca').getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('codigo')).toBe('4080');
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-linha').first().innerText()).toMatch(/^4080/);
    expect(await page.locator('.rel-linha').first().innerText()).toMatch(/R\$/);
    await page.screenshot({ path: join(SHOTS, 'rep316-prestador.png') });
    await page.context().close();
  });

  it('a report with money totals and a chart fits a phone: the bars, the cards and the subtotals', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/relatorio/autorizacao/autorizacoes-situacao?inicio=01/01/2000&termino=31/12/2099');
    await page.getByRole('heading', { name: /Autorizações por Situação/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ solicitações em [\d.]+ situações/);
    expect(await page.locator('.lista-totais').innerText()).toMatch(/^Valor solicitado: R\$/);
    await page.getByRole('img', { name: 'Valor solicitado por situação (R$)' }).waitFor();
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'rep169-celular.png'), fullPage: true });
    await page.context().close();
  });

  it('the actuarial exposure, the SIB movement and the coparticipation forecast open with their figures, on a phone too', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/relatorio/beneficiario/atuarial/expostos-faixa-etaria?inicio=01/01/2025&termino=31/12/2025');
    await page.getByRole('heading', { name: /Expostos por Faixa Etária/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ planos por faixa em [\d.]+ faixas$/);
    await page.getByRole('img', { name: 'Beneficiários-mês por faixa etária' }).waitFor();
    expect(await page.locator('.lista-totais').innerText()).toMatch(/Beneficiários-mês: [\d.]+ · Solicitações: [\d.]+$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'rep312.png') });

    await page.goto('/relatorio/coparticipacao/coparticipacao-prevista?inicio=01/01/2024&termino=31/12/2099');
    await page.getByRole('heading', { name: /Coparticipação Prevista nas Autorizações/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ ite(m|ns) com coparticipação em [\d.]+ beneficiários?$/);
    expect(await page.locator('.lista-totais').innerText()).toMatch(/Coparticipação prevista: R\$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'rep090.png') });
    await page.context().close();

    const phone = await newPage(browser, { width: 390, height: 844 });
    await loginUI(phone.page, 'operadora');
    await phone.page.goto('/relatorio/beneficiario/sib/movimentacao-sib?inicio=01/01/2020&termino=31/12/2099');
    await phone.page.getByRole('heading', { name: /Movimentação do SIB por Competência/ }).waitFor();
    await expect.poll(() => total(phone.page)).toMatch(/^[\d.]+ movimentos? em [\d.]+ competências?$/);
    await phone.page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: join(SHOTS, 'rep321-celular.png') });
    await phone.page.context().close();
  });

  it('the administrator reviews the accounts profile by profile', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'admin');
    await page.goto('/relatorio/gerencia/logins-permissao');
    await page.getByRole('heading', { name: /Logins e Permissões/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ usuários por perfil em [\d.]+ perfis$/);
    await page.getByRole('img', { name: 'Usuários por perfil' }).waitFor();
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').first().innerText()).toMatch(/\(\d+ permissões\)/);
    await page.screenshot({ path: join(SHOTS, 'logins-permissao.png') });
    await page.context().close();
  });

  it('the network managers see the size of the network by UF and the data missing, and the debit notices are conferred against later payments', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/relatorio/rede-credenciada/gerencial-quantitativo-rede');
    await page.getByRole('heading', { name: /Gerencial Quantitativo da Rede/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ cidades em [\d.]+ UFs$/);
    await page.getByRole('img', { name: 'Prestadores em vigor por UF' }).waitFor();
    expect(await page.locator('.lista-totais').innerText()).toMatch(/^Pessoas físicas: [\d.]+ · Pessoas jurídicas: [\d.]+ · Com CNES: [\d.]+ · Total: [\d.]+$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'rep126.png') });

    await page.goto('/relatorio/rede-credenciada/rede-credenciada-pendencia-dados?pendencia=email');
    await page.getByRole('heading', { name: /Rede Credenciada com Pendência de Dados/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ prestador/);
    await page.screenshot({ path: join(SHOTS, 'rep078.png') });

    // the notices registered as sent (seeded) are conferred against the payments that followed them
    await page.goto('/relatorio/cobranca/conferencia-aviso-debito');
    await page.getByRole('heading', { name: /Conferência de Aviso de Débito/ }).waitFor();
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ títulos? notificados?/);
    await page.screenshot({ path: join(SHOTS, 'conferencia-aviso-debito.png') });
    await page.context().close();
  });
});
