import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';

/**
 * Accessibility, as axe-core (the devDependency) judges it, on the screens of issue 19: login, home, the palette open,
 * a grid, the audit queue, the decision screen and the virtual card, at a desk's width and a phone's — no serious or
 * critical violation, with the label-in-name rule on (a control's name holds its visible words). And the workspace's
 * tabs follow the WAI-ARIA tabs pattern: roles, selection, the panel each tab controls, and the keys.
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
/** axe's serious and critical findings on the page as it is now (the source is evaluated: the CSP allows no inline script tag). */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(
    async () =>
      (
        await (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
          rules: { 'label-content-name-mismatch': { enabled: true } },
        })
      ).violations,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.help}) em ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

describe('axe-core on the screens of issue 19', () => {
  it.each([
    [1400, 900],
    [390, 844],
  ])('%i px: login, home, palette, grid, audit queue, decision and virtual card have no serious or critical violation', async (width, height) => {
    const found: string[] = [];
    const aud = await newPage(browser, { width, height });
    const op = await newPage(browser, { width, height });
    const ben = await newPage(browser, { width, height });
    try {
      const { page } = aud;
      await page.goto('/auth');
      await page.waitForSelector('#login-usuario');
      found.push(...(await axeProblems(page, 'login')));
      await loginUI(page, 'auditor');
      await page.waitForSelector('main .tile');
      found.push(...(await axeProblems(page, 'início')));
      if (width > 800) {
        // the phone has no Ctrl+K: its palette opens from the header's button, the same dialog
        await page.keyboard.press('Control+k');
      } else await page.locator('.palette-trigger').click();
      await page.waitForSelector('.palette [role=option]');
      found.push(...(await axeProblems(page, 'paleta')));
      await page.keyboard.press('Escape');
      await page.goto('/principal/autorizacao/auditoria/auditoria-medica?inicio=01/01/2000');
      await page.waitForSelector('.ws-panel:not([hidden]) tbody tr[data-id]');
      found.push(...(await axeProblems(page, 'fila de auditoria')));
      const guia = await page.locator('.ws-panel:not([hidden]) tbody tr[data-id] a').first().getAttribute('href');
      await page.goto(guia!);
      await page.waitForSelector('form[aria-label="Decisão"]');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      found.push(...(await axeProblems(page, 'decisão')));
      await page.screenshot({ path: `${SHOTS}/a11y-decisao-${width}.png`, fullPage: width < 800 });

      await loginUI(op.page, 'operadora');
      await op.page.goto('/contrato/tabela/procedimentos');
      await op.page.waitForSelector('.ag-row[row-index="0"]');
      found.push(...(await axeProblems(op.page, 'grade')));

      await loginUI(ben.page, 'beneficiario');
      await ben.page.goto('/cadastro/beneficiarios/cartaovirtual');
      await ben.page.waitForSelector('[data-testid=cartao-virtual]');
      found.push(...(await axeProblems(ben.page, 'cartão virtual')));
      await ben.page.screenshot({ path: `${SHOTS}/a11y-cartao-${width}.png` });
      expect(found).toEqual([]);
    } finally {
      await Promise.all([aud.context.close(), op.context.close(), ben.context.close()]);
    }
  }, 180_000);
});

describe('the workspace tabs (WAI-ARIA tabs pattern)', () => {
  it('a tab list of tabs, each selecting and controlling its panel; ← → Home End move and show, Delete closes', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    const state = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role=tablist] [role=tab]')].map((t) => {
          const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
          return {
            title: t.querySelector('.tab-title')?.textContent,
            selected: t.getAttribute('aria-selected'),
            tabIndex: t.tabIndex,
            focused: document.activeElement === t,
            panel: panel?.getAttribute('role') === 'tabpanel' && panel.getAttribute('aria-labelledby') === t.id ? (panel.hidden ? 'oculto' : 'visível') : 'sem painel',
          };
        }),
      );
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('main .tile');
      // two more tabs, behind (Ctrl+click on tiles)
      const tiles = page.locator('main .tile');
      await tiles.nth(0).click({ modifiers: ['Control'] });
      await tiles.nth(1).click({ modifiers: ['Control'] });
      await expect.poll(async () => (await state()).length).toBe(3);
      let s = await state();
      expect(s.map((t) => [t.selected, t.tabIndex, t.panel])).toEqual([
        ['true', 0, 'visível'],
        ['false', -1, 'oculto'],
        ['false', -1, 'oculto'],
      ]);
      // the tab list is one stop of the tab order: the selected tab
      await page.locator('[role=tab][aria-selected=true]').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await state()).map((t) => t.selected)).toEqual(['false', 'true', 'false']);
      s = await state();
      expect(s[1]).toMatchObject({ focused: true, tabIndex: 0, panel: 'visível' });
      await page.keyboard.press('End');
      await expect.poll(async () => (await state()).map((t) => t.selected)).toEqual(['false', 'false', 'true']);
      await page.keyboard.press('ArrowRight'); // wraps to the first
      await expect.poll(async () => (await state()).map((t) => t.selected)).toEqual(['true', 'false', 'false']);
      await page.keyboard.press('ArrowLeft'); // and back to the last
      await page.keyboard.press('Home');
      await expect.poll(async () => (await state()).map((t) => t.focused)).toEqual([true, false, false]);
      // Delete closes the focused tab; the focus stays in the tab list
      const closed = s[0].title;
      await page.keyboard.press('Delete');
      await expect.poll(async () => (await state()).length).toBe(2);
      expect((await state()).map((t) => t.title)).not.toContain(closed);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    } finally {
      await context.close();
    }
  }, 60_000);
});
