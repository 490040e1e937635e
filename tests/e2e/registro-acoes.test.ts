import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage, pressPalette, toastTexts } from './browser';

/**
 * Issue 19, points 2, 4, 5 and 6 as a user meets them: the palette's `@` opens a beneficiary read-only (record, family,
 * requests, contacts, history) with Editar as an action; the palette's `>` acts on the record of the tab in front
 * (a request: Autorizar esta guia, Negar…, Pedir justificativa, Abrir beneficiário; a beneficiary: Emitir cartão,
 * Ver autorizações); an inline edit in a grid says what changed and can be undone, a deletion restored; a list's filters
 * and columns saved under a name open again from the palette.
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function asUser<T>(user: string, fn: (page: Page) => Promise<T>, viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  try {
    await loginUI(page, user);
    return await fn(page);
  } finally {
    await context.close();
  }
}

const input = (page: Page) => page.locator('.palette input[role=combobox]');
const options = (page: Page) => page.locator('.palette [role=option]');
const titles = async (page: Page) => (await options(page).locator('.palette-title').allInnerTexts()).map((t) => t.trim());

async function palette(page: Page, text: string, first?: string | RegExp) {
  await pressPalette(page);
  await input(page).fill('');
  await page.keyboard.type(text);
  if (first) await expect.poll(async () => (await options(page).first().locator('.palette-title').innerText().catch(() => '')) || '', { timeout: 8000 }).toMatch(first);
}
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** An authorization request in analysis (any), read through the API with the page's session. */
async function pedidoEmAnalise(page: Page): Promise<{ id: number; numero: string; beneficiarioNome: string }> {
  const rows = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('token') ?? 'null');
    const res = await fetch('/api/autorizacoes/fila/medica?statusAutorizacao=Em%20An%C3%A1lise&limit=20', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).result.rows as { id: number; numero: string; beneficiarioNome: string; tipo: string }[];
  });
  // from the medical audit's queue, where the test opens it (read fresh: other tests decide some)
  const r = rows[0];
  expect(r).toBeTruthy();
  return r;
}

describe('a beneficiary opened from the palette', () => {
  for (const [width, height, tag] of [[1400, 900, 'desktop'], [390, 844, 'celular']] as const) {
    it(`shows the record read-only with what hangs on it, Editar as an action (${tag})`, () =>
      asUser(
        'operadora',
        async (page) => {
          await palette(page, '@almeida souza', 'Beatriz Almeida Souza');
          await page.keyboard.press('Enter');
          await page.waitForURL((u) => u.pathname === '/cadastro/pessoa/beneficiarios' && u.searchParams.has('ver'));
          const view = page.locator('[data-testid=registro-beneficiario]');
          await view.locator('h1', { hasText: 'Beatriz Almeida Souza' }).waitFor({ timeout: 15_000 });
          // the record, the family, her requests and contacts, the change history; no form
          expect(await view.locator('.ficha [data-campo=cpf] dd').innerText()).toBe('529.982.247-25');
          expect(await view.locator('#reg-familia').count()).toBe(1);
          expect(await view.getByText('Davi Almeida Souza').count()).toBe(1);
          await expect.poll(() => view.locator('[data-testid=registro-autorizacoes] li').count()).toBeGreaterThan(0);
          expect(await view.locator('[data-testid=registro-atendimentos]').count()).toBe(1);
          expect(await view.locator('[data-testid=registro-historico]').count()).toBe(1);
          expect(await page.locator('form.rf').count()).toBe(0);
          expect(await view.getByRole('button', { name: /^Editar/ }).count()).toBe(1);
          expect(await noOverflow(page)).toBe(true);
          await page.screenshot({ path: `${SHOTS}/registro-beneficiario-${tag}.png`, fullPage: tag === 'desktop' });

          // Editar opens the form over the record; closing it goes back to the record
          await view.getByRole('button', { name: /^Editar/ }).click();
          const form = page.locator('form.rf');
          await form.waitFor();
          expect(await form.locator('input[value="Beatriz Almeida Souza"]').count()).toBe(1);
          await page.keyboard.press('Escape');
          await form.waitFor({ state: 'detached' });
          expect(await view.isVisible()).toBe(true);

          // the palette's `>` acts on her
          await palette(page, '>', 'Editar este beneficiário');
          const offered = await titles(page);
          expect(offered.slice(0, 3)).toEqual(['Editar este beneficiário', 'Emitir cartão', 'Ver autorizações']);
          // a general action still comes after the record's
          expect(offered).toContain('Fechar aba');
          if (tag === 'desktop') await page.screenshot({ path: `${SHOTS}/paleta-acoes-beneficiario.png` });
          await palette(page, '>emitir', 'Emitir cartão');
          await page.keyboard.press('Enter');
          // the card generator, filled for her family (the titular) with the reason
          await page.waitForURL((u) => u.pathname === '/util/processo/gerador-cartao');
          const titular = page.locator('#campo-titular');
          await expect.poll(() => titular.inputValue().catch(() => ''), { timeout: 10_000 }).toContain('Beatriz Almeida Souza');
        },
        { width, height },
      ));
  }

  it('"Ver autorizações" opens her requests, filtered', () =>
    asUser('operadora', async (page) => {
      await palette(page, '@almeida souza', 'Beatriz Almeida Souza');
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=registro-beneficiario] h1').waitFor({ timeout: 15_000 });
      await palette(page, '>ver autor', 'Ver autorizações');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/autorizacoes' && !!u.searchParams.get('beneficiarioId'));
      await expect.poll(() => page.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const nomes = await page.locator('.lista-tabela tbody td[data-label="Beneficiário"]').allInnerTexts();
      expect(nomes.every((n) => n.includes('Beatriz Almeida Souza'))).toBe(true);
    }));
});

describe('the palette acts on the request of the tab in front', () => {
  it('offers the decisions, Negar… asks for the justification, Pedir justificativa asks for the text, Abrir beneficiário opens her', () =>
    asUser('auditor', async (page) => {
      const p = await pedidoEmAnalise(page);
      await page.goto(`/principal/autorizacao/auditoria/auditoria-medica?id=${p.id}`);
      await page.locator(`[data-testid=decisao][data-id="${p.id}"]`).waitFor({ timeout: 15_000 });
      await palette(page, '>', 'Autorizar esta guia');
      const offered = await titles(page);
      for (const t of ['Autorizar esta guia', 'Negar…', 'Pedir justificativa', 'Abrir beneficiário']) expect(offered).toContain(t);
      // each names the request it acts on
      expect(await options(page).first().locator('.palette-trail').innerText()).toBe(`Guia ${p.numero}`);
      await page.screenshot({ path: `${SHOTS}/paleta-acoes-guia.png` });

      // Negar…: the same dialog as the button, nothing decided yet
      await palette(page, '>negar', 'Negar…');
      await page.keyboard.press('Enter');
      const dialog = page.locator('.negar-dialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Pedir justificativa without the question written: the field gets the focus, nothing is sent
      await palette(page, '>pedir just', 'Pedir justificativa');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('motivo');
      expect(await page.locator('.aut-erro').innerText()).toContain('justificativa técnica');
      expect(await page.locator('[data-testid=decisao] h1').innerText()).toContain('Em Análise');

      // Abrir beneficiário: her record, read-only (the auditor's lookup), in its own tab
      await palette(page, '>abrir benef', 'Abrir beneficiário');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/cadastro/beneficiarios/consulta' && u.searchParams.has('ver'));
      const view = page.locator('[data-testid=registro-beneficiario]');
      await view.locator('h1', { hasText: p.beneficiarioNome }).waitFor({ timeout: 15_000 });
      // read-only: no Editar, no history of who changed what
      expect(await view.getByRole('button', { name: /^Editar/ }).count()).toBe(0);
      expect(await view.locator('[data-testid=registro-historico]').count()).toBe(0);
      await palette(page, '>');
      await expect.poll(() => titles(page)).toContain('Fechar aba');
      expect(await titles(page)).not.toContain('Autorizar esta guia');
    }));

  it('the decision buttons are the declared actions, with their keys', () =>
    asUser('auditor', async (page) => {
      const p = await pedidoEmAnalise(page);
      await page.goto(`/principal/autorizacao/auditoria/auditoria-medica?id=${p.id}`);
      await page.locator('[data-testid=decisao]').waitFor({ timeout: 15_000 });
      const botoes = page.locator('.aut-acoes button');
      expect((await botoes.allInnerTexts()).map((t) => t.replace(/\s+/g, ''))).toEqual(['AutorizarAlt+A', 'AutorizarparcialmenteAlt+P', 'Negar…Alt+N', 'PedirjustificativaAlt+J', 'PedirdocumentosAlt+O', 'CancelarAlt+X']);
      expect(await page.locator('.aut-nav button', { hasText: 'Abrir beneficiário' }).count()).toBe(1);
      await page.keyboard.press('Alt+n');
      await page.locator('.negar-dialog').waitFor();
    }));
});

describe('undo in a grid', () => {
  it('an inline edit says what changed and Ctrl+Z takes it back; a deletion is restored by Desfazer', () =>
    asUser('operadora', async (page) => {
      const token = `Banco Desfazer ${Date.now() % 100000}`;
      await page.goto(`/cadastro/base/bancos?nome.contains=${encodeURIComponent(token)}`);
      // a bank of this test's own (the retry makes another)
      await page.getByRole('button', { name: 'Novo' }).click();
      const form = page.locator('form.rf');
      await form.waitFor();
      await form.locator('#campo-codigo').fill(String((Date.now() % 900) + 100));
      await form.locator('#campo-nome').fill(token);
      await page.keyboard.press('Control+s');
      await form.waitFor({ state: 'detached', timeout: 10_000 }).catch(async () => {
        // the COMPE code was taken: another one
        await form.locator('#campo-codigo').fill(String(((Date.now() + 7) % 900) + 100));
        await page.keyboard.press('Control+s');
        await form.waitFor({ state: 'detached', timeout: 10_000 });
      });
      const row = page.locator('.rg-wrap .ag-row[row-index="0"]');
      await expect.poll(() => row.locator('[col-id=nome]').innerText().catch(() => ''), { timeout: 10_000 }).toBe(token);
      const ativo = row.locator('[col-id=ativo] input[type=checkbox]');
      expect(await ativo.isChecked()).toBe(true);

      await ativo.click();
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Banco “${token}” — Ativo: Sim → Não.`));
      expect(await page.locator('.toast-acao').last().innerText()).toContain('Desfazer');
      await page.screenshot({ path: `${SHOTS}/grade-desfazer.png` });
      await page.keyboard.press('Control+z');
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Alteração desfeita.'));
      await expect.poll(() => ativo.isChecked()).toBe(true);

      // deletion, then Desfazer: the bank is back, with its id
      await row.locator('[col-id="ag-Grid-SelectionColumn"] input[type=checkbox]').check();
      await page.getByRole('button', { name: 'Excluir selecionados' }).click();
      await page.getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Banco “${token}” excluído.`));
      await expect.poll(() => page.locator('.rg-wrap .ag-row[row-index="0"] [col-id=nome]').count()).toBe(0);
      await page.locator('[data-testid=toast]', { hasText: 'excluído' }).locator('.toast-acao').click();
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Banco restaurado com sucesso.'));
      await expect.poll(() => row.locator('[col-id=nome]').innerText().catch(() => ''), { timeout: 10_000 }).toBe(token);
    }));
});

describe('saved views', () => {
  it('a list filters and columns saved under a name open again from the palette', () =>
    asUser('operadora', async (page) => {
      const nome = `Bancos por nome ${Date.now() % 100000}`;
      await page.goto('/cadastro/base/bancos?nome.contains=banco&sort=nome.desc');
      await page.locator('.rg-wrap .ag-row').first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Colunas' }).click();
      await page.locator('.colunas-menu label', { hasText: 'ISPB' }).locator('input').uncheck();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.ag-header-cell[col-id=ispb]').count()).toBe(0);
      await page.getByRole('button', { name: 'Visões' }).click();
      await page.getByRole('menuitem', { name: /Salvar filtros/ }).click();
      await page.locator('#visao-nome').fill(nome);
      await page.keyboard.press('Enter');
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Visão “${nome}” salva.`));
      await page.screenshot({ path: `${SHOTS}/visao-salva.png` });

      // elsewhere, with the columns back: the palette opens the view as it was saved
      await page.getByRole('button', { name: 'Colunas' }).click();
      await page.locator('.colunas-menu label', { hasText: 'ISPB' }).locator('input').check();
      await page.keyboard.press('Escape');
      await page.goto('/');
      await palette(page, nome.slice(0, 15), nome);
      expect(await options(page).first().locator('.palette-kind').innerText()).toBe('Visão salva');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/cadastro/base/bancos' && u.searchParams.get('nome.contains') === 'banco' && u.searchParams.get('sort') === 'nome.desc');
      await page.locator('.rg-wrap .ag-row').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.ag-header-cell[col-id=ispb]').count()).toBe(0);
      expect(await page.getByTestId('visoes').innerText()).toBe(`Visão: ${nome}`);
      expect(await page.locator('.sp #busca-nome').inputValue()).toBe('banco');
    }));

  it('a list screen (the authorizations) keeps its chosen columns in the view too', () =>
    asUser('operadora', async (page) => {
      const nome = `Urgentes ${Date.now() % 100000}`;
      await page.goto('/principal/autorizacao/autorizacoes?carater=2');
      await page.locator('.lista-tabela tbody tr').first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Colunas' }).click();
      await page.locator('.colunas-menu label', { hasText: 'Prestador' }).locator('input').uncheck();
      await page.keyboard.press('Escape');
      expect(await page.locator('.lista-tabela thead th', { hasText: /^Prestador$/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Visões' }).click();
      await page.getByRole('menuitem', { name: /Salvar filtros/ }).click();
      await page.locator('#visao-nome').fill(nome);
      await page.keyboard.press('Enter');
      await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining(`Visão “${nome}” salva.`));
      await page.goto('/');
      await palette(page, nome, nome);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/autorizacoes' && u.searchParams.get('carater') === '2');
      await page.locator('.lista-tabela tbody tr').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.lista-tabela thead th', { hasText: /^Prestador$/ }).count()).toBe(0);
    }));
});

describe('the auditor has no saved view of the operator', () => {
  it('the palette lists only their own', async () => {
    const nome = `Só da operadora ${Date.now() % 100000}`;
    await asUser('operadora', async (page) => {
      const status = await page.evaluate(async (n) => {
        const token = JSON.parse(localStorage.getItem('token') ?? 'null');
        const res = await fetch('/api/visoes', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ lista: 'autorizacoes.realizadas', nome: n, consulta: 'carater=2' }) });
        return res.status;
      }, nome);
      expect(status).toBe(201);
      await palette(page, nome, nome);
    });
    await asUser('auditor', async (page) => {
      await palette(page, nome);
      await page.waitForTimeout(1500);
      expect(await titles(page)).not.toContain(nome);
      expect(await options(page).locator('.palette-kind').allInnerTexts()).not.toContain('Visão salva');
    });
  });
});
