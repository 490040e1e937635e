import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../../src/shared/messages';
import { launch, loginUI, newPage, toastTexts } from './browser';

/**
 * The resource grid end to end, on Procedimentos: filter from the search view, sort, select two rows
 * (batch action enabled only then), edit a row, a 409 from a concurrent edit in a second page, CSV export.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, { width: 1366, height: 900 }));
  await loginUI(page, 'operadora');
});
afterAll(() => browser?.close());

// AG Grid 36: one element per row, pinned cells inside it
const rows = (p: Page) => p.locator('.rg-wrap .ag-row');
const row = (p: Page, rowIndex: number) => p.locator(`.rg-wrap .ag-row[row-index="${rowIndex}"]`);
const cell = (p: Page, rowIndex: number, col: string) => row(p, rowIndex).locator(`[col-id="${col}"]`);
const checkbox = (p: Page, rowIndex: number) => row(p, rowIndex).locator('[col-id="ag-Grid-SelectionColumn"] input[type=checkbox]');
const optionButton = (p: Page, rowIndex: number, label: string) => row(p, rowIndex).locator(`[col-id="__opcoes"] button[title="${label}"]`);

async function openList(p: Page, query = '') {
  await p.goto(`/contrato/tabela/procedimentos${query}`);
  await p.locator('.rg-wrap .ag-row').first().waitFor();
}

describe('grade de recursos (Procedimentos)', () => {
  it('filters from the search view, with the filter in the URL and the total shown', async () => {
    await openList(page);
    // the whole TUSS table 22 of the seed (5,765 rows: past the exact-count bound the total may be an estimate)
    await expect.poll(() => page.getByTestId('total').innerText()).toMatch(/^((cerca|mais) de )?\d{1,3}(\.\d{3})* registros$/);
    await page.screenshot({ path: join(SHOTS, 'grade.png') });
    // the five 'Consulta odontológica…' codes of TUSS
    await page.getByLabel('Descrição', { exact: true }).first().fill('consulta odontológica');
    await page.getByLabel('Descrição', { exact: true }).first().press('Enter');
    await page.waitForURL(/descricao\.startsWith=consulta/);
    await expect.poll(() => page.getByTestId('total').innerText()).toBe('5 registros');
    await expect.poll(() => rows(page).count()).toBe(5);
    // a link reproduces the list
    const url = page.url();
    const { page: other, context } = await newPage(browser);
    await loginUI(other, 'operadora');
    await other.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    // the new page may first count the whole table (5,765 rows) before the filtered list
    await expect.poll(() => other.getByTestId('total').innerText(), { timeout: 10_000 }).toBe('5 registros');
    await context.close();
  });

  it('sorts on the server by clicking a header', async () => {
    await expect.poll(() => cell(page, 0, 'codigo').innerText()).toContain('81000030');
    await page.locator('.ag-header-cell[col-id="codigo"] .ag-header-cell-label').click(); // asc → desc
    await page.waitForURL(/sort=codigo\.desc/);
    await expect.poll(() => cell(page, 0, 'codigo').innerText()).toContain('81000073');
  });

  it('enables the batch action only with a selection, with the reason in the tooltip', async () => {
    const batch = page.getByTestId('lote-excluir');
    const button = batch.getByRole('button');
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await batch.getAttribute('title')).toBe('Selecione ao menos um registro.');
    await checkbox(page, 0).check();
    await checkbox(page, 1).check();
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await button.innerText()).toContain('(2)');
    expect(await batch.getAttribute('title')).toBeNull();
    await checkbox(page, 0).uncheck();
    await checkbox(page, 1).uncheck();
    await expect.poll(() => button.isDisabled()).toBe(true);
  });

  it('works from the keyboard: arrows move, Space selects, Delete asks, Enter opens', async () => {
    await cell(page, 0, 'descricao').click();
    await page.keyboard.press('ArrowDown');
    // Delete right after Space, before React renders the new selection (CI once lost that race)
    await page.keyboard.press('Space');
    await page.keyboard.press('Delete');
    await expect.poll(() => checkbox(page, 1).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('alertdialog').innerText()).toContain('Excluir procedimento');
    await page.getByRole('button', { name: 'Não' }).click();
    await checkbox(page, 1).uncheck();
    await cell(page, 2, 'descricao').click();
    await page.keyboard.press('Enter');
    await page.getByTestId('formulario').waitFor();
    expect(await page.inputValue('#campo-codigo')).toBe((await cell(page, 2, 'codigo').innerText()).split('\n')[0]);
    await page.keyboard.press('Escape');
    await page.getByTestId('formulario').waitFor({ state: 'detached' });
  });

  it('keeps the selection of the list with its workspace tab (switching tabs, reloading)', async () => {
    await checkbox(page, 3).check();
    const listUrl = page.url().replace(/^https?:\/\/[^/]+/, '');
    // open another screen in a new tab (Ctrl+click on the breadcrumb), then come back to the list's tab
    await page.locator('.breadcrumb a[href="/contrato/tabela"]').first().click({ modifiers: ['Control'] });
    await expect.poll(() => page.locator('.tabstrip li').count()).toBeGreaterThan(1);
    await page.keyboard.press('Alt+2');
    await page.keyboard.press('Alt+1');
    await expect.poll(() => page.url()).toContain(listUrl.split('?')[0]);
    await expect.poll(() => checkbox(page, 3).isChecked()).toBe(true);
    // the selection is kept with the tab: it survives a reload too
    await page.reload();
    await page.locator('.rg-wrap .ag-row').first().waitFor();
    await expect.poll(() => checkbox(page, 3).isChecked()).toBe(true);
    await checkbox(page, 3).uncheck();
    await page.locator('.tabstrip li').nth(1).locator('.tab-close').click();
  });

  it('edits a row in the form (masks, Ctrl+S) and shows it in the grid', async () => {
    await optionButton(page, 0, 'Editar').click();
    const form = page.getByTestId('formulario');
    await form.waitFor();
    await page.fill('#campo-descricao', 'Consulta odontológica de urgência (editada)');
    await page.fill('#campo-valor', '123,45');
    await page.screenshot({ path: join(SHOTS, 'formulario.png') });
    await page.keyboard.press('Control+s');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, 0, 'descricao').innerText()).toBe('Consulta odontológica de urgência (editada)');
    expect(await toastTexts(page)).toEqual(expect.arrayContaining([expect.stringContaining('Procedimento alterado com sucesso.')]));
  });

  it('asks before discarding typed input on Escape', async () => {
    await optionButton(page, 1, 'Editar').click();
    await page.fill('#campo-porte', '3B');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('alertdialog').innerText()).toContain('Descartar as alterações?');
    await page.getByRole('button', { name: 'Sim' }).click();
    await page.getByTestId('formulario').waitFor({ state: 'detached' });
  });

  it('answers 409 to a concurrent edit from a second page and keeps what was typed', async () => {
    await optionButton(page, 1, 'Editar').click();
    await page.getByTestId('formulario').waitFor();
    // someone else saves the same record first
    const { page: other, context } = await newPage(browser);
    await loginUI(other, 'operadora');
    await openList(other, '?descricao.startsWith=consulta%20odontologica&sort=codigo.desc');
    await optionButton(other, 1, 'Editar').click();
    await other.fill('#campo-porte', '2A');
    await other.click('button[type=submit][form=rf-form]');
    await other.getByTestId('formulario').waitFor({ state: 'detached' });
    await context.close();
    // our save is now stale
    await page.fill('#campo-porte', '4C');
    await page.click('button[type=submit][form=rf-form]');
    const banner = page.locator('.rf-banner');
    await expect.poll(() => banner.innerText()).toContain(APP_MSG.conflito);
    expect(await page.inputValue('#campo-porte')).toBe('4C');
    await page.screenshot({ path: join(SHOTS, 'conflito.png') });
    // keep the typed input over the current version, then save
    await page.getByRole('button', { name: 'Manter o que digitei' }).click();
    await expect.poll(() => banner.innerText()).toContain('Versão atual carregada');
    await page.click('button[type=submit][form=rf-form]');
    await page.getByTestId('formulario').waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, 1, 'porte').innerText()).toBe('4C');
  });

  it('keeps typed input as a draft through a lost session (401): login again returns to the same tab and form', async () => {
    const { page: p, context } = await newPage(browser, { width: 1366, height: 900 });
    await loginUI(p, 'operadora');
    // an edit under way in the list's tab (the address carries the open record: ?id=N)
    await openList(p, '?descricao.startsWith=consulta&sort=codigo.asc');
    await optionButton(p, 2, 'Editar').click();
    await p.getByTestId('formulario').waitFor();
    await p.waitForURL(/[?&]id=\d+/);
    const formUrl = new URL(p.url());
    await p.fill('#campo-descricao', 'Consulta: rascunho que não pode se perder');
    await p.fill('#campo-porte', '5A');
    // the session is revoked elsewhere (an administrator, an expiry) with the token still in this browser
    await p.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('token')!);
      await fetch('/api/auth/token/revoke', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    });
    // the next call answers 401: the save itself
    await p.keyboard.press('Control+s');
    await p.waitForURL(/\/auth\?redirect=/);
    expect(new URL(p.url()).searchParams.get('redirect')).toBe(formUrl.pathname + formUrl.search);
    await loginUI(p, 'operadora');
    // back on the same tab, its form open again with what was typed
    await p.waitForURL((u) => u.pathname === formUrl.pathname && u.search === formUrl.search);
    const form = p.getByTestId('formulario');
    await form.waitFor();
    expect(await p.inputValue('#campo-descricao')).toBe('Consulta: rascunho que não pode se perder');
    expect(await p.inputValue('#campo-porte')).toBe('5A');
    expect(await p.locator('.rf-banner').innerText()).toContain('Rascunho recuperado');
    await p.screenshot({ path: join(SHOTS, 'rascunho-recuperado.png') });
    // and it saves
    await p.keyboard.press('Control+s');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => cell(p, 2, 'descricao').innerText()).toBe('Consulta: rascunho que não pode se perder');
    expect(new URL(p.url()).searchParams.has('id')).toBe(false);
    // a saved draft is gone: opening the record again shows the stored values without the banner
    await optionButton(p, 2, 'Editar').click();
    await form.waitFor();
    expect(await p.locator('.rf-banner').count()).toBe(0);
    await p.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await context.close();
  });

  it('exports the filtered list to CSV (BOM, ;, pt-BR values)', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^procedimentos-\d{8}\.csv$/);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const text = readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    // the grid's columns first, then every other field of the record (the grid keeps only the main ones)
    const header = lines[0].split(';');
    expect(header.slice(0, 3)).toEqual(['Código TUSS', 'Descrição', 'Porte']);
    expect(lines).toHaveLength(6);
    const row = Object.fromEntries(lines[1].split(';').map((v, i) => [header[i], v]));
    expect(row).toMatchObject({
      'Código TUSS': '81000073',
      Descrição: 'Consulta odontológica de urgência (editada)',
      Grupo: 'Consultas, visitas hospitalares ou acompanhamento de pacientes',
      'Valor de referência': '123,45',
      Sexo: 'Ambos',
      'Consta do Rol ANS': 'Sim',
    });
  });

  it('exports the whole list (over 1,000 rows) as a job: Meus processos shows its progress and hands over the XLSX', async () => {
    await openList(page);
    await expect.poll(() => page.getByTestId('total').innerText()).toBe('mais de 1.000 registros');
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meus processos' });
    await dialog.waitFor();
    const item = dialog.locator('[data-testid=execucao]').first();
    await expect(item.innerText()).resolves.toContain('Exportação de Procedimentos (XLSX)');
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 90_000 }).toBe('concluida');
    await page.screenshot({ path: join(SHOTS, 'meus-processos.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Baixar procedimentos-\d{8}\.xlsx/ }).click()]);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(50_000);
    // the log tells what was done, in Portuguese
    await item.getByRole('button', { name: 'Ver registro' }).click();
    await expect.poll(() => item.locator('.jobs-log').innerText()).toMatch(/5\.\d{3} registros a exportar/);
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('Exportação de Procedimentos (XLSX): concluída. O arquivo está em Meus processos.');
    await page.keyboard.press('Escape');
  });
});
