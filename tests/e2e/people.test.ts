import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '../../src/shared/clients';
import { DEMO_PESSOAS, carteirinhaDe } from '../../src/server/db/seed/people';
import { launch, loginUI, newPage, toastTexts } from './browser';

/**
 * People end to end in Chromium: the operator creates a beneficiary (masked CPF, address by UF and city), the
 * provider selection dialog (5 characters, 'Informe o Prestador'), the beneficiary updates a phone — approved by
 * the operator — and shows the virtual card, and the eligibility check answers for an active and a suspended person.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function asUser(login: string, run: (page: Page) => Promise<void>, size?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, size ?? { width: 1366, height: 900 });
  try {
    await loginUI(page, login);
    await run(page);
  } finally {
    await context.close();
  }
}

const form = (p: Page) => p.getByTestId('formulario');
const field = (p: Page, key: string) => form(p).locator(`#campo-${key}`);

describe('pessoas', () => {
  it('the operator creates a beneficiary with a masked CPF and an address chosen by UF and city', () =>
    asUser('operadora', async (page) => {
      await page.goto('/cadastro/pessoa/beneficiarios');
      await page.locator('.rs-grid .ag-row').first().waitFor();
      await page.getByRole('button', { name: 'Novo', exact: true }).click();
      await form(page).waitFor();
      const cpf = generateCpf().replace(/\D/g, '');
      await field(page, 'matricula').fill('8800000001');
      await field(page, 'carteirinha').fill('0064880000000101');
      await field(page, 'nome').fill('Joana Teste Ponta a Ponta');
      await field(page, 'cpf').pressSequentially(cpf);
      expect(await field(page, 'cpf').inputValue()).toBe(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
      await field(page, 'nomeMae').fill('Maria Teste');
      await field(page, 'sexo').selectOption('3');
      await field(page, 'dataNascimento').pressSequentially('15031988');
      expect(await field(page, 'dataNascimento').inputValue()).toBe('15/03/1988');
      // UF defaults to MG (spec §9); the city list follows the UF
      expect(await field(page, 'uf').inputValue()).toBe('MG');
      await expect.poll(() => field(page, 'cidade').locator('option', { hasText: 'Belo Horizonte' }).count()).toBe(1);
      await field(page, 'uf').selectOption('SP');
      await expect.poll(() => field(page, 'cidade').locator('option', { hasText: 'Campinas' }).count()).toBe(1);
      expect(await field(page, 'cidade').locator('option', { hasText: 'Belo Horizonte' }).count()).toBe(0);
      await field(page, 'cidade').selectOption({ label: 'Campinas' });
      await field(page, 'cep').pressSequentially('13010111');
      expect(await field(page, 'cep').inputValue()).toBe('13010-111');
      await field(page, 'celular').pressSequentially('19987654321');
      expect(await field(page, 'celular').inputValue()).toBe('(19) 98765-4321');
      await field(page, 'produto').focus(); // reference options load when the field is first used
      await expect.poll(() => field(page, 'produto').locator('option').count()).toBeGreaterThan(1);
      await field(page, 'produto').selectOption({ index: 1 });
      await field(page, 'dataAdesao').pressSequentially('01102026');
      await field(page, 'cpf').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'beneficiario-formulario.png') });
      await page.keyboard.press('Control+s');
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Beneficiário incluído com sucesso.'));
      // found in the list by CPF, from the search view
      const busca = page.getByTestId('busca');
      await busca.getByLabel('CPF', { exact: true }).pressSequentially(cpf);
      await busca.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL(new RegExp(`cpf\\.eq=${cpf}`));
      await expect.poll(() => page.getByTestId('total').innerText()).toBe('1 registro');
      await page.locator('.rs-grid .ag-row', { hasText: 'Joana Teste Ponta a Ponta' }).first().waitFor();
      // opened again, the address keeps the UF and the city of that UF
      await page.locator('.rs-grid button[title="Editar"]').first().click();
      await form(page).waitFor();
      expect(await field(page, 'uf').inputValue()).toBe('SP');
      await expect.poll(() => field(page, 'cidade').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Campinas');
      expect(await field(page, 'cpf').inputValue()).toBe(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    }));

  it('the grid finds beneficiaries by a surname typed in the name filter, accents and case ignored', () =>
    asUser('operadora', async (page) => {
      await page.goto('/cadastro/pessoa/beneficiarios');
      await page.locator('.rs-grid .ag-row').first().waitFor();
      const busca = page.getByTestId('busca');
      await busca.getByLabel('Nome', { exact: true }).fill('SOUZA');
      await busca.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL(/nome\.contains=SOUZA/);
      // the demo titular and her son carry Souza as the last name: the old prefix search found neither
      const nomes = () => page.locator('.rs-grid .ag-row [col-id="nome"]').allInnerTexts();
      await expect.poll(async () => (await nomes()).length > 2 && (await nomes()).every((n) => /souza/i.test(n)), { timeout: 15_000 }).toBe(true);
      expect(await nomes()).toEqual(expect.arrayContaining([DEMO_PESSOAS.titular.nome, DEMO_PESSOAS.dependente.nome]));
      await expect.poll(() => page.getByTestId('total').innerText()).toMatch(/^\d+ registros$/);
      await page.screenshot({ path: join(SHOTS, 'beneficiarios-busca-sobrenome.png') });
    }));

  it('refuses an invalid CPF beside the field, in pt-BR', () =>
    asUser('operadora', async (page) => {
      await page.goto('/cadastro/pessoa/beneficiarios');
      await page.locator('.rs-grid .ag-row').first().waitFor();
      await page.getByRole('button', { name: 'Novo', exact: true }).click();
      await field(page, 'cpf').pressSequentially('52998224724');
      await page.keyboard.press('Control+s');
      await expect.poll(() => form(page).locator('#campo-cpf-erro').innerText()).toBe('CPF inválido: os dígitos verificadores não conferem.');
      expect(await form(page).locator('#campo-nome-erro').innerText()).toBe('O campo Nome é obrigatório.');
    }));

  it('the provider dialog finds a provider after 5 characters and refuses an empty choice', () =>
    asUser('operadora', async (page) => {
      await page.goto('/cadastro/pessoa/profissionais');
      await page.locator('.rs-grid .ag-row').first().waitFor();
      await page.getByRole('button', { name: 'Novo', exact: true }).click();
      await form(page).waitFor();
      await form(page).getByRole('button', { name: 'Selecionar…' }).click();
      const dialog = page.locator('.prest-dialog');
      await dialog.waitFor();
      const termo = dialog.locator('#prestador-termo');
      await termo.pressSequentially('Clín');
      await page.waitForTimeout(700);
      expect(await dialog.locator('.prest-item').count()).toBe(0);
      expect(await dialog.locator('.rf-help').innerText()).toBe('Digite ao menos 5 caracteres para pesquisar.');
      await dialog.getByTestId('prestador-selecionar').click();
      expect(await dialog.getByTestId('prestador-erro').innerText()).toBe('Informe o Prestador');
      await termo.fill('Clínica Santa Luzia');
      await expect.poll(() => dialog.locator('.prest-item').count(), { timeout: 5000 }).toBeGreaterThan(0);
      const item = dialog.locator('.prest-item', { hasText: 'Clínica Santa Luzia Ltda' });
      expect(await item.innerText()).toContain('11.222.333/0001-81');
      await page.screenshot({ path: join(SHOTS, 'prestador-dialogo.png') });
      await dialog.getByTestId('prestador-selecionar').click();
      expect(await dialog.getByTestId('prestador-erro').innerText()).toBe('Informe o Prestador');
      await item.locator('input[type=radio]').check();
      await dialog.getByTestId('prestador-selecionar').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await field(page, 'prestador').inputValue()).toBe('100001 · Clínica Santa Luzia Ltda');
    }));

  it('the beneficiary updates a phone (approved by the operator) and shows the virtual card', async () => {
    await asUser('beneficiario', async (page) => {
      await page.getByTestId('aviso-atualizacao-cadastral').waitFor();
      await page.getByRole('link', { name: 'Atualizar agora' }).click();
      const f = page.getByTestId('form-atualizacao');
      await f.waitFor();
      await f.locator('#atu-telefone').pressSequentially('3132109876');
      expect(await f.locator('#atu-telefone').inputValue()).toBe('(31) 3210-9876');
      await f.locator('#atu-email').fill('beatriz.souza@example.com');
      await f.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect.poll(() => page.getByTestId('atualizacao-resultado').innerText()).toMatch(/^Solicitação enviada \(protocolo \d{14}\)/);
      await expect.poll(() => page.getByTestId('minhas-solicitacoes').innerText()).toContain('Em análise');
    });
    await asUser('operadora', async (page) => {
      await page.goto('/cadastro/beneficiarios/atualizacao-cadastral');
      const row = page.getByTestId('solicitacoes').locator('tr', { hasText: DEMO_PESSOAS.titular.nome }).first();
      await row.waitFor();
      expect(await row.innerText()).toContain('(31) 3210-9876');
      await row.getByRole('button', { name: 'Aprovar' }).click();
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringMatching(/aprovada; o cadastro foi atualizado/));
    });
    await asUser('beneficiario', async (page) => {
      await page.goto('/cadastro/beneficiarios');
      await page.getByTestId('meu-cadastro').waitFor();
      await expect.poll(() => page.locator('[data-campo=telefone] dd').innerText()).toBe('(31) 3210-9876');
      await page.getByTestId('meu-cadastro').getByRole('link', { name: 'Cartão virtual' }).click();
      const card = page.getByTestId('cartao-virtual');
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toContain(DEMO_PESSOAS.titular.nome.toUpperCase());
      expect(await card.getByTestId('cartao-numero').innerText()).toBe(carteirinhaDe(DEMO_PESSOAS.titular.matricula).replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(await card.getByTestId('cartao-validade').innerText()).toMatch(/^31\/12\/\d{4}$/);
      expect(text).toMatch(/PLANO/i);
      await page.screenshot({ path: join(SHOTS, 'cartao-virtual.png') });
      // printable: print media keeps the card visible
      await page.emulateMedia({ media: 'print' });
      expect(await card.isVisible()).toBe(true);
      expect(await page.locator('header').first().evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
      await page.emulateMedia({ media: 'screen' });
    });
  });

  it('the eligibility check answers for an active and a suspended beneficiary', () =>
    asUser('prestador', async (page) => {
      await page.goto('/cadastro/consulta-elegibilidade');
      await page.locator('#eleg-valor').pressSequentially(carteirinhaDe(DEMO_PESSOAS.dependente.matricula));
      await page.getByRole('button', { name: 'Consultar' }).click();
      const ans = page.getByTestId('elegibilidade');
      await expect.poll(() => ans.getAttribute('data-motivo')).toBe('ELEGIVEL');
      expect(await ans.innerText()).toContain('Elegível para atendimento');
      expect(await ans.innerText()).toContain(DEMO_PESSOAS.dependente.nome);
      await page.screenshot({ path: join(SHOTS, 'elegibilidade-ativo.png') });
      await page.locator('#eleg-tipo').selectOption('cpf');
      await page.locator('#eleg-valor').pressSequentially(DEMO_PESSOAS.suspenso.cpf);
      await page.getByRole('button', { name: 'Consultar' }).click();
      await expect.poll(() => ans.getAttribute('data-motivo')).toBe('SUSPENSO');
      expect(await ans.innerText()).toContain('Não elegível para atendimento');
      expect(await page.getByTestId('elegibilidade-mensagem').innerText()).toBe(CLIENT_MESSAGES.beneficiarioSuspenso);
      await page.screenshot({ path: join(SHOTS, 'elegibilidade-suspenso.png') });
      // an invalid CPF is refused before asking the server
      await page.locator('#eleg-valor').fill('');
      await page.locator('#eleg-valor').pressSequentially('11111111111');
      await page.getByRole('button', { name: 'Consultar' }).click();
      expect(await page.locator('#eleg-erro').innerText()).toBe('CPF inválido: os dígitos verificadores não conferem.');
      // the suspended beneficiary's answer does not stay beside the new query's error
      expect(await ans.count()).toBe(0);
    }));
});
