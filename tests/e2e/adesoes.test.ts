import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { launch, loginUI, newPage } from './browser';
import { activePanel } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');
/** A small real PDF: the birth certificate the titular scans. */
const CERTIDAO = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');
const DEPENDENTE = 'Cecília Almeida Souza';

describe('Adesão Dependente Familiar', () => {
  it('the titular on a phone asks to add a daughter with her certificate; the operator approves; the titular sees the new card', async () => {
    // 1. the titular, 390×844
    const b = await newPage(browser, { width: 390, height: 844 });
    let protocolo: string;
    let id: number;
    try {
      await loginUI(b.page, 'beneficiario');
      await b.page.waitForSelector('.tabstrip', { state: 'attached' });
      await b.page.goto('/principal/solicitacoes-adesoes?novo=1');
      const form = activePanel(b.page).locator('[data-testid=form-adesao]');
      await form.waitFor();
      // a titular asks for their own family: no titular picker
      expect(await form.locator('#ade-titularId').count()).toBe(0);

      // a wrong CPF and no documents are refused beside their fields
      await form.locator('#ade-nome').fill(DEPENDENTE);
      await form.locator('#ade-cpf').fill('123.456.789-00');
      await form.locator('#ade-dataNascimento').fill('09/07/2022');
      await form.locator('#ade-sexo').selectOption('3');
      await form.locator('#ade-relacaoDependencia').selectOption('4');
      await form.locator('#ade-nomeMae').fill(DEMO_PESSOAS.titular.nome);
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect.poll(() => form.locator('[data-campo=cpf] .field-error').innerText()).toBe('CPF inválido: os dígitos verificadores não conferem.');
      expect(await form.locator('[data-erro=anexos]').innerText()).toBe('Anexe os documentos do dependente (certidão de nascimento ou casamento, RG, CPF).');
      await form.locator('#ade-cpf').fill('286.351.740-62');
      await form.locator('input[type=file]').setInputFiles({ name: 'certidao-cecilia.pdf', mimeType: 'application/pdf', buffer: CERTIDAO });
      await expect.poll(() => form.innerText()).toContain('certidao-cecilia.pdf');
      await b.page.screenshot({ path: `${SHOTS}/adesao-formulario-celular.png`, fullPage: true });
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();

      const recibo = activePanel(b.page).locator('[data-testid=recibo]');
      await recibo.waitFor();
      protocolo = await recibo.locator('[data-testid=protocolo]').innerText();
      expect(protocolo).toMatch(/^\d{20}$/);
      expect(await recibo.innerText()).toContain(`Solicitação de adesão registrada sob o protocolo nº ${protocolo}.`);
      await b.page.screenshot({ path: `${SHOTS}/adesao-recibo-celular.png`, fullPage: true });
      await recibo.getByRole('button', { name: 'Acompanhar esta solicitação' }).click();
      const reg = activePanel(b.page).locator('[data-testid=adesao]');
      await reg.waitFor();
      id = Number(await reg.getAttribute('data-id'));
      expect(await reg.locator('h1 [data-testid=status]').innerText()).toBe('Aguardando análise');
      // the titular may only withdraw it
      expect(await reg.locator('.ade-botoes button').evaluateAll((bs) => bs.map((x) => (x.firstChild?.textContent ?? '').trim()))).toEqual(['Desistir da solicitação']);
    } finally {
      await b.context.close();
    }

    // 2. the operator, 1400×900: the queue, the documents, the approval (Alt+A)
    const o = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(o.page, 'operadora');
      await o.page.waitForSelector('.tabstrip', { state: 'attached' });
      await o.page.goto('/principal/solicitacoes-adesoes?status=SOLICITADA');
      await expect.poll(() => linhas(o.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await o.page.screenshot({ path: `${SHOTS}/adesao-lista.png` });
      // the table fits the window
      const largura = await activePanel(o.page).locator('.lista-tabela').evaluate((el) => el.scrollWidth);
      expect(largura).toBeLessThanOrEqual(1400);
      await o.page.goto(`/principal/solicitacoes-adesoes?protocolo=${protocolo}`);
      await expect.poll(() => linhas(o.page).count(), { timeout: 30_000 }).toBe(1);
      await linhas(o.page).first().locator('td').nth(1).click();
      await o.page.keyboard.press('Enter');
      const reg = activePanel(o.page).locator('[data-testid=adesao]');
      await reg.waitFor();
      expect(Number(await reg.getAttribute('data-id'))).toBe(id);
      expect(await reg.locator('[data-testid=anexos]').innerText()).toContain('certidao-cecilia.pdf');
      expect(await reg.locator('[data-testid=titular]').innerText()).toContain(DEMO_PESSOAS.titular.nome);
      const botoes = () => reg.locator('.ade-botoes button').evaluateAll((bs) => bs.map((x) => (x.firstChild?.textContent ?? '').trim()));
      expect(await botoes()).toEqual(['Aprovar e incluir o dependente', 'Recusar']);
      await o.page.screenshot({ path: `${SHOTS}/adesao-analise.png`, fullPage: true });
      await o.page.keyboard.press('Alt+a');
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText(), { timeout: 20_000 }).toBe('Aprovada');
      const matricula = await reg.locator('[data-testid=matricula]').innerText();
      expect(matricula.slice(0, 8)).toBe(DEMO_PESSOAS.titular.matricula.slice(0, 8));
      expect((await reg.locator('[data-testid=carteirinha]').innerText()).replace(/\D/g, '').slice(4, 14)).toBe(matricula);
      await o.page.screenshot({ path: `${SHOTS}/adesao-aprovada.png`, fullPage: true });
      // the staff's own form: the titular is chosen
      await o.page.goto('/principal/solicitacoes-adesoes?novo=1');
      await activePanel(o.page).locator('#ade-titularId').waitFor();
      await o.page.screenshot({ path: `${SHOTS}/adesao-formulario-equipe.png`, fullPage: true });
    } finally {
      await o.context.close();
    }

    // 3. the titular reads the approval and the new card; the new dependent is on the family's list
    const c = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(c.page, 'beneficiario');
      await c.page.waitForSelector('.tabstrip', { state: 'attached' });
      await c.page.goto(`/principal/solicitacoes-adesoes?id=${id}`);
      const reg = activePanel(c.page).locator('[data-testid=adesao]');
      await reg.waitFor();
      expect(await reg.locator('h1 [data-testid=status]').innerText()).toBe('Aprovada');
      expect(await reg.locator('[data-testid=carteirinha]').innerText()).toMatch(/^\d{4} \d{4} \d{4} \d{4}/);
      // the operator's decision reads as the operator's, not the attendant's name
      expect(await reg.locator('.ade-historico').innerText()).toContain('Operadora');
      expect(await reg.locator('.ade-historico').innerText()).not.toContain('Olívia');
      await c.page.screenshot({ path: `${SHOTS}/adesao-aprovada-celular.png`, fullPage: true });
      await c.page.goto('/principal/solicitacoes-adesoes');
      await expect.poll(() => linhas(c.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await c.page.screenshot({ path: `${SHOTS}/adesao-lista-celular.png` });
      await c.page.goto('/cadastro/beneficiarios');
      await expect.poll(() => activePanel(c.page).innerText(), { timeout: 30_000 }).toContain(DEPENDENTE);
    } finally {
      await c.context.close();
    }
  }, 180_000);
});
