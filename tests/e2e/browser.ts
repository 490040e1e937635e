import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo-2026';
/** This worker's server (VITEST_POOL_ID counts the workers from 1): files that run at the same time never share data. */
export const baseURL = () => {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

/** Debian's Chromium, headless, without the background services the closed network refuses. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the login page and waits to leave it. */
export async function loginUI(page: Page, user: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/auth')) await page.goto('/auth');
  await page.fill('#login-usuario', user);
  await page.fill('#login-senha', password);
  await page.click('form[aria-label="Entrar"] button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

export const toastTexts = (page: Page) => page.locator('[data-testid=toast]').allInnerTexts();

/**
 * Ctrl+K until the palette is open. Right after a navigation the key can arrive before the workspace has bound its
 * keys (the header is drawn first; a loaded machine widens that gap): press again until the palette shows.
 */
export async function pressPalette(page: Page) {
  const input = page.locator('.palette input[role=combobox]');
  await page.locator('.palette-trigger').waitFor();
  await expect
    .poll(
      async () => {
        if (await input.isVisible()) return true;
        await page.keyboard.press('Control+k');
        return input.waitFor({ timeout: 3000 }).then(() => true, () => false);
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

/** Ctrl+K, types the query, waits for this title at the top of the palette and opens it with Enter. */
export async function openFromPalette(page: Page, query: string, title: string) {
  await pressPalette(page);
  await page.locator('.palette input[role=combobox]').fill(query);
  await expect.poll(async () => (await page.locator('.palette [role=option]').first().locator('.palette-title').innerText().catch(() => '')) || '', { timeout: 5000 }).toBe(title);
  await page.keyboard.press('Enter');
}
