import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';

/**
 * What each demo role reads, on its home and a sample of the screens its tiles open: Portuguese for people, never a
 * code identifier (snake_case or camelCase names, permission codes, report codes on tiles) nor the browser's English;
 * and every link of each breadcrumb opens something the user may see.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const ROLES = ['beneficiario', 'dependente', 'prestador', 'prestadoradm', 'ouvidoria', 'auditor', 'operadora'] as const;
const SAMPLE = 3;

/** Technical text no role should read (the administrator alone sees an unbuilt screen's permission and address). */
const TECNICO: [string, RegExp][] = [
  ['snake_case', /\b[a-z]+_[a-z_]+\b/],
  ['camelCase', /\b[a-z]{2,}[A-Z][a-zA-Z]*\b/],
  ['código de permissão', /\b(insert|update|delete|list|read|manage) em\b/],
  ['inglês do navegador', /\bPlease\b/],
];

async function settle(page: Page) {
  // any of the shell's content blocks: a title, tiles, a card or form, a grid; a page still loading is read after the wait
  await page.waitForSelector('main :is(h1, h2, .tile, .card, form, [role=grid], table), [data-testid=acesso-negado]', { timeout: 5000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 1000 }).catch(() => undefined);
}

/** The text a person reads on the page, without the code in a report's title (it identifies the report). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    let text = document.body.innerText;
    for (const h of document.querySelectorAll<HTMLElement>('.rel-codigo')) text = text.replace(h.innerText, '');
    return text;
  });

function problems(where: string, text: string, role: string): string[] {
  const out = TECNICO.filter(([, re]) => re.test(text)).map(([nome, re]) => `${where}: ${nome} «${text.match(re)![0]}»`);
  // report codes belong to the report's header, not to the tiles of casual users (operators know them)
  if (role !== 'operadora' && /\brep\d{3}\b/.test(text)) out.push(`${where}: código de relatório «${text.match(/\brep\d{3}\b/)![0]}»`);
  return out;
}

describe('the text each role reads', () => {
  it.each(ROLES)('%s: home and a sample of its screens read in Portuguese, and the breadcrumb only links where it may go', async (role) => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, role);
      await settle(page);
      const found = problems(`${role} /`, await visibleText(page), role);
      const home = await page.locator('main .tile').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      // the home's tiles and, for each folder, its first tile: a sample across the role's menu
      const paths = new Set<string>();
      for (const href of home.slice(0, SAMPLE)) {
        paths.add(href);
        await page.goto(href);
        await settle(page);
        // read now, not waited for: a screen without tiles answers at once (a locator would wait its whole timeout)
        const inner = await page.evaluate(() => document.querySelector('main .tile')?.getAttribute('href') ?? null);
        if (inner) paths.add(inner);
      }
      const crumbs = new Set<string>();
      for (const p of paths) {
        await page.goto(p);
        await settle(page);
        found.push(...problems(`${role} ${p}`, await visibleText(page), role));
        for (const h of await page.locator('nav.breadcrumb a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) crumbs.add(h);
      }
      for (const h of crumbs) {
        await page.goto(h);
        await settle(page);
        if (await page.locator('[data-testid=acesso-negado]').count()) found.push(`${role}: a trilha leva a ${h}, que nega o acesso`);
      }
      expect(found).toEqual([]);
      expect(paths.size).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the ombudsman home has no two tiles of the same title', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'ouvidoria');
      await page.waitForSelector('main .tile');
      const titles = await page.locator('main .tile .tile-title').allInnerTexts();
      expect(titles.length).toBeGreaterThan(1);
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      await context.close();
    }
  });

  it('the operator, the auditor and the ombudsman reach the beneficiary lookup with a breadcrumb that skips the own record', async () => {
    for (const role of ['operadora', 'auditor', 'ouvidoria']) {
      const { context, page } = await newPage(browser);
      try {
        await loginUI(page, role);
        await page.goto('/cadastro/beneficiarios/consulta');
        await settle(page);
        if (await page.locator('[data-testid=acesso-negado]').count()) continue; // a role without the lookup
        const trail = await page.locator('nav.breadcrumb').innerText();
        expect(trail, role).not.toContain('Meu Cadastro de Beneficiário');
      } finally {
        await context.close();
      }
    }
  });
});
