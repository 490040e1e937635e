import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loteTiss } from '../fixtures/tiss-lotes';
import { baseURL, launch, loginUI, newPage } from './browser';
import { activePanel, api, token } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const tabTitles = (page: Page) => page.locator('.tabstrip .tab-title').allInnerTexts();
type Linhas<T> = { rows: T[] };

/** The provider sends a lot (the API: the upload screen is the import's own e2e) and answers its lot number. */
async function enviarLote(): Promise<string> {
  const tp = await token('prestador');
  const to = await token('operadora');
  const prest = (await api<{ codigo: string }>(tp, '/prestadores/logado')).result;
  const [op] = (await api<Linhas<{ registroAns: string }>>(to, '/recursos/operadoras?limit=1')).result.rows;
  const benef = (await api<Linhas<{ carteirinha: string; situacao: string }>>(to, '/recursos/beneficiarios?limit=20')).result.rows.filter((b) => b.situacao === 'ATIVO');
  const procs = (await api<Linhas<{ codigo: string; sexo: string | null }>>(to, '/recursos/procedimentos?limit=20')).result.rows.filter((p) => !p.sexo || p.sexo === 'A');
  const numeroLote = `E${String(Date.now()).slice(-9)}`;
  // a day of its own per run: the same beneficiary, procedure and date billed by an earlier run (the retry, or another
  // file on this server) would be proposed as a duplicate (1702) and the review below would not start from "no proposal"
  const dia = new Date(Date.UTC(2024, 0, 1) + (Math.floor(Date.now() / 1000) % 700) * 86_400_000).toISOString().slice(0, 10);
  const bytes = loteTiss({
    origem: { codigoPrestadorNaOperadora: prest.codigo },
    registroANS: op.registroAns,
    numeroLote,
    guias: [
      { numero: `${numeroLote}-1`, carteira: benef[0].carteirinha, data: dia, itens: [{ codigo: procs[0].codigo, valorUnitario: 120_00 }, { codigo: procs[1].codigo, quantidade: 2, valorUnitario: 87_45 }] },
      { numero: `${numeroLote}-2`, carteira: benef[1].carteirinha, data: dia, itens: [{ codigo: procs[2].codigo, valorUnitario: 310_10 }] },
    ],
  });
  const up = await fetch(`${baseURL()}/api/arquivos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tp}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': encodeURIComponent('lote.xml') },
    body: new Uint8Array(bytes),
  });
  const arquivo = ((await up.json()) as { result: { id: number } }).result.id;
  const fila = await api<{ id: number }>(tp, '/execucoes', { tipo: 'importacao-faturamento-tiss', comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss', parametros: { arquivo } });
  expect(fila.status).toBe(201);
  await expect.poll(async () => (await api<{ status: string }>(tp, `/execucoes/${fila.result.id}`)).result.status, { timeout: 60_000, interval: 300 }).toBe('concluida');
  return numeroLote;
}

describe('Faturamento TISS: análise da conta e demonstrativo', () => {
  it('the operator reviews a received protocol in a tab with the keyboard, glosas with 1705 and closes; the provider downloads the demonstrativo', async () => {
    const lote = await enviarLote();
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    let numero: string;
    let id: string;
    try {
      await loginUI(page, 'operadora');
      await page.waitForSelector('.tabstrip', { state: 'attached' });
      await page.goto(`/principal/faturamento/protocolos-recebimentos-prestadores?lote=${lote}`);
      const rows = activePanel(page).locator('.lista-tabela tbody tr');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/faturamento-protocolos.png` });
      const antes = (await tabTitles(page)).length;
      await rows.first().locator('td').nth(2).click({ modifiers: ['Control'] });
      await expect.poll(() => tabTitles(page).then((t) => t.length)).toBe(antes + 1);
      const conta = activePanel(page).locator('[data-testid=conta]');
      await conta.waitFor();
      numero = await conta.locator('[data-testid=numero]').innerText();
      id = (await conta.getAttribute('data-id'))!;
      await expect.poll(() => tabTitles(page)).toContain(`Protocolo ${numero}`);
      expect(await conta.locator('h1 [data-testid=status]').innerText()).toBe('Recebido');
      expect(await conta.locator('.conta-dicas').isVisible()).toBe(true);
      const decisoes = () => conta.locator('.conta-itens tbody [data-testid=decisao] [data-testid=status]').allInnerTexts();
      expect(await decisoes()).toEqual(['Pendente', 'Pendente']);

      // the keyboard: down and up between items, Alt+A accepts the first (no proposal: released), the cursor moves on
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => conta.locator('.conta-itens tbody tr[aria-selected=true]').getAttribute('data-item')).toBe(await conta.locator('.conta-itens tbody tr').nth(1).getAttribute('data-item'));
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Alt+a');
      await expect.poll(decisoes).toEqual(['Liberado', 'Pendente']);
      await expect.poll(() => conta.locator('.conta-itens tbody tr[aria-selected=true]').getAttribute('data-item')).toBe(await conta.locator('.conta-itens tbody tr').nth(1).getAttribute('data-item'));

      // Alt+G: the glosa with a code from the table-38 picker and the written reason, saved with Ctrl+Enter
      await page.keyboard.press('Alt+g');
      const codigo = conta.locator('#conta-codigo');
      await expect.poll(() => codigo.evaluate((el) => el === document.activeElement)).toBe(true);
      await codigo.selectOption('1705');
      await conta.locator('#conta-valor').fill('50,00');
      await conta.locator('#conta-just').fill('Valor acima da tabela contratada com o prestador.');
      await page.screenshot({ path: `${SHOTS}/faturamento-glosa.png` });
      await page.keyboard.press('Control+Enter');
      // the cursor stays on the guide it decided (its last item), saying so; N goes on
      await expect.poll(decisoes).toEqual(['Liberado', 'Glosa 1705']);
      expect(await conta.locator('[data-testid=guia-decidida]').innerText()).toContain('Todos os itens desta guia foram decididos');
      expect(await conta.locator('.conta-guia[aria-current=true]').getAttribute('data-guia')).toBe(`${lote}-1`);
      const linha2 = conta.locator('.conta-itens tbody tr').nth(1);
      expect(await linha2.innerText()).toContain('Valor acima da tabela contratada com o prestador.');
      expect(await conta.locator('h1 [data-testid=status]').innerText()).toBe('Em análise');
      // the guide's totals: 120,00 + 2 × 87,45 informed, 50,00 glosed
      const tfoot = await conta.locator('.conta-itens tfoot').innerText();
      expect(tfoot.replace(/\s+/g, ' ')).toContain('R$ 294,90 R$ 294,90 R$ 244,90 R$ 50,00');

      // N: the next guide (its item left to be accepted as proposed when closing)
      await page.keyboard.press('n');
      await expect.poll(() => conta.locator('.conta-guia[aria-current=true]').getAttribute('data-guia')).toBe(`${lote}-2`);
      await page.screenshot({ path: `${SHOTS}/faturamento-analise.png` });

      // the same bill on a phone: hints hidden, the items as cards
      {
        const phone = await newPage(browser, { width: 390, height: 844 });
        try {
          await loginUI(phone.page, 'operadora');
          await phone.page.goto(`/principal/faturamento/faturamentos-prestadores?id=${id}`);
          const c = activePanel(phone.page).locator('[data-testid=conta]');
          await c.waitFor();
          expect(await c.locator('.conta-dicas').isVisible()).toBe(false);
          // each item a card with its column names: nothing wider than the phone
          await c.locator('.conta-itens tbody tr').first().waitFor();
          expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          expect(await c.locator('.conta-itens thead').isVisible()).toBe(false);
          await phone.page.screenshot({ path: `${SHOTS}/faturamento-analise-celular.png`, fullPage: true });
        } finally {
          await phone.context.close();
        }
      }

      // Alt+E: closing asks, saying what is left; then the protocol is analysed
      await page.keyboard.press('Alt+e');
      const dialog = page.locator('[role=alertdialog]');
      await dialog.waitFor();
      expect(await dialog.locator('[data-testid=encerrar-resumo]').innerText()).toBe('Falta decidir 1 item: ao encerrar, ele é aceito como proposto (0 com glosa proposta, 1 liberado integralmente).');
      await page.screenshot({ path: `${SHOTS}/faturamento-encerrar.png` });
      await dialog.getByRole('button', { name: 'Encerrar a análise' }).click();
      await expect.poll(() => conta.locator('h1 [data-testid=status]').innerText()).toBe('Analisado e aguardando liberação para pagamento');
      const totais = (await conta.locator('[data-testid=totais-protocolo]').innerText()).replace(/\s+/g, ' ');
      expect(totais).toContain('Informado R$ 605,00');
      expect(totais).toContain('Glosado R$ 50,00');
      expect(totais).toContain('Liberado R$ 555,00');
      expect(await conta.locator('[data-testid=decisao-item]').count()).toBe(0);
    } finally {
      await context.close();
    }

    // the provider opens its protocol and downloads the demonstrativo PDF
    const prov = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(prov.page, 'prestador');
      await prov.page.waitForSelector('.tabstrip', { state: 'attached' });
      await prov.page.goto(`/principal/faturamento/protocolos-recebimentos-prestadores?id=${id}`);
      const conta = activePanel(prov.page).locator('[data-testid=conta]');
      await conta.waitFor();
      expect(await conta.locator('.conta-dicas').count()).toBe(0);
      await prov.page.screenshot({ path: `${SHOTS}/faturamento-prestador.png` });
      const [download] = await Promise.all([prov.page.waitForEvent('download'), conta.getByRole('button', { name: 'Demonstrativo (PDF)' }).click()]);
      expect(download.suggestedFilename()).toBe(`demonstrativo-analise-${numero}.pdf`);
      const pdf = `${SHOTS}/faturamento-demonstrativo.pdf`;
      await download.saveAs(pdf);
      expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const texto = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
      expect(texto).toContain(numero);
      expect(texto).toContain('1705');
      expect(texto).toContain('R$ 555,00');
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, `${SHOTS}/faturamento-demonstrativo`]);
    } finally {
      await prov.context.close();
    }
  }, 180_000);
});
