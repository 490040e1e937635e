import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, loginUI, newPage } from './browser';
import { commandsOf, goInside, gridProblems, hrefOf, overflowProblems, placeholderProblems, settle } from './layout-checks';

/**
 * A desk's screen (1400×900): every command the administrator may open (all of them), each as the workspace shows it.
 * Nothing reaches past the window (a list's money column, a table's last cell), no input's hint is cut ("de DD/I",
 * "Nome ou carteirin"), and every grid fits beside its side search: all its columns in sight (none under the pinned
 * options column), headers whole (wrapped between words, never "Dia de ven…"), numbers, money and dates never cut.
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the desk (1400×900)', () => {
  it('every screen fits the window: no overflow, no cut hint, every grid column in sight and whole', async () => {
    const commands = (await commandsOf(baseURL(), 'admin')).filter((c) => c.kind !== 'folder');
    expect(commands.length).toBeGreaterThan(300);
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      const found: string[] = [];
      // inside the product (no reload per screen): the workspace's tab goes from screen to screen as a user's would
      for (const c of commands) {
        const href = hrefOf(c);
        await goInside(page, href);
        await settle(page);
        found.push(...[...(await overflowProblems(page)), ...(await placeholderProblems(page)), ...(await gridProblems(page))].map((p) => `${href}: ${p}`));
      }
      // the screens the issue found cut, looked at
      for (const [href, name] of [
        ['/financeiro/configuracao-financeiro/eventos-mensais', 'eventos-mensais'],
        ['/principal/autorizacao/autorizacoes', 'autorizacoes'],
        ['/cadastro/pessoa/beneficiarios', 'beneficiarios'],
      ]) {
        await goInside(page, href);
        await settle(page);
        await page.screenshot({ path: `${SHOTS}/desk-${name}-1400.png` });
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);
});
