import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/shared/lists/types';
import type { ReportSummary } from '../../src/shared/relatorios/define';
import type { ProdutoRede, RedeDoPrestador } from '../../src/shared/rps';
import type { MovimentoRpsRow } from '../../src/shared/rps/listas';
import { baseURL, DEMO_PASSWORD, launch, loginUI, newPage, toastTexts } from './browser';

/**
 * The network of each product in Chromium: Beatriz, on a phone, opens rep075 from the tile home, filters by city and
 * specialty, sees only her plan's network (the same figures the API gives the operator for her product, fewer than
 * the whole network) and downloads the PDF (page 1 rendered to PNG); the administrator includes a provider in a
 * product's network in Movimentos RPS and excludes it with a date and a reason.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.result as T;
}
const tokenOf = async (user: string) => (await api<{ token: string }>(null, 'POST', '/auth/token/issue', { userId: user, password: DEMO_PASSWORD })).token;

const total = (page: Page) => page.getByTestId('total').innerText();
const numero = async (page: Page) => Number((await total(page)).split(' ')[0].replace(/\./g, ''));
const br = (iso: string) => iso.split('-').reverse().join('/');
const somaDias = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('rede de cada produto', () => {
  it('the beneficiary finds her plan’s network on a phone, filters by city and specialty and downloads the PDF', async () => {
    const admin = await tokenOf('admin');
    const produtos = await api<ProdutoRede[]>(admin, 'GET', '/rps/produtos');
    const plano = produtos.find((p) => p.nome === 'Essencial Enfermaria')!;
    const rede = (q: string) => api<ReportSummary>(admin, 'GET', `/relatorios/rep075/grupos?${q}`);

    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'beneficiario');
    await page.getByRole('link', { name: /^Relatórios/ }).first().click();
    await page.getByRole('link', { name: /^Rede Credenciada/ }).first().click();
    const heading = page.getByRole('heading', { name: /Rede Credenciada por Cidade e Especialidade/ });
    // the folder's tile, or the report's own when it is the only one the beneficiary sees there
    await page.getByRole('link', { name: /Rede Credenciada por Cidade e Especialidade/ }).or(heading).first().waitFor();
    if (!(await heading.isVisible())) await page.getByRole('link', { name: /Rede Credenciada por Cidade e Especialidade/ }).first().click();
    await heading.waitFor();
    await expect.poll(() => page.getByTestId('rel-nota').innerText()).toBe(`Rede do plano ${plano.nome} (registro ANS ${plano.registroAns})`);
    await expect.poll(() => total(page)).toMatch(/^[\d.]+ prestadores em [\d.]+ cidades$/);
    // her plan's network, not the whole one
    expect(await numero(page)).toBe((await rede(`produto=${plano.id}`)).total);
    expect(await numero(page)).toBeLessThan((await rede('')).total);
    // a plan is not a filter she can choose
    expect(await page.locator('#busca-produto').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'rede-plano-celular.png') });

    await page.locator('#busca-cidade').fill('Belo Horizonte');
    await page.locator('#busca-especialidade').fill('clínico');
    await page.getByTestId('busca').getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('cidade')).toBe('Belo Horizonte');
    const q = 'cidade=Belo%20Horizonte&especialidade=cl%C3%ADnico';
    const esperado = (await rede(`produto=${plano.id}&${q}`)).total;
    expect(esperado).toBeGreaterThan(0);
    await expect.poll(() => numero(page)).toBe(esperado);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-grupo').first().innerText()).toBe('Belo Horizonte / MG');
    // the demo clinic of Belo Horizonte is in her plan
    await expect.poll(() => page.locator('.rel-linha', { hasText: 'Clínica Santa Luzia Ltda' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'rede-plano-filtrada-celular.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rede-plano.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Filtros: Cidade contém: Belo Horizonte · Especialidade contém: clínico · Rede do plano ${plano.nome}`);
    expect(text).toContain('por Beatriz');
    expect(text).toContain('Clínica Santa Luzia Ltda');
    expect(text).toContain(`Total geral: ${esperado.toLocaleString('pt-BR')} prestador`);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(SHOTS, 'rede-plano-pdf')]);
    await page.context().close();
  });

  it('the administrator includes a provider in a product’s network and excludes it with a date and a reason', async () => {
    const admin = await tokenOf('admin');
    const produtos = await api<ProdutoRede[]>(admin, 'GET', '/rps/produtos');
    const odonto = produtos.find((p) => p.nome === 'Odonto Clássico')!;
    // Clínica Santa Luzia (its id from its movements in the medical plans): from a day after any period it already had in the dental
    // plan (a retry of this test finds the first try's), an open one closed first
    const id = (await api<ListPage<MovimentoRpsRow>>(admin, 'GET', '/rps/movimentos?prestador=100001&limit=1')).rows[0].prestadorId;
    let rede = await api<RedeDoPrestador>(admin, 'GET', `/rps/prestadores/${id}/rede`);
    const hoje = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const aberto = rede.vinculos.find((v) => v.produtoId === odonto.id && v.fim == null);
    if (aberto) await api(admin, 'POST', `/rps/vinculos/${aberto.id}/exclusao`, { data: br(somaDias(aberto.inicio > hoje ? aberto.inicio : hoje, 1)), motivo: '6', version: aberto.version });
    rede = await api<RedeDoPrestador>(admin, 'GET', `/rps/prestadores/${id}/rede`);
    const ultimaSaida = rede.vinculos.filter((v) => v.produtoId === odonto.id && v.fim).map((v) => v.fim!).sort().pop();
    const inicio = ultimaSaida && ultimaSaida > hoje ? ultimaSaida : hoje;
    const saida = somaDias(inicio, 30);

    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'admin');
    await page.goto('/ans-operadora/rps/movimentos-rps');
    await page.getByRole('heading', { name: 'Movimentos RPS' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'movimentos-rps.png') });

    await page.getByRole('link', { name: 'Incluir na rede' }).click();
    const form = page.getByTestId('form-inclusao-rede');
    await form.waitFor();
    // nothing chosen: the refusals beside their fields, in Portuguese
    await form.getByRole('button', { name: 'Incluir na rede' }).click();
    await expect.poll(() => form.locator('[data-erro=prestadorId]').innerText()).toBe('Informe o prestador.');
    expect(await form.locator('[data-erro=produtos]').innerText()).toBe('Informe ao menos um produto.');

    await form.getByRole('button', { name: 'Selecionar…' }).click();
    const dialog = page.locator('.prest-dialog');
    await dialog.locator('#prestador-termo').fill('Clínica Santa Luzia');
    const item = dialog.locator('.prest-item', { hasText: 'Clínica Santa Luzia Ltda' });
    await item.waitFor({ timeout: 15_000 });
    await item.locator('input[type=radio]').check();
    await dialog.getByTestId('prestador-selecionar').click();
    await dialog.waitFor({ state: 'detached' });
    // where it already is: the medical plans, which cannot be checked again
    await expect.poll(() => form.getByTestId('rps-vigencia').innerText()).toContain('100001 · Clínica Santa Luzia Ltda');
    const apto = form.getByRole('checkbox', { name: /Essencial Apartamento/ });
    await expect.poll(() => apto.isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: /Odonto Clássico/ }).check();
    await form.locator('#rps-data').fill(br(inicio));
    await form.locator('#rps-observacao').fill('Atendimento odontológico de urgência na clínica');
    await page.screenshot({ path: join(SHOTS, 'movimentos-rps-inclusao.png') });
    await form.getByRole('button', { name: 'Incluir na rede' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Clínica Santa Luzia Ltda incluído na rede de 1 produto.'));

    // back on the list: the inclusion, pending, with its exclusion button
    await page.getByRole('heading', { name: 'Movimentos RPS' }).waitFor();
    const linha = page.locator('tbody tr', { hasText: 'Clínica Santa Luzia Ltda' }).filter({ hasText: 'Odonto Clássico' }).filter({ hasText: br(inicio) });
    await linha.first().waitFor();
    expect(await linha.first().innerText()).toContain('Pendente de envio');
    await linha.first().getByRole('button', { name: 'Excluir da rede' }).click();
    const exc = page.getByTestId('form-exclusao-rede');
    await exc.waitFor();
    await exc.locator('#rps-exc-data').fill(br(saida));
    await exc.getByRole('button', { name: 'Excluir da rede' }).click();
    await expect.poll(() => exc.locator('[data-erro=motivo]').innerText()).toBe('Informe o motivo da exclusão.');
    await exc.locator('#rps-exc-motivo').selectOption('6');
    await page.screenshot({ path: join(SHOTS, 'movimentos-rps-exclusao.png') });
    await exc.getByRole('button', { name: 'Excluir da rede' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Clínica Santa Luzia Ltda excluído da rede do produto Odonto Clássico.'));
    const saiu = page.locator('tbody tr', { hasText: 'Clínica Santa Luzia Ltda' }).filter({ hasText: 'Inclusão indevida' }).filter({ hasText: br(saida) });
    await saiu.first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'movimentos-rps-depois.png') });
    await page.context().close();

    const cel = await newPage(browser, { width: 390, height: 844 });
    await loginUI(cel.page, 'admin');
    await cel.page.goto('/ans-operadora/rps/movimentos-rps');
    await cel.page.getByRole('heading', { name: 'Movimentos RPS' }).waitFor();
    await cel.page.getByText('Clínica Santa Luzia Ltda').first().waitFor();
    expect(await cel.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await cel.page.screenshot({ path: join(SHOTS, 'movimentos-rps-celular.png') });
    await cel.page.context().close();
  });
});
