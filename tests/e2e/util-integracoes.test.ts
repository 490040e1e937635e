import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel } from './autorizacoes-helpers';

/**
 * The §2.7 analyses built for issue 13 as the operator uses them: Beneficiários de Integrações (the HR file's records,
 * one change compared with the registry and applied), Análise do SIP (the quarter's figures and a rule's records),
 * and a look at the external audit's lots, the interchange authorizations and the CMIS queue. Desktop 1400×900 and
 * phone 390×844.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(() => browser?.close());

const fitsWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');

describe('Beneficiários de Integrações', () => {
  it('lists the received movements, compares a change with the registry and applies it', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'beneficiários de integrações', 'Beneficiários de Integrações');
      await page.waitForURL((u) => u.pathname === '/util/analise/beneficiarios-integracoes');
      const panel = activePanel(page);
      await expect.poll(() => linhas(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
      expect(await panel.locator('.util-vistas [role=tab][aria-selected=true]').innerText()).toBe('Registros recebidos');
      // the seeded lot: a refused line says why, in the list itself
      expect(await panel.locator('.lista-tabela tbody').innerText()).toContain('CPF inválido: os dígitos verificadores não conferem.');
      await page.screenshot({ path: `${SHOTS}/integracoes-beneficiarios-1400.png` });

      // a pending change opens beside the registry: the fields it changes are marked
      const alteracao = linhas(page).filter({ hasText: 'Alteração' }).filter({ hasText: 'Pendente' }).first();
      // the first column is the record's link (a click elsewhere in the row only selects it)
      await alteracao.locator('td').first().getByRole('link').click();
      await page.waitForURL((u) => !!u.searchParams.get('id'));
      await expect.poll(() => panel.getByTestId('diferencas').locator('tr[data-muda=sim]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await panel.getByTestId('efeito').innerText()).toMatch(/^Altera no cadastro de .+ os campos que mudam\.$/);
      await page.screenshot({ path: `${SHOTS}/integracoes-registro-1400.png` });
      await panel.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => panel.locator('.util-registro header [data-testid=status]').innerText(), { timeout: 15_000 }).toBe('Aplicado');
      expect(await panel.getByTestId('efeito').innerText()).toBe('Cadastro alterado com os campos recebidos.');
      expect(await panel.getByRole('button', { name: 'Aplicar' }).count()).toBe(0);

      // the import view: the command's run, with the file's layout
      await panel.getByRole('button', { name: 'Lista' }).click();
      await panel.getByRole('tab', { name: 'Importar arquivo' }).click();
      await page.waitForURL((u) => u.searchParams.has('importar'));
      await expect.poll(() => panel.locator('.job-layout summary').first().innerText(), { timeout: 15_000 }).toBe('Layout: Movimentação de beneficiários do sistema de RH (CSV)');
      await page.screenshot({ path: `${SHOTS}/integracoes-importar-1400.png` });
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'operadora');
      await page.goto('/util/analise/beneficiarios-integracoes?situacao=PENDENTE');
      await expect.poll(() => activePanel(page).locator('.lista-cartoes > *, .lista-tabela tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/integracoes-beneficiarios-390.png` });
    } finally {
      await context.close();
    }
  });
});

describe('Análise do SIP', () => {
  it('shows the quarter’s figures per item and lists the records a rule keeps out', async () => {
    for (const [width, height] of [
      [1400, 900],
      [390, 844],
    ]) {
      const { context, page } = await newPage(browser, { width, height });
      try {
        await loginUI(page, 'operadora');
        await page.waitForSelector('.tabstrip', { state: 'attached' });
        await openFromPalette(page, 'análise do sip', 'Análise do SIP');
        await page.waitForURL((u) => u.pathname === '/util/analise/analise-sip' && !!u.searchParams.get('trimestre'));
        const panel = activePanel(page);
        await expect.poll(() => panel.getByTestId('sip-quadro').locator('tr.sip-item').count(), { timeout: 20_000 }).toBe(7);
        expect(await panel.getByTestId('sip-base').innerText()).toMatch(/^[\d.]+ registros no \dº trimestre de \d{4}/);
        expect(Number((await panel.getByTestId('sip-autorizados').innerText()).replace(/\./g, ''))).toBeGreaterThan(0);
        await page.screenshot({ path: `${SHOTS}/analise-sip-${width}.png`, fullPage: width < 500 });
        const card = panel.locator('.sib-regra[data-regra=fora-da-vigencia]');
        await card.click();
        await page.waitForURL((u) => u.searchParams.get('regra') === 'fora-da-vigencia');
        expect(await card.getAttribute('aria-pressed')).toBe('true');
        if (width > 1000) await page.screenshot({ path: `${SHOTS}/analise-sip-regra-${width}.png` });
        expect(await fitsWidth(page)).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});

describe('lotes de auditoria, intercâmbio e CMIS', () => {
  it('open as real screens over the demo data', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.goto('/util/analise/lote-integracao-auditoria');
      await expect.poll(() => linhas(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await linhas(page).first().locator('td').first().getByRole('link').click();
      await expect.poll(() => activePanel(page).getByTestId('itens-lote').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/lotes-auditoria-1400.png` });

      await page.goto('/util/analise/autorizacoes-intercambio');
      await expect.poll(() => linhas(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await activePanel(page).locator('.lista-tabela tbody').innerText()).toContain('Em movimento');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-intercambio-1400.png` });

      await page.goto('/util/integracao-cmis');
      await expect.poll(() => activePanel(page).getByTestId('cmis-situacao').innerText(), { timeout: 20_000 }).toBe('Repositório CMIS não configurado (CMIS_URL): o documento aguarda na fila.');
      await expect.poll(() => linhas(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/integracao-cmis-1400.png` });
    } finally {
      await context.close();
    }
  });
});
