import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import type { ListPage } from '../../src/shared/lists/types';
import type { AdesaoServicoRow } from '../../src/shared/servicos/listas';
import { carteirinhaDe, DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { launch, loginUI, newPage, toastTexts } from './browser';
import { activePanel, api, escolher, token } from './autorizacoes-helpers';

/**
 * Adesão ao Aeromédico (copass, the e2e server's client) as the operator sees it: the list, a new adhesion sent empty
 * (the error beside the field, nothing saved), then with the beneficiary and today's date; the list finds it in force;
 * Encerrar adesão asks for the reason in its dialog and records the end.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const br = (iso: string) => iso.split('-').reverse().join('/');

describe('Adesão ao Aeromédico', () => {
  it('the operator registers an adhesion for a beneficiary and ends it with a reason', async () => {
    const tk = await token('operadora');
    const emVigor = async (carteirinha: string) =>
      (await api<ListPage<AdesaoServicoRow>>(tk, `/servicos/aeromedico/adesoes?beneficiario=${carteirinha}&situacao=VIGENTE`)).result.rows;
    // a demo person without the service in force (the seed gives it to some families)
    let pessoa: { nome: string; carteirinha: string } | undefined;
    for (const p of [DEMO_PESSOAS.carencia, DEMO_PESSOAS.titular, DEMO_PESSOAS.dependente]) {
      const carteirinha = carteirinhaDe(p.matricula);
      if (!(await emVigor(carteirinha)).length) {
        pessoa = { nome: p.nome, carteirinha };
        break;
      }
    }
    expect(pessoa, 'uma pessoa de demonstração sem o aeromédico').toBeDefined();
    const { nome, carteirinha } = pessoa!;

    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/operadora/adesao-aeromedico');
      await activePanel(page).getByRole('heading', { name: 'Adesão ao Aeromédico' }).waitFor();

      await activePanel(page).getByRole('link', { name: 'Nova adesão' }).or(activePanel(page).getByRole('button', { name: 'Nova adesão' })).first().click();
      const form = activePanel(page).locator('[data-testid=form-adesao-servico]');
      await form.waitFor();
      await expect.poll(() => form.locator('#srv-valor').inputValue()).toMatch(/^R\$\s?\d+,\d{2}$/);
      // sent empty: the missing beneficiary and date show beside their fields, nothing is saved
      await form.locator('#srv-inicio').fill('');
      await form.getByRole('button', { name: 'Registrar adesão' }).click();
      await expect.poll(() => form.locator('[data-erro]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.erro))).toEqual(['beneficiarioId', 'inicio']);
      expect(await emVigor(carteirinha)).toEqual([]);

      await escolher(page, '#srv-beneficiarioId', carteirinha, nome);
      await form.locator('#srv-inicio').fill(br(todayIso()));
      await page.screenshot({ path: join(SHOTS, 'servicos-nova-adesao.png') });
      await form.getByRole('button', { name: 'Registrar adesão' }).click();
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`${nome} aderiu ao Transporte Aeromédico.`));
      const [criada] = await emVigor(carteirinha);
      expect([criada.beneficiarioNome, criada.inicio, criada.fim]).toEqual([nome, todayIso(), null]);

      // the list finds it by the card number, in force
      await page.goto(`/operadora/adesao-aeromedico?beneficiario=${carteirinha}`);
      const linha = activePanel(page).locator('tr', { hasText: nome }).first();
      await linha.waitFor();
      expect(await linha.innerText()).toContain('Em vigor');
      await page.screenshot({ path: join(SHOTS, 'servicos-lista.png') });

      await linha.getByRole('button', { name: 'Encerrar adesão' }).click();
      const dialog = page.locator('[data-testid=form-encerrar-adesao]');
      await dialog.waitFor();
      // without a reason nothing is ended
      await dialog.locator('button[type=submit]').click();
      await dialog.locator('[data-erro=motivo]').waitFor();
      await dialog.locator('#srv-enc-motivo').selectOption({ label: 'A pedido do beneficiário' });
      await page.screenshot({ path: join(SHOTS, 'servicos-encerrar.png') });
      await dialog.locator('button[type=submit]').click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Adesão de ${nome} ao Transporte Aeromédico encerrada.`));
      // the service covers the end day itself: the adhesion ends today, with the reason
      const [encerrada] = await emVigor(carteirinha);
      expect([encerrada.id, encerrada.fim, encerrada.motivo]).toEqual([criada.id, todayIso(), '1']);
    } finally {
      await context.close();
    }
  });
});
