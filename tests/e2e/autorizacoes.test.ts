import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginUI, newPage } from './browser';
import { MSG_JUSTIFICATIVA_NEGATIVA } from '../../src/shared/autorizacoes';
import { activePanel, api, escolher, sendPdf, token } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
const MARCA = 'E2E-AUD';

const apiGet = async <T,>(tk: string, path: string): Promise<T> => (await api<T>(tk, path)).result;
const apiPost = <T,>(tk: string, path: string, body: unknown) => api<T>(tk, path, body);

let prof: { conselho: string; numero: string; uf: string; nome: string };
let benef: { id: number; carteirinha: string; nome: string };

beforeAll(async () => {
  browser = await launch();
  const op = await token('operadora');
  const profs = await apiGet<{ rows: { nome: string; conselho: string; numeroConselho: string; ufConselho: string; especialidade: number | null }[] }>(op, '/recursos/profissionais?conselho.eq=CRM&limit=200');
  const p = profs.rows.find((r) => r.especialidade != null)!;
  prof = { conselho: '06', numero: p.numeroConselho, uf: p.ufConselho, nome: p.nome };
  const hoje = new Date().toISOString().slice(0, 10);
  const bens = await apiGet<{ rows: { id: number; carteirinha: string; nome: string; fimCarencia: string | null }[] }>(op, '/recursos/beneficiarios?situacao.eq=ATIVO&limit=200');
  benef = bens.rows.find((b) => !b.fimCarencia || b.fimCarencia < hoje)!;
  // three requests of the provider, two items each, that go to audit (marked so the test finds them in the queue)
  const pt = await token('prestador');
  for (let k = 0; k < 3; k++) {
    const r = await apiPost<{ status: number }>(pt, '/autorizacoes/tipo/sp-sadt', {
      beneficiarioId: benef.id,
      profissional: prof,
      carater: '1',
      indicacaoClinica: 'Investigação diagnóstica.',
      itens: [
        { codigo: '40808041', descricao: `Ressonância magnética ${MARCA} ${k + 1}`, quantidade: 6 },
        { codigo: '40301630', descricao: 'Hemograma completo', quantidade: 2 },
      ],
      anexos: [{ arquivoId: await sendPdf(pt), tag: 'autorizacao_pedido_medico' }],
    });
    expect(r.status).toBe(201);
    expect(r.result.status).toBe(2);
  }
}, 120_000);
afterAll(() => browser?.close());

const tabTitles = (page: Page) => page.locator('.tabstrip .tab-title').allInnerTexts();

describe('the audit desk', () => {
  it('opens the medical audit list with the default query, three requests in tabs (Ctrl+Enter) and decides each; the list reflects it', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 950 });
    try {
      await loginUI(page, 'auditor');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/autorizacao/auditoria/auditoria-medica');
      await page.waitForURL((u) => u.searchParams.has('inicio') && u.searchParams.get('statusAutorizacao') === 'Em Análise' && !!u.searchParams.get('termino'));
      const u = new URL(page.url());
      expect(u.searchParams.get('inicio')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const panel = activePanel(page);
      await panel.locator('.lista-tabela tbody tr').first().waitFor();
      // narrow to the test's requests through the side search view
      await panel.locator('input[name=procedimento]').fill(MARCA);
      await panel.locator('form[role=search] button[type=submit]').click();
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(3);
      expect(new URL(page.url()).searchParams.get('statusAutorizacao')).toBe('Em Análise');
      const ids = await panel.locator('.lista-tabela tbody tr').evaluateAll((trs) => trs.map((t) => Number((t as HTMLElement).dataset.id)));

      // Ctrl+Enter on each row opens it in a new tab; Alt+1 comes back to the list
      for (let k = 0; k < 3; k++) {
        const list = activePanel(page);
        await list.locator('.lista-tabela tbody tr').nth(k).locator('td').nth(1).click();
        await page.keyboard.press('Control+Enter');
        await expect.poll(async () => (await tabTitles(page)).length, { timeout: 10_000 }).toBe(k + 2);
        await activePanel(page).locator('[data-testid=decisao]').waitFor();
        expect(Number(await activePanel(page).locator('[data-testid=decisao]').getAttribute('data-id'))).toBe(ids[k]);
        await page.keyboard.press('Alt+1');
        await activePanel(page).locator('.lista-tabela').waitFor();
      }

      // tab 2: authorize with the shortcut (a record opens next to the list, so the tabs' order is the newest first)
      const decididos: number[] = [];
      await page.keyboard.press('Alt+2');
      let dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor();
      decididos.push(Number(await dec.getAttribute('data-id')));
      await page.screenshot({ path: `${SHOTS}/autorizacoes-decisao.png` });
      // the auditor opens the medical order the provider sent: the very file, as a download
      const [pdf] = await Promise.all([page.waitForEvent('download'), dec.getByTestId('anexos').getByRole('button', { name: 'pedido-medico.pdf' }).click()]);
      expect(pdf.suggestedFilename()).toBe('pedido-medico.pdf');
      const pdfPath = `${SHOTS}/pedido-aberto-pelo-auditor.pdf`;
      await pdf.saveAs(pdfPath);
      expect(readFileSync(pdfPath, 'latin1').startsWith('%PDF-1.4')).toBe(true);
      await page.keyboard.press('Alt+a');
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Autorizado');
      await expect.poll(() => dec.locator('[data-testid=senha]').innerText()).toMatch(/^\d{9}$/);
      await page.screenshot({ path: `${SHOTS}/autorizacoes-autorizada.png` });

      // tab 3: deny with a reason (table 38) for every item
      await page.keyboard.press('Alt+3');
      dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor();
      decididos.push(Number(await dec.getAttribute('data-id')));
      await dec.locator('select[aria-label="Motivo da negativa dos itens sem motivo"]').selectOption('1438');
      // Alt+N does not deny: it opens the dialog, the code pre-filled, the focus in the justification; Esc cancels
      await page.keyboard.press('Alt+n');
      let negar = page.getByRole('dialog', { name: 'Negar a solicitação' });
      await negar.waitFor();
      expect(await negar.getByRole('combobox').inputValue()).toBe('1438');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await page.keyboard.press('Escape');
      await expect.poll(() => negar.count()).toBe(0);
      expect(await dec.locator('h1 [data-testid=status]').innerText()).not.toBe('Negado');
      // the button opens it too; Enter with a short justification is refused in Portuguese, nothing is sent
      await dec.getByRole('button', { name: /^Negar/ }).click();
      negar = page.getByRole('dialog', { name: 'Negar a solicitação' });
      await negar.waitFor();
      await page.keyboard.type('Não cabe.');
      await page.keyboard.press('Enter');
      await expect.poll(() => negar.getByRole('alert').innerText()).toBe(MSG_JUSTIFICATIVA_NEGATIVA);
      await page.keyboard.type(' Fora da diretriz de utilização do Rol.');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-negar-dialogo.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/autorizacoes-negar-dialogo-celular.png` });
      await page.setViewportSize({ width: 1400, height: 900 });
      await negar.locator('textarea').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Negado');
      await expect.poll(() => negar.count()).toBe(0);
      expect(await dec.locator('.aut-itens tbody').innerText()).toContain('1438');
      expect(await dec.locator('.aut-historico li[data-acao=negar]').innerText()).toContain('Não cabe. Fora da diretriz de utilização do Rol.');

      // tab 4: partial authorization: 4 of 6 on the first item with a reason, the second in full
      await page.keyboard.press('Alt+4');
      dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor();
      decididos.push(Number(await dec.getAttribute('data-id')));
      expect([...decididos].sort()).toEqual([...ids].sort());
      await dec.locator('input[aria-label="Quantidade autorizada de 40808041"]').fill('4');
      await dec.locator('select[aria-label="Motivo da negativa de 40808041"]').selectOption('1423');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-parcial-digitada.png` });
      await dec.getByRole('button', { name: /^Autorizar parcialmente/ }).click();
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Autorizado parcialmente');
      expect(await dec.locator('.aut-historico').innerText()).toContain('Aurora Auditora');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-parcial.png` });

      // the list (tab 1) reflects each decision: none is left Em Análise; with every status, each shows its own
      await page.keyboard.press('Alt+1');
      const list = activePanel(page);
      await expect.poll(() => list.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(0);
      await list.locator('select[name=statusAutorizacao]').selectOption('');
      await list.locator('form[role=search] button[type=submit]').click();
      await expect.poll(() => list.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(3);
      const statusById = async () =>
        Object.fromEntries(await list.locator('.lista-tabela tbody tr').evaluateAll((trs) => trs.map((t) => [(t as HTMLElement).dataset.id, (t as HTMLElement).dataset.status])));
      expect(await statusById()).toEqual({ [decididos[0]]: '1', [decididos[1]]: '3', [decididos[2]]: '7' });
      await page.screenshot({ path: `${SHOTS}/autorizacoes-lista.png` });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the auditor asks for justification, the provider answers with text and a document, the auditor finds it back in the queue with the answer in the history; "?" lists the screen\'s shortcuts', async () => {
    const marca = 'E2E-RESPOSTA';
    const pt = await token('prestador');
    const criada = await apiPost<{ id: number; numero: string; status: number }>(pt, '/autorizacoes/tipo/sp-sadt', {
      beneficiarioId: benef.id,
      profissional: prof,
      carater: '1',
      indicacaoClinica: 'Lombalgia crônica.',
      itens: [{ codigo: '40808041', descricao: `Ressonância magnética ${marca}`, quantidade: 6 }],
      anexos: [{ arquivoId: await sendPdf(pt), tag: 'autorizacao_pedido_medico' }],
    });
    expect(criada.result.status).toBe(2);
    const fila = `/principal/autorizacao/auditoria/auditoria-medica?procedimento=${marca}`;
    const pedidoAuditor = 'Enviar laudo da ressonância anterior e justificar as 6 sessões.';
    const justificativa = 'Paciente com falha de tratamento conservador por 6 meses; exame anterior sem contraste.';

    const au = await newPage(browser, { width: 1400, height: 950 });
    const pr = await newPage(browser, { width: 1400, height: 950 });
    try {
      // the auditor opens the request from the queue (Enter on the row) and asks for justification (Alt+J)
      await loginUI(au.page, 'auditor');
      await au.page.waitForSelector('.tabstrip', { state: 'attached' });
      await au.page.goto(fila);
      let list = activePanel(au.page);
      await expect.poll(() => list.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(1);
      await list.locator('.lista-tabela tbody tr').first().locator('td').nth(1).click();
      await au.page.keyboard.press('Enter');
      let dec = activePanel(au.page).locator('[data-testid=decisao]');
      await dec.waitFor();
      expect(Number(await dec.getAttribute('data-id'))).toBe(criada.result.id);

      // "?" on the request's tab lists the decision shortcuts (declared by the screen) with the global ones
      await dec.locator('h1').click();
      await au.page.keyboard.press('?');
      const painel = au.page.getByTestId('atalhos');
      await painel.waitFor();
      const secao = painel.locator('section', { hasText: 'Nesta tela: Decisão da solicitação' });
      const linha = (k: string) => secao.locator('.shortcut', { has: au.page.locator('kbd', { hasText: k }) }).locator('dd').innerText();
      expect(await linha('Alt+A')).toBe('Autorizar');
      expect(await linha('Alt+N')).toBe('Negar');
      expect(await linha('Alt+J')).toBe('Pedir justificativa');
      expect(await linha('Alt+.')).toBe('Próxima solicitação na lista');
      expect(await painel.innerText()).toContain('Ctrl+K');
      await au.page.screenshot({ path: `${SHOTS}/autorizacoes-atalhos.png` });
      // the shortcuts do not fire under the panel
      await au.page.keyboard.press('Alt+a');
      await au.page.keyboard.press('Escape');
      await painel.waitFor({ state: 'detached' });
      expect(await dec.locator('h1 [data-testid=status]').innerText()).toBe('Em Análise');

      await dec.locator('textarea[name=motivo]').fill(pedidoAuditor);
      await au.page.keyboard.press('Alt+j');
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Aguardando justificativa técnica do solicitante');

      // the provider finds it in its list, with "Responder", and answers
      await loginUI(pr.page, 'prestador');
      await pr.page.waitForSelector('.tabstrip', { state: 'attached' });
      await pr.page.goto(`/principal/autorizacao/autorizacoes?procedimento=${marca}`);
      const minhas = activePanel(pr.page);
      await expect.poll(() => minhas.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(1);
      await minhas.locator('.lista-tabela tbody tr a.aut-responder').click();
      const resp = activePanel(pr.page).getByTestId('resposta');
      await resp.waitFor();
      expect(await resp.getByTestId('pedido-auditor').innerText()).toContain(pedidoAuditor);
      expect(await resp.getByTestId('pedido-auditor').innerText()).toContain('Aurora Auditora');
      // nothing written nor attached: the screen says what is missing
      await resp.getByRole('button', { name: /^Enviar resposta/ }).click();
      expect(await resp.locator('[role=alert]').innerText()).toBe('Escreva a justificativa técnica ou anexe os documentos pedidos.');
      await resp.locator('textarea[name=justificativa]').fill(justificativa);
      await resp.locator('input[type=file]').setInputFiles({ name: 'laudo-rm-anterior.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 laudo') });
      // sent at once: the request may go only when the file is on the server
      await resp.getByRole('button', { name: 'Remover laudo-rm-anterior.pdf' }).waitFor();
      await expect.poll(() => resp.locator('.aut-anexos li').innerText()).toContain('laudo-rm-anterior.pdf');
      await pr.page.screenshot({ path: `${SHOTS}/autorizacoes-resposta.png`, fullPage: true });
      await pr.page.keyboard.press('Alt+r');
      const provDec = activePanel(pr.page).locator('[data-testid=decisao]');
      await expect.poll(() => provDec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Em Análise');
      await provDec.getByTestId('aviso').waitFor();
      expect(await resp.count()).toBe(0);
      const histPrest = await provDec.locator('.aut-historico').innerText();
      expect(histPrest).toContain(`Paulo Prestador: Resposta do prestador → Em Análise · ${justificativa} · documentos: laudo-rm-anterior.pdf`);
      expect(await provDec.getByTestId('anexos').innerText()).toContain('laudo-rm-anterior.pdf (resposta à auditoria)');
      await pr.page.screenshot({ path: `${SHOTS}/autorizacoes-resposta-enviada.png`, fullPage: true });

      // the auditor finds it back in the queue (Em Análise) with the answer in the history
      await au.page.goto(fila);
      list = activePanel(au.page);
      await expect.poll(() => list.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(1);
      expect(new URL(au.page.url()).searchParams.get('statusAutorizacao')).toBe('Em Análise');
      await list.locator('.lista-tabela tbody tr').first().locator('td').nth(1).click();
      await au.page.keyboard.press('Enter');
      dec = activePanel(au.page).locator('[data-testid=decisao]');
      await dec.waitFor();
      await expect.poll(() => dec.locator('.aut-historico').innerText(), { timeout: 10_000 }).toContain(justificativa);
      const passos = await dec.locator('.aut-historico li').evaluateAll((lis) => lis.map((l) => (l as HTMLElement).dataset.acao));
      expect(passos).toEqual(['criar', 'pedirJustificativa', 'responder']);
    } finally {
      await au.context.close();
      await pr.context.close();
    }
  }, 120_000);

  it('the palette opens a request by its guide number (Enter: a tab named after it) and by id in a new tab (Ctrl+Enter)', async () => {
    const pt = await token('prestador');
    const { result: r } = await apiPost<{ id: number; numero: string }>(pt, '/autorizacoes/tipo/sp-sadt', {
      beneficiarioId: benef.id,
      profissional: prof,
      carater: '1',
      itens: [{ codigo: '40808041', descricao: 'Ressonância magnética E2E-PALETA', quantidade: 6 }],
      anexos: [{ arquivoId: await sendPdf(pt), tag: 'autorizacao_pedido_medico' }],
    });
    const { context, page } = await newPage(browser, { width: 1300, height: 900 });
    try {
      await loginUI(page, 'auditor');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      const antes = (await tabTitles(page)).length;
      const input = page.locator('.palette input[role=combobox]');
      const primeira = page.locator('.palette [role=option]').first();
      await page.keyboard.press('Control+k');
      await input.waitFor();
      await page.keyboard.type(`@${r.numero}`);
      await expect.poll(() => primeira.locator('.palette-title').innerText().catch(() => ''), { timeout: 5000 }).toBe(`Guia ${r.numero}`);
      expect(await primeira.innerText()).toContain('Autorização');
      expect(await primeira.innerText()).toContain('Em Análise');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-paleta.png` });
      await page.keyboard.press('Enter');
      let dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor();
      expect(Number(await dec.getAttribute('data-id'))).toBe(r.id);
      expect(await page.locator('.tabstrip [aria-selected=true] .tab-title').innerText()).toBe(`Guia ${r.numero}`);
      expect((await tabTitles(page)).length).toBe(antes + 1);
      // Enter again on the same request brings its tab to the front; Ctrl+Enter opens another one
      await page.keyboard.press('Alt+1');
      await page.keyboard.press('Control+k');
      await input.waitFor();
      await page.keyboard.type(`@${r.id}`);
      await expect.poll(() => page.locator('.palette [role=option] .palette-title').allInnerTexts(), { timeout: 5000 }).toContain(`Guia ${r.numero}`);
      // (the same digits may also be a beneficiary's id: the request is picked with the arrows)
      const titulos = await page.locator('.palette [role=option] .palette-title').allInnerTexts();
      for (let k = 0; k < titulos.indexOf(`Guia ${r.numero}`); k++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Control+Enter');
      await expect.poll(async () => (await tabTitles(page)).length, { timeout: 10_000 }).toBe(antes + 2);
      dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor();
      expect(Number(await dec.getAttribute('data-id'))).toBe(r.id);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the operator requests for a provider: "Informe o Prestador" until one is chosen in the provider dialog (5 characters)', async () => {
    const { context, page } = await newPage(browser, { width: 1300, height: 950 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/autorizacao/sp-sadt');
      const form = activePanel(page).locator('form.aut-solicitacao');
      await form.waitFor();
      await escolher(page, '#aut-beneficiario', benef.nome.split(' ').slice(0, 2).join(' '), benef.nome);
      await escolher(page, '#aut-profissional', prof.numero, prof.nome);
      await form.locator('input[name="itens.0.codigo"]').fill('40808041');
      await form.locator('input[name="itens.0.descricao"]').fill('Ressonância magnética E2E-OPERADORA');
      await form.locator('input[name="itens.0.quantidade"]').fill('5');
      await form.locator('input[type=file]').setInputFiles({ name: 'pedido.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      // sent at once: the request may go only when the file is on the server
      await form.getByRole('button', { name: 'Remover pedido.pdf' }).waitFor();
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      expect(await form.getByTestId('solicitante-erro').innerText()).toBe('Informe o Prestador');
      // the provider selection dialog: nothing listed under 5 characters, then the clinic by name
      await form.locator('#aut-solicitante').click();
      const dialog = page.locator('.dialog.prest-dialog');
      await dialog.locator('#prestador-termo').fill('Clín');
      expect(await dialog.locator('.rf-help').innerText()).toBe('Digite ao menos 5 caracteres para pesquisar.');
      await dialog.locator('#prestador-termo').fill('Clínica Santa Luzia');
      await dialog.locator('.prest-item', { hasText: 'Clínica Santa Luzia Ltda' }).first().click({ timeout: 10_000 });
      await dialog.getByTestId('prestador-selecionar').click();
      await expect.poll(() => form.locator('#aut-solicitante').inputValue()).toContain('Clínica Santa Luzia Ltda');
      expect(await form.getByTestId('solicitante-erro').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/autorizacoes-solicitacao-operadora.png`, fullPage: true });
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      const dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor({ timeout: 10_000 });
      expect(await dec.locator('.aut-guia').innerText()).toContain('Clínica Santa Luzia Ltda');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a provider creates an SP/SADT request that lands in the audit queue', async () => {
    const { context, page } = await newPage(browser, { width: 1300, height: 950 });
    try {
      await loginUI(page, 'prestador');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/autorizacao/sp-sadt');
      const form = activePanel(page).locator('form.aut-solicitacao');
      await form.waitFor();
      // a provider requests as itself: no requesting-provider field
      expect(await form.locator('#aut-solicitante').count()).toBe(0);
      // it finds a patient by the card or CPF only, never by a part of the name (LGPD)
      expect(await form.locator('label[for=aut-beneficiario]').innerText()).toBe('Carteirinha ou CPF');
      await form.locator('#aut-beneficiario').click();
      await form.locator('#aut-beneficiario').fill(benef.nome.split(' ')[0]);
      await expect.poll(() => form.locator('.ac-list [role=alert]').innerText(), { timeout: 10_000 }).toBe('Informe a carteirinha (16 dígitos) ou o CPF do beneficiário.');
      await escolher(page, '#aut-beneficiario', benef.carteirinha, benef.nome);
      expect(await form.getByTestId('beneficiario-escolhido').innerText()).toContain(benef.carteirinha);
      await escolher(page, '#aut-profissional', prof.numero, prof.nome);
      expect(await form.getByTestId('profissional-escolhido').innerText()).toContain(`CRM ${prof.numero}/${prof.uf}`);
      expect(await form.locator('input[name=cbo]').inputValue()).toMatch(/^\d{6}$/);
      await form.locator('textarea[name=indicacaoClinica]').fill('Dor lombar crônica, falha do tratamento conservador.');
      await form.locator('input[name="itens.0.codigo"]').fill('40808041');
      await form.locator('input[name="itens.0.descricao"]').fill('Ressonância magnética de coluna lombar E2E-PRESTADOR');
      await form.locator('input[name="itens.0.quantidade"]').fill('5');
      await form.locator('input[type=file]').setInputFiles({ name: 'pedido-medico.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 pedido') });
      // sent at once: the request may go only when the file is on the server
      await form.getByRole('button', { name: 'Remover pedido-medico.pdf' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/autorizacoes-solicitacao.png`, fullPage: true });
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      const dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor({ timeout: 10_000 });
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText()).toBe('Em Análise');
      const id = Number(await dec.getAttribute('data-id'));
      // the auditor's medical queue (default query) holds it
      const au = await token('auditor');
      const fila = await apiGet<{ rows: { id: number }[] }>(au, `/autorizacoes/fila/medica?statusAutorizacao=${encodeURIComponent('Em Análise')}&procedimento=E2E-PRESTADOR`);
      expect(fila.rows.map((r) => r.id)).toEqual([id]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
