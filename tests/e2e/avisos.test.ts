import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';
import { activePanel, api, token } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('Avisos', () => {
  it('the operator keeps notices in the manager; the beneficiary’s home shows hers, rich text sanitized, the highest priority first', async () => {
    const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const op = await token('operadora');
    const criado = await api<{ id: number }>(op, '/recursos/avisos', {
      titulo: 'Plantão de feriado',
      mensagem: '<p>A central atende <strong>24 horas</strong> no feriado.</p><script>window.__xss = 1</script><p><a href="javascript:window.__xss=2">clique</a> <a href="https://www.gov.br/ans">ANS</a></p><img src=x onerror="window.__xss=3">',
      tipo: 'warning',
      prioridade: 'ALTA',
      publico: 'PERFIL',
      perfil: 'beneficiario',
      inicio: hoje,
    });
    expect(criado.status).toBeLessThan(300);

    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/util/gerenciador/avisos');
      await expect.poll(() => activePanel(page).getByText('Plantão de feriado').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/avisos-gerenciador.png` });
    } finally {
      await context.close();
    }

    const b = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(b.page, 'beneficiario');
      const avisos = b.page.locator('[data-testid=aviso]');
      await expect.poll(() => avisos.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const primeiro = avisos.first();
      expect(await primeiro.locator('strong').first().innerText()).toBe('Plantão de feriado');
      expect(await primeiro.locator('.notice-texto strong').innerText()).toBe('24 horas');
      expect(await primeiro.locator('script, img').count()).toBe(0);
      expect(await primeiro.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await primeiro.locator('a[href="https://www.gov.br/ans"]').count()).toBe(1);
      expect(await b.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await b.page.screenshot({ path: `${SHOTS}/avisos-inicio-celular.png` });
    } finally {
      await b.context.close();
    }
  }, 120_000);
});
