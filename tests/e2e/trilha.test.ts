import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel, api, token } from './autorizacoes-helpers';

/**
 * The change trail screen (issue 8: who, when and what changed, readable by the administrator): an operator edits a
 * bank through the API; the administrator opens Trilha de Auditoria from the palette, filters by entity and user,
 * reads the change as "Nome: before → after"; a bad period is refused beside its field; the operator is denied.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let banco: { id: number; nome: string };
const SUFIXO = `(e2e ${Date.now() % 100000})`;

beforeAll(async () => {
  browser = await launch();
  const op = await token('operadora');
  const b = (await api<{ rows: { id: number; nome: string; version: number }[] }>(op, '/recursos/bancos?sort=id.asc&limit=1')).result.rows[0];
  const r = await fetch(`${baseURL()}/api/recursos/bancos/${b.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${op}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...b, nome: `${b.nome} ${SUFIXO}` }),
  });
  expect(r.status).toBe(200);
  banco = b;
}, 60_000);
afterAll(() => browser?.close());

describe('Trilha de Auditoria', () => {
  it('the administrator finds the operator’s change by entity and user and reads it field by field', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'trilha auditoria', 'Trilha de Auditoria');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/trilha-auditoria');
      const panel = activePanel(page);
      await panel.locator('.lista-tabela').waitFor();
      // a period that ends before it starts: refused beside the field, the address unchanged
      await panel.locator('#busca-de').fill('10/05/2026');
      await panel.locator('#busca-ate').fill('01/05/2026');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => panel.locator('.field-error').allInnerTexts()).toEqual(['O período termina antes de começar.']);
      expect(new URL(page.url()).search).toBe('');
      await panel.locator('#busca-de').fill('');
      await panel.locator('#busca-ate').fill('');
      await panel.locator('#busca-entidade').selectOption('banco');
      await panel.locator('#busca-usuario').fill('operadora');
      await panel.locator('#busca-registroId').fill(String(banco.id));
      await panel.locator('#busca-registroId').press('Enter');
      await page.waitForURL((u) => u.searchParams.get('entidade') === 'banco' && u.searchParams.get('usuario') === 'operadora');
      const linha = panel.locator('.lista-tabela tbody tr').first();
      await expect.poll(() => linha.innerText(), { timeout: 10_000 }).toContain(`Nome: ${banco.nome} → ${banco.nome} ${SUFIXO}`);
      const texto = await linha.innerText();
      expect(texto).toContain('operadora');
      expect(texto).toContain('Alteração');
      expect(texto).toContain('Banco');
      expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await page.screenshot({ path: `${SHOTS}/trilha-auditoria.png` });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('is the administrator’s only: an operator gets access denied', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'operadora');
      await page.goto('/cadastro/acesso/trilha-auditoria');
      await page.waitForURL((u) => u.pathname === '/acesso-negado');
    } finally {
      await context.close();
    }
  }, 60_000);
});
