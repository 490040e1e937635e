import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AutorizacaoLinha } from '../../src/shared/autorizacoes';
import type { ListPage } from '../../src/shared/lists/types';
import { launch, loginUI, newPage } from './browser';
import { activePanel, api, escolher, token } from './autorizacoes-helpers';

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

describe('Atendimentos', () => {
  it('the attendant registers a phone contact about an authorization, gets the 20-digit protocol, concludes it and finds it in the list', async () => {
    // a seeded request and its beneficiary (picked by the exact card: one answer)
    const [aut] = (await api<ListPage<AutorizacaoLinha>>(await token('operadora'), '/autorizacoes?limit=1')).result.rows;
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/operadora/atendimentos');
      await linhas(page).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/atendimentos-lista.png` });

      await activePanel(page).getByRole('link', { name: 'Novo atendimento' }).click();
      const form = activePanel(page).locator('[data-testid=form-atendimento]');
      await form.waitFor();
      expect(await form.innerText()).toContain('Atendente: Olívia Operadora');

      // sent empty: what is missing shows beside each field, nothing is sent
      await form.getByRole('button', { name: 'Registrar atendimento' }).click();
      await expect.poll(() => form.locator('[data-erro]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.erro))).toEqual(['beneficiarioId', 'motivo', 'descricao']);
      expect(await form.locator('[data-erro=descricao]').innerText()).toBe('Descreva o atendimento.');

      await escolher(page, '#atd-beneficiarioId', aut.carteirinha, aut.beneficiarioNome);
      expect(await form.locator('#atd-canal').inputValue()).toBe('TELEFONE');
      await form.locator('#atd-motivo').selectOption('AUTORIZACAO');
      // yesterday's call, registered now (the protocol still carries today); an end before the start is refused on the
      // client with the shared schema's message
      const ontem = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 86_400_000));
      await form.locator('#atd-data').fill(ontem);
      await form.locator('#atd-horaInicio').fill('00:10');
      await form.locator('#atd-horaFim').fill('00:05');
      await form.locator('#atd-autorizacao').fill(aut.numero);
      await form.locator('#atd-descricao').fill('Beneficiário pergunta o andamento da solicitação; informado o status e o prazo de resposta.');
      await form.getByRole('button', { name: 'Registrar atendimento' }).click();
      await expect.poll(() => form.locator('[data-erro=horaFim]').innerText()).toBe('O término deve ser depois do início.');
      await form.locator('#atd-horaFim').fill('00:18');
      expect(await form.locator('[data-testid=duracao-digitada]').innerText()).toBe('8 min');
      await page.screenshot({ path: `${SHOTS}/atendimentos-formulario.png` });
      await form.getByRole('button', { name: 'Registrar atendimento' }).click();

      // the contact opens in the same tab, named after its protocol: 20 digits (registro ANS + AAAAMMDD + sequence)
      const reg = activePanel(page).locator('[data-testid=atendimento]');
      await reg.waitFor();
      const protocolo = await reg.locator('h1 [data-testid=protocolo]').innerText();
      expect(protocolo).toMatch(/^\d{20}$/);
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).replaceAll('-', '');
      expect(protocolo.slice(6, 14)).toBe(hoje);
      await expect.poll(() => tabTitles(page)).toContain(`Atendimento ${protocolo}`);
      expect(await reg.locator('h1 [data-testid=status]').innerText()).toBe('Em andamento');
      expect(await reg.locator('[data-testid=pessoa]').innerText()).toBe(aut.beneficiarioNome);
      expect(await reg.locator('[data-testid=autorizacao]').innerText()).toBe(`Guia nº ${aut.numero}`);
      expect(await reg.locator('[data-testid=duracao]').innerText()).toBe('8 min');
      const botoes = () => reg.locator('.atd-botoes button').evaluateAll((bs) => bs.map((b) => (b.firstChild?.textContent ?? '').trim()));
      expect(await botoes()).toEqual(['Concluir', 'Cancelar']);

      // concluding needs the outcome: refused beside it, then concluded with the shortcut
      await page.keyboard.press('Alt+c');
      await expect.poll(() => reg.locator('[data-erro=resultado]').innerText()).toBe('Informe o resultado do atendimento.');
      await reg.locator('#atd-resultado').selectOption('RESOLVIDO');
      await page.keyboard.press('Alt+c');
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Concluído');
      expect(await reg.locator('[data-testid=resultado]').innerText()).toBe('Resolvido no contato');
      expect(await botoes()).toEqual(['Reabrir']);
      const passos = await reg.locator('.atd-historico tbody tr').evaluateAll((trs) => trs.map((t) => (t as HTMLElement).dataset.acao));
      expect(passos).toEqual(['registrar', 'concluir']);
      await page.screenshot({ path: `${SHOTS}/atendimentos-registro.png`, fullPage: true });

      // back to the list: found by its protocol, with its status chip and duration
      await reg.getByRole('button', { name: 'Lista' }).click();
      const busca = activePanel(page).locator('form[role=search]');
      await busca.waitFor();
      await busca.locator('input[name=protocolo]').fill(protocolo);
      await busca.locator('button[type=submit]').click();
      await expect.poll(() => linhas(page).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('protocolo')).toBe(protocolo);
      expect(await linhas(page).first().locator('[data-testid=status]').innerText()).toBe('Concluído');
      expect(await linhas(page).first().innerText()).toContain('8 min');
      await page.screenshot({ path: `${SHOTS}/atendimentos-busca.png` });

      // the phone's width: the list as cards, the form and the record in one column
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/atendimentos-busca-celular.png` });
      await linhas(page).first().locator('td').nth(1).click();
      await page.keyboard.press('Enter');
      await activePanel(page).locator('[data-testid=atendimento]').waitFor();
      await page.screenshot({ path: `${SHOTS}/atendimentos-registro-celular.png`, fullPage: true });
      await page.goto('/operadora/atendimentos?novo=1');
      await activePanel(page).locator('[data-testid=form-atendimento]').waitFor();
      await page.screenshot({ path: `${SHOTS}/atendimentos-formulario-celular.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 150_000);
});
