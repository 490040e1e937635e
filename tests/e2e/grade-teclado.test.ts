import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';

/**
 * The resource grid as a keyboard and a scroll wheel meet it: Tab leaves the grid in one keystroke (arrows move inside,
 * Tab back in returns to the same cell), and rows of a block still loading say so, with no checkbox to tick.
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const inGrid = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('.ag-root-wrapper'));
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const c = document.activeElement?.closest('.ag-cell');
    return c ? `${c.closest('.ag-row')?.getAttribute('row-index')}:${c.getAttribute('col-id')}` : null;
  });

describe('the resource grid', () => {
  it('Tab leaves the grid at once, the arrows move inside it, and Tab back returns to the same cell', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.goto('/contrato/tabela/procedimentos');
      const cell = page.locator('.ag-row[row-index="0"] [col-id="descricao"]');
      await cell.waitFor();
      await cell.click();
      expect(await focusedCell(page)).toBe('0:descricao');
      // arrows: inside the grid, cell by cell
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await focusedCell(page)).toBe('2:descricao');
      // one Tab: out of the grid (the old behaviour walked every cell: 200 Tabs reached row 17)
      await page.keyboard.press('Tab');
      expect(await inGrid(page)).toBe(false);
      // Shift+Tab: back in, on the cell it left (one stop of the tab order for the whole grid)
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => focusedCell(page)).toBe('2:descricao');
      // and Shift+Tab again leaves it backwards (towards the toolbar and the search)
      await page.keyboard.press('Shift+Tab');
      expect(await inGrid(page)).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('rows of a block still loading show "Carregando…" and no checkbox; they fill in when the block arrives', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      // hold every block after the first (a cursor or an offset in the query) until the test lets it go
      const held: Route[] = [];
      let hold = true;
      await page.route(
        (u) => u.pathname === '/api/recursos/beneficiarios' && (u.searchParams.has('after') || u.searchParams.has('offset')),
        (r) => (hold ? held.push(r) : r.continue()),
      );
      await page.goto('/cadastro/pessoa/beneficiarios');
      await page.locator('.ag-row[row-index="0"] [col-id="nome"]').waitFor();
      // to the end of the grid: the rows there belong to a block not read yet
      await page.evaluate(() => {
        const v = document.querySelector('.ag-grid-viewport, .ag-body-viewport')!;
        v.scrollTop = v.scrollHeight;
      });
      await expect.poll(() => page.locator('.ag-row.rg-carregando').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const loading = page.locator('.ag-row.rg-carregando');
      // no live checkbox on a row without data, and the loading word in its first cell
      expect(await loading.locator('input[type=checkbox]').evaluateAll((is) => is.filter((i) => getComputedStyle(i).visibility !== 'hidden').length)).toBe(0);
      const word = await loading.first().locator('.ag-grid-scrolling-cells .ag-cell').first().evaluate((c) => getComputedStyle(c, '::after').content);
      expect(word).toBe('"Carregando…"');
      await page.screenshot({ path: `${SHOTS}/grade-carregando-1400.png` });
      hold = false;
      for (const r of held.splice(0)) await r.continue();
      await expect.poll(() => page.locator('.ag-row.rg-carregando').count(), { timeout: 15_000 }).toBe(0);
      // the loaded rows have their checkbox back
      const last = page.locator('.ag-row').last();
      expect(await last.locator('[col-id="ag-Grid-SelectionColumn"] input[type=checkbox]').count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 60_000);
});
