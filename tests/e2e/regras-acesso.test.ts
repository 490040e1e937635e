import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage, toastTexts } from './browser';
import { activePanel, api, escolher, token } from './autorizacoes-helpers';

/**
 * Acesso › Regras and Clonar Usuário in Chromium. The administrator creates a rule group that limits a profile to
 * business hours (first refused beside the field with half an hour range), saves it and sees it listed with its
 * window in words; on a phone the screen fits. The administrator clones the auditor; the clone logs in with the
 * temporary password, chooses a new one in the dialog that cannot be dismissed and sees the audit commands.
 * The restricted profile is a new one held by nobody: the other files log in at any hour.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
// unique per run: a retry runs again on the same server
const n = Date.now().toString(36).slice(-5);
const PERFIL = `Plantão comercial ${n}`;
// each attempt names its own group and accounts (a retry runs on the same server); the phone test opens the last one
let GRUPO = '';
const tentativa = () => `${n}${Math.random().toString(36).slice(2, 5)}`;
let perfilId = 0;

beforeAll(async () => {
  browser = await launch();
  const adm = await token('admin');
  const r = await api<{ id: number }>(adm, '/perfis', { nome: PERFIL, permissoes: ['cadastro:list', 'base:list', 'banco:list'] });
  expect(r.status).toBe(200);
  perfilId = r.result.id;
}, 60_000);
afterAll(() => browser?.close());

describe('Regras de acesso', () => {
  it('the administrator limits a profile to business hours and sees the group listed', async () => {
    GRUPO = `Horário comercial ${tentativa()}`;
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/regras');
      const panel = activePanel(page);
      await panel.getByRole('button', { name: 'Novo grupo' }).click();
      const form = panel.locator('form[aria-label="Novo grupo de regras"]');
      await form.locator('#regra-nome').fill(GRUPO);
      await form.locator('#regra-descricao').fill('Só de segunda a sexta, das 8h às 18h');
      // the new rule starts as the business week; its words follow what is typed
      const regra = form.locator('[data-testid=regra]').first();
      expect(await regra.getByRole('checkbox', { name: 'Sáb' }).isChecked()).toBe(false);
      expect(await regra.getByRole('checkbox', { name: 'Seg' }).isChecked()).toBe(true);
      await expect.poll(() => regra.locator('[data-testid=regra-resumo]').innerText()).toBe('seg a sex, das 08:00 às 18:00');
      // half a range is refused beside its field, before anything is sent
      await form.locator('#regra-0-horaFim').fill('');
      await form.getByRole('button', { name: 'Salvar grupo' }).click();
      await expect.poll(() => form.locator('[data-erro="regras.0.horaFim"]').innerText()).toBe('Informe o horário inicial e o final (ou deixe os dois em branco para o dia todo).');
      expect(await form.locator('#regra-0-horaFim').evaluate((el) => el === document.activeElement)).toBe(true);
      await form.locator('#regra-0-horaFim').fill('1800');
      expect(await form.locator('#regra-0-horaFim').inputValue()).toBe('18:00');
      await form.getByRole('checkbox', { name: new RegExp(`^${PERFIL}`) }).check();
      await page.screenshot({ path: `${SHOTS}/regras-novo-1400.png`, fullPage: true });
      await form.getByRole('button', { name: 'Salvar grupo' }).click();
      await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain(`Grupo de regras ${GRUPO} salvo.`);
      // listed, with its window in words; the saved group stays open
      const item = panel.locator('[data-testid=regras-lista] li', { hasText: GRUPO });
      await expect.poll(() => item.innerText(), { timeout: 10_000 }).toContain('seg a sex, das 08:00 às 18:00');
      expect(await item.innerText()).toContain('Restringe 0 usuários');
      await expect.poll(() => panel.locator(`form[aria-label="Grupo de regras ${GRUPO}"]`).count()).toBe(1);
      expect(await panel.locator(`form[aria-label="Grupo de regras ${GRUPO}"]`).getByRole('checkbox', { name: new RegExp(`^${PERFIL}`) }).isChecked()).toBe(true);
      const caixa = (await panel.locator('.perfis-corpo').boundingBox())!;
      expect(caixa.x + caixa.width).toBeLessThanOrEqual(1400);
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/regras-1400.png` });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('on a phone the rules screen fits', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/regras');
      const panel = activePanel(page);
      const item = panel.locator('[data-testid=regras-lista] li', { hasText: GRUPO });
      await item.getByRole('button').click();
      await panel.locator(`form[aria-label="Grupo de regras ${GRUPO}"]`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/regras-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('Clonar Usuário', () => {
  it('the administrator clones the auditor; the clone changes the temporary password and sees the audit commands', async () => {
    const login = `clone.${tentativa()}`;
    let senha: string | undefined;
    const adm = await newPage(browser, { width: 1400, height: 900 });
    try {
      const { page } = adm;
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/clonar-usuario');
      const panel = activePanel(page);
      const form = panel.locator('form[data-testid=form-clonar]');
      // nothing chosen: refused beside the fields
      await form.getByRole('button', { name: 'Clonar usuário' }).click();
      await expect.poll(() => form.locator('.field-error').allInnerTexts()).toEqual(expect.arrayContaining(['Escolha o usuário a clonar.', 'Informe o nome.']));
      await escolher(page, '#clone-origemId', 'auditor', 'auditor — Aurora Auditora');
      const resumo = form.locator('[data-testid=clone-resumo]');
      await expect.poll(() => resumo.innerText(), { timeout: 10_000 }).toContain('Auditoria médica');
      expect(await resumo.innerText()).toContain('Auditor');
      await form.locator('#clone-login').fill(login);
      await form.locator('#clone-nome').fill('Cecília Clone');
      await form.locator('#clone-email').fill(`${login}@operadora.example`);
      await page.screenshot({ path: `${SHOTS}/clonar-1400.png`, fullPage: true });
      await form.getByRole('button', { name: 'Clonar usuário' }).click();
      const entregue = panel.locator('[data-testid=senha-temporaria]');
      await entregue.waitFor({ timeout: 15_000 });
      senha = await entregue.locator('code').innerText();
      expect(senha).toMatch(/^[A-Za-z0-9-]{13}$/);
      expect(await panel.locator('[data-testid=usuario-clonado]').innerText()).toContain('Com os papéis, os perfis e as regras de auditor.');
      await page.screenshot({ path: `${SHOTS}/clonado-1400.png` });
    } finally {
      await adm.context.close();
    }

    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, login, senha!);
      const dialog = page.locator('[role=dialog]');
      await dialog.waitFor();
      expect(await dialog.locator('h2').innerText()).toBe('Sua senha expirou');
      await page.locator('#pwd-senhaAtual').fill(senha!);
      await page.locator('#pwd-senha').fill('clone_auditoria_2026');
      await page.locator('#pwd-senhaConf').fill('clone_auditoria_2026');
      await page.locator('form[aria-label="Alterar senha"] button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      await page.goto('/');
      await page.waitForSelector('.tile');
      const tiles = await page.locator('.tile .tile-title').allInnerTexts();
      expect(tiles).toEqual(expect.arrayContaining(['Cadastro', 'Autorização e Faturamento']));
      for (const fora of ['Financeiro', 'Contrato', 'Operadora', 'Ouvidoria']) expect(tiles, fora).not.toContain(fora);
      await page.screenshot({ path: `${SHOTS}/clone-inicio-1400.png` });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('on a phone the clone form fits', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'admin');
      await page.goto('/cadastro/acesso/clonar-usuario');
      await activePanel(page).locator('#clone-login').waitFor();
      await escolher(page, '#clone-origemId', 'operadora', 'operadora — Olívia Operadora');
      await expect.poll(() => activePanel(page).locator('[data-testid=clone-resumo]').innerText(), { timeout: 10_000 }).toContain('Operadora');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/clonar-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('Migração de Usuário', () => {
  it('the administrator previews what moves, confirms, and the source’s profile goes to the target', async () => {
    const n = tentativa();
    const adm = await token('admin');
    const { result: opcoes } = await api<{ grupos: { id: number; validaSenha: boolean }[] }>(adm, '/usuarios/opcoes');
    const grupoId = opcoes.grupos.find((g) => !g.validaSenha)!.id;
    for (const [login, perfis] of [[`sai.${n}`, [perfilId]], [`entra.${n}`, []]] as const) {
      const r = await api(adm, '/usuarios', { login, nome: `Conta ${login}`, operadora: true, grupoId, perfis });
      expect(r.status).toBe(200);
    }
    // the phone first, only the preview; then the desktop previews and migrates
    for (const [width, height] of [[390, 844], [1400, 900]] as const) {
      const { context, page } = await newPage(browser, { width, height });
      try {
        await loginUI(page, 'admin');
        await page.goto('/cadastro/acesso/migracao-usuario');
        const panel = activePanel(page);
        await panel.getByRole('button', { name: 'Ver o que será migrado' }).click();
        await expect.poll(() => panel.locator('.field-error').allInnerTexts()).toEqual(['Escolha o usuário de origem.', 'Escolha o usuário de destino.']);
        await escolher(page, '#migra-origemId', `sai.${n}`, `sai.${n} — Conta sai.${n}`);
        await escolher(page, '#migra-destinoId', `entra.${n}`, `entra.${n} — Conta entra.${n}`);
        await panel.getByRole('button', { name: 'Ver o que será migrado' }).click();
        const quadro = panel.locator('[data-testid=migracao-quadro]');
        await expect.poll(() => quadro.locator('[data-testid=migra-perfis]').innerText(), { timeout: 10_000 }).toBe(PERFIL);
        expect(await quadro.locator('[data-testid=migra-atendimentos]').innerText()).toBe('0');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/migracao-previa-${width}.png`, fullPage: true });
        if (width === 1400) {
          await panel.getByRole('checkbox', { name: /^Bloquear sai\./ }).check();
          await panel.getByRole('button', { name: 'Migrar' }).click();
          const confirma = page.locator('[role=alertdialog]');
          expect(await confirma.innerText()).toContain(`Migrar de sai.${n} para entra.${n}: 1 perfil, 0 atendimentos em andamento, 0 processos agendados? sai.${n} será bloqueado.`);
          await confirma.getByRole('button', { name: 'Sim' }).click();
          await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain(`Migração de sai.${n} para entra.${n} concluída: 1 perfil, 0 atendimentos em andamento, 0 processos agendados. sai.${n} foi bloqueado.`);
          await expect.poll(() => panel.locator('[data-testid=migracao-quadro] h2').innerText()).toBe(`Migrado de sai.${n} para entra.${n}`);
          await page.screenshot({ path: `${SHOTS}/migracao-feita-1400.png`, fullPage: true });
        }
      } finally {
        await context.close();
      }
    }
  }, 150_000);
});
