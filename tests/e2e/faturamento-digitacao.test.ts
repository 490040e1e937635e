import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, loginUI, newPage } from './browser';
import { activePanel, api, sendPdf, token } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Whether the page scrolls sideways (the phone layout must not). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/**
 * An SP/SADT request of the demo provider, authorized by the auditor (the API: the audit screens are their own e2e);
 * answers its senha. Each run asks its own, so a retry never meets the first one's bill.
 */
async function senhaAutorizada(): Promise<{ senha: string; numero: string }> {
  const op = await token('operadora');
  const pt = await token('prestador');
  const au = await token('auditor');
  const profs = (await api<{ rows: { nome: string; numeroConselho: string; ufConselho: string }[] }>(op, '/recursos/profissionais?conselho.eq=CRM&limit=20')).result.rows;
  const hoje = new Date().toISOString().slice(0, 10);
  const bens = (await api<{ rows: { id: number; fimCarencia: string | null }[] }>(op, '/recursos/beneficiarios?situacao.eq=ATIVO&limit=200')).result.rows;
  const benef = bens.filter((b) => !b.fimCarencia || b.fimCarencia < hoje)[Date.now() % 50];
  const pedido = await api<{ id: number; version: number; status: number; senha: string | null; numero: string }>(pt, '/autorizacoes/tipo/sp-sadt', {
    beneficiarioId: benef.id,
    profissional: { conselho: '06', numero: profs[0].numeroConselho, uf: profs[0].ufConselho, nome: profs[0].nome },
    carater: '1',
    indicacaoClinica: 'Investigação de dor lombar.',
    itens: [
      { codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 1 },
      { codigo: '40304361', descricao: 'Hemograma com contagem de plaquetas', quantidade: 2 },
    ],
    anexos: [{ arquivoId: await sendPdf(pt), tag: 'autorizacao_pedido_medico' }],
  });
  expect(pedido.status).toBe(201);
  // what the rules authorize at once comes back authorized; the rest goes to the auditor
  if (pedido.result.status === 1) return { senha: pedido.result.senha!, numero: pedido.result.numero };
  const decisao = await api<{ senha: string; numero: string; status: number }>(au, `/autorizacoes/${pedido.result.id}/decisao`, { acao: 'autorizar', version: pedido.result.version });
  expect(decisao.status).toBe(200);
  expect(decisao.result.status).toBe(1);
  return { senha: decisao.result.senha, numero: decisao.result.numero };
}

describe('Faturas digitadas no portal', () => {
  it('the provider attends an authorized guide by its senha, closes the bill into a protocol and downloads the receipt', async () => {
    const { senha } = await senhaAutorizada();
    const guia = `E2E${String(Date.now()).slice(-8)}`;
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    let numero: string;
    try {
      await loginUI(page, 'prestador');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/atendimento-autorizacao');
      const form = activePanel(page).locator('[data-testid=fatura-form]');
      await form.waitFor();
      // the senha, then Enter: the authorization fills the guide
      await form.locator('#fat-senha').fill(senha);
      await form.locator('#fat-senha').press('Enter');
      await form.locator('[data-testid=autorizacao]').waitFor();
      expect(await form.locator('[data-testid=autorizacao]').innerText()).toContain('SP/SADT');
      await expect.poll(() => form.locator('.fat-tabela tbody tr').count()).toBe(2);
      expect(await form.locator('[aria-label="Item 1: código TUSS"]').inputValue()).toBe('40808041');
      expect(await form.locator('[aria-label="Item 2: quantidade"]').inputValue()).toBe('2');
      // the provider's own guide number, the executing professional's CBO-S and the values it bills
      await form.locator('#fat-numeroGuiaPrestador').fill(guia);
      await form.locator('[id="fat-profissional.cbo"]').fill('225125');
      await form.locator('[aria-label="Item 1: valor unitário"]').fill('850,00');
      await form.locator('[aria-label="Item 2: valor unitário"]').fill('12,345');
      await form.getByRole('button', { name: 'Registrar atendimento' }).click();
      // three decimals: refused beside the value, nothing sent
      const erro = form.locator('[data-campo="itens.1.valorUnitario"] .field-error');
      await erro.waitFor();
      expect(await erro.innerText()).toBe('Item 2: valor unitário inválido — informe em reais com no máximo duas casas decimais (ex.: 1.234,56).');
      await form.locator('[aria-label="Item 2: valor unitário"]').fill('12,35');
      expect((await form.locator('[data-testid=total-guia]').innerText()).replace(/\s/g, ' ')).toBe('R$ 874,70');
      await page.screenshot({ path: `${SHOTS}/digitacao-atender.png` });
      await form.getByRole('button', { name: 'Registrar atendimento' }).click();
      const feita = activePanel(page).locator('[data-testid=fatura-registrada]');
      await feita.waitFor();
      expect(await feita.locator('[data-testid=guia]').innerText()).toBe(guia);
      expect((await feita.locator('[data-testid=valor]').innerText()).replace(/\s/g, ' ')).toBe('R$ 874,70');
      await page.screenshot({ path: `${SHOTS}/digitacao-registrada.png` });

      // Encerrar Fatura / Gerar Protocolo: choose the bill, confirm, get the number and the receipt
      await feita.getByRole('button', { name: 'Encerrar fatura / gerar protocolo' }).click();
      await page.waitForURL((u) => u.pathname === '/principal/tiss/fatura-protocolo-digitado-prestador');
      const tela = activePanel(page).locator('[data-testid=encerrar]');
      await tela.waitFor();
      await tela.getByRole('checkbox', { name: `Escolher a guia ${guia}` }).check();
      expect((await tela.locator('[data-testid=total]').innerText()).replace(/\s/g, ' ')).toBe('R$ 874,70');
      await page.screenshot({ path: `${SHOTS}/digitacao-encerrar.png` });
      await tela.getByRole('button', { name: 'Gerar protocolo' }).click();
      const dialog = page.locator('[role=alertdialog]');
      await dialog.waitFor();
      expect(await dialog.locator('[data-testid=confirmar-resumo]').innerText()).toContain('1 guia de SP/SADT');
      await dialog.getByRole('button', { name: 'Gerar o protocolo' }).click();
      const gerado = activePanel(page).locator('[data-testid=protocolo-gerado]');
      await gerado.waitFor();
      numero = await gerado.locator('[data-testid=numero]').innerText();
      expect(numero).toMatch(/^\d{12}$/);
      await page.screenshot({ path: `${SHOTS}/digitacao-protocolo.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), gerado.getByRole('button', { name: 'Baixar comprovante (PDF)' }).click()]);
      expect(download.suggestedFilename()).toBe(`protocolo-${numero}.pdf`);
      const pdf = `${SHOTS}/digitacao-comprovante.pdf`;
      await download.saveAs(pdf);
      expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const texto = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
      expect(texto).toContain(numero);
      expect(texto).toContain(guia);
      expect(texto).toContain('R$ 874,70');
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, `${SHOTS}/digitacao-comprovante`]);

      // the bill is now in Digitar Faturas as protocolled, and the senha in the attendance control as billed
      await page.goto(`/principal/tiss/atendimento-autorizacao?guia=${guia}`);
      const linhas = activePanel(page).locator('.lista-tabela tbody tr');
      await expect.poll(() => linhas.count(), { timeout: 15_000 }).toBe(1);
      expect(await linhas.first().getAttribute('data-status')).toBe('PROTOCOLADA');
      await page.screenshot({ path: `${SHOTS}/digitacao-lista.png` });
      await page.goto(`/principal/faturamento/atendimento-controle?senha=${senha}`);
      const controle = activePanel(page).locator('.lista-tabela tbody tr');
      await expect.poll(() => controle.count(), { timeout: 15_000 }).toBe(1);
      expect(await controle.first().innerText()).toContain(numero);
      await page.screenshot({ path: `${SHOTS}/digitacao-controle.png` });
      // and its second copy, with the conta médica
      await page.goto(`/principal/tiss/segunda-via?numero=${numero}`);
      const vias = activePanel(page).locator('.lista-tabela tbody tr');
      await expect.poll(() => vias.count(), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/digitacao-segunda-via.png` });
      const [conta] = await Promise.all([page.waitForEvent('download'), vias.first().getByRole('button', { name: 'Conta médica' }).click()]);
      expect(conta.suggestedFilename()).toBe(`conta-medica-${numero}.pdf`);
    } finally {
      await context.close();
    }

    // the phone: the execution form and the closing screen fit 390 px without sideways scrolling
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(phone.page, 'prestador');
      await phone.page.waitForSelector('.tabstrip', { state: 'attached' });
      await phone.page.goto('/principal/atendimento-autorizacao');
      const form = activePanel(phone.page).locator('[data-testid=fatura-form]');
      await form.waitFor();
      const outra = await senhaAutorizada();
      await form.locator('#fat-senha').fill(outra.senha);
      await form.locator('#fat-senha').press('Enter');
      await form.locator('[data-testid=autorizacao]').waitFor();
      expect(await scrollsSideways(phone.page)).toBe(false);
      await phone.page.screenshot({ path: `${SHOTS}/digitacao-atender-celular.png`, fullPage: true });
      await phone.page.goto('/principal/tiss/segunda-via');
      await activePanel(phone.page).locator('[data-testid=documentos]').first().waitFor({ timeout: 15_000 });
      expect(await scrollsSideways(phone.page)).toBe(false);
      await phone.page.screenshot({ path: `${SHOTS}/digitacao-segunda-via-celular.png` });
    } finally {
      await phone.context.close();
    }
  }, 240_000);

  it('the provider types a consultation without senha by the card and opens the bill it registered', async () => {
    const op = await token('operadora');
    const bens = (await api<{ rows: { carteirinha: string; nome: string }[] }>(op, '/recursos/beneficiarios?situacao.eq=ATIVO&limit=50')).result.rows;
    const b = bens[Date.now() % bens.length];
    const guia = `C${String(Date.now()).slice(-9)}`;
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'prestador');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto('/principal/tiss/atendimento-autorizacao');
      await activePanel(page).getByRole('link', { name: 'Digitar fatura' }).click();
      const form = activePanel(page).locator('[data-testid=fatura-form]');
      await form.waitFor();
      await form.getByRole('radio', { name: 'Consulta sem senha' }).check();
      await form.locator('#fat-numeroCarteira').fill(b.carteirinha);
      await form.locator('#fat-numeroGuiaPrestador').fill(guia);
      await form.locator('[id="fat-profissional.numero"]').fill('54321');
      await form.locator('[id="fat-profissional.cbo"]').fill('225125');
      await form.locator('[aria-label="Item 1: código TUSS"]').fill('10101012');
      await form.locator('[aria-label="Item 1: valor unitário"]').fill('250');
      expect((await form.locator('[data-testid=total-guia]').innerText()).replace(/\s/g, ' ')).toBe('R$ 250,00');
      await page.screenshot({ path: `${SHOTS}/digitacao-consulta.png` });
      await form.getByRole('button', { name: 'Registrar fatura' }).click();
      const f = activePanel(page).locator('[data-testid=fatura]');
      await f.waitFor();
      expect(await f.locator('h1').innerText()).toContain(`Fatura da guia ${guia}`);
      expect(await f.innerText()).toContain(b.nome);
      expect((await f.locator('[data-testid=total]').innerText()).replace(/\s/g, ' ')).toBe('R$ 250,00');
      await page.screenshot({ path: `${SHOTS}/digitacao-fatura.png` });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the operator closes a reviewed protocol’s glosas by hand, with the reason', async () => {
    // a consultation typed and protocolled by the provider, glosed in part and closed by the review (the API)
    const pt = await token('prestador');
    const op = await token('operadora');
    const bens = (await api<{ rows: { carteirinha: string }[] }>(op, '/recursos/beneficiarios?situacao.eq=ATIVO&limit=50')).result.rows;
    const ontem = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const f = await api<{ id: number }>(pt, '/faturamento/digitadas', {
      tipoGuia: 'CONSULTA',
      numeroCarteira: bens[(Date.now() + 7) % bens.length].carteirinha,
      numeroGuiaPrestador: `G${String(Date.now()).slice(-9)}`,
      dataAtendimento: ontem,
      profissional: { conselho: '06', numero: '777', uf: 'MG', cbo: '225125' },
      itens: [{ codigo: '10101012', data: ontem, quantidade: 1, valorUnitario: 300_00 }],
    });
    expect(f.status).toBe(201);
    const p = await api<{ id: number; numero: string }>(pt, '/faturamento/faturas-abertas/protocolo', { faturas: [f.result.id] });
    expect(p.status).toBe(201);
    const conta = (await api<{ version: number; guias: { itens: { id: number; version: number }[] }[] }>(op, `/faturamento/protocolos/${p.result.id}/conta`)).result;
    const it0 = conta.guias[0].itens[0];
    const put = await fetch(`${baseURL()}/api/faturamento/itens/${it0.id}/analise`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${op}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: it0.version, glosaCodigo: '1705', valorGlosa: 80_00, justificativa: 'Valor acima do contratado.' }),
    });
    expect(put.status).toBe(200);
    const v = (await api<{ version: number }>(op, `/faturamento/protocolos/${p.result.id}/conta`)).result.version;
    expect((await api(op, `/faturamento/protocolos/${p.result.id}/encerramento`, { version: v })).status).toBe(200);

    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto(`/principal/tiss/fechamento-glosa-manual?numero=${p.result.numero}`);
      const rows = activePanel(page).locator('.lista-tabela tbody tr');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      expect(await rows.first().innerText()).toContain('Glosa em aberto');
      await page.screenshot({ path: `${SHOTS}/fechamento-glosa-lista.png` });
      await rows.first().locator('td a').first().click();
      const tela = activePanel(page).locator('[data-testid=fechamento]');
      await tela.waitFor();
      expect((await tela.locator('[data-testid=glosado]').innerText()).replace(/\s/g, ' ')).toBe('R$ 80,00');
      const form = tela.locator('[data-testid=fechar-form]');
      await form.locator('#fg-justificativa').fill('curta');
      await form.getByRole('button', { name: 'Fechar as glosas' }).click();
      expect(await form.locator('.field-error').innerText()).toContain('Escreva a justificativa do fechamento');
      await form.locator('#fg-justificativa').fill('Glosa conferida com a tabela contratada; sem recurso no prazo combinado.');
      await page.screenshot({ path: `${SHOTS}/fechamento-glosa-detalhe.png` });
      await form.getByRole('button', { name: 'Fechar as glosas' }).click();
      await expect.poll(() => tela.locator('h1').innerText()).toContain('Glosa fechada');
      expect(await tela.locator('h1').innerText()).toContain('Liberado para pagamento');
      expect(await tela.locator('[data-testid=fechar-form]').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/fechamento-glosa-fechada.png` });
    } finally {
      await context.close();
    }
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(phone.page, 'operadora');
      await phone.page.waitForSelector('.tabstrip', { state: 'attached' });
      await phone.page.goto(`/principal/tiss/fechamento-glosa-manual?id=${p.result.id}`);
      await activePanel(phone.page).locator('[data-testid=fechamento]').waitFor();
      await phone.page.screenshot({ path: `${SHOTS}/fechamento-glosa-celular.png`, fullPage: true });
      expect(await scrollsSideways(phone.page)).toBe(false);
    } finally {
      await phone.context.close();
    }
  }, 120_000);

  it('the operator sees the attendance control and the protocols to close glosas, on the desktop and the phone', async () => {
    for (const [w, h, sufixo] of [
      [1400, 900, ''],
      [390, 844, '-celular'],
    ] as const) {
      const { context, page } = await newPage(browser, { width: w, height: h });
      try {
        await loginUI(page, 'operadora');
        await page.waitForSelector('.tabstrip', { state: 'attached' });
        await page.goto('/principal/faturamento/atendimento-controle');
        await activePanel(page).locator('.lista-tabela, .lista-cartoes, [data-testid=vazio]').first().waitFor({ timeout: 20_000 });
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: `${SHOTS}/controle-atendimento${sufixo}.png` });
        await page.goto('/principal/tiss/fechamento-glosa-manual');
        await activePanel(page).locator('h1').first().waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: `${SHOTS}/fechamento-glosa${sufixo}.png` });
        await page.goto('/principal/tiss/fatura-protocolo-digitado-prestador');
        await activePanel(page).locator('.fat-encerrar').waitFor();
        await page.screenshot({ path: `${SHOTS}/encerrar-operadora${sufixo}.png` });
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
