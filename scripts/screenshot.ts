/**
 * Takes screenshots of pages as a given user, for looking at what we build:
 *   tsx scripts/screenshot.ts http://127.0.0.1:3000 out-dir user:/path [user:/path …]   (user "-" = logged out)
 */
import { chromium } from 'playwright-core';

const [base, out, ...shots] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const shot of shots) {
  const [user, path, width] = shot.split(':');
  const ctx = await browser.newContext({ viewport: { width: Number(width ?? 1366), height: 860 }, locale: 'pt-BR' });
  const page = await ctx.newPage();
  if (user !== '-') {
    await page.goto(`${base}/auth`);
    await page.fill('#login-usuario', user);
    await page.fill('#login-senha', 'Demo-2026');
    await page.click('button[type=submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  }
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(800);
  const file = `${out}/${user}${path.replace(/[/?=&]/g, '_')}${width ? `-${width}` : ''}.png`;
  // SHOT_VIEWPORT=1: only what the screen shows (a long list on a phone)
  await page.screenshot({ path: file, fullPage: !process.env.SHOT_VIEWPORT });
  console.log(file);
  await ctx.close();
}
await browser.close();
