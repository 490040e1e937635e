import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel, token } from './autorizacoes-helpers';

/**
 * Usuários (Acesso › Usuários): the administrator opens the list from the palette, reads each account's roles as
 * chips, its link and its last access; filters by role; a period of last access that ends before it starts is
 * refused beside its field; rows open nothing (no record screen yet); on a phone each account is a card; an
 * operator is denied.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  // a few accounts logged in today, so their last access shows
  for (const u of ['operadora', 'prestador', 'beneficiario', 'auditor']) await token(u);
}, 60_000);
afterAll(() => browser?.close());

describe('Usuários', () => {
  it('the administrator lists the accounts with roles, link and last access, and filters by role', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'usuarios', 'Usuários');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/usuarios');
      const panel = activePanel(page);
      const linhas = panel.locator('.lista-tabela tbody tr');
      await expect.poll(() => linhas.count(), { timeout: 15_000 }).toBeGreaterThan(5);
      // by login
      const logins = await panel.locator('.lista-tabela tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => td.querySelector('.lista-cel')!.firstChild!.textContent));
      expect(logins).toEqual([...logins].sort());
      const benef = panel.locator('.lista-tabela tbody tr', { hasText: 'Beatriz Beneficiária' });
      const texto = await benef.innerText();
      expect(texto).toContain('Beneficiário');
      expect(texto).toContain('Beatriz Almeida Souza');
      expect(texto).toContain('Ativo');
      expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(await panel.locator('[data-testid=total]').innerText()).toMatch(/\d+ usuários/);
      // no record screen: a double click leaves the address as it was
      await benef.dblclick();
      expect(new URL(page.url()).search).toBe('');
      // the table fits the window: nothing runs off to the right
      const caixa = (await panel.locator('.lista-tabela').boundingBox())!;
      expect(caixa.x + caixa.width).toBeLessThanOrEqual(1400);
      await page.screenshot({ path: `${SHOTS}/usuarios-1400.png` });

      // a period of last access that ends before it starts: refused beside the field, the address unchanged
      await panel.locator('#busca-acessoDe').fill('10/05/2026');
      await panel.locator('#busca-acessoAte').fill('01/05/2026');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => panel.locator('.field-error').allInnerTexts()).toEqual(['O período termina antes de começar.']);
      expect(new URL(page.url()).search).toBe('');
      await panel.locator('#busca-acessoDe').fill('');
      await panel.locator('#busca-acessoAte').fill('');

      await panel.locator('#busca-papel').selectOption('operadora');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((u) => u.searchParams.get('papel') === 'operadora');
      await expect
        .poll(() => panel.locator('.lista-tabela tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => td.querySelector('.lista-cel')!.firstChild!.textContent)), { timeout: 10_000 })
        .toEqual(['expirado', 'forte', 'operadora', 'ura']);
      // an expired password says so: the seed expires Ernesto's, but an earlier test file may have changed it since
      // (the e2e files share one server), so the chip must follow the date the row shows
      const col = (await panel.locator('.lista-tabela thead th').allInnerTexts()).findIndex((h) => h.trim() === 'Senha expira em');
      expect(col).toBeGreaterThan(0);
      const cel = await panel.locator('.lista-tabela tbody tr', { hasText: 'Ernesto Expirado' }).locator('td').nth(col).innerText();
      const [, d, m, a, hm = '00:00'] = /(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}:\d{2}))?/.exec(cel) ?? [];
      const vencida = !!a && new Date(`${a}-${m}-${d}T${hm}:00-03:00`).getTime() <= Date.now();
      if (vencida) expect(cel).toContain('Expirada');
      else expect(cel).not.toContain('Expirada');
      await page.screenshot({ path: `${SHOTS}/usuarios-1400-operadora.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('on a phone each account is a card', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/usuarios');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(5);
      const card = panel.locator('.lista-tabela tbody tr', { hasText: 'Paulo Prestador' });
      await card.scrollIntoViewIfNeeded();
      const texto = await card.innerText();
      // each value beside its column's name (the name is drawn by CSS from data-label)
      expect(await card.locator('td[data-label="Papéis"]').innerText()).toBe('Prestador');
      expect(texto).toContain('Clínica Santa Luzia Ltda');
      // a long e-mail breaks inside its card: the page does not scroll sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/usuarios-390.png`, fullPage: true });
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/usuarios-390-tela.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('is refused to an operator: access denied', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'operadora');
      await page.goto('/cadastro/acesso/usuarios');
      await page.waitForURL((u) => u.pathname === '/acesso-negado');
    } finally {
      await context.close();
    }
  }, 60_000);
});
