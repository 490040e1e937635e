import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PESSOAS, carteirinhaDe } from '../../src/server/db/seed/people';
import { launch, loginUI, newPage, openFromPalette } from './browser';

/**
 * Beneficiary processes on the job screen (client copass, the e2e server's default): Alteração de Matrícula (a taken
 * matrícula refused beside the field, then a free one run to the end), Alteração de Matrícula em Lote (the CSV
 * layout on the screen, the file sent, bad lines by number, the result CSV) and Pensionista on a phone.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface Row {
  id: number;
  nome: string;
  matricula: string;
}

/** A GET of the API as the logged-in page (its token), for picking demo records the test then types. */
const api = <T>(page: Page, url: string): Promise<T> =>
  page.evaluate(async (u) => {
    const token = JSON.parse(localStorage.getItem('token') ?? 'null');
    const res = await fetch(u, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).result;
  }, url) as Promise<T>;

async function pick(page: Page, campo: string, termo: string, nome: string) {
  await page.locator(`#campo-${campo}`).fill(termo);
  const option = page.getByRole('option', { name: new RegExp(nome) }).first();
  await option.waitFor({ timeout: 15_000 });
  await option.click();
}

const run = (page: Page) => page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();

describe('processos de beneficiários na tela de processos', () => {
  it('Alteração de Matrícula: a taken matrícula is refused beside the field, a free one is applied', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await openFromPalette(page, 'Alteração de Matrícula', 'Alteração de Matrícula');
    await page.getByRole('heading', { name: 'Alteração de Matrícula' }).waitFor();
    const { rows } = await api<{ rows: Row[] }>(page, '/api/recursos/beneficiarios?situacao.eq=ATIVO&relacaoDependencia.eq=1&limit=200');
    const [alvo, outro] = rows.filter((r) => r.matricula >= '0000004000');

    await pick(page, 'beneficiario', alvo.matricula, alvo.nome);
    await page.locator('#campo-novaMatricula').fill(outro.matricula);
    await page.locator('#campo-motivo').fill('Nova matrícula funcional');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-novaMatricula-erro').innerText(), { timeout: 15_000 }).toBe(`A matrícula ${outro.matricula} já é de ${outro.nome}.`);

    await page.locator('#campo-novaMatricula').fill('7300000001');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 15_000 }).toContain(`A matrícula de ${alvo.nome} passa de ${alvo.matricula} para 7300000001`);
    await page.screenshot({ path: join(SHOTS, 'alteracao-matricula.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.innerText()).resolves.toMatch(/Executar Alteração de Matrícula\? A matrícula de .+ passa de \d{10} para 7300000001/);
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => run(page).getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    await expect.poll(() => run(page).innerText(), { timeout: 10_000 }).toContain(`alterada de ${alvo.matricula} para 7300000001`);
    // the former matrícula still finds the record
    const achados = await api<Row[]>(page, `/api/beneficiarios/consulta?termo=${alvo.matricula}`);
    expect(achados.map((r) => [r.id, r.matricula])).toEqual([[alvo.id, '7300000001']]);
    await page.screenshot({ path: join(SHOTS, 'alteracao-matricula-concluida.png'), fullPage: true });
    await page.context().close();
  });

  it('Alteração de Matrícula em Lote: the CSV layout on the screen, bad lines by number, the good ones applied, the result CSV', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/processo-alteracao-matricula');
    await page.getByRole('heading', { name: 'Alteração de Matrícula em Lote' }).waitFor();
    await page.getByText('Layout: Arquivo de alteração de matrículas (CSV)').click();
    await expect(page.getByRole('columnheader', { name: 'Coluna' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('cell', { name: 'Nova matrícula (livre)' }).isVisible()).resolves.toBe(true);

    // nothing chosen: the picker says so, in Portuguese
    await page.locator('#campo-motivo').fill('Nova numeração funcional');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-arquivo-erro').innerText()).toBe('Escolha o arquivo a importar.');

    const rows = (await api<{ rows: Row[] }>(page, '/api/recursos/beneficiarios?situacao.eq=ATIVO&limit=200')).rows.filter((r) => r.matricula >= '0000005000' && r.matricula < '0000007000');
    const csv = ['matricula_anterior;matricula_nova', `${rows[0].matricula};7400000001`, `${Number(rows[1].matricula)};7400000002`, '9999999999;7400000003', 'x;y'].join('\r\n');
    await page.locator('#campo-arquivo').setInputFiles({ name: 'matriculas.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 20_000 }).toContain('2 matrículas serão alteradas; 2 linhas com erro não serão aplicadas.');
    await expect(previa.innerText()).resolves.toContain('Linha 4: A matrícula 9999999999 não existe.');
    await expect(previa.innerText()).resolves.toContain('Linha 5: Matrícula "x" inválida: use até 10 dígitos.');
    await page.screenshot({ path: join(SHOTS, 'alteracao-matricula-lote.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => run(page).getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [download] = await Promise.all([page.waitForEvent('download'), run(page).getByRole('button', { name: /^Baixar alteracao-matricula-\d+\.csv/ }).click()]);
    const file = join(SHOTS, 'alteracao-matricula-resultado.csv');
    await download.saveAs(file);
    const linhas = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas.slice(1, 3)).toEqual([`2;${rows[0].matricula};7400000001;${rows[0].nome};alterada`, `3;${rows[1].matricula};7400000002;${rows[1].nome};alterada`]);
    await page.screenshot({ path: join(SHOTS, 'alteracao-matricula-lote-concluida.png'), fullPage: true });
    await page.context().close();
  });

  it('Alteração de Cartão: a family’s cards reissued with a new validity, the PDF and the embossing file', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/alteracao-cartao');
    await page.getByRole('heading', { name: 'Alteração de Cartão' }).waitFor();
    // keeping the number needs a new validity: said beside the field before anything is sent
    await page.locator('#campo-alcance').selectOption('FAMILIA');
    await page.locator('#campo-numero').selectOption('MANTER');
    await page.locator('#campo-motivo').fill('Prorrogação da validade');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-validade-erro').innerText()).toBe('Informe a nova validade ou escolha um novo número: nada a alterar.');

    // Helena's family, not the demo titular's: the people test checks that card's seeded validity
    await pick(page, 'titular', DEMO_PESSOAS.carencia.nome.slice(0, 14), DEMO_PESSOAS.carencia.nome);
    const ano = new Date().getFullYear() + 2;
    await page.locator('#campo-validade').fill(`30/06/${ano}`);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 15_000 }).toMatch(/\d+ (cartão será reemitido|cartões serão reemitidos) \(0 com número novo\)/);
    await expect(previa.innerText()).resolves.toContain(`${DEMO_PESSOAS.carencia.nome} · ${carteirinhaDe(DEMO_PESSOAS.carencia.matricula).replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    await page.screenshot({ path: join(SHOTS, 'alteracao-cartao.png'), fullPage: true });
    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => run(page).getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [emb] = await Promise.all([page.waitForEvent('download'), run(page).getByRole('button', { name: /^Baixar embossing-\d+\.txt/ }).click()]);
    const file = join(SHOTS, 'alteracao-cartao-embossing.txt');
    await emb.saveAs(file);
    const lines = readFileSync(file, 'ascii').split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 200)).toBe(true);
    expect(lines[0].slice(17, 47).trim()).toBe(DEMO_PESSOAS.carencia.nome.toUpperCase());
    expect(lines[0].slice(65, 73)).toBe(`3006${ano}`);
    await expect(run(page).getByRole('button', { name: /^Baixar cartoes-\d+\.pdf/ }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'alteracao-cartao-concluida.png'), fullPage: true });
    await page.context().close();
  });

  it('Pensionista on a phone: the dependent of a titular who died, previewed and registered, class P on the record; the form fits', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'operadora');
    await page.goto('/util/processo/pensionista');
    await page.getByRole('heading', { name: 'Pensionista' }).waitFor();
    // a titular cancelled for death whose spouse is still a dependent (the demo seeds three such families)
    const { rows } = await api<{ rows: Row[] }>(page, '/api/recursos/beneficiarios?situacao.eq=CANCELADO&relacaoDependencia.eq=1&limit=200');
    let conjuge: Row | undefined;
    for (const t of rows) {
      const membros = await api<(Row & { relacaoDependencia: string; situacao: string })[]>(page, `/api/beneficiarios/${t.id}/familia`);
      conjuge = membros.find((m) => m.id !== t.id && m.relacaoDependencia === '3' && m.situacao === 'ATIVO');
      if (conjuge) break;
    }
    expect(conjuge, 'a seeded family waiting for its pensioner').toBeDefined();
    await pick(page, 'dependente', conjuge!.matricula, conjuge!.nome);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText(), { timeout: 15_000 }).toMatch(/passa a titular da classe P \(pensionista\)/);
    await page.screenshot({ path: join(SHOTS, 'pensionista-celular.png'), fullPage: true });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Executar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await expect.poll(() => run(page).getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const rec = await api<{ classe: string; relacaoDependencia: string }>(page, `/api/beneficiarios/${conjuge!.id}`);
    expect(rec).toMatchObject({ classe: 'P', relacaoDependencia: '1' });
    // the record shows the registration class
    await page.goto(`/cadastro/pessoa/beneficiarios?id=${conjuge!.id}`);
    const classe = page.locator('#campo-classe');
    await expect.poll(() => classe.inputValue(), { timeout: 20_000 }).toBe('P');
    await classe.scrollIntoViewIfNeeded();
    await expect(page.locator('label[for=campo-classe]').innerText()).resolves.toContain('Classe de inscrição');
    await page.screenshot({ path: join(SHOTS, 'pensionista-cadastro-celular.png') });
    await page.context().close();
  });
});
