import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AtendimentoLinha } from '../../src/shared/atendimentos';
import type { AutorizacaoLinha } from '../../src/shared/autorizacoes';
import type { ListPage } from '../../src/shared/lists/types';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
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

const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');
const NOTA_INTERNA = 'Nota interna: a auditoria negou por falta do laudo, que estava anexado.';
const RESPOSTA = 'Revimos a sua solicitação: o laudo estava anexado e a autorização foi liberada. Pedimos desculpas pelo transtorno.';

describe('Ouvidoria', () => {
  it('a beneficiary on a phone complains about an authorization; the ombudsman sees 7 business days left, routes and answers; the beneficiary reads and rates', async () => {
    // the titular's request and a service desk contact of hers (the first instance), as the operator's staff find them
    const op = await token('operadora');
    const titular = DEMO_PESSOAS.titular.nome;
    const aut = (await api<ListPage<AutorizacaoLinha>>(op, '/autorizacoes?limit=500')).result.rows.find((a) => a.beneficiarioNome === titular)!;
    expect(aut, 'uma solicitação da titular na demonstração').toBeTruthy();
    const [atd] = (await api<ListPage<AtendimentoLinha>>(op, `/atendimentos?pessoa=${encodeURIComponent(titular)}&limit=1`)).result.rows;

    // 1. the beneficiary, 390×844
    const b = await newPage(browser, { width: 390, height: 844 });
    let protocolo: string;
    let id: number;
    try {
      await loginUI(b.page, 'beneficiario');
      await b.page.waitForSelector('.tabstrip', { state: 'attached' });
      await b.page.goto('/ouvidoria/registro-manifestacao');
      const form = activePanel(b.page).locator('[data-testid=form-manifestacao]');
      await form.waitFor();
      expect(await form.locator('[data-testid=aviso-segunda-instancia]').innerText()).toContain('A Ouvidoria atua somente como canal de recurso');
      await expect.poll(() => form.locator('#ouv-beneficiarioId option').count()).toBeGreaterThan(1);

      // a complaint without the first-instance protocol is refused beside the field
      await form.locator('#ouv-tipo').selectOption('RECLAMACAO');
      await form.locator('#ouv-assunto').selectOption('AUTORIZACAO');
      await form.locator('#ouv-descricao').fill('Minha ressonância foi negada mesmo com o laudo anexado; a central não resolveu.');
      await form.getByRole('button', { name: 'Registrar manifestação' }).click();
      await expect.poll(() => form.locator('[data-erro=protocoloPrimeiraInstancia]').innerText()).toBe('Informe o protocolo do atendimento em primeira instância: a Ouvidoria atua como canal de recurso.');
      await form.locator('#ouv-protocoloPrimeiraInstancia').fill(atd.protocolo);
      await form.locator('#ouv-autorizacao').fill(aut.numero);
      await b.page.screenshot({ path: `${SHOTS}/ouvidoria-registro-celular.png`, fullPage: true });
      await form.getByRole('button', { name: 'Registrar manifestação' }).click();

      const recibo = activePanel(b.page).locator('[data-testid=recibo]');
      await recibo.waitFor();
      protocolo = await recibo.locator('[data-testid=protocolo]').innerText();
      expect(protocolo).toMatch(/^\d{20}$/);
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).replaceAll('-', '');
      expect(protocolo.slice(6, 14)).toBe(hoje);
      expect(await recibo.innerText()).toContain(`Manifestação registrada sob o protocolo nº ${protocolo}.`);
      await b.page.screenshot({ path: `${SHOTS}/ouvidoria-recibo-celular.png`, fullPage: true });
    } finally {
      await b.context.close();
    }

    // 2. the ombudsman, 1400×900
    const o = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(o.page, 'ouvidoria');
      await o.page.waitForSelector('.tabstrip', { state: 'attached' });
      await o.page.goto(`/ouvidoria/manifestacoes?protocolo=${protocolo}`);
      await expect.poll(() => linhas(o.page).count(), { timeout: 30_000 }).toBe(1);
      const linha = linhas(o.page).first();
      expect(await linha.locator('[data-testid=dias-restantes]').innerText()).toBe('7 dias úteis');
      await o.page.screenshot({ path: `${SHOTS}/ouvidoria-lista.png` });
      await linha.locator('td').nth(1).click();
      await o.page.keyboard.press('Enter');
      const reg = activePanel(o.page).locator('[data-testid=manifestacao]');
      await reg.waitFor();
      id = Number(await reg.getAttribute('data-id'));
      expect(await reg.locator('[data-testid=autorizacao]').innerText()).toBe(`Guia nº ${aut.numero}`);
      const botoes = () => reg.locator('.ouv-botoes button').evaluateAll((bs) => bs.map((x) => (x.firstChild?.textContent ?? '').trim()));
      expect(await botoes()).toEqual(['Iniciar análise', 'Encaminhar à área', 'Responder']);

      // route to the authorizations' area with an internal note (the shortcut Alt+M)
      await reg.locator('#ouv-area').selectOption('AUTORIZACAO');
      await reg.locator('#ouv-nota').fill(NOTA_INTERNA);
      await o.page.keyboard.press('Alt+m');
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Aguardando área');
      expect(await reg.locator('[data-testid=area]').innerText()).toBe('Autorizações e auditoria');
      expect(await botoes()).toEqual(['Registrar retorno da área', 'Responder']);

      // the answer
      await reg.locator('#ouv-resposta').fill(RESPOSTA);
      await reg.getByRole('button', { name: /^Responder/ }).click();
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Respondida');
      expect(await reg.locator('[data-testid=resposta]').innerText()).toBe(RESPOSTA);
      expect(await reg.innerText()).toContain(NOTA_INTERNA);
      await o.page.screenshot({ path: `${SHOTS}/ouvidoria-registro.png`, fullPage: true });
      // the staff's register form: any beneficiary, and how it came
      await o.page.goto('/ouvidoria/registro-manifestacao');
      await activePanel(o.page).locator('#ouv-canal').waitFor();
      await o.page.screenshot({ path: `${SHOTS}/ouvidoria-formulario-equipe.png`, fullPage: true });
    } finally {
      await o.context.close();
    }

    // 3. the beneficiary reads the answer (never the internal note) and rates it
    const c = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(c.page, 'beneficiario');
      await c.page.waitForSelector('.tabstrip', { state: 'attached' });
      await c.page.goto(`/ouvidoria/manifestacoes?id=${id}`);
      const reg = activePanel(c.page).locator('[data-testid=manifestacao]');
      await reg.waitFor();
      expect(await reg.locator('[data-testid=resposta]').innerText()).toBe(RESPOSTA);
      expect(await reg.innerText()).not.toContain('Nota interna');
      await reg.getByText('Satisfeito', { exact: true }).click();
      await reg.getByRole('button', { name: /^Avaliar e encerrar/ }).click();
      await expect.poll(() => reg.locator('h1 [data-testid=status]').innerText()).toBe('Encerrada');
      expect(await reg.locator('[data-testid=satisfacao]').innerText()).toBe('Satisfeito');
      await c.page.screenshot({ path: `${SHOTS}/ouvidoria-avaliada-celular.png`, fullPage: true });
      // her list on the phone: her family's manifestações as cards
      await c.page.goto('/ouvidoria/manifestacoes');
      await expect.poll(() => linhas(c.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await c.page.screenshot({ path: `${SHOTS}/ouvidoria-lista-celular.png` });
    } finally {
      await c.context.close();
    }
  }, 180_000);

  it('the ombudsman’s home: tiles with distinct names, and every screen under them real (none "not built")', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'ouvidoria');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      const titulos = () => activePanel(page).locator('.tiles .tile .tile-title').allInnerTexts();
      await expect.poll(async () => (await titulos()).length).toBeGreaterThan(0);
      const home = await titulos();
      expect(new Set(home).size, home.join(' | ')).toBe(home.length);
      await page.screenshot({ path: `${SHOTS}/ouvidoria-inicio.png` });
      // walk every tile down to the screens (folders open their own tiles)
      const hrefs = async () => activePanel(page).locator('.tiles a.tile').evaluateAll((as) => as.map((a) => [(a as HTMLAnchorElement).getAttribute('href')!, a.className.includes('kind-folder')] as const));
      const fila = (await hrefs()).map(([h, pasta]) => ({ h, pasta }));
      const telas: string[] = [];
      while (fila.length) {
        const { h, pasta } = fila.shift()!;
        await page.goto(h);
        if (pasta) {
          await activePanel(page).locator('.tiles').waitFor();
          const nomes = await titulos();
          expect(new Set(nomes).size, `${h}: ${nomes.join(' | ')}`).toBe(nomes.length);
          fila.push(...(await hrefs()).map(([x, p]) => ({ h: x, pasta: p })));
        } else {
          telas.push(h);
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(300);
          expect(await activePanel(page).locator('[data-testid=nao-construida]').count(), h).toBe(0);
        }
      }
      expect(telas).toEqual(expect.arrayContaining(['/ouvidoria/manifestacoes', '/ouvidoria/registro-manifestacao']));
    } finally {
      await context.close();
    }
  }, 120_000);
});
