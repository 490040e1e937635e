import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, loginUI, newPage, openFromPalette } from './browser';
import { activePanel, api, escolher, sendPdf, token } from './autorizacoes-helpers';

/**
 * The lists besides the audit queues (Anexos Realizados, from its command in the palette) and the attachments'
 * clinical data: the provider fills in a chemotherapy attachment (the form refuses it until the clinical fields are
 * valid), the auditor finds it in the list by type and procedure, opens it in a new tab, reads the clinical data and
 * authorizes it. Screenshots in .tmp/e2e-shots/.
 */

const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });
const MARCA = `E2E-ANEXO-${Date.now() % 100000}`;

let browser: Browser;
let prof: { conselho: string; numero: string; uf: string; nome: string };
let benef: { id: number; carteirinha: string; nome: string };
let guia: { id: number; numero: string };
let internacao: { id: number; numero: string };

beforeAll(async () => {
  browser = await launch();
  const op = await token('operadora');
  const profs = (await api<{ rows: { nome: string; numeroConselho: string; ufConselho: string; especialidade: number | null }[] }>(op, '/recursos/profissionais?conselho.eq=CRM&limit=200')).result;
  const p = profs.rows.find((r) => r.especialidade != null)!;
  prof = { conselho: '06', numero: p.numeroConselho, uf: p.ufConselho, nome: p.nome };
  const hoje = new Date().toISOString().slice(0, 10);
  const bens = (await api<{ rows: { id: number; carteirinha: string; nome: string; fimCarencia: string | null }[] }>(op, '/recursos/beneficiarios?situacao.eq=ATIVO&limit=200')).result;
  benef = bens.rows.find((b) => !b.fimCarencia || b.fimCarencia < hoje)!;
  // the provider's guide the attachments refer to, and an OPME attachment (another type, filtered out below)
  const pt = await token('prestador');
  const base = { beneficiarioId: benef.id, profissional: prof, carater: '1', indicacaoClinica: 'Neoplasia de mama.', anexos: [{ arquivoId: await sendPdf(pt), tag: 'autorizacao_pedido_medico' }] };
  const g = await api<{ id: number; numero: string }>(pt, '/autorizacoes/tipo/sp-sadt', { ...base, itens: [{ codigo: '40808041', descricao: 'Ressonância magnética de mama', quantidade: 1 }] });
  expect(g.status).toBe(201);
  guia = g.result;
  const opme = await api(pt, '/autorizacoes/tipo/anexo-opme', {
    ...base,
    referenciaId: guia.id,
    itens: [{ codigo: '40808041', descricao: `Material ${MARCA}`, quantidade: 1 }],
    clinicos: { justificativaTecnica: 'Reconstrução.', materiais: [{ codigo: '70000000', descricao: 'Expansor', opcaoFabricante: '1', fabricante: 'Fab', registroAnvisa: '80102511234', quantidade: 1, valor: 900 }] },
  });
  expect(opme.status).toBe(201);
  // the provider's hospitalization that an extension continues
  const int = await api<{ id: number; numero: string }>(pt, '/autorizacoes/tipo/internacao', {
    ...base,
    cid: 'K359',
    itens: [{ codigo: '31003079', descricao: 'Apendicectomia', quantidade: 1 }],
    clinicos: { tipoInternacao: '2', regimeInternacao: '1', diariasSolicitadas: 3, previsaoOpme: false, previsaoQuimio: false },
  });
  expect(int.status).toBe(201);
  internacao = int.result;
}, 120_000);
afterAll(() => browser?.close());



describe('attachments: clinical data and the list of attachments done', () => {
  it('the provider fills in a chemotherapy attachment: refused beside each clinical field until valid, then sent with its data', async () => {
    const { context, page } = await newPage(browser, { width: 1300, height: 1100 });
    try {
      await loginUI(page, 'prestador');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/autorizacao/anexo/quimioterapias-anexo');
      const form = activePanel(page).locator('form.aut-solicitacao');
      await form.waitFor();
      await escolher(page, '#aut-beneficiario', benef.carteirinha, benef.nome);
      await escolher(page, '#aut-profissional', prof.numero, prof.nome);
      await escolher(page, '#aut-referencia', guia.numero, `Guia ${guia.numero}`);
      await form.locator('input[name=cid]').fill('C509');
      await form.locator('textarea[name=indicacaoClinica]').fill('Carcinoma ductal invasivo de mama.');
      await form.locator('input[name="itens.0.codigo"]').fill('40808041');
      await form.locator('input[name="itens.0.descricao"]').fill(`Quimioterapia ${MARCA}`);
      await form.locator('input[type=file]').setInputFiles({ name: 'pedido-medico.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 pedido') });
      // sent at once: the request may go only when the file is on the server
      await form.getByRole('button', { name: 'Remover pedido-medico.pdf' }).waitFor();
      const clinicos = form.getByTestId('campos-clinicos');
      await clinicos.locator('[name="clinicos.peso"]').fill('0');
      // sent without the clinical data: refused on the page, each message beside its field (the server's rules)
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect.poll(() => clinicos.locator('.field-error').count()).toBeGreaterThan(5);
      expect(await clinicos.innerText()).toContain('O peso: no mínimo 1 kg.');
      expect(await clinicos.innerText()).toContain('Informe o plano terapêutico.');
      expect(await activePanel(page).locator('[data-testid=decisao]').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/autorizacoes-anexo-quimio-erros.png`, fullPage: true });

      await clinicos.locator('[name="clinicos.peso"]').fill('72,5');
      await clinicos.locator('[name="clinicos.altura"]').fill('168');
      await expect.poll(() => clinicos.innerText()).toContain('Calculada: 1,84 m²');
      await clinicos.locator('[name="clinicos.estadiamento"]').selectOption('2');
      await clinicos.locator('[name="clinicos.finalidade"]').selectOption('3');
      await clinicos.locator('[name="clinicos.ecog"]').selectOption('1');
      await clinicos.locator('[name="clinicos.tipoQuimioterapia"]').selectOption('1');
      await clinicos.locator('[name="clinicos.planoTerapeutico"]').fill('AC-T: doxorrubicina e ciclofosfamida, 4 ciclos.');
      await clinicos.locator('[name="clinicos.numeroCiclos"]').fill('4');
      await clinicos.locator('[name="clinicos.cicloAtual"]').fill('5');
      await clinicos.locator('[name="clinicos.intervaloCiclos"]').fill('21');
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect.poll(() => clinicos.innerText()).toContain('O ciclo atual não pode passar do número de ciclos.');
      await clinicos.locator('[name="clinicos.cicloAtual"]').fill('1');
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      const dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor({ timeout: 10_000 });
      const dados = dec.getByTestId('dados-clinicos');
      expect(await dados.innerText()).toContain('1,84 m²');
      expect(await dados.innerText()).toContain('Adjuvante');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the auditor opens Anexos Realizados from the palette, filters by type and procedure, opens the attachment in a tab, reads its clinical data and authorizes it', async () => {
    const { context, page } = await newPage(browser, { width: 1400, height: 1000 });
    try {
      await loginUI(page, 'auditor');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'anexos realizados', 'Anexos Realizados');
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/anexo/autorizacoes-anexos');
      const panel = activePanel(page);
      await panel.locator('.lista-tabela tbody tr').first().waitFor();
      // the list holds attachments only; its type filter offers the four attachment types
      const tipos = await panel.locator('.lista-tabela tbody td:nth-child(3)').allInnerTexts();
      expect(tipos.every((t) => t.startsWith('Anexo de'))).toBe(true);
      expect(await panel.locator('select[name=tipo] option').allInnerTexts()).toEqual(['Todos', 'Anexo de quimioterapia', 'Anexo de radioterapia', 'Anexo de situação inicial odontológica', 'Anexo de OPME']);
      // side search: procedure (the marker) and type
      await panel.locator('input[name=procedimento]').fill(MARCA);
      await panel.locator('form[role=search] button[type=submit]').click();
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(2);
      await panel.locator('select[name=tipo]').selectOption('ANEXO_QUIMIO');
      await panel.locator('form[role=search] button[type=submit]').click();
      await expect.poll(() => panel.locator('.lista-tabela tbody tr').count(), { timeout: 10_000 }).toBe(1);
      expect(new URL(page.url()).searchParams.get('tipo')).toBe('ANEXO_QUIMIO');
      expect(await panel.getByTestId('total').innerText()).toBe('1 solicitação');
      await expect.poll(() => panel.getByTestId('totais').innerText()).toContain('Autorizadas: 0');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-anexos-realizados.png` });

      // Ctrl+Enter opens it in a new tab, for decision
      await panel.locator('.lista-tabela tbody tr').first().locator('td').nth(1).click();
      await page.keyboard.press('Control+Enter');
      const dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor({ timeout: 10_000 });
      const dados = dec.getByTestId('dados-clinicos');
      expect(await dados.innerText()).toContain('Anexo de quimioterapia');
      expect(await dados.innerText()).toContain('1ª linha');
      expect(await dados.innerText()).toContain('21 dias');
      await page.screenshot({ path: `${SHOTS}/autorizacoes-anexo-decisao.png`, fullPage: true });
      await page.keyboard.press('Alt+a');
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText(), { timeout: 10_000 }).toBe('Autorizado');
      // back on the list, the row and the totals reflect the decision
      await page.keyboard.press('Alt+1');
      const lista = activePanel(page);
      await expect.poll(() => lista.locator('.lista-tabela tbody tr').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('1');
      await expect.poll(() => lista.getByTestId('totais').innerText()).toContain('Autorizadas: 1');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('lists that also request their type: Prorrogações, Guias sem Ônus Emitidas, Guias APS', () => {
  it('the provider opens Prorrogações, asks a new extension of its hospitalization (the medical order checked on the page) and finds it in the list', async () => {
    const { context, page } = await newPage(browser, { width: 1300, height: 1000 });
    try {
      await loginUI(page, 'prestador');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await openFromPalette(page, 'prorrogacoes', 'Prorrogações');
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/prorrogacoes');
      const panel = activePanel(page);
      await panel.getByTestId('total').waitFor();
      const tipos = await panel.locator('.lista-tabela tbody td:nth-child(3)').allInnerTexts();
      expect(tipos.every((t) => t === 'Prorrogação de internação')).toBe(true);
      await panel.getByRole('link', { name: 'Nova prorrogação' }).click();
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/prorrogacoes' && u.searchParams.get('novo') === '1');
      const form = activePanel(page).locator('form.aut-solicitacao');
      await form.waitFor();
      expect(await form.locator('h1').innerText()).toBe('Solicitação de autorização — Prorrogação de internação');
      await escolher(page, '#aut-beneficiario', benef.carteirinha, benef.nome);
      await escolher(page, '#aut-profissional', prof.numero, prof.nome);
      expect(await form.locator('label[for=aut-referencia]').innerText()).toBe('Guia de internação referenciada');
      await escolher(page, '#aut-referencia', internacao.numero, `Guia ${internacao.numero}`);
      await form.locator('textarea[name=indicacaoClinica]').fill('Evolução com abscesso de parede, antibioticoterapia venosa.');
      await form.locator('input[name="itens.0.codigo"]').fill('60000775');
      await form.locator('input[name="itens.0.descricao"]').fill(`Diária de enfermaria ${MARCA}`);
      await form.locator('input[name="itens.0.quantidade"]').fill('3');
      // without the medical order: refused on the page, beside the attachments, nothing sent
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      await expect.poll(() => form.locator('.field-error').allInnerTexts()).toContain('Anexe o pedido médico.');
      expect(await activePanel(page).locator('[data-testid=decisao]').count()).toBe(0);
      await form.locator('input[type=file]').setInputFiles({ name: 'relatorio-medico.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 relatorio') });
      // sent at once: the request may go only when the file is on the server
      await form.getByRole('button', { name: 'Remover relatorio-medico.pdf' }).waitFor();
      expect(await form.locator('.field-error').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/autorizacoes-prorrogacao.png`, fullPage: true });
      await form.getByRole('button', { name: 'Enviar solicitação' }).click();
      const dec = activePanel(page).locator('[data-testid=decisao]');
      await dec.waitFor({ timeout: 10_000 });
      await expect.poll(() => dec.locator('h1 [data-testid=status]').innerText()).toBe('Em Análise');
      const id = Number(await dec.getAttribute('data-id'));
      const numero = (await dec.locator('h1').innerText()).match(/Guia (\d+)/)![1];
      await expect.poll(() => page.locator('.tabstrip .tab-title').allInnerTexts()).toEqual([`Guia ${numero}`]);
      // back on the list the tab is the list's again, and the list holds it (the provider's own, newest first)
      await page.goto('/principal/autorizacao/prorrogacoes');
      await expect.poll(() => activePanel(page).locator('.lista-tabela tbody tr').first().getAttribute('data-id'), { timeout: 10_000 }).toBe(String(id));
      expect(await page.locator('.tabstrip .tab-title').allInnerTexts()).toEqual(['Prorrogações']);
      await page.screenshot({ path: `${SHOTS}/autorizacoes-prorrogacoes-lista.png` });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the operator issues a no-cost guide from Guias sem Ônus Emitidas and opens Guias APS (copass) with its own button', async () => {
    const { context, page } = await newPage(browser, { width: 1300, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/autorizacao/guiasemonus/guias-sem-onus');
      const panel = activePanel(page);
      await panel.getByTestId('total').waitFor();
      const tipos = await panel.locator('.lista-tabela tbody td:nth-child(3)').allInnerTexts();
      expect(tipos.length).toBeGreaterThan(0);
      expect(tipos.every((t) => t === 'Guia sem ônus')).toBe(true);
      await panel.getByRole('link', { name: 'Emitir guia sem ônus' }).click();
      await page.waitForURL((u) => u.pathname === '/principal/autorizacao/guiasemonus/guia-sem-onus');
      expect(await activePanel(page).locator('form.aut-solicitacao h1').innerText()).toBe('Solicitação de autorização — Guia sem ônus');
      await page.goto('/principal/autorizacao/guiasemonus/guias-aps');
      await activePanel(page).getByTestId('total').waitFor();
      await activePanel(page).getByRole('link', { name: 'Nova guia APS' }).click();
      const form = activePanel(page).locator('form.aut-solicitacao');
      await form.waitFor();
      expect(await form.locator('h1').innerText()).toBe('Solicitação de autorização — Guia APS');
      // a primary-care visit needs no medical order
      expect(await form.innerText()).toContain('Documentos (opcional)');
    } finally {
      await context.close();
    }
  }, 90_000);
});
