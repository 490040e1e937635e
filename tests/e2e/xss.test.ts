import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS, XSS_URL_PAYLOADS } from '../fixtures/xss-payloads';
import { DEMO_PASSWORD, baseURL, launch, loginUI } from './browser';

/**
 * Issue #8 (Trust): stored XSS in real Chromium. Rows carrying the classic payloads (tests/fixtures/xss-payloads.ts)
 * in every free text field are created through the API; then the Bancos grid (text, tooltip and link columns), its
 * form, the Declarações grid (the sanitized 'html' column) and its form are opened, and a filter and a sort carrying
 * payloads are put in the list URL. Nothing may run and no markup may come alive:
 * - the page's Content-Security-Policy is bypassed on purpose, so the app's own escaping is what is tested (the CSP
 *   would block inline handlers anyway and hide a regression);
 * - every payload calls alert(1): any dialog fails the test;
 * - the DOM never holds an element from a payload (no inline on* handler attribute, javascript: link, iframe,
 *   payload img/svg/details/style, inline script), and the html cells keep only their allowed tags, as text.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let context: BrowserContext;
let page: Page;
const fired: string[] = [];

async function api<T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

const bancos: { id: number; nome: string; site: string | null }[] = [];
const declaracoes: { id: number; titulo: string }[] = [];
/** Every payload at once, with some allowed formatting around it, in one html text. */
const ALL_IN_ONE = `<p><strong>Permitido</strong> <em>itálico</em></p>${XSS_PAYLOADS.join('<br>')}`;

beforeAll(async () => {
  const { json } = await api<{ result: { token: string } }>(null, 'POST', '/auth/token/issue', { userId: 'operadora', password: DEMO_PASSWORD });
  const token = json.result.token;
  // inactive banks with codes no seeded bank uses: the grid is filtered to them
  const used = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = (await api<{ result: { rows: { codigo: string }[] } }>(token, 'GET', `/recursos/bancos?limit=500&offset=${offset}&count=0`)).json.result.rows;
    for (const r of page) used.add(r.codigo);
    if (page.length < 500) break;
  }
  let code = 999;
  for (const [i, p] of XSS_PAYLOADS.entries()) {
    while (used.has(String(code))) code--;
    const site = XSS_URL_PAYLOADS[i % XSS_URL_PAYLOADS.length];
    const body = { codigo: String(code), ispb: String(98_000_000 + code * 10 + i).slice(0, 8), nome: p, nomeReduzido: p, site, ativo: false };
    used.add(String(code));
    const res = await api<{ result: { id: number } }>(token, 'POST', '/recursos/bancos', body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    bancos.push({ id: res.json.result.id, nome: p, site });
  }
  for (const [i, p] of [...XSS_PAYLOADS, ALL_IN_ONE].entries()) {
    const titulo = i < XSS_PAYLOADS.length ? p : 'Todas as cargas';
    const res = await api<{ result: { id: number } }>(token, 'POST', '/recursos/declaracoes', { titulo, tipo: 'OUTRA', texto: p, inicioVigencia: '01/01/2024' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    declaracoes.push({ id: res.json.result.id, titulo });
  }

  browser = await launch();
  context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 900 }, locale: 'pt-BR', bypassCSP: true });
  page = await context.newPage();
  page.on('dialog', (d) => {
    fired.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await loginUI(page, 'operadora');
}, 120_000);
afterAll(() => browser?.close());

/** Markup that only a payload could have put in the page (empty when the app kept every payload as text). */
function injected(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => el.outerHTML.slice(0, 120);
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.getAttributeNames()) if (/^on/i.test(a)) found.push(`atributo ${a}: ${describe(el)}`);
      if (el instanceof HTMLAnchorElement && /^\s*javascript:/i.test(el.getAttribute('href') ?? '')) found.push(`link javascript: ${describe(el)}`);
      if (el instanceof HTMLIFrameElement) found.push(describe(el));
      if (el instanceof HTMLImageElement && el.getAttribute('src') === 'x') found.push(describe(el));
      if (el instanceof HTMLScriptElement && !el.src) found.push(`script inline: ${describe(el)}`);
      if (el instanceof HTMLStyleElement && el.textContent?.includes('url(//x)')) found.push(describe(el));
      if (el.tagName.toLowerCase() === 'svg' && el.closest('.ag-row')) {
        // the grid draws no icons as svg inside rows; a payload's <svg> would land here
        if (el.hasAttribute('onload') || el.parentElement?.closest('.rg-html')) found.push(describe(el));
      }
    }
    return found;
  });
}

async function assertInert(p: Page, where: string) {
  await p.waitForTimeout(300); // an onerror or ontoggle fires a moment after the element is inserted
  expect({ elementos: await injected(p), dialogos: fired }, where).toEqual({ elementos: [], dialogos: [] });
}

describe('payload rows in the browser', () => {
  it('the Bancos grid shows every payload as text, links only http(s), tooltips as text', async () => {
    await page.goto('/cadastro/base/bancos?ativo.eq=false&sort=codigo.desc');
    await page.locator('.rg-wrap .ag-row').first().waitFor();
    await expect.poll(() => page.getByTestId('total').innerText()).toBe(`${XSS_PAYLOADS.length} registros`);
    // each cell's text is the payload itself
    const names = await page.locator('.ag-row [col-id="nome"]').allInnerTexts();
    expect(names.map((s) => s.trim()).sort()).toEqual([...XSS_PAYLOADS].sort());
    const short = await page.locator('.ag-row [col-id="nomeReduzido"]').allInnerTexts();
    expect(short.map((s) => s.trim()).sort()).toEqual([...XSS_PAYLOADS].sort());
    // a site column cell is a link to an http(s) address or plain text; never javascript:
    const hrefs = await page.locator('.ag-row [col-id="site"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(h).toMatch(/^https?:\/\//);
    // the tooltip of the name column
    await page.locator('.ag-row [col-id="nome"]').first().hover();
    await page.locator('.ag-tooltip').waitFor({ timeout: 5000 }).catch(() => undefined);
    await page.screenshot({ path: join(SHOTS, 'xss-bancos.png') });
    await assertInert(page, 'grade de bancos');
  });

  it('the Bancos form shows the payloads as the values of its inputs', async () => {
    for (const b of [bancos[0], bancos[6], bancos[13]]) {
      await page.goto(`/cadastro/base/bancos?ativo.eq=false&id=${b.id}`);
      const form = page.getByTestId('formulario');
      await form.waitFor();
      await expect.poll(() => form.getByLabel('Nome *', { exact: true }).inputValue()).toBe(b.nome);
      expect(await form.getByLabel('Nome reduzido').inputValue()).toBe(b.nome);
      expect(await form.getByLabel('Site').inputValue()).toBe(b.site ?? '');
      if (b === bancos[6]) await page.screenshot({ path: join(SHOTS, 'xss-formulario.png') });
      await assertInert(page, `formulário do banco ${b.nome}`);
    }
  });

  it('the Declarações grid sanitizes the html column and shows titles as text', async () => {
    await page.goto('/cadastro/base/declaracoes?tipo.eq=OUTRA');
    await page.locator('.rg-wrap .ag-row').first().waitFor();
    await expect.poll(() => page.getByTestId('total').innerText()).toBe(`${declaracoes.length} registros`);
    const titles = await page.locator('.ag-row [col-id="titulo"]').allInnerTexts();
    expect(titles.map((s) => s.trim()).sort()).toEqual(declaracoes.map((d) => d.titulo).sort());
    // html cells: only allowed formatting tags survive, never a payload's element or attribute
    const cells = await page.locator('.ag-row [col-id="texto"] .rg-html').evaluateAll((els) => els.map((e) => e.innerHTML));
    expect(cells.length).toBe(declaracoes.length);
    for (const html of cells) {
      const tags = [...html.matchAll(/<([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase());
      for (const tag of tags) expect(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'span', 'small', 'a'], html).toContain(tag);
      // (a payload's words may remain as text, e.g. "javascript:alert(1)"; text is inert)
      expect(html).not.toMatch(/\son\w+=|href="\s*javascript:|<script|<img|<svg|<iframe|<style|<details/i);
    }
    // the all-in-one text keeps its allowed formatting and the script's text never shows up as markup
    const all = page.locator('.ag-row', { hasText: 'Todas as cargas' }).locator('[col-id="texto"] .rg-html');
    expect(await all.locator('strong').innerText()).toBe('Permitido');
    expect(await all.locator('em').innerText()).toBe('itálico');
    await page.screenshot({ path: join(SHOTS, 'xss-declaracoes.png') });
    await assertInert(page, 'grade de declarações');
  });

  it('the Declarações form shows the html text as typed, in a textarea', async () => {
    const d = declaracoes[declaracoes.length - 1];
    await page.goto(`/cadastro/base/declaracoes?tipo.eq=OUTRA&id=${d.id}`);
    const form = page.getByTestId('formulario');
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Texto').inputValue()).toBe(ALL_IN_ONE);
    await assertInert(page, 'formulário da declaração');
  });

  it('a payload in the list URL (a filter, a sort) is shown as text or dropped', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    await page.goto(`/cadastro/base/bancos?nome.contains=${encodeURIComponent(payload)}&sort=${encodeURIComponent('"><svg onload=alert(1)>')}.asc`);
    await expect.poll(() => page.getByTestId('total').innerText()).toBe('1 registro');
    // the search view shows the filter as typed text
    expect(await page.getByLabel('Nome', { exact: true }).first().inputValue()).toBe(payload);
    expect((await page.locator('.ag-row [col-id="nome"]').allInnerTexts()).map((x) => x.trim())).toEqual([payload]);
    await page.screenshot({ path: join(SHOTS, 'xss-url.png') });
    await assertInert(page, 'filtro e ordenação com carga na URL');
  });
});
