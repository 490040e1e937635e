import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { OPERADORA_PROPRIA } from '../../src/server/db/seed/resource-data';
import type { ProtocoloGlosas, RecursoLinha } from '../../src/shared/faturamento/recursos';
import { loteTiss } from '../fixtures/tiss-lotes';
import { baseURL, launch, loginUI, newPage, toastTexts } from './browser';
import { activePanel, api, token } from './autorizacoes-helpers';

/** Screenshots for looking at what we build (not compared): .tmp/e2e-shots/. */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function put(tk: string, path: string, body: unknown) {
  const r = await fetch(`${baseURL()}/api${path}`, { method: 'PUT', headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.text() };
}

/** The provider's lot, sent as a file and received by the import run; answers its protocol number. */
async function loteRecebido(tk: string, numeroLote: string): Promise<string> {
  const bytes = loteTiss({
    origem: { CNPJ: DEMO_PESSOAS.prestador.cnpj },
    registroANS: OPERADORA_PROPRIA.registroAns,
    numeroLote,
    guias: [
      {
        numero: `${numeroLote}-1`,
        carteira: '00000000000100',
        itens: [
          { codigo: '10101012', descricao: 'CONSULTA EM CONSULTORIO', valorUnitario: 250_00 },
          { codigo: '40304361', descricao: 'HEMOGRAMA COM CONTAGEM DE PLAQUETAS', valorUnitario: 30_00 },
        ],
      },
    ],
  });
  const up = await fetch(`${baseURL()}/api/arquivos`, { method: 'POST', headers: { authorization: `Bearer ${tk}`, 'content-type': 'application/octet-stream', 'x-nome-arquivo': 'lote.xml' }, body: new Uint8Array(bytes) });
  expect(up.status).toBe(201);
  const arquivo = ((await up.json()) as { result: { id: number } }).result.id;
  const fila = await api<{ id: number }>(tk, '/execucoes', { tipo: 'importacao-faturamento-tiss', comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss', parametros: { arquivo } });
  expect(fila.status).toBe(201);
  await expect.poll(async () => (await api<{ status: string }>(tk, `/execucoes/${fila.result.id}`)).result.status, { timeout: 60_000, interval: 300 }).toBe('concluida');
  const lista = await api<{ rows: { numero: string }[] }>(tk, `/faturamento/protocolos?lote=${numeroLote}`);
  return lista.result.rows[0].numero;
}

describe('Recurso de glosa', () => {
  it('the provider types an appeal of a glosa (1705) on the phone and the operator accepts it in part on the desktop; the provider sees the answer', async () => {
    const prest = await token('prestador');
    const op = await token('operadora');
    const numeroLote = String(Date.now() % 1e9);
    const protocolo = await loteRecebido(prest, numeroLote);
    // the review (another screen's work): the consultation glosed with 1705, 100,00 of its 250,00
    const todos = (await api<ProtocoloGlosas>(op, `/faturamento/recursos/glosas?protocolo=${protocolo}&todos=1`)).result;
    const consulta = todos.guias[0].itens.find((i) => i.codigoProcedimento === '10101012')!;
    const g = await put(op, `/faturamento/itens/${consulta.itemId}/analise`, { version: consulta.version, glosaCodigo: '1705', valorGlosa: 100_00, justificativa: 'Valor acima da tabela contratada.' });
    expect(g.status, g.body).toBe(200);

    // 1. the provider, 390×844: finds the protocol's glosas and appeals the item with 60,00 and the reason
    const p = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(p.page, 'prestador');
      await p.page.waitForSelector('.tabstrip', { state: 'attached' });
      await p.page.goto('/principal/tiss/recurso-glosa-manual');
      const tela = activePanel(p.page);
      await tela.locator('#rec-protocolo').fill(protocolo);
      await tela.getByRole('button', { name: 'Buscar glosas' }).click();
      const form = tela.locator('[data-testid=recurso-form]');
      await form.waitFor();
      const item = form.locator(`[data-guia="${numeroLote}-1"] [data-item="1"]`);
      expect(await item.innerText()).toContain('Glosa 1705');
      await item.getByRole('checkbox').check();
      await item.locator('input[inputmode=decimal]').fill('60,00');
      await item.locator('textarea').fill('O valor cobrado é o da tabela vigente no contrato, reajustada em setembro.');
      await p.page.screenshot({ path: `${SHOTS}/recurso-glosa-iniciar-celular.png`, fullPage: true });
      await form.getByRole('button', { name: 'Iniciar' }).click();
      await expect.poll(() => toastTexts(p.page)).toContainEqual(expect.stringMatching(/^Recurso registrado sob o protocolo nº \d{12} \(R\$\s60,00\)\.$/));
      const card = tela.locator('[data-testid=recurso]').first();
      await expect.poll(() => card.innerText()).toContain('Aguardando análise');
      await p.page.screenshot({ path: `${SHOTS}/recurso-glosa-lista-celular.png`, fullPage: true });
    } finally {
      await p.context.close();
    }

    const [recurso] = (await api<RecursoLinha[]>(prest, `/faturamento/recursos?protocolo=${protocolo}`)).result;
    expect(recurso).toMatchObject({ valorRecursado: 60_00, situacao: '1', origem: 'PORTAL' });

    // 2. the operator, 1400×900: accepts 45,00 of the 60,00 (3095) with the reason
    const o = await newPage(browser, { width: 1400, height: 900 });
    try {
      await loginUI(o.page, 'operadora');
      await o.page.waitForSelector('.tabstrip', { state: 'attached' });
      await o.page.goto('/principal/tiss/recurso-glosa-manual');
      const tela = activePanel(o.page);
      const card = tela.locator(`[data-testid=recurso][data-numero="${recurso.numero}"]`);
      await card.waitFor();
      const decisao = card.locator('[data-testid=decisao]');
      await decisao.locator('select').selectOption('3095');
      await decisao.locator('input[inputmode=decimal]').fill('45,00');
      await decisao.locator('textarea').fill('Acatado o reajuste de setembro; o restante excede a tabela do contrato.');
      await o.page.screenshot({ path: `${SHOTS}/recurso-glosa-decisao.png` });
      await decisao.getByRole('button', { name: 'Registrar decisão' }).click();
      await expect.poll(() => toastTexts(o.page)).toContainEqual(`Guia ${numeroLote}-1, item 1: acatado parcialmente.`);
      await expect.poll(() => card.locator('[data-testid=acatado]').innerText()).toMatch(/^R\$\s45,00$/);
      expect(await card.innerText()).toContain('3095 · Acatado parcialmente');
      await o.page.screenshot({ path: `${SHOTS}/recurso-glosa-respondido.png` });
    } finally {
      await o.context.close();
    }

    // 3. the provider sees the answer: the item's released value grew by exactly 45,00 (150,00 + 45,00)
    const [respondido] = (await api<RecursoLinha[]>(prest, `/faturamento/recursos?protocolo=${protocolo}`)).result;
    expect(respondido).toMatchObject({ situacao: '3', valorAcatado: 45_00 });
    expect(respondido.itens[0]).toMatchObject({ resultado: '3095', valorAcatado: 45_00, valorLiberado: 195_00, justificativaOperadora: 'Acatado o reajuste de setembro; o restante excede a tabela do contrato.' });
    const p2 = await newPage(browser, { width: 390, height: 844 });
    try {
      await loginUI(p2.page, 'prestador');
      await p2.page.waitForSelector('.tabstrip', { state: 'attached' });
      await p2.page.goto('/principal/tiss/recurso-glosa-manual');
      const card = activePanel(p2.page).locator(`[data-testid=recurso][data-numero="${recurso.numero}"]`);
      await card.waitFor();
      expect(await card.innerText()).toContain('Resposta da operadora: Acatado o reajuste de setembro');
      await p2.page.screenshot({ path: `${SHOTS}/recurso-glosa-resposta-celular.png`, fullPage: true });
    } finally {
      await p2.context.close();
    }
  });
});
