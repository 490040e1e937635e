import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function asUser<T>(user: string, fn: (page: Page) => Promise<T>) {
  const { context, page } = await newPage(browser);
  try {
    await loginUI(page, user);
    return await fn(page);
  } finally {
    await context.close();
  }
}
const tileTitles = (page: Page) => page.locator('.tile .tile-title').allInnerTexts();
const crumbs = async (page: Page) => (await page.locator('nav.breadcrumb').innerText()).split('\n').join(' ');

describe('the registry drives tiles, folders and breadcrumb', () => {
  it('tiles navigate three levels deep and the breadcrumb shows the trail', () =>
    asUser('admin', async (page) => {
      expect(await tileTitles(page)).toEqual(expect.arrayContaining(['Cadastro', 'Contrato', 'Financeiro', 'Relatórios']));
      await page.locator('.tile', { hasText: 'Cadastro' }).first().click();
      await page.waitForURL((u) => u.pathname === '/cadastro');
      await page.locator('.tile', { hasText: /^Base/ }).first().click();
      await page.waitForURL((u) => u.pathname === '/cadastro/base');
      expect(await tileTitles(page)).toContain('Bancos');
      await page.locator('.tile', { hasText: 'Bancos' }).click();
      await page.waitForURL((u) => u.pathname === '/cadastro/base/bancos');
      const trail = await crumbs(page);
      expect(trail).toMatch(/Início\s*›\s*Cadastro\s*›\s*Base\s*›\s*Bancos/);
      // the breadcrumb links back up
      await page.locator('nav.breadcrumb a', { hasText: 'Cadastro' }).click();
      await page.waitForURL((u) => u.pathname === '/cadastro');
    }));

  it('the medical audit list redirects to itself with the default query (360 days, today, Em Análise)', () =>
    asUser('auditor', async (page) => {
      await page.goto('/principal/autorizacao/auditoria/auditoria-medica');
      await page.waitForURL((u) => u.searchParams.has('inicio'));
      const q = new URL(page.url()).searchParams;
      const fmt = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
      const today = new Date();
      const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 360);
      expect(q.get('termino')).toBe(fmt(today));
      expect(q.get('inicio')).toBe(fmt(start));
      expect(q.get('statusAutorizacao')).toBe('Em Análise');
      // a query that already has inicio is kept
      await page.goto('/principal/autorizacao/auditoria/auditoria-odontologica?inicio=01/01/2026');
      await page.waitForSelector('h1');
      expect(new URL(page.url()).searchParams.get('inicio')).toBe('01/01/2026');
      expect(new URL(page.url()).searchParams.has('termino')).toBe(false);
    }));

  it('a beneficiary sees rep075 and the own record, and no finance group', () =>
    asUser('beneficiario', async (page) => {
      const home = await tileTitles(page);
      expect(home).not.toContain('Financeiro');
      // one-item groups give way to their item on the casual home
      expect(home).toContain('Meu Cadastro de Beneficiário');
      await page.locator('.tile', { hasText: 'Meu Cadastro de Beneficiário' }).click();
      await page.waitForURL((u) => u.pathname === '/cadastro/beneficiarios');
      // the own record lists what it holds: the update request and the virtual card
      expect(await tileTitles(page)).toEqual(expect.arrayContaining([expect.stringMatching(/Atualização Cadastral/i), expect.stringMatching(/Cart(ão|eirinha)/i)]));
      await page.goto('/relatorio/rede-credenciada');
      await page.waitForSelector('.tile');
      const reports = await tileTitles(page);
      expect(reports).toContain('Rede Credenciada por Cidade e Especialidade'); // rep075
      expect(reports).not.toContain('Tabela de Preço Contratado do Prestador'); // rep316
      await page.goto('/financeiro/pagamento/contas-pagar');
      await page.waitForSelector('[data-testid=acesso-negado]');
    }));

  it('an operator reaches the beneficiary lookup through the tiles although the own-record screen above it is hidden', () =>
    asUser('operadora', async (page) => {
      await page.goto('/cadastro');
      await page.waitForSelector('.tile');
      const titles = await tileTitles(page);
      expect(titles).not.toContain('Meu Cadastro de Beneficiário');
      await page.locator('.tile[data-command="cadastro.beneficiarios.consulta"]').click();
      await page.waitForURL((u) => u.pathname === '/cadastro/beneficiarios/consulta');
    }));

  it('an unbuilt screen says so honestly; its path and permission only to the administrator', async () => {
    const texto = (user: string) =>
      asUser(user, async (page) => {
        await page.goto('/financeiro/pagamento/contas-pagar');
        await page.waitForSelector('[data-testid=nao-construida]');
        return page.locator('[data-testid=nao-construida]').innerText();
      });
    const admin = await texto('admin');
    expect(admin).toContain('ainda não está disponível');
    expect(admin).toContain('/financeiro/pagamento/contas-pagar');
    const operadora = await texto('operadora');
    expect(operadora).toContain('ainda não está disponível');
    expect(operadora).not.toContain('/financeiro');
    expect(operadora).not.toContain('Permissão exigida');
  });

  it('access denied and not found appear where they should', () =>
    asUser('prestador', async (page) => {
      await page.goto('/cadastro/acesso/usuarios');
      await page.waitForSelector('[data-testid=acesso-negado]');
      await page.goto('/relatorio/rede-credenciada/prestador-tabela-preco-contratado');
      await page.waitForSelector('h1');
      expect(await page.locator('[data-testid=acesso-negado]').count()).toBe(0);
      await page.goto('/cadastro/inexistente');
      await page.waitForSelector('[data-testid=nao-encontrada]');
    }));
});
