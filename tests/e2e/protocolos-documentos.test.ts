import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

const tabTitles = (page: Page) => page.locator('.tabstrip .tab-title').allInnerTexts();
const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');

describe('Protocolos de Documentos', () => {
  it('the desk registers a document, gets its number, forwards it, concludes it and finds it in the list by number', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/protocolos-documentos');
      await linhas(page).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/protocolos-lista.png` });

      // the list's own "new" button opens the register form in the same tab
      await activePanel(page).getByRole('link', { name: 'Novo protocolo' }).click();
      const form = activePanel(page).locator('[data-testid=form-protocolo]');
      await form.waitFor();

      // sent empty: what is missing shows beside each field, nothing is sent
      await form.getByRole('button', { name: 'Protocolar' }).click();
      await expect.poll(() => form.locator('[data-erro]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.erro))).toEqual(['beneficiarioId', 'tipoDocumento', 'assunto', 'setorId']);
      expect(await form.locator('[data-erro=assunto]').innerText()).toBe('Informe o assunto.');

      // a beneficiary from the registry, a future date refused on the client with the shared schema's message
      await escolher(page, '#prot-beneficiarioId', 'Beatriz Alm', 'Beatriz Almeida Souza');
      await form.locator('#prot-tipoDocumento').selectOption('REQUERIMENTO');
      await form.locator('#prot-assunto').fill('Reembolso de sessões de fisioterapia (E2E)');
      await form.locator('#prot-folhas').fill('3');
      await form.locator('#prot-recebidoEm').fill('01/01/2099');
      await form.locator('#prot-canal').selectOption('EMAIL');
      await form.locator('#prot-setorId').focus();
      await expect.poll(() => form.locator('#prot-setorId option').count()).toBeGreaterThan(3);
      await form.locator('#prot-setorId').selectOption({ label: 'Cadastro' });
      await form.getByRole('button', { name: 'Protocolar' }).click();
      await expect.poll(() => form.locator('[data-erro=recebidoEm]').innerText()).toBe('A data de recebimento não pode ser futura.');
      const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await form.locator('#prot-recebidoEm').fill(hoje);
      await page.screenshot({ path: `${SHOTS}/protocolos-formulario.png` });
      await form.getByRole('button', { name: 'Protocolar' }).click();

      // the protocol opens in the same tab, named after its number
      const reg = activePanel(page).locator('[data-testid=protocolo]');
      await reg.waitFor();
      const numero = await reg.locator('[data-testid=numero]').innerText();
      expect(numero).toMatch(/^\d{4}\/\d{6}$/);
      await expect.poll(() => tabTitles(page)).toContain(`Protocolo ${numero}`);
      expect(await reg.locator('h1 [data-testid=status]').innerText()).toBe('Protocolado');
      expect(await reg.locator('[data-testid=remetente]').innerText()).toBe('Beatriz Almeida Souza');
      expect(await reg.locator('[data-testid=setor]').innerText()).toBe('Cadastro');
      // only what the status allows: forward or cancel
      const botoes = () => reg.locator('.prot-botoes button').evaluateAll((bs) => bs.map((b) => (b.firstChild?.textContent ?? '').trim()));
      expect(await botoes()).toEqual(['Encaminhar ao setor', 'Cancelar']);

      // forwarded with the shortcut, to another sector
      await reg.locator('#prot-encaminhar-setor').focus();
      await expect.poll(() => reg.locator('#prot-encaminhar-setor option').count()).toBeGreaterThan(3);
      await reg.locator('#prot-encaminhar-setor').selectOption({ label: 'Financeiro' });
      await reg.locator('#prot-nota').fill('Conferir recibos e pedido médico.');
      await page.keyboard.press('Alt+s');
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Em análise');
      expect(await reg.locator('[data-testid=setor]').innerText()).toBe('Financeiro');
      expect(await botoes()).toEqual(['Concluir', 'Devolver', 'Cancelar']);

      // returning needs a reason: refused beside the note, nothing changes
      await page.keyboard.press('Alt+v');
      await expect.poll(() => reg.locator('[data-erro=nota]').innerText()).toBe('Informe o motivo da devolução.');
      expect(await reg.locator('h1 [data-testid=status]').innerText()).toBe('Em análise');

      // concluded: no action is left, the history tells every step
      await reg.locator('#prot-nota').fill('Reembolso liberado no lote de pagamento.');
      await page.keyboard.press('Alt+c');
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Concluído');
      expect(await reg.locator('.prot-acoes-form').count()).toBe(0);
      const passos = await reg.locator('.prot-historico tbody tr').evaluateAll((trs) => trs.map((t) => (t as HTMLElement).dataset.acao));
      expect(passos).toEqual(['registrar', 'encaminhar', 'concluir']);
      expect(await reg.locator('.prot-historico').innerText()).toContain('Olívia Operadora');
      await page.screenshot({ path: `${SHOTS}/protocolos-registro.png` });

      // back to the list: found by its number, with its status chip; Enter opens it here, Ctrl+Enter in a new tab
      await reg.getByRole('button', { name: 'Lista' }).click();
      const busca = activePanel(page).locator('form[role=search]');
      await busca.waitFor();
      await busca.locator('input[name=numero]').fill(numero);
      await busca.locator('button[type=submit]').click();
      await expect.poll(() => linhas(page).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('numero')).toBe(numero);
      expect(await linhas(page).first().locator('[data-testid=status]').innerText()).toBe('Concluído');
      await linhas(page).first().locator('td').nth(1).click();
      await page.keyboard.press('Control+Enter');
      await expect.poll(async () => (await tabTitles(page)).filter((x) => x === `Protocolo ${numero}`).length).toBe(1);
      await expect.poll(async () => (await tabTitles(page)).length).toBeGreaterThanOrEqual(2);
      await activePanel(page).locator('[data-testid=protocolo]').waitFor();
      expect(await activePanel(page).locator('[data-testid=numero]').innerText()).toBe(numero);
    } finally {
      await context.close();
    }
  }, 120_000);
});
