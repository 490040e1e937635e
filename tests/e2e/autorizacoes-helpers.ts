import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, baseURL } from './browser';

/** Shared by the authorization e2e files: API set-up calls and the form's autocomplete. */

export async function token(user: string) {
  const r = await fetch(`${baseURL()}/api/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: user, password: DEMO_PASSWORD }) });
  return ((await r.json()) as { result: { token: string } }).result.token;
}

/** GET (no body) or POST (with a body) under /api, as that user. */
export async function api<T>(tk: string, path: string, body?: unknown): Promise<{ status: number; result: T }> {
  const r = await fetch(`${baseURL()}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${tk}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, result: ((await r.json()) as { result: T }).result };
}

/** Sends a small real PDF as that user (POST /api/arquivos) and answers the file's id, for a request's `anexos`. */
export async function sendPdf(tk: string, nome = 'pedido-medico.pdf'): Promise<number> {
  const r = await fetch(`${baseURL()}/api/arquivos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent(nome) },
    body: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { result: { id: number } }).result.id;
}

export const activePanel = (page: Page) => page.locator('.ws-panel:not([hidden])');

/** Types into an autocomplete (answered after 500 ms) and picks the option with this label. */
export async function escolher(page: Page, campo: string, termo: string, rotulo: string) {
  const input = activePanel(page).locator(campo);
  await input.click();
  await input.fill(termo);
  const opcao = activePanel(page).locator('.ac-list [role=option]', { hasText: rotulo }).first();
  await opcao.waitFor({ timeout: 10_000 });
  await opcao.dispatchEvent('mousedown');
  await expect.poll(() => input.inputValue()).toBe(rotulo);
}
