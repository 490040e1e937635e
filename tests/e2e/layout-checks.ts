import type { Page } from 'playwright-core';
import { isVisible, registry, type Command } from '../../commands';
import type { LoginResponse } from '../../src/shared/api';
import { buildAbility } from '../../src/shared/permissions';

/**
 * Layout checks shared by the phone and the desktop tests: what overflows the viewport, what a phone shows that only a
 * keyboard can use, which grid texts are cut. Each one runs in the page and returns readable problems (empty = fine).
 */

/** The commands a demo user may open, from the registry and the user's permissions (the same predicate as the menus). */
export async function commandsOf(base: string, user: string, password = 'Demo-2026'): Promise<Command[]> {
  const res = await fetch(`${base}/api/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: user, password }) });
  if (!res.ok) throw new Error(`login de ${user}: ${res.status}`);
  const { result } = (await res.json()) as { result: LoginResponse };
  const ctx = { ability: buildAbility(result.user.permissions), client: result.client.id, flags: result.client.flags };
  // a link leaves the product (an outside site): nothing of ours to lay out
  return registry.all.filter((c) => c.kind !== 'link' && isVisible(c, ctx));
}

/** esbuild (tsx) names inner functions with a `__name` helper the page does not have: give it one before evaluating. */
const withNames = (page: Page) => page.evaluate('globalThis.__name ??= (f) => f');

export const hrefOf = (c: Command) => c.path + (c.query ? `?${new URLSearchParams(c.query)}` : '');

/**
 * Horizontal overflow: the page scrolls sideways, or an element reaches past the viewport's edges without a scroll
 * container of its own that fits (a table inside `overflow-x: auto` is fine; one cut by `overflow: hidden` is not).
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  await withNames(page);
  return page.evaluate(() => {
    const W = document.documentElement.clientWidth;
    const out: string[] = [];
    const sw = document.scrollingElement!.scrollWidth;
    if (sw > W) out.push(`a página rola para o lado: ${sw} px numa janela de ${W} px`);
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      const text = (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls}>${text ? ` «${text}»` : ''}`;
    };
    /** The nearest ancestor that scrolls sideways and itself fits the viewport: its content may be wider. */
    const scrolledBy = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') {
          const r = p.getBoundingClientRect();
          return r.left >= -1 && r.right <= W + 1;
        }
      }
      return false;
    };
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'fixed') continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // screen-reader-only text and empty boxes take no room
      if (r.right <= W + 1 && r.left >= -1) continue;
      if (scrolledBy(el)) continue;
      // report the outermost culprit once, not each of its children
      let p = el.parentElement;
      while (p && !reported.has(p)) p = p.parentElement;
      if (p) continue;
      reported.add(el);
      out.push(`${describe(el)} vai de ${Math.round(r.left)} a ${Math.round(r.right)} px`);
    }
    return out.slice(0, 8);
  });
}

/** Keyboard hints shown on a phone (keys a touch screen does not have), outside the help pages that teach them. */
export async function keyboardHintProblems(page: Page): Promise<string[]> {
  await withNames(page);
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('kbd, [data-dica-teclado]')]
      // shown = a box bigger than the 1 px of text kept for screen readers only (the palette button's "Ctrl K")
      .filter((k) => !k.closest('.ajuda, .sobre, .shortcuts') && k.getBoundingClientRect().width > 1 && k.getBoundingClientRect().height > 1 && getComputedStyle(k).visibility !== 'hidden')
      .map((k) => `dica de teclado visível no celular: «${(k.closest('button, p, span, div') as HTMLElement | null)?.innerText.trim().replace(/\s+/g, ' ').slice(0, 60) ?? k.innerText}»`)
      .slice(0, 5),
  );
}

/** Waits for a screen's content (a title, tiles, a card, a form, a grid or table) and for its requests to settle. */
export async function settle(page: Page) {
  await page.waitForSelector('main :is(h1, h2, .tile, .card, form, [role=grid], table), [data-testid=acesso-negado]', { timeout: 8000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  // a list shows "Carregando…" until its page is there: the layout is judged with the rows in
  await page.waitForFunction(() => !document.querySelector('main [data-testid=total]')?.textContent?.includes('Carregando'), undefined, { timeout: 5000 }).catch(() => undefined);
}

/** Placeholders cut by their input (an empty box reading "Nome ou carteirin" or "de DD/I"): measured in the input's own font. */
export async function placeholderProblems(page: Page): Promise<string[]> {
  await withNames(page);
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const out: string[] = [];
    for (const i of document.querySelectorAll<HTMLInputElement>('main input[placeholder]')) {
      if (!i.placeholder || i.value || !i.getClientRects().length) continue;
      const s = getComputedStyle(i);
      if (s.visibility === 'hidden') continue;
      ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const needs = ctx.measureText(i.placeholder).width;
      const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (needs > room + 1) out.push(`o texto de ajuda «${i.placeholder}» não cabe no campo ${i.getAttribute('aria-label') ?? i.name ?? i.id} (${Math.round(needs)} px em ${Math.round(room)} px)`);
    }
    return out;
  });
}

/**
 * A grid at a desk's width: every column in sight (none scrolled under the pinned options column), every header
 * readable (wrapped, never "Dia de ven…"), and numbers, money and dates never cut (a cut value reads as another one).
 */
export async function gridProblems(page: Page): Promise<string[]> {
  await withNames(page);
  return page.evaluate(() => {
    const out: string[] = [];
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    for (const grid of document.querySelectorAll<HTMLElement>('main .ag-root-wrapper')) {
      if (!grid.getClientRects().length) continue;
      // the scrolling columns show between the pinned ones (selection on the left, options on the right)
      const headers = [...grid.querySelectorAll<HTMLElement>('.ag-header-cell')].filter((h) => h.getClientRects().length);
      const scrolling = headers.filter((h) => h.closest('.ag-grid-scrolling-cells, .ag-header-viewport'));
      const pinned = headers.filter((h) => !scrolling.includes(h));
      const box = grid.getBoundingClientRect();
      let left = box.left;
      let right = box.right;
      for (const p of pinned) {
        const r = p.getBoundingClientRect();
        if (r.left < box.left + box.width / 2) left = Math.max(left, r.right);
        else right = Math.min(right, r.left);
      }
      const hidden = scrolling.filter((h) => h.getBoundingClientRect().right > right + 1 || h.getBoundingClientRect().left < left - 1).map((h) => h.innerText.trim() || h.getAttribute('col-id'));
      const extra = Math.max(0, ...scrolling.map((h) => h.getBoundingClientRect().right)) - right;
      if (hidden.length) out.push(`colunas fora da vista da grade (sob a coluna fixa ou além da borda, ${Math.round(extra)} px a mais): ${hidden.join(', ')}`);
      for (const t of grid.querySelectorAll<HTMLElement>('.ag-header-cell-text')) if (t.innerText.trim() && cut(t)) out.push(`cabeçalho cortado: «${t.innerText.trim()}»`);
      for (const c of grid.querySelectorAll<HTMLElement>('.ag-cell.rg-inteiro')) {
        const inner = [c, ...c.querySelectorAll<HTMLElement>('*')].find(cut);
        if (inner && c.innerText.trim()) out.push(`valor cortado na coluna ${c.getAttribute('col-id')}: «${c.innerText.trim()}»`);
      }
    }
    return [...new Set(out)].slice(0, 8);
  });
}

/** Goes to a screen inside the product (the workspace's active tab), without reloading the page. */
export async function goInside(page: Page, href: string) {
  await page.evaluate((h) => {
    history.pushState(null, '', h);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}
