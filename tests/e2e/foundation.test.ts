import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage, toastTexts } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function withPage<T>(fn: (page: Page) => Promise<T>, opts?: { width?: number }) {
  const { context, page } = await newPage(browser, opts);
  try {
    return await fn(page);
  } finally {
    await context.close();
  }
}

async function logoutUI(page: Page) {
  await page.click('.user-menu > button');
  await page.click('role=menuitem[name="Sair"]');
  const dialog = page.locator('[role=alertdialog]');
  await expect(dialog.locator('h2').innerText()).resolves.toBe('Confirmação');
  await expect(dialog.innerText()).resolves.toContain('Deseja sair?');
  await dialog.locator('button', { hasText: 'Sim' }).click();
  await page.waitForURL((u) => u.pathname === '/auth');
}

describe('login and logout', () => {
  it.each(['admin', 'operadora', 'prestador', 'prestadoradm', 'beneficiario', 'dependente', 'ouvidoria', 'auditor'])('%s logs in, sees the home and logs out', (login) =>
    withPage(async (page) => {
      await page.goto('/');
      await page.waitForURL(/\/auth/);
      await loginUI(page, login);
      await page.waitForSelector('h1.page-title');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.locator('.header').innerText()).toContain('COPASS Saúde');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^"[\w-]{43}"$/);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('permissions'))) ?? '[]').length).toBeGreaterThan(0);
      await logoutUI(page);
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('permissions'), localStorage.getItem('roleFlags')])).toEqual(['null', '[]', '{}']);
      // after logout a protected page goes back to login
      await page.goto('/notices');
      await page.waitForURL(/\/auth\?redirect=%2Fnotices/);
    }),
  );

  it('"Não" in the logout confirmation keeps the session', () =>
    withPage(async (page) => {
      await loginUI(page, 'operadora');
      await page.click('.user-menu > button');
      await page.click('role=menuitem[name="Sair"]');
      await page.locator('[role=alertdialog] button', { hasText: 'Não' }).click();
      expect(await page.locator('[role=alertdialog]').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
    }));

  it('shows a pt-BR error for a wrong password, once', () =>
    withPage(async (page) => {
      await page.goto('/auth');
      await page.fill('#login-usuario', 'auditor');
      await page.fill('#login-senha', 'errada');
      await page.click('form[aria-label="Entrar"] button[type=submit]');
      await page.waitForSelector('form[aria-label="Entrar"] .field-error');
      await page.waitForTimeout(300); // a toast repeating it would be up by now
      const text = await page.locator('body').innerText();
      expect(text.split('Usuário ou senha inválidos.').length - 1).toBe(1);
      expect(await toastTexts(page)).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/auth');
    }));

  it('a stored token is reloaded at start-up', () =>
    withPage(async (page) => {
      await loginUI(page, 'auditor');
      await page.reload();
      await page.waitForSelector('h1.page-title');
      expect(await page.locator('.user-menu > button').innerText()).toContain('Aurora Auditora');
    }));
});

describe('route guard', () => {
  it('sends a logged-out user to login with the full wanted path and back after login', () =>
    withPage(async (page) => {
      await page.goto('/cadastro/acesso/usuarios?nome=ana&pagina=2');
      await page.waitForURL(/\/auth\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cadastro/acesso/usuarios?nome=ana&pagina=2');
      await loginUI(page, 'admin');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/usuarios');
      expect(new URL(page.url()).search).toBe('?nome=ana&pagina=2');
      expect(await page.locator('nav.breadcrumb').innerText()).toContain('Usuários');
    }));

  it('shows access denied for a route without permission', () =>
    withPage(async (page) => {
      await loginUI(page, 'beneficiario');
      await page.goto('/cadastro/acesso/usuarios');
      await page.waitForSelector('[data-testid=acesso-negado]');
      expect(new URL(page.url()).pathname).toBe('/acesso-negado');
      expect(await page.locator('h1').innerText()).toBe('Acesso negado');
    }));

  it('shows not found for an unknown path', () =>
    withPage(async (page) => {
      await loginUI(page, 'operadora');
      await page.goto('/nao/existe/mesmo');
      await page.waitForSelector('[data-testid=nao-encontrada]');
      expect(await page.locator('h1').innerText()).toBe('Página não encontrada');
    }));

  it('public pages open without a session', () =>
    withPage(async (page) => {
      await page.goto('/senha-atualizada');
      expect(await page.locator('h1').innerText()).toBe('Senha atualizada');
      await page.goto('/mensagem-sucesso');
      expect(await page.locator('h1').innerText()).toBe('Tudo certo');
    }));

  it('a 401 in the middle of work lands on login with the way back', () =>
    withPage(async (page) => {
      await loginUI(page, 'operadora');
      await page.goto('/cadastro');
      await page.waitForSelector('.tile');
      // the session is revoked elsewhere (token kept in this browser)
      await page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('token')!);
        await fetch('/api/auth/token/revoke', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      });
      await page.locator('.tile').first().click();
      await page.waitForURL(/\/auth\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/cadastro\//);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('null');
    }));

  it('"Sair de todos os dispositivos" ends this session and the ones in other browsers', async () => {
    const other = await newPage(browser);
    try {
      await loginUI(other.page, 'ouvidoria');
      await other.page.waitForSelector('h1.page-title');
      await withPage(async (page) => {
        await loginUI(page, 'ouvidoria');
        await page.waitForSelector('h1.page-title');
        await page.click('.user-menu > button');
        await page.screenshot({ path: '.tmp/e2e-shots/menu-usuario-sair-todos.png' });
        await page.click('role=menuitem[name="Sair de todos os dispositivos"]');
        const dialog = page.locator('[role=alertdialog]');
        await expect(dialog.locator('h2').innerText()).resolves.toBe('Confirmação');
        await expect(dialog.innerText()).resolves.toContain('Encerrar a sua sessão em todos os dispositivos, inclusive neste?');
        await dialog.locator('button', { hasText: 'Sim' }).click();
        await page.waitForURL((u) => u.pathname === '/auth');
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('null');
      });
      // the other browser's next navigation finds its session ended
      await other.page.goto('/cadastro');
      await other.page.waitForURL(/\/auth\?redirect=%2Fcadastro/);
    } finally {
      await other.context.close();
    }
  });

  it('shows the network failure message when the server cannot be reached', () =>
    withPage(async (page) => {
      await loginUI(page, 'operadora');
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.locator('.tile').first().click();
      await page.waitForSelector('[data-testid=toast]');
      expect(await toastTexts(page)).toContain('Falha na conexão com o servidor. Aguarde um instante e tente novamente.');
      // the server comes back: work goes on without a reload
      await page.unroute('**/api/**');
      await page.goto('/');
      await page.waitForSelector('.tile');
    }));
});

describe('password dialog (spec §5)', () => {
  const field = (page: Page, id: string) => page.locator(`#pwd-${id}`);
  const errors = (page: Page, id: string) => page.locator(`#${id}-erros li`).allInnerTexts();
  const submit = (page: Page) => page.locator('form[aria-label="Alterar senha"] button[type=submit]').click();

  it('cannot be dismissed when the password has expired', () =>
    withPage(async (page) => {
      await loginUI(page, 'expirado');
      const dialog = page.locator('[role=dialog]');
      await dialog.waitFor();
      expect(await dialog.locator('h2').innerText()).toBe('Sua senha expirou');
      expect(await dialog.locator('[aria-label=Fechar]').count()).toBe(0);
      expect(await dialog.locator('button', { hasText: 'Cancelar' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      expect(await dialog.isVisible()).toBe(true);
      for (const id of ['senhaAtual', 'senha', 'senhaConf']) expect(await field(page, id).getAttribute('maxlength')).toBe('25');
    }));

  it('shows every message of the simple rule', () =>
    withPage(async (page) => {
      await loginUI(page, 'expirado');
      await page.locator('[role=dialog]').waitFor();
      await submit(page);
      expect(await errors(page, 'senhaAtual')).toEqual(['Informe a Senha Atual']);
      expect(await errors(page, 'senha')).toEqual(['Informe a Nova Senha']);
      expect(await errors(page, 'senhaConf')).toEqual(['Informe a Confirmação da Nova Senha']);
      await field(page, 'senhaAtual').fill('Demo-2026');
      await field(page, 'senha').fill('ab!c');
      await field(page, 'senhaConf').fill('outra');
      await submit(page);
      expect(await errors(page, 'senha')).toEqual(['Nova Senha inválida']);
      expect(await errors(page, 'senhaConf')).toEqual(['As senhas informadas não são iguais']);
    }));

  it('shows every message of the strong rule', () =>
    withPage(async (page) => {
      await loginUI(page, 'forte');
      await page.locator('[role=dialog]').waitFor();
      await field(page, 'senhaAtual').fill('Demo-2026');
      await field(page, 'senha').fill('abc');
      await field(page, 'senhaConf').fill('abc');
      await submit(page);
      expect(await errors(page, 'senha')).toEqual([
        'Deve ter no mínimo 6 carateres',
        'Deve ter ao menos uma letra maiúscula',
        'Deve ter ao menos um número',
        'Deve ter ao menos um caracter especial',
      ]);
      await field(page, 'senha').fill('ABCDEF1!');
      await submit(page);
      expect(await errors(page, 'senha')).toEqual(['Deve ter ao menos uma letra minúscula']);
    }));

  it('refuses a wrong current password beside the field, then changes it and closes', () =>
    withPage(async (page) => {
      await loginUI(page, 'expirado');
      await page.locator('[role=dialog]').waitFor();
      await field(page, 'senhaAtual').fill('errada');
      await field(page, 'senha').fill('nova_senha-1');
      await field(page, 'senhaConf').fill('nova_senha-1');
      await submit(page);
      await page.locator('#senhaAtual-erros').waitFor();
      expect(await errors(page, 'senhaAtual')).toEqual(['A Senha Atual não confere.']);
      await field(page, 'senhaAtual').fill('Demo-2026');
      await submit(page);
      await page.locator('[role=dialog]').waitFor({ state: 'detached' });
      expect(await toastTexts(page)).toContain('Senha alterada com sucesso.');
    }));

  it('opens from the user menu and can be cancelled when not expired', () =>
    withPage(async (page) => {
      await loginUI(page, 'operadora');
      await page.click('.user-menu > button');
      await page.click('role=menuitem[name="Alterar senha"]');
      const dialog = page.locator('[role=dialog]');
      expect(await dialog.locator('h2').innerText()).toBe('Alterar senha');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }));
});

describe('URA', () => {
  it('sends a URA holder without a terminal to the URA route after each navigation, until one is set', () =>
    withPage(async (page) => {
      await loginUI(page, 'ura');
      await page.waitForURL((u) => u.pathname === '/util/ura');
      await page.goto('/notices');
      await page.waitForURL((u) => u.pathname === '/util/ura');
      await page.fill('#ura-terminal', 'URA-09');
      await page.click('button[type=submit]');
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/notices');
      await page.waitForSelector('h1.page-title');
      expect(new URL(page.url()).pathname).toBe('/notices');
    }));
});
