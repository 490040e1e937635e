import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { JobDetail, JobInfo } from '../../src/shared/jobs';
import { launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel, api, token } from './autorizacoes-helpers';

/**
 * The utilities over runs and the base (spec §2.7), as their users see them: the operator's Análise do SIB (a card per
 * rule, a rule's beneficiaries, the link to one), Arquivos Gerados (a run's file downloaded byte for byte),
 * Importações and Log de Importação; the administrator's Fila de Sessões (every user's runs with the counts per
 * state; the sessions, one ended). Desktop 1400×900 and phone 390×844.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
let run: JobInfo;

beforeAll(async () => {
  browser = await launch();
  // the operator's report of duplicates: a finished run with a file
  const op = await token('operadora');
  const q = await api<JobInfo>(op, '/execucoes', { tipo: 'tratar-duplicidade', comando: '/util/processo/tratar-duplicidade-beneficiarios', parametros: { criterio: 'CPF', acao: 'RELATORIO' } });
  expect(q.status).toBe(201);
  for (const fim = Date.now() + 60_000; (await api<JobDetail>(op, `/execucoes/${q.result.id}`)).result.status !== 'concluida'; ) {
    if (Date.now() > fim) throw new Error('o relatório de duplicidades não terminou');
    await new Promise((r) => setTimeout(r, 300));
  }
  run = (await api<JobDetail>(op, `/execucoes/${q.result.id}`)).result;
}, 90_000);
afterAll(() => browser?.close());

/** Nothing runs off the right edge of the window. */
const fitsWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

describe('Análise do SIB', () => {
  it('counts each rule, lists a rule’s beneficiaries and opens one', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'análise do sib', 'Análise do SIB');
      await page.waitForURL((u) => u.pathname === '/util/analise/analise-sib');
      const panel = activePanel(page);
      await expect.poll(() => panel.getByTestId('sib-base').innerText(), { timeout: 15_000 }).toMatch(/^[\d.]+ beneficiários no SIB \(ativos e suspensos\)\. Última competência enviada: \d\d\/\d{4}\.$/);
      await expect.poll(() => panel.locator('.sib-regra').count()).toBe(9);
      expect(await panel.locator('.lista-resultado').innerText()).toContain('Escolha a regra e clique em Buscar.');
      const card = panel.locator('.sib-regra[data-regra=cns-ausente]');
      const total = Number(await card.getAttribute('data-total'));
      expect(total).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/analise-sib-1400.png` });

      await card.click();
      await page.waitForURL((u) => u.searchParams.get('regra') === 'cns-ausente');
      expect(await card.getAttribute('aria-pressed')).toBe('true');
      const linhas = panel.locator('.lista-tabela tbody tr');
      await expect.poll(() => linhas.count(), { timeout: 15_000 }).toBe(Math.min(total, 50));
      await expect.poll(() => panel.getByTestId('total').innerText()).toBe(`${total.toLocaleString('pt-BR')} ${total === 1 ? 'beneficiário' : 'beneficiários'}`);
      // every row lacks the CNS (the column shows nothing) and is not cancelled
      const cnsCol = (await panel.locator('.lista-tabela thead th').allInnerTexts()).findIndex((h) => h.trim() === 'CNS');
      expect(new Set(await linhas.locator(`td:nth-child(${cnsCol + 1})`).allInnerTexts())).toEqual(new Set(['']));
      expect(await panel.locator('.lista-tabela tbody').innerText()).not.toContain('Cancelado');
      const caixa = (await panel.locator('.lista-tabela').boundingBox())!;
      expect(caixa.x + caixa.width).toBeLessThanOrEqual(1400);
      await page.screenshot({ path: `${SHOTS}/analise-sib-cns-1400.png` });

      // the name opens the beneficiary's record, where the data is corrected
      const nome = linhas.first().locator('a').first();
      const quem = await nome.innerText();
      await nome.click();
      await page.waitForURL((u) => u.pathname === '/cadastro/pessoa/beneficiarios' && !!u.searchParams.get('id'));
      await expect.poll(() => activePanel(page).locator('input[value]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), { timeout: 15_000 }).toContain(quem);
    } finally {
      await context.close();
    }
  });
});

describe('Arquivos Gerados, Importações e Log de Importação', () => {
  it('lists the operator’s generated file and downloads it byte for byte', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'arquivos gerados', 'Arquivos Gerados');
      await page.waitForURL((u) => u.pathname === '/util/exportacao/arquivos-gerados');
      const panel = activePanel(page);
      const f = run.arquivos[0];
      const linha = panel.locator('.lista-tabela tbody tr', { hasText: f.nome });
      await expect.poll(() => linha.count(), { timeout: 15_000 }).toBe(1);
      const texto = await linha.innerText();
      expect(texto).toContain('Tratar Duplicidade de Beneficiários');
      expect(texto).toContain(`Nº ${run.id}`);
      expect(texto).toContain('Olívia Operadora');
      expect(await linha.locator('.run-sha').getAttribute('title')).toBe(f.sha256);
      await page.screenshot({ path: `${SHOTS}/arquivos-gerados-1400.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), linha.getByRole('button', { name: f.nome }).click()]);
      expect(download.suggestedFilename()).toBe(f.nome);
      const salvo = `${SHOTS}/${f.nome}`;
      await download.saveAs(salvo);
      expect(createHash('sha256').update(readFileSync(salvo)).digest('hex')).toBe(f.sha256);

      // Importações: the runs of the processes that read a file, with the search by period, process, state and sender
      await openFromPalette(page, 'importações', 'Importações');
      await page.waitForURL((u) => u.pathname === '/util/importacoes');
      const imp = activePanel(page);
      await expect.poll(() => imp.getByTestId('total').innerText(), { timeout: 15_000 }).toMatch(/^\d+ importaç(ão|ões)$/);
      for (const campo of ['Enviado de', 'Enviado até', 'Processo', 'Situação', 'Remetente', 'Arquivo']) expect(await imp.locator('.sp').innerText()).toContain(campo);
      // the operator's report is not an import: it is not there
      expect(await imp.locator('.lista-resultado').innerText()).not.toContain(f.nome);
      await page.screenshot({ path: `${SHOTS}/importacoes-1400.png` });

      // Log de Importação: the virtualized grid, with its search
      await openFromPalette(page, 'log de importação', 'Log de Importação');
      await page.waitForURL((u) => u.pathname === '/util/analise/log-importacao');
      const log = activePanel(page);
      await expect.poll(() => log.getByTestId('total').innerText(), { timeout: 15_000 }).toMatch(/linhas? do registro$/);
      expect(await log.locator('.ag-header').innerText()).toMatch(/Quando[\s\S]*Nível[\s\S]*Mensagem/);
      await log.locator('#busca-nivel').selectOption('erro');
      await log.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((u) => u.searchParams.get('nivel') === 'erro');
      await page.screenshot({ path: `${SHOTS}/log-importacao-1400.png` });
    } finally {
      await context.close();
    }
  });
});

describe('Fila de Sessões', () => {
  it('the administrator reads every user’s runs with the counts per state, and ends a session', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      // a session of the auditor, to be ended
      const aud = await token('auditor');
      expect((await api(aud, '/importacoes')).status).toBe(403);
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'fila de sessões', 'Fila de Sessões');
      await page.waitForURL((u) => u.pathname === '/util/analise/fila-sessao');
      const panel = activePanel(page);
      const linha = panel.locator(`.lista-tabela tbody tr[data-id="${run.id}"]`);
      await expect.poll(() => linha.count(), { timeout: 15_000 }).toBe(1);
      const texto = await linha.innerText();
      expect(texto).toContain('Tratar Duplicidade de Beneficiários');
      expect(texto).toContain('Olívia Operadora');
      expect(texto).toContain('Concluída');
      expect(texto).toContain('100%');
      await expect.poll(() => panel.getByTestId('totais').innerText(), { timeout: 10_000 }).toMatch(/^Na fila: \d+ · Executando: \d+ · Concluída: [1-9]\d* · Falhou: \d+ · Cancelada: \d+$/);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/fila-processos-1400.png` });

      await panel.getByRole('tab', { name: 'Sessões' }).click();
      await page.waitForURL((u) => u.searchParams.get('ver') === 'sessoes');
      const sessao = panel.locator('.lista-tabela tbody tr', { hasText: 'auditor' }).first();
      await expect.poll(() => sessao.innerText(), { timeout: 15_000 }).toContain('Ativa');
      await sessao.getByRole('button', { name: 'Encerrar' }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.innerText()).toContain('Encerrar a sessão de Aurora Auditora (auditor)?');
      await dialog.getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => sessao.innerText(), { timeout: 10_000 }).toContain('Encerrada');
      // the auditor's token no longer works
      expect((await api(aud, '/auth/me')).status).toBe(401);
      await page.screenshot({ path: `${SHOTS}/fila-sessoes-1400.png` });
    } finally {
      await context.close();
    }
  });
});

describe('Dashboards', () => {
  it('the administrator sees the runs, the authorizations per week, the failures and the sessions, drawn as charts', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'admin');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      // the chart library is not on the first page: no uPlot until the dashboard opens
      expect(await page.evaluate(() => !!document.querySelector('.uplot'))).toBe(false);
      await openFromPalette(page, 'dashboards', 'Dashboards');
      await page.waitForURL((u) => u.pathname === '/util/analise/dashboards');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.uplot canvas').count(), { timeout: 15_000 }).toBe(2);
      expect(Number((await panel.getByTestId('dash-hoje').innerText()).match(/^[\d.]+/)![0].replace(/\./g, ''))).toBeGreaterThan(0);
      expect(await panel.getByTestId('dash-sessoes').innerText()).toMatch(/^[1-9][\d.]*\s+sessões ativas$/);
      expect(await panel.locator('.dash-cartao').nth(0).innerText()).toMatch(/Concluída: [1-9]/);
      expect(await panel.locator('.dash-cartao').nth(1).innerText()).toMatch(/Autorizado: [1-9]/);
      expect(await panel.getByTestId('dash-usuarios').innerText()).toContain('admin');
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/dashboards-1400.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/dashboards-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('no celular', () => {
  it('the SIB analysis and the queue fit a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(page, 'operadora');
      await page.goto('/util/analise/analise-sib?regra=cpf-ausente');
      const panel = activePanel(page);
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/analise-sib-390.png`, fullPage: true });
      await page.goto('/util/exportacao/arquivos-gerados');
      await expect.poll(() => activePanel(page).locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/arquivos-gerados-390.png`, fullPage: true });
    } finally {
      await context.close();
    }
    const adm = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(adm.page, 'admin');
      await adm.page.goto('/util/analise/fila-sessao');
      await expect.poll(() => activePanel(adm.page).locator('.lista-tabela tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(adm.page)).toBe(true);
      await adm.page.screenshot({ path: `${SHOTS}/fila-390.png`, fullPage: true });
    } finally {
      await adm.context.close();
    }
  });
});
