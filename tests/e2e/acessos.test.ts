import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel, api, escolher, token } from './autorizacoes-helpers';

/**
 * Acesso › Log de Acesso a Dados Pessoais and Quem Vê o Quê (issue 17, points 6 and 5): the operator opens a
 * dependent's record; the administrator finds that read in the log (by user), exports it, and asks who can see
 * what: the auditor's commands, the users of Usuários, and who read the dependent's record. On a phone both are cards.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let dependente: { id: number; nome: string };

beforeAll(async () => {
  browser = await launch();
  const meu = await api<{ registro: { id: number; nome: string } }>(await token('dependente'), '/beneficiarios/logado');
  dependente = meu.result.registro;
  const op = await token('operadora');
  expect((await api(op, `/beneficiarios/${dependente.id}`)).status).toBe(200);
}, 60_000);
afterAll(() => browser?.close());

describe('Log de Acesso a Dados Pessoais', () => {
  it('the administrator finds the operator’s read by user, and exports it', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'log de acesso', 'Log de Acesso a Dados Pessoais');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/log-acessos');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      await panel.locator('#busca-usuario').fill('operadora');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((u) => u.searchParams.get('usuario') === 'operadora');
      const linha = panel.locator('.lista-tabela tbody tr', { hasText: dependente.nome }).first();
      await linha.waitFor({ timeout: 10_000 });
      const texto = await linha.innerText();
      expect(texto).toContain('Olívia Operadora');
      expect(texto).toContain('Beneficiário');
      expect(texto).toContain('Cadastro do beneficiário');
      expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      const caixa = (await panel.locator('.lista-tabela').boundingBox())!;
      expect(caixa.x + caixa.width).toBeLessThanOrEqual(1400);
      await page.screenshot({ path: `${SHOTS}/log-acessos-1400.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Exportar CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^log-acessos-\d{8}\.csv$/);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('on a phone each read is a card', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto(`/cadastro/acesso/log-acessos?entidade=beneficiario&pessoa=${dependente.id}`);
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await panel.locator('.lista-tabela tbody tr').first().locator('td[data-label="Pessoa"]').innerText()).toContain(dependente.nome);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/log-acessos-390.png` });
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('Quem Vê o Quê', () => {
  it('a user’s commands, a command’s users and a beneficiary’s readers', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'quem vê', 'Quem Vê o Quê');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/quem-ve-o-que');
      const panel = activePanel(page);

      await panel.locator('#qv-usuario').selectOption({ label: 'auditor — Aurora Auditora' });
      await expect.poll(() => panel.locator('[data-testid=qv-resumo]').innerText().catch(() => ''), { timeout: 10_000 }).toMatch(/^Aurora Auditora abre \d+ comandos\.$/);
      const comandos = await panel.locator('.lista-tabela tbody tr td:first-child').allInnerTexts();
      expect(comandos).toContain('Auditoria');
      expect(comandos).not.toContain('Usuários');
      await page.screenshot({ path: `${SHOTS}/quem-ve-usuario-1400.png` });

      await panel.getByRole('tab', { name: 'Por comando' }).click();
      await panel.locator('#qv-comando').selectOption('cadastro.acesso.usuarios');
      await expect.poll(() => panel.locator('[data-testid=qv-resumo]').innerText().catch(() => ''), { timeout: 10_000 }).toContain('1 usuário abre');
      expect(await panel.locator('.lista-tabela tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Administrador do Sistema')]);
      await page.screenshot({ path: `${SHOTS}/quem-ve-comando-1400.png` });

      await panel.getByRole('tab', { name: 'Por beneficiário' }).click();
      await escolher(page, '#qv-beneficiario', dependente.nome, dependente.nome);
      const leitor = panel.locator('.lista-tabela tbody tr', { hasText: 'operadora' });
      await leitor.waitFor({ timeout: 10_000 });
      expect(await leitor.innerText()).toContain('Olívia Operadora');
      await page.screenshot({ path: `${SHOTS}/quem-ve-beneficiario-1400.png` });
      // each read, in the log
      await panel.getByRole('link', { name: 'Ver cada leitura' }).click();
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/log-acessos' && u.searchParams.get('pessoa') === String(dependente.id));
    } finally {
      await context.close();
    }
  }, 120_000);

  it('on a phone: the auditor’s commands as cards', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/quem-ve-o-que');
      const panel = activePanel(page);
      await panel.locator('#qv-usuario').selectOption({ label: 'auditor — Aurora Auditora' });
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/quem-ve-390.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('is refused to an operator', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'operadora');
      await page.goto('/cadastro/acesso/quem-ve-o-que');
      await page.waitForURL((u) => u.pathname === '/acesso-negado');
    } finally {
      await context.close();
    }
  }, 60_000);
});
