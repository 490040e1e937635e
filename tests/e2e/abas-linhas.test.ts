import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';

/** Ctrl+click on a queue's row opens its record in exactly one new tab (the row and the page-wide link handler must not both act). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const tabTitles = (page: Page) => page.locator('.tabstrip .tab-title').allInnerTexts();

async function queue(page: Page) {
  await loginUI(page, 'auditor');
  await page.goto('/principal/autorizacao/auditoria/auditoria-medica?inicio=01/01/2000');
  await page.waitForSelector('tbody tr[data-id]');
  return (await tabTitles(page)).length;
}

describe('Ctrl+click on a queue row', () => {
  it('on a cell without a link, and on the row link, opens one new tab each', async () => {
    const { context, page } = await newPage(browser);
    try {
      const antes = await queue(page);
      const rows = page.locator('.ws-panel:not([hidden]) tbody tr[data-id]');
      await rows.nth(0).locator('td').nth(2).click({ modifiers: ['Control'] });
      await expect.poll(() => tabTitles(page).then((t) => t.length)).toBe(antes + 1);
      await page.waitForTimeout(400); // a second handler would open its tab right after
      expect((await tabTitles(page)).length).toBe(antes + 1);
      if ((await rows.count()) > 1 && (await rows.nth(1).locator('td a').count())) {
        await rows.nth(1).locator('td a').first().click({ modifiers: ['Control'] });
        await expect.poll(() => tabTitles(page).then((t) => t.length)).toBe(antes + 2);
        await page.waitForTimeout(400);
        expect((await tabTitles(page)).length).toBe(antes + 2);
      }
      await page.screenshot({ path: '/tmp/ux19-abas.png' });
    } finally {
      await context.close();
    }
  });
});

describe('an empty SP/SADT request', () => {
  it("answers with the app's pt-BR messages, not the browser's bubble", async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'prestador');
      await page.goto('/principal/autorizacao/sp-sadt');
      const form = page.locator('.ws-panel:not([hidden]) form.aut-solicitacao');
      await form.waitFor();
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      const resumo = form.locator('ul[role=alert]');
      await resumo.waitFor();
      const texto = await resumo.innerText();
      expect(texto).toContain('Informe o código do procedimento.');
      expect(texto).toContain('Informe a descrição.');
      expect(texto).toContain('Anexe o pedido médico.');
      expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
      await page.screenshot({ path: '/tmp/ux19-sadt-vazia.png' });
    } finally {
      await context.close();
    }
  });
});
