import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loteTiss } from '../fixtures/tiss-lotes';
import { baseURL, launch, loginUI, newPage } from './browser';
import { activePanel, api, escolher, token } from './autorizacoes-helpers';
import { isoToBr, todayIso } from '../../src/shared/dates';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Linhas<T> = { rows: T[] };
interface Prestador {
  id: number;
  codigo: string;
  nome: string;
  tipoPessoa: string;
}

/**
 * A lot of the provider received and its review closed with every item released (the API: the lot import and the
 * review have their own e2e tests); answers the protocol's number.
 */
async function protocoloEncerrado(quem: 'prestador' | 'operadora', codigo: string, valores: number[]): Promise<string> {
  const tk = await token(quem);
  const to = await token('operadora');
  const [op] = (await api<Linhas<{ registroAns: string }>>(to, '/recursos/operadoras?limit=1')).result.rows;
  const benef = (await api<Linhas<{ carteirinha: string; situacao: string }>>(to, '/recursos/beneficiarios?limit=20')).result.rows.filter((b) => b.situacao === 'ATIVO');
  const procs = (await api<Linhas<{ codigo: string; sexo: string | null }>>(to, '/recursos/procedimentos?limit=20')).result.rows.filter((p) => !p.sexo || p.sexo === 'A');
  const numeroLote = `P${String(Date.now()).slice(-9)}`;
  const bytes = loteTiss({
    origem: { codigoPrestadorNaOperadora: codigo },
    registroANS: op.registroAns,
    numeroLote,
    guias: valores.map((v, i) => ({ numero: `${numeroLote}-${i + 1}`, carteira: benef[i].carteirinha, itens: [{ codigo: procs[i].codigo, valorUnitario: v }] })),
  });
  const up = await fetch(`${baseURL()}/api/arquivos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent('lote.xml') },
    body: new Uint8Array(bytes),
  });
  const arquivo = ((await up.json()) as { result: { id: number } }).result.id;
  const fila = await api<{ id: number }>(tk, '/execucoes', { tipo: 'importacao-faturamento-tiss', comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss', parametros: { arquivo } });
  expect(fila.status).toBe(201);
  await expect.poll(async () => (await api<{ status: string }>(tk, `/execucoes/${fila.result.id}`)).result.status, { timeout: 60_000, interval: 300 }).toBe('concluida');
  const [p] = (await api<Linhas<{ id: number; numero: string }>>(to, `/faturamento/protocolos?lote=${numeroLote}`)).result.rows;
  // the reviewer releases every item (whatever the automatic checks proposed) and closes the review
  const conta = async () => (await api<{ version: number; guias: { itens: { id: number; version: number }[] }[] }>(to, `/faturamento/protocolos/${p.id}/conta`)).result;
  for (const it of (await conta()).guias.flatMap((g) => g.itens)) {
    const r = await fetch(`${baseURL()}/api/faturamento/itens/${it.id}/analise`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${to}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: it.version, glosaCodigo: null, justificativa: 'Conferido e liberado.' }),
    });
    expect(r.status).toBe(200);
  }
  const fim = await api(to, `/faturamento/protocolos/${p.id}/encerramento`, { version: (await conta()).version });
  expect(fim.status).toBe(200);
  return p.numero;
}

const linhas = (page: Page) => activePanel(page).locator('.lista-tabela tbody tr');

describe('Pagamento a prestadores', () => {
  it('the operator issues an RPA for a natural person (preview, PDF), another user releases it; the provider asks payment on a phone; finance consolidates "a pagar"', async () => {
    const to = await token('operadora');
    const fisicos = (await api<Linhas<Prestador>>(to, '/recursos/prestadores?limit=100')).result.rows.filter((p) => p.tipoPessoa === 'F' && p.codigo);
    const pf = fisicos[0];
    const protocoloPf = await protocoloEncerrado('operadora', pf.codigo, [1_850_00, 1_320_50]);
    const prestPj = (await api<{ codigo: string }>(await token('prestador'), '/prestadores/logado')).result;
    const protocoloPj = await protocoloEncerrado('prestador', prestPj.codigo, [412_30]);

    // 1. the operator, 1400×900: Emitir RPA → preview → issue (CONF)
    const o = await newPage(browser, { width: 1400, height: 900 });
    let rpaId: string;
    try {
      await loginUI(o.page, 'operadora');
      await o.page.waitForSelector('.tabstrip', { state: 'attached' });
      await o.page.goto('/principal/faturamento/faturamentos-prestadores/busca/rpa');
      await activePanel(o.page).getByRole('button', { name: 'Emitir RPA' }).click();
      const form = activePanel(o.page).locator('[data-testid=form-rpa]');
      await form.waitFor();
      await escolher(o.page, '#rpa-prestadorId', pf.codigo, pf.nome);
      // this run's protocol (a retry's earlier one may be in the period too)
      await form.getByText('Um protocolo', { exact: true }).click();
      const opcao = form.locator('#rpa-protocoloId option', { hasText: protocoloPf });
      await opcao.waitFor({ state: 'attached', timeout: 20_000 });
      await form.locator('#rpa-protocoloId').selectOption((await opcao.getAttribute('value'))!);
      await form.getByRole('button', { name: 'Pré-visualizar' }).click();
      const previa = form.locator('[data-testid=previa]');
      await previa.waitFor({ timeout: 20_000 });
      expect(await previa.locator('[data-testid=protocolos]').innerText()).toContain(protocoloPf);
      // R$ 3.170,50: INSS 348,76 (11 %, 348,755 half up); IRRF 7,5 % of 2.821,74 less 182,16 = 29,47; ISS 63,41
      const calculo = await previa.locator('[data-testid=calculo]').innerText();
      expect(calculo).toContain('R$\u00a03.170,50');
      expect(calculo).toContain('R$\u00a0348,76');
      expect(calculo).toContain('R$\u00a029,47');
      expect(calculo).toContain('R$\u00a063,41');
      expect(calculo).toContain('R$\u00a02.728,86');
      await o.page.screenshot({ path: `${SHOTS}/rpa-previa.png`, fullPage: true });
      await form.getByRole('button', { name: 'Emitir RPA' }).click();
      const rpa = activePanel(o.page).locator('[data-testid=rpa]');
      await rpa.waitFor({ timeout: 20_000 });
      rpaId = (await rpa.getAttribute('data-id'))!;
      expect(await rpa.locator('h1').innerText()).toContain('Em conferência');
      expect(await rpa.locator('[data-testid=liquido]').innerText()).toBe('R$\u00a02.728,86');
      // the issuer does not release it
      expect(await rpa.innerText()).toContain('Você emitiu este RPA: a liberação ou o bloqueio do pagamento cabe a outro usuário.');
      await o.page.screenshot({ path: `${SHOTS}/rpa-emitido.png`, fullPage: true });
      // the operator also asks payment for the natural person's protocol (the staff choose the provider)
      await o.page.goto('/principal/faturamento/solicitacao-pagamento-prestador');
      await escolher(o.page, '#pag-prestadorId', pf.codigo, pf.nome);
      const pedido = activePanel(o.page).locator('[data-testid=pedido-pagamento]');
      await expect.poll(() => pedido.innerText(), { timeout: 20_000 }).toContain(protocoloPf);
      await pedido.getByRole('button', { name: 'Solicitar pagamento' }).click();
      await expect.poll(() => pedido.innerText(), { timeout: 20_000 }).toContain('Nenhum protocolo com a análise encerrada');
    } finally {
      await o.context.close();
    }

    // the RPA's PDF, rendered and looked at
    const pdf = await fetch(`${baseURL()}/api/pagamentos/rpas/${rpaId}/rpa.pdf`, { headers: { authorization: `Bearer ${to}` } });
    expect(pdf.status).toBe(200);
    writeFileSync(`${SHOTS}/rpa.pdf`, Buffer.from(await pdf.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', `${SHOTS}/rpa.pdf`, `${SHOTS}/rpa-pdf`]);

    // 2. the administrator releases the RPA
    const a = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(a.page, 'admin');
      await a.page.waitForSelector('.tabstrip', { state: 'attached' });
      await a.page.goto(`/principal/faturamento/faturamentos-prestadores/busca/rpa?id=${rpaId}`);
      const rpa = activePanel(a.page).locator('[data-testid=rpa]');
      await rpa.waitFor();
      await rpa.getByRole('button', { name: 'Liberar pagamento' }).click();
      await expect.poll(() => rpa.locator('h1').innerText(), { timeout: 20_000 }).toContain('Liberado');
    } finally {
      await a.context.close();
    }

    // 3. the provider's administrative staff, on a phone: ask payment of the closed protocol
    const p = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(p.page, 'prestadoradm');
      await p.page.waitForSelector('.tabstrip', { state: 'attached' });
      await p.page.goto('/principal/faturamento/solicitacao-pagamento-prestador');
      const pedido = activePanel(p.page).locator('[data-testid=pedido-pagamento]');
      await expect.poll(() => pedido.innerText(), { timeout: 30_000 }).toContain(protocoloPj);
      await p.page.screenshot({ path: `${SHOTS}/pagamento-pedido-celular.png`, fullPage: true });
      expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // only this run's protocol (a retry's earlier one was asked already)
      for (const box of await pedido.locator('tbody input[type=checkbox]').all()) {
        const rotulo = await box.getAttribute('aria-label');
        if (rotulo !== `Protocolo ${protocoloPj}`) await box.uncheck();
      }
      expect(await pedido.locator('[data-testid=total-pedido]').innerText()).toBe('R$\u00a0412,30');
      // a legal entity informs the NFS-e of what it asks: first with another value (refused beside the field), then right
      const numeroNota = String(Date.now() % 1e12);
      await pedido.locator('#pag-nfseNumero').fill(numeroNota);
      await pedido.locator('#pag-nfseSerie').fill('A1');
      await pedido.locator('#pag-nfseEmissao').fill(isoToBr(todayIso()));
      await pedido.locator('#pag-nfseCodigo').fill('K7Q2M9XA');
      await pedido.locator('#pag-nfseValor').fill('400,00');
      await pedido.getByRole('button', { name: 'Solicitar pagamento' }).click();
      await expect.poll(() => pedido.locator('[data-erro=nfseValor]').innerText(), { timeout: 10_000 }).toContain('deve ser igual ao total dos protocolos pedidos');
      await pedido.locator('#pag-nfseValor').fill('412,30');
      await pedido.getByRole('button', { name: 'Solicitar pagamento' }).click();
      await expect.poll(() => linhas(p.page).first().innerText(), { timeout: 20_000 }).toContain('Solicitada');
      await p.page.screenshot({ path: `${SHOTS}/pagamento-solicitado-celular.png`, fullPage: true });
    } finally {
      await p.context.close();
    }

    // 4. finance (the administrator: the operator asked the natural person's payment), 1400×900: consolidate the month
    const f = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(f.page, 'admin');
      await f.page.waitForSelector('.tabstrip', { state: 'attached' });
      await f.page.goto('/financeiro/pagamento/processo-pagamento/solicitacao-pagamento-prestador');
      const cons = activePanel(f.page).locator('[data-testid=consolidacao]');
      await expect.poll(() => cons.innerText(), { timeout: 30_000 }).toContain(pf.nome);
      const linhaPf = cons.locator(`tr[data-prestador="${pf.id}"]`);
      expect(await linhaPf.innerText()).toContain('R$\u00a0441,64'); // 348,76 + 29,47 + 63,41
      await f.page.screenshot({ path: `${SHOTS}/pagamento-consolidacao.png`, fullPage: true });
      await cons.getByRole('button', { name: 'Consolidar pagamento' }).click();
      await expect.poll(() => cons.innerText(), { timeout: 20_000 }).toContain('Nenhum pedido de pagamento a consolidar');
      await expect.poll(() => linhas(f.page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(await activePanel(f.page).locator('.lista-tabela').innerText()).toContain('A pagar');
      await f.page.screenshot({ path: `${SHOTS}/pagamento-a-pagar.png`, fullPage: true });
    } finally {
      await f.context.close();
    }
    // the RPA's list on a phone, for the operator
    const c = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(c.page, 'operadora');
      await c.page.waitForSelector('.tabstrip', { state: 'attached' });
      await c.page.goto('/principal/faturamento/faturamentos-prestadores/busca/rpa');
      await expect.poll(() => linhas(c.page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await c.page.screenshot({ path: `${SHOTS}/rpa-lista-celular.png`, fullPage: true });
    } finally {
      await c.context.close();
    }
  }, 240_000);
});
