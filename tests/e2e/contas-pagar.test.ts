import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loteTiss } from '../fixtures/tiss-lotes';
import { baseURL, launch, loginUI, newPage } from './browser';
import { api, token } from './autorizacoes-helpers';
import { todayIso } from '../../src/shared/dates';

/**
 * Payables and the federal files on the demo data: the provider asks payment for its closed protocols, finance
 * consolidates (the withholdings computed then), and the operator exports the month's payables and the EFD-Reinf
 * from their screens, with the declared layouts, on a desktop and on a phone.
 */
const SHOTS = '.tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const MES = `${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`;

type Linhas<T> = { rows: T[] };

/** A lot of the logged provider imported and its review closed with every item released. */
async function protocoloEncerrado(tk: string, valores: number[]) {
  const to = await token('operadora');
  const codigo = (await api<{ codigo: string }>(tk, '/prestadores/logado')).result.codigo;
  const [op] = (await api<Linhas<{ registroAns: string }>>(to, '/recursos/operadoras?limit=1')).result.rows;
  const benef = (await api<Linhas<{ carteirinha: string; situacao: string }>>(to, '/recursos/beneficiarios?limit=20')).result.rows.filter((b) => b.situacao === 'ATIVO');
  const procs = (await api<Linhas<{ codigo: string; sexo: string | null }>>(to, '/recursos/procedimentos?limit=20')).result.rows.filter((p) => !p.sexo || p.sexo === 'A');
  const numeroLote = `C${String(Date.now()).slice(-9)}`;
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
  const [p] = (await api<Linhas<{ id: number }>>(to, `/faturamento/protocolos?lote=${numeroLote}`)).result.rows;
  const conta = async () => (await api<{ version: number; guias: { itens: { id: number; version: number }[] }[] }>(to, `/faturamento/protocolos/${p.id}/conta`)).result;
  for (const it of (await conta()).guias.flatMap((g) => g.itens)) {
    const r = await fetch(`${baseURL()}/api/faturamento/itens/${it.id}/analise`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${to}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: it.version, glosaCodigo: null, justificativa: 'Conferido e liberado.' }),
    });
    expect(r.status).toBe(200);
  }
  expect((await api(to, `/faturamento/protocolos/${p.id}/encerramento`, { version: (await conta()).version })).status).toBe(200);
}

describe('Contas a pagar e EFD-Reinf', () => {
  it('a consolidated payment goes to the payables file with its withholdings, and to the R-4020', async () => {
    // a lot of the provider received and its review closed (as tests/e2e/pagamentos.test.ts does); its staff ask for
    // payment; finance consolidates the month (the withholdings computed then)
    const padm = await token('prestadoradm');
    await protocoloEncerrado(await token('prestador'), [1_234_56]);
    const disp = await api<{ protocolos: { id: number; valorLiberado: number }[] }>(padm, '/pagamentos/protocolos');
    expect(disp.result.protocolos.length).toBeGreaterThan(0);
    // a legal entity informs the NFS-e of what it asks (its number unique for the provider: a retry runs again)
    const total = disp.result.protocolos.reduce((s, p) => s + p.valorLiberado, 0);
    const nota = { nfseNumero: String(Date.now() % 1e12), nfseEmissao: todayIso(), nfseCodigo: 'E2E4K9QZ', nfseValor: total };
    expect((await api(padm, '/pagamentos/solicitacoes', { protocolos: disp.result.protocolos.map((p) => p.id), ...nota })).status).toBe(201);
    const adm = await token('admin');
    const linhas = await api<{ prestadorId: number; pendencia: string | null }[]>(adm, `/pagamentos/consolidacao?competencia=${MES}`);
    const prontos = linhas.result.filter((l) => !l.pendencia).map((l) => l.prestadorId);
    expect(prontos.length).toBeGreaterThan(0);
    expect((await api(adm, '/pagamentos/consolidacao', { competencia: MES, prestadores: prontos })).status).toBe(200);

    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/contas-pagar');
    await page.getByRole('heading', { name: 'Exportar Contas a Pagar' }).waitFor();
    await page.getByText('Layout: Contas a pagar (sistema financeiro)').click();
    await expect(page.getByRole('cell', { name: 'Alíquota em centésimos de ponto (150 = 1,5 %); zeros na tabela progressiva' }).isVisible()).resolves.toBe(true);
    await page.locator('#campo-competencia').fill(MES);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 30_000 }).toMatch(new RegExp(`pagamentos? entra(m)? no arquivo de ${MES.replace('/', '\\/')}`));
    await page.screenshot({ path: join(SHOTS, 'contas-pagar.png'), fullPage: true });
    await page.getByRole('button', { name: 'Executar' }).click();
    const item = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const nome = `CONTASPAGAR_${hoje.slice(0, 4)}${hoje.slice(5, 7)}.txt`;
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: new RegExp(`^Baixar ${nome.replace('.', '\\.')}`) }).click()]);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const l = readFileSync(file, 'latin1').split('\r\n').filter(Boolean);
    expect(l.every((x) => x.length === 240)).toBe(true);
    expect(l.some((x) => x[0] === '1')).toBe(true);
    // a legal entity's payment carries its withholdings (IRRF 1708 and PIS/COFINS/CSLL 5952 of the demo tables)
    expect(l.some((x) => x[0] === '2' && x.slice(13, 19).trim() === 'IRRF')).toBe(true);

    await page.goto('/util/exportacao/receita-federal/efd');
    await page.getByRole('heading', { name: 'Exportar EFD-Reinf' }).waitFor();
    await page.locator('#campo-competencia').fill(MES);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => previa.innerText(), { timeout: 30_000 }).toMatch(/R-4020/);
    await page.getByText('Layout: EFD-Reinf, leiaute 2.1.2 (R-4010 e R-4020)').click();
    await page.screenshot({ path: join(SHOTS, 'efd-reinf.png'), fullPage: true });
  });

  it('fits a phone: the EFD-Reinf screen and its element table', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/receita-federal/efd');
    await page.getByRole('heading', { name: 'Exportar EFD-Reinf' }).waitFor();
    await page.getByText('Layout: EFD-Reinf, leiaute 2.1.2 (R-4010 e R-4020)').click();
    await page.screenshot({ path: join(SHOTS, 'efd-reinf-celular.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
