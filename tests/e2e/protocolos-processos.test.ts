import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocoloDetalhe, ProtocoloLinha } from '../../src/shared/protocolos';
import type { ListPage } from '../../src/shared/lists/types';
import { api, token } from './autorizacoes-helpers';
import { launch, loginUI, newPage, openFromPalette, toastTexts } from './browser';

/**
 * Processes and exports of this group on the job screen, as the user runs them: correcting a protocol (opened from the
 * palette, the checks, the preview field by field, confirmation, the run and the protocol's history afterwards) and
 * the Nexia audit export (its layout on the screen, the file downloaded and read in that layout); the batch of
 * authorizations on a phone.
 */

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'portal-shots');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('processos de protocolos e autorizações na tela de processos', () => {
  it('corrects an open protocol’s sheets and channel: checks, preview, confirmation, history', async () => {
    const tk = await token('operadora');
    const lista = await api<ListPage<ProtocoloLinha>>(tk, '/protocolos-documentos?status=PROTOCOLADO');
    const alvo = lista.result.rows.find((r) => r.canal !== 'CORREIOS')!;
    expect(alvo).toBeTruthy();

    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.waitForSelector('.tabstrip', { state: 'attached' });
    await openFromPalette(page, 'alteração de protocolo', 'Alteração de Protocolo');
    await page.getByRole('heading', { name: 'Alteração de Protocolo' }).waitFor();
    await expect(page.getByText('não foi construída').count()).resolves.toBe(0);

    // the checks, beside each field
    await page.locator('#campo-protocolo').fill(alvo.numero);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.locator('#campo-tipoDocumento-erro').innerText()).toBe('Informe ao menos um dado a corrigir.');
    await expect(page.locator('#campo-motivo-erro').innerText()).resolves.toBe('O campo Motivo da correção é obrigatório.');

    await page.locator('#campo-folhas').fill(String(alvo.folhas + 1));
    await page.locator('#campo-canal').selectOption('CORREIOS');
    await page.locator('#campo-motivo').fill('Folhas recontadas; documento chegou pelos Correios');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toContain(`O protocolo ${alvo.numero} (${alvo.remetenteNome}, protocolado) terá 2 dados corrigidos.`);
    await expect(previa.innerText()).resolves.toContain(`Folhas: ${alvo.folhas} → ${alvo.folhas + 1}`);
    await page.screenshot({ path: join(SHOTS, 'alteracao-protocolo.png'), fullPage: true });

    await page.getByRole('button', { name: 'Executar' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Confirmação' }));
    await expect(confirm.innerText()).resolves.toContain(`Executar Alteração de Protocolo? O protocolo ${alvo.numero}`);
    await confirm.getByRole('button', { name: 'Sim' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContainEqual(expect.stringMatching(new RegExp(`^Correção do protocolo ${alvo.numero.replace('/', '\\/')}: concluíd`)));
    const log = run.getByRole('list', { name: /^Registro de / });
    await expect.poll(() => log.innerText(), { timeout: 10_000 }).toContain(`Protocolo ${alvo.numero} corrigido.`);
    await page.screenshot({ path: join(SHOTS, 'alteracao-protocolo-concluido.png'), fullPage: true });

    // the protocol's own screen shows the correction in its history
    const det = await api<ProtocoloDetalhe>(tk, `/protocolos-documentos/${alvo.id}`);
    expect(det.result.folhas).toBe(alvo.folhas + 1);
    expect(det.result.canal).toBe('CORREIOS');
    await page.goto(`/principal/protocolos-documentos?id=${alvo.id}`);
    await expect.poll(() => page.getByText('Dados corrigidos').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByText('Folhas recontadas; documento chegou pelos Correios', { exact: false }).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'alteracao-protocolo-historico.png'), fullPage: true });
    await page.context().close();
  });

  it('exports the Nexia audit file: the layout on the screen, the preview, the file in that layout', async () => {
    const { page } = await newPage(browser, { width: 1400, height: 900 });
    await loginUI(page, 'operadora');
    await page.goto('/util/exportacao/nexia-auditoria');
    await page.getByRole('heading', { name: 'Exportar Auditoria Nexia' }).waitFor();
    await page.getByText('Layout: Arquivo de auditoria Nexia').click();
    await expect(page.getByRole('cell', { name: 'Valor autorizado do item (centavos)' }).isVisible()).resolves.toBe(true);
    const hoje = new Date();
    const br = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    await page.locator('#campo-inicio').fill(br(new Date(hoje.getTime() - 300 * 86_400_000)));
    await page.locator('#campo-fim').fill(br(hoje));
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => previa.innerText()).toMatch(/\d+ guias auditadas, \d+ itens no arquivo; o arquivo vira um lote de auditoria\./);
    await page.screenshot({ path: join(SHOTS, 'nexia-auditoria.png'), fullPage: true });
    await page.getByRole('button', { name: 'Executar' }).click();
    const run = page.getByRole('region', { name: 'Execuções deste processo' }).locator('[data-testid=execucao]').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000 }).toBe('concluida');
    const [arq] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: /^Baixar nexia-auditoria-\d{8}-\d{8}\.txt/ }).click()]);
    const file = join(SHOTS, 'nexia-auditoria.txt');
    await arq.saveAs(file);
    const lines = readFileSync(file, 'ascii').split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 300)).toBe(true);
    expect(lines[0][0]).toBe('0');
    expect(lines.at(-1)![0]).toBe('9');
    expect(Number(lines.at(-1)!.slice(1, 9))).toBe(lines.length - 2);
    await page.screenshot({ path: join(SHOTS, 'nexia-auditoria-concluido.png'), fullPage: true });
    await page.context().close();
  });

  it('the batch of authorizations fits a phone: the administrator’s form in one column', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await loginUI(page, 'admin');
    await page.goto('/util/processo/lote-autorizacao');
    await page.getByRole('heading', { name: 'Lote de Autorizações' }).waitFor();
    await page.locator('#campo-decisao').selectOption('NEGAR');
    await page.locator('#campo-motivoNegativa').waitFor();
    await page.locator('#campo-justificativa').fill('Fora da diretriz de utilização');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previa = page.getByRole('status', { name: 'Pré-visualização' });
    await expect.poll(() => page.locator('#campo-motivoNegativa-erro').innerText()).toBe('Informe o motivo da negativa (tabela 38).');
    await page.locator('#campo-motivoNegativa').selectOption('1426');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => previa.innerText()).toMatch(/(solicitaç(ão|ões) com status "Em Análise" ser(á|ão) negadas? pelo motivo 1426|Nenhuma solicitação)/);
    await page.screenshot({ path: join(SHOTS, 'lote-autorizacao-celular.png'), fullPage: true });
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
