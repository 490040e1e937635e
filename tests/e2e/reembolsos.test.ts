import { mkdirSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { somarDias } from '../../src/shared/dias-uteis';
import { launch, loginUI, newPage } from './browser';
import { activePanel, escolher } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');
/** A small real PDF: the receipt the titular scans. */
const RECIBO = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** Opens the one row the list shows for the protocol (Enter on it) and waits for the request. */
async function abrir(page: Page, path: string, protocolo: string) {
  await page.goto(`${path}?protocolo=${protocolo}`);
  await expect.poll(() => linhas(page).count(), { timeout: 30_000 }).toBe(1);
  await linhas(page).first().locator('td').nth(1).click();
  await page.keyboard.press('Enter');
  const reg = activePanel(page).locator('[data-testid=reembolso]');
  await reg.waitFor();
  return reg;
}

describe('Reembolso', () => {
  it('the titular on a phone asks a reimbursement with a PDF receipt; the operator protocols, analyses and releases it; the titular sees "Liberado" with the amount', async () => {
    // a professional of this run (a retry is another care: the same care twice is refused)
    const cpf = generateCpf();
    const crm = String(Date.now()).slice(-6);
    const dia = isoToBr(somarDias(todayIso(), -2));

    // 1. the titular, 390×844: the form, a refusal beside the field, the receipt and the protocol
    const b = await newPage(browser, { width: 390, height: 844 });
    let protocolo: string;
    let id: number;
    try {
      await loginUI(b.page, 'beneficiario');
      await b.page.waitForSelector('.tabstrip', { state: 'attached' });
      await b.page.goto('/principal/faturamento/solicitacoes-reembolso?novo=1');
      const form = activePanel(b.page).locator('[data-testid=form-reembolso]');
      await form.waitFor();
      // the family's members to choose from (no search of the whole base)
      await expect.poll(() => form.locator('#reb-beneficiarioId option').allInnerTexts()).toEqual(expect.arrayContaining([DEMO_PESSOAS.titular.nome, DEMO_PESSOAS.dependente.nome]));
      await form.locator('#reb-beneficiarioId').selectOption({ label: DEMO_PESSOAS.dependente.nome });
      await form.locator('#reb-dataAtendimento').fill(dia);
      await escolher(b.page, '#reb-procedimentoId', '10101012', '10101012 – Consulta em consultório (no horário normal ou preestabelecido)');
      await form.locator('#reb-valorPago').fill('250,005');
      await form.locator('#reb-profissionalNome').fill('Dra. Marina Teixeira Rocha');
      await form.locator('#reb-profissionalNumero').fill(crm);
      await form.locator('#reb-profissionalDocumento').fill(cpf);
      // three decimals and no receipt: refused beside their fields, nothing sent
      await form.getByRole('button', { name: 'Enviar pedido' }).click();
      await expect.poll(() => form.locator('[data-erro=valorPago]').innerText()).toBe('Valor pago inválido: use reais com até duas casas decimais (ex.: 350,00).');
      expect(await form.locator('[data-erro=anexos]').innerText()).toBe('Anexe o recibo ou a nota fiscal do atendimento.');
      await form.locator('#reb-valorPago').fill('250,00');
      await form.locator('input[type=file]').setInputFiles({ name: 'recibo-consulta-davi.pdf', mimeType: 'application/pdf', buffer: RECIBO });
      await expect.poll(() => form.innerText()).toContain('recibo-consulta-davi.pdf');
      // the phone shows the form without sideways scrolling
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await b.page.screenshot({ path: `${SHOTS}/reembolso-formulario-celular.png`, fullPage: true });
      await form.getByRole('button', { name: 'Enviar pedido' }).click();

      const recibo = activePanel(b.page).locator('[data-testid=recibo]');
      await recibo.waitFor();
      protocolo = await recibo.locator('[data-testid=protocolo]').innerText();
      expect(protocolo).toMatch(/^\d{20}$/);
      expect(await recibo.innerText()).toContain(`Pedido de reembolso registrado sob o protocolo nº ${protocolo}.`);
      await b.page.screenshot({ path: `${SHOTS}/reembolso-recibo-celular.png`, fullPage: true });
      await recibo.getByRole('button', { name: 'Acompanhar este pedido' }).click();
      const reg = activePanel(b.page).locator('[data-testid=reembolso]');
      await reg.waitFor();
      id = Number(await reg.getAttribute('data-id'));
      expect(await reg.locator('h1').innerText()).toContain('Solicitado');
      expect(await reg.locator('[data-testid=valor]').innerText()).toBe('R$\u00a0250,00');
      // the family may only withdraw it
      expect(await reg.locator('.reb-botoes button').evaluateAll((bs) => bs.map((x) => (x.firstChild?.textContent ?? '').trim()))).toEqual(['Desistir da solicitação']);
    } finally {
      await b.context.close();
    }

    // 2. the operator, 1400×900: the desk protocols (Alt+P), the billing staff analyse (Alt+A) and release (Alt+L)
    const o = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(o.page, 'operadora');
      await o.page.waitForSelector('.tabstrip', { state: 'attached' });
      // the desk starts from the requests waiting for their protocol
      await o.page.goto('/principal/faturamento/protocolos-recebimentos-reembolsos');
      await expect.poll(() => linhas(o.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(new URL(o.page.url()).searchParams.get('status')).toBe('SOLICITADO');
      await o.page.screenshot({ path: `${SHOTS}/reembolso-protocolos.png` });
      // the table fits the window: its right edge inside it
      expect(await activePanel(o.page).locator('.lista-tabela').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(1400);
      let reg = await abrir(o.page, '/principal/faturamento/protocolos-recebimentos-reembolsos', protocolo);
      expect(Number(await reg.getAttribute('data-id'))).toBe(id);
      expect(await reg.locator('[data-testid=anexos]').innerText()).toContain('recibo-consulta-davi.pdf');
      await o.page.keyboard.press('Alt+p');
      await expect.poll(() => reg.locator('h1').innerText(), { timeout: 20_000 }).toContain('Protocolado');

      reg = await abrir(o.page, '/principal/faturamento/faturamentos-reembolsos', protocolo);
      const botoes = () => reg.locator('.reb-botoes button').evaluateAll((bs) => bs.map((x) => (x.firstChild?.textContent ?? '').trim()));
      expect(await botoes()).toEqual(['Analisar e precificar', 'Negar']);
      await o.page.keyboard.press('Alt+a');
      await expect.poll(() => reg.locator('h1').innerText(), { timeout: 20_000 }).toContain('Analisado');
      // the demo family's plan reimburses the CBHPM fee (consultation: porte 2B, R$ 90,00) once: less than what was paid
      expect(await reg.locator('[data-testid=valor]').innerText()).toBe('R$\u00a090,00');
      expect(await reg.locator('[data-testid=motivo]').innerText()).toBe('Liberado');
      expect(await reg.locator('.reb-passos').innerText()).toContain('Porte de honorário 2B');
      await o.page.screenshot({ path: `${SHOTS}/reembolso-analise.png`, fullPage: true });
      expect(await botoes()).toEqual(['Liberar reembolso', 'Negar']);
      await o.page.keyboard.press('Alt+l');
      await expect.poll(() => reg.locator('h1').innerText(), { timeout: 20_000 }).toContain('Liberado');
      await o.page.screenshot({ path: `${SHOTS}/reembolso-liberado.png`, fullPage: true });
    } finally {
      await o.context.close();
    }

    // 3. the titular, on the phone again: "Liberado" with the amount
    const c = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(c.page, 'beneficiario');
      await c.page.waitForSelector('.tabstrip', { state: 'attached' });
      await c.page.goto('/principal/faturamento/solicitacoes-reembolso');
      await expect.poll(() => linhas(c.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await c.page.screenshot({ path: `${SHOTS}/reembolso-lista-celular.png` });
      await c.page.goto(`/principal/faturamento/solicitacoes-reembolso?id=${id}`);
      const reg = activePanel(c.page).locator('[data-testid=reembolso]');
      await reg.waitFor();
      expect(await reg.locator('h1').innerText()).toContain('Liberado');
      expect(await reg.locator('[data-testid=motivo]').innerText()).toBe('Liberado');
      expect(await reg.locator('[data-testid=valor]').innerText()).toBe('R$\u00a090,00');
      // the operator's steps read as the operator's
      expect(await reg.locator('.reb-historico').innerText()).toContain('Operadora');
      expect(await c.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await c.page.screenshot({ path: `${SHOTS}/reembolso-liberado-celular.png`, fullPage: true });
    } finally {
      await c.context.close();
    }
  }, 180_000);
});
