import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette, pressPalette } from './browser';
import { activePanel } from './autorizacoes-helpers';

/**
 * Ajuda and Configurações (issue 17 point 8): the administrator finds a help page from the palette and the index
 * filters the pages by their text; Sobre tells the installation and the official sources; the icon dictionary lists the
 * registry's icons; every screen reads as Portuguese for people at 1400×900 and 390×844; an auditor (no analisecomsc
 * on autorizacao, no help permission) is denied all three.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The same checks as tests/e2e/textos-usuario.test.ts: no code identifiers nor the browser's English. */
const TECNICO: [string, RegExp][] = [
  ['snake_case', /\b[a-z]+_[a-z_]+\b/],
  ['camelCase', /\b[a-z]{2,}[A-Z][a-zA-Z]*\b/],
  ['código de permissão', /\b(insert|update|delete|list|read|manage) em\b/],
  ['inglês do navegador', /\bPlease\b/],
];
async function semCodigo(page: Page, onde: string) {
  const texto = await page.locator('main').innerText();
  expect(
    TECNICO.filter(([, re]) => re.test(texto)).map(([nome, re]) => `${onde}: ${nome} «${texto.match(re)![0]}»`),
    onde,
  ).toEqual([]);
}

describe('Ajuda', () => {
  it('the administrator opens a help page from the palette, moves between pages and filters the index', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'ajuda paleta', 'Ajuda: Paleta de Comandos');
      await page.waitForURL((u) => u.pathname === '/cadastro/ajuda' && u.searchParams.get('view') === 'paleta');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('h1.page-title').innerText()).toBe('Paleta de Comandos');
      const texto = await panel.locator('.ajuda-pagina').innerText();
      for (const k of ['Ctrl+K', 'Alt+T', 'Ctrl+Enter']) expect(texto).toContain(k);
      expect(texto).toContain('a partir de 5 caracteres');
      await semCodigo(page, 'paleta');
      await page.screenshot({ path: `${SHOTS}/ajuda-paleta.png`, fullPage: true });

      // the shortcuts page lists the workspace's keys live, with the go-to sequences this user may use
      await panel.getByRole('link', { name: 'Abas e Atalhos de Teclado' }).click();
      await page.waitForURL((u) => u.searchParams.get('view') === 'abas-atalhos');
      await expect.poll(() => panel.locator('.ajuda-pagina').innerText()).toContain('Ir para Contas a Pagar');
      const atalhos = await panel.locator('.ajuda-pagina').innerText();
      for (const k of ['Alt+1 … Alt+8', 'Alt+W', 'Alt+A', 'Alt+R']) expect(atalhos).toContain(k);
      await semCodigo(page, 'abas-atalhos');

      // a workflow page links to the screens it explains (the administrator sees them all)
      await panel.getByRole('link', { name: 'Solicitar e Auditar Autorizações' }).click();
      await page.waitForURL((u) => u.searchParams.get('view') === 'autorizacoes');
      await expect.poll(() => panel.locator('.ajuda-telas a').allInnerTexts()).toContain('Auditoria Médica');
      expect(await panel.locator('.ajuda-pagina').innerText()).toContain('R$ 500,00');
      await semCodigo(page, 'autorizacoes');
      await page.screenshot({ path: `${SHOTS}/ajuda-autorizacoes.png`, fullPage: true });

      // the index filters by any word of the pages' text
      await panel.getByRole('link', { name: 'Todas as páginas' }).click();
      await page.waitForURL((u) => u.pathname === '/cadastro/ajuda' && !u.searchParams.get('view'));
      await expect.poll(() => panel.locator('.ajuda-card').count()).toBe(9);
      await semCodigo(page, 'índice');
      await page.screenshot({ path: `${SHOTS}/ajuda-indice.png` });
      await panel.getByLabel('Procurar na ajuda').fill('hash');
      await expect.poll(() => panel.locator('.ajuda-card .tile-title').allInnerTexts()).toEqual(['Envio de Lote TISS']);
      await panel.getByLabel('Procurar na ajuda').fill('xyzzy');
      await expect.poll(() => panel.getByText('Nenhuma página fala de "xyzzy".').count()).toBe(1);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('Sobre tells the installation, the database and the official sources with their licence', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/configuracoes/about');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('[data-testid=sobre-fonte]').count()).toBe(5);
      expect(await panel.getByTestId('sobre-versao').innerText()).toMatch(/^\d+\.\d+\.\d+/);
      expect(await panel.getByTestId('sobre-banco').innerText()).toMatch(/^(PGlite|PostgreSQL)/);
      const texto = await panel.innerText();
      expect(texto).toContain('CC BY-ND 3.0');
      expect(texto).toContain('4.03.00');
      expect(texto).toContain('CID-10');
      await panel.locator('[data-testid=sobre-fonte]').first().locator('summary').click();
      await expect.poll(() => panel.locator('.sobre-arquivos').first().innerText()).toContain('tissV4_03_00.xsd');
      expect(await panel.locator('.sobre-arquivos code').first().innerText()).toMatch(/^[0-9a-f]{64}$/);
      await page.screenshot({ path: `${SHOTS}/sobre.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the icon dictionary lists every icon the commands use, with its name, and filters', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/configuracoes/icons');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('[aria-label="Ícones em uso"] .icone-item').count()).toBeGreaterThan(40);
      await semCodigo(page, 'ícones');
      await page.screenshot({ path: `${SHOTS}/icones.png` });
      await panel.getByLabel('Procurar ícone').fill('estetoscopio');
      await expect.poll(() => panel.locator('.icone-item').evaluateAll((xs) => xs.map((x) => x.getAttribute('data-icone')))).toEqual(['stethoscope']);
      expect(await panel.locator('.icone-item').innerText()).toMatch(/\d+ comandos?: /);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('on a phone (390×844) the help, about and icon screens fit the width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      for (const [path, shot, pronto] of [
        ['/cadastro/ajuda?view=ouvidoria', 'ajuda-celular', '.ajuda-pagina'],
        ['/cadastro/configuracoes/about', 'sobre-celular', '[data-testid=sobre-fonte]'],
        ['/cadastro/configuracoes/icons', 'icones-celular', '.icone-item'],
      ] as const) {
        await page.goto(path);
        await activePanel(page).locator(pronto).first().waitFor();
        const larguras = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, janela: window.innerWidth }));
        expect(larguras.doc, path).toBeLessThanOrEqual(larguras.janela);
        await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  }, 90_000);

  it('an auditor is denied the help, about and icon screens, and the palette does not offer them', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'auditor');
      for (const path of ['/cadastro/configuracoes/about', '/cadastro/configuracoes/icons', '/cadastro/ajuda?view=paleta']) {
        await page.goto(path);
        await page.waitForURL((u) => u.pathname === '/acesso-negado');
      }
      await pressPalette(page);
      for (const q of ['sobre', 'icones', 'ajuda']) {
        await page.locator('.palette input[role=combobox]').fill(q);
        await page.waitForSelector('.palette [role=option], .palette-status');
        const titulos = await page.locator('.palette .palette-title').allInnerTexts();
        expect(titulos.filter((x) => x === 'Sobre' || x === 'Dicionário de Ícones' || x.startsWith('Ajuda')), q).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
