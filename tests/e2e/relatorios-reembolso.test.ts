import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import { formatMoney } from '../../src/shared/money';
import { api, sendPdf, token } from './autorizacoes-helpers';
import { launch, loginUI, newPage } from './browser';

/**
 * The reimbursement reports in Chromium: requests made through the API (the titular asks, the operator protocols,
 * analyses and releases one and denies another); the operator reads the analytic report grouped by beneficiary on a
 * desktop and the processing conference on a phone, and downloads the receipt of the released request as a PDF
 * (rendered to PNG to be looked at).
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const total = (page: Page) => page.getByTestId('total').innerText();
const HOJE = todayIso();
const PERIODO = `inicio=${isoToBr(somarDias(HOJE, -1))}&termino=${isoToBr(HOJE)}`;

/** Asks, as the titular, a reimbursement for themself; then takes the operator's steps. */
async function pedido(dias: number, valorPago: number, passos: { tela: string; acao: string; nota?: string }[]) {
  const tb = await token('beneficiario');
  const to = await token('operadora');
  const [proc] = (await api<{ id: number }[]>(tb, '/reembolsos/procedimentos?termo=10101012')).result;
  const r = await api<{ id: number; protocolo: string }>(tb, '/reembolsos', {
    profissionalNome: 'Dra. Helena Prado Nunes',
    profissionalConselho: 'CRM',
    // a professional of this run: the same care asked twice is refused
    profissionalNumero: String(Date.now()).slice(-6),
    profissionalUf: 'MG',
    profissionalDocumento: generateCpf().replace(/\D/g, ''),
    procedimentoId: proc.id,
    quantidade: 1,
    dataAtendimento: isoToBr(somarDias(HOJE, -dias)),
    valorPago,
    anexos: [await sendPdf(tb, 'recibo.pdf')],
  });
  expect(r.status).toBe(201);
  for (const p of passos) {
    const d = await api<{ version: number }>(to, `/reembolsos/${p.tela}/${r.result.id}`);
    const s = await api<{ status: string }>(to, `/reembolsos/${p.tela}/${r.result.id}/passo`, { acao: p.acao, version: d.result.version, ...(p.nota ? { nota: p.nota } : {}) });
    expect(s.status).toBe(200);
  }
  return r.result;
}

describe('relatórios de reembolso', () => {
  it('the operator reads the analytic report and the processing conference, and downloads a receipt as PDF', async () => {
    const liberado = await pedido(2, 90_00, [
      { tela: 'protocolos', acao: 'protocolar' },
      { tela: 'analises', acao: 'analisar' },
      { tela: 'analises', acao: 'liberar' },
    ]);
    const negado = await pedido(4, 150_00, [
      { tela: 'protocolos', acao: 'protocolar' },
      { tela: 'protocolos', acao: 'negar', nota: 'Recibo sem o CPF do profissional.' },
    ]);

    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto(`/relatorio/protocolo/reembolso/analitico-reembolso?${PERIODO}`);
    await page.getByRole('heading', { name: /Analítico de Reembolso/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toMatch(/^[\d.]+ pedidos? em [\d.]+ beneficiários?$/);
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    await expect.poll(() => page.locator('.rel-rolagem').innerText()).toContain(liberado.protocolo);
    expect(await page.locator('.rel-rolagem').innerText()).toContain(negado.protocolo);
    expect(await page.locator('.rel-grupo').first().innerText()).toMatch(/ · \d{16}$/);
    await page.screenshot({ path: join(SHOTS, 'rep064.png') });

    // the receipt of one protocol, as the PDF document
    await page.goto(`/relatorio/protocolo/reembolso/comprovante-devolucao?protocolo=${liberado.protocolo}`);
    await page.getByRole('heading', { name: /Comprovante de Devolução/ }).waitFor();
    await expect.poll(() => total(page), { timeout: 30_000 }).toBe('1 comprovante');
    await page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    expect(await page.locator('.rel-linha').first().innerText()).toContain(liberado.protocolo);
    await page.screenshot({ path: join(SHOTS, 'rep107.png') });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'PDF' }).click()]);
    const pdf = join(SHOTS, 'rep107.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('Comprovante de Devolução de Despesa (Reembolso)');
    expect(text).toContain(liberado.protocolo);
    expect(text).toContain(`Valor pago pelo beneficiário`);
    expect(text).toContain(formatMoney(90_00).replace(/\u00a0/g, ' '));
    expect(text).toContain('Página 1 de 1');
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', pdf, join(SHOTS, 'rep107-pdf')]);
    await page.context().close();

    // the processing conference on a phone: grouped by situation, no sideways scroll
    const phone = await newPage(browser, { width: 390, height: 844 });
    await loginUI(phone.page, 'operadora');
    await phone.page.goto(`/relatorio/protocolo/reembolso/conferencia-processamento-reembolso?${PERIODO}`);
    await phone.page.getByRole('heading', { name: /Conferência de Processamento de Reembolso/ }).waitFor();
    await expect.poll(() => total(phone.page), { timeout: 30_000 }).toMatch(/^[\d.]+ pedidos? em [\d.]+ situaç(ão|ões)$/);
    await phone.page.locator('.rel-linha:not([data-carregando])').first().waitFor();
    const grupos = await phone.page.locator('.rel-grupo').allInnerTexts();
    expect(grupos).toEqual(expect.arrayContaining(['Liberado', 'Negado']));
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: join(SHOTS, 'rep269-celular.png') });
    await phone.page.context().close();
  });

  it('the provider is not offered the provider filter of its own lots (rep061); rep144 shows its values in reais whole at 1400 px', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'prestador');
    await page.goto('/relatorio/protocolo/prestador/lote-sintetico');
    await page.getByRole('heading', { name: /Lote Sintético/ }).waitFor();
    await page.getByTestId('busca').getByRole('button', { name: 'Buscar' }).waitFor();
    expect(await page.getByTestId('busca').innerText()).not.toMatch(/Prestador/);
    expect(await page.locator('#busca-prestador').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'rep061-prestador.png') });
    await page.context().close();

    const op = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(op.page, 'operadora');
    await op.page.goto('/relatorio/faturamento/glosas-motivo');
    await op.page.getByRole('heading', { name: /Glosas por Motivo/ }).waitFor();
    // the operator is offered it
    await op.page.locator('#busca-prestador').waitFor();
    await op.page.locator('.rel-linha:not([data-carregando])').first().waitFor({ timeout: 30_000 });
    // every money cell on screen shows its whole value (nothing cut by an ellipsis)
    const cortadas = await op.page.locator('.rel-linha span.num').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cortadas).toEqual([]);
    await op.page.screenshot({ path: join(SHOTS, 'rep144.png') });
    await op.page.context().close();
  });
});
