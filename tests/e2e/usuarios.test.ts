import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette, pressPalette, toastTexts } from './browser';
import { activePanel, token } from './autorizacoes-helpers';

/**
 * Usuários (Acesso › Usuários): the administrator opens the list from the palette, reads each account's roles as
 * chips, its link and its last access; filters by role; a period of last access that ends before it starts is
 * refused beside its field; on a phone each account is a card; an operator is denied. The administrator creates an
 * auditor with the medical-audit profile, who logs in with the temporary password, must change it in the dialog that
 * cannot be dismissed, and then sees only the audit commands in the tiles and the palette.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  // a few accounts logged in today, so their last access shows
  for (const u of ['operadora', 'prestador', 'beneficiario', 'auditor']) await token(u);
}, 60_000);
afterAll(() => browser?.close());

describe('Usuários', () => {
  it('the administrator lists the accounts with roles, link and last access, and filters by role', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'usuarios', 'Usuários');
      await page.waitForURL((u) => u.pathname === '/cadastro/acesso/usuarios');
      const panel = activePanel(page);
      const linhas = panel.locator('.lista-tabela tbody tr');
      await expect.poll(() => linhas.count(), { timeout: 15_000 }).toBeGreaterThan(5);
      // by login
      const logins = await panel.locator('.lista-tabela tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => td.querySelector('.lista-cel')!.firstChild!.textContent));
      expect(logins).toEqual([...logins].sort());
      const benef = panel.locator('.lista-tabela tbody tr', { hasText: 'Beatriz Beneficiária' });
      const texto = await benef.innerText();
      expect(texto).toContain('Beneficiário');
      expect(texto).toContain('Beatriz Almeida Souza');
      expect(texto).toContain('Ativo');
      expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(await panel.locator('[data-testid=total]').innerText()).toMatch(/\d+ usuários/);
      // the table fits the window: nothing runs off to the right
      const caixa = (await panel.locator('.lista-tabela').boundingBox())!;
      expect(caixa.x + caixa.width).toBeLessThanOrEqual(1400);
      await page.screenshot({ path: `${SHOTS}/usuarios-1400.png` });

      // a period of last access that ends before it starts: refused beside the field, the address unchanged
      await panel.locator('#busca-acessoDe').fill('10/05/2026');
      await panel.locator('#busca-acessoAte').fill('01/05/2026');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => panel.locator('.field-error').allInnerTexts()).toEqual(['O período termina antes de começar.']);
      expect(new URL(page.url()).search).toBe('');
      await panel.locator('#busca-acessoDe').fill('');
      await panel.locator('#busca-acessoAte').fill('');

      await panel.locator('#busca-papel').selectOption('operadora');
      await panel.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((u) => u.searchParams.get('papel') === 'operadora');
      // the seeded accounts with the operator's role, and none of the others; accounts that an earlier test file created
      // (the e2e files share one server: regras-acesso's migration makes operator accounts) may be listed beside them
      const SEMENTE = ['admin', 'auditor', 'beneficiario', 'dependente', 'expirado', 'forte', 'operadora', 'ouvidoria', 'prestador', 'prestadoradm', 'ura'];
      await expect
        .poll(
          async () =>
            (await panel.locator('.lista-tabela tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => td.querySelector('.lista-cel')!.firstChild!.textContent))).filter((l) =>
              SEMENTE.includes(l ?? ''),
            ),
          { timeout: 10_000 },
        )
        .toEqual(['expirado', 'forte', 'operadora', 'ura']);
      // an expired password says so: the seed expires Ernesto's, but an earlier test file may have changed it since
      // (the e2e files share one server), so the chip must follow the date the row shows
      const col = (await panel.locator('.lista-tabela thead th').allInnerTexts()).findIndex((h) => h.trim() === 'Senha expira em');
      expect(col).toBeGreaterThan(0);
      const cel = await panel.locator('.lista-tabela tbody tr', { hasText: 'Ernesto Expirado' }).locator('td').nth(col).innerText();
      const [, d, m, a, hm = '00:00'] = /(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}:\d{2}))?/.exec(cel) ?? [];
      const vencida = !!a && new Date(`${a}-${m}-${d}T${hm}:00-03:00`).getTime() <= Date.now();
      if (vencida) expect(cel).toContain('Expirada');
      else expect(cel).not.toContain('Expirada');
      await page.screenshot({ path: `${SHOTS}/usuarios-1400-operadora.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('on a phone each account is a card', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/usuarios');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(5);
      const card = panel.locator('.lista-tabela tbody tr', { hasText: 'Paulo Prestador' });
      await card.scrollIntoViewIfNeeded();
      const texto = await card.innerText();
      // each value beside its column's name (the name is drawn by CSS from data-label)
      expect(await card.locator('td[data-label="Papéis"]').innerText()).toBe('Prestador');
      expect(texto).toContain('Clínica Santa Luzia Ltda');
      // a long e-mail breaks inside its card: the page does not scroll sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/usuarios-390.png`, fullPage: true });
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/usuarios-390-tela.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('is refused to an operator: access denied', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginUI(page, 'operadora');
      await page.goto('/cadastro/acesso/usuarios');
      await page.waitForURL((u) => u.pathname === '/acesso-negado');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the administrator creates an auditor with the medical-audit profile, who changes the temporary password and sees only audit commands', async () => {
    const adm = await newPage(browser, { width: 1400, height: 900 });
    let senha: string | undefined;
    try {
      const { page } = adm;
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/usuarios');
      const panel = activePanel(page);
      await panel.getByRole('link', { name: 'Novo usuário' }).click();
      await page.waitForURL((u) => u.searchParams.has('novo'));
      const form = panel.locator('form[data-testid=form-usuario]');
      // the shared schema refuses before anything is sent, beside the fields
      await form.getByRole('button', { name: 'Criar usuário' }).click();
      await expect.poll(() => form.locator('.field-error').allInnerTexts()).toEqual(expect.arrayContaining(['Informe o nome.']));
      await form.locator('#usr-login').fill('aurelio.e2e');
      await form.locator('#usr-nome').fill('Aurélio Auditor');
      await form.locator('#usr-email').fill('aurelio@operadora.example');
      await form.getByRole('checkbox', { name: 'Auditor', exact: true }).check();
      await form.getByRole('checkbox', { name: /^Auditoria médica/ }).check();
      await page.screenshot({ path: `${SHOTS}/usuario-novo-1400.png`, fullPage: true });
      await form.getByRole('button', { name: 'Criar usuário' }).click();
      const entregue = panel.locator('[data-testid=senha-temporaria]');
      await entregue.waitFor({ timeout: 15_000 });
      senha = await entregue.locator('code').innerText();
      expect(senha).toMatch(/^[A-Za-z0-9-]{13}$/);
      await page.screenshot({ path: `${SHOTS}/usuario-criado-1400.png` });
      // the account opens with its roles, profile and actions
      await panel.getByRole('button', { name: 'Abrir o usuário' }).click();
      await page.waitForURL((u) => u.searchParams.has('id'));
      await expect.poll(() => panel.locator('h1').innerText()).toBe('Usuário aurelio.e2e');
      expect(await panel.getByRole('checkbox', { name: /^Auditoria médica/ }).isChecked()).toBe(true);
      expect(await panel.getByRole('checkbox', { name: 'Auditor', exact: true }).isChecked()).toBe(true);
      expect(await panel.getByRole('group', { name: 'Ações do usuário' }).getByRole('button').allInnerTexts()).toEqual(['Bloquear', 'Redefinir senha', 'Encerrar sessões']);
    } finally {
      await adm.context.close();
    }

    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'aurelio.e2e', senha!);
      const dialog = page.locator('[role=dialog]');
      await dialog.waitFor();
      expect(await dialog.locator('h2').innerText()).toBe('Sua senha expirou');
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      await page.locator('#pwd-senhaAtual').fill(senha!);
      await page.locator('#pwd-senha').fill('auditoria_2026');
      await page.locator('#pwd-senhaConf').fill('auditoria_2026');
      await page.locator('form[aria-label="Alterar senha"] button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await toastTexts(page)).toContain('Senha alterada com sucesso.');

      await page.goto('/');
      await page.waitForSelector('.tile');
      const tiles = await page.locator('.tile .tile-title').allInnerTexts();
      expect(tiles).toEqual(expect.arrayContaining(['Cadastro', 'Autorização e Faturamento']));
      for (const fora of ['Financeiro', 'Contrato', 'Operadora', 'Ouvidoria']) expect(tiles, fora).not.toContain(fora);
      await page.screenshot({ path: `${SHOTS}/auditor-inicio-1400.png` });

      await pressPalette(page);
      const input = page.locator('.palette input[role=combobox]');
      const titles = () => page.locator('.palette [role=option] .palette-title').allInnerTexts();
      await input.fill('auditoria médica');
      await expect.poll(titles, { timeout: 5000 }).toContain('Auditoria Médica');
      for (const q of ['usuários', 'contas a pagar', 'bancos', 'manifestações']) {
        await input.fill(q);
        await page.waitForTimeout(100);
        expect((await titles()).filter((t) => /Usuários|Contas a Pagar|Bancos|Manifestações/.test(t)), q).toEqual([]);
      }
      await page.screenshot({ path: `${SHOTS}/auditor-paleta-1400.png` });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('on a phone the account form fits the screen', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/usuarios?novo=1');
      await activePanel(page).locator('#usr-login').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/usuario-novo-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('Configuração de Permissões: a new profile gets a screen found by the search, with its actions, and is saved', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/config-permissoes');
      const panel = activePanel(page);
      await panel.getByRole('button', { name: /^Auditoria médica/ }).click();
      // the profile's own permissions are ticked: the medical audit queue is, the banks table is not
      const arvore = panel.locator('.perfis-arvore');
      await expect.poll(() => arvore.locator('[data-path="/principal/autorizacao/auditoria/auditoria-medica"] > .perfis-no input').first().isChecked()).toBe(true);
      expect(await arvore.locator('[data-path="/cadastro/base/bancos"] > .perfis-no input').first().isChecked()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/perfis-1400.png` });

      await panel.getByRole('button', { name: 'Novo perfil' }).click();
      await panel.locator('#perfil-nome').fill('Consulta de bancos');
      await panel.locator('#perfil-busca').fill('bancos');
      const banco = arvore.locator('[data-path="/cadastro/base/bancos"] > .perfis-no');
      await banco.waitFor();
      await banco.getByRole('checkbox', { name: 'Bancos' }).check();
      expect(await banco.getByRole('checkbox', { name: 'Incluir' }).isChecked()).toBe(true);
      await banco.getByRole('checkbox', { name: 'Excluir' }).uncheck();
      // the table's list, insert and update, and the folders above it (Cadastro, Base): without them no tile leads there
      expect(await panel.locator('[data-testid=perfil-contagem]').innerText()).toBe('5 permissões marcadas');
      for (const pasta of ['/cadastro', '/cadastro/base']) expect(await arvore.locator(`[data-path="${pasta}"] > .perfis-no input`).first().evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/perfis-novo-1400.png` });
      await panel.getByRole('button', { name: 'Salvar perfil' }).click();
      await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('Perfil Consulta de bancos salvo.');
      await expect.poll(() => panel.locator('.perfis-lista').innerText()).toContain('Consulta de bancos');
    } finally {
      await context.close();
    }
  }, 90_000);
});
