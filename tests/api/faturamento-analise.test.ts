import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { conferirHash, hashInformado } from '../../src/server/tiss/hash';
import { validarXml } from '../../src/server/tiss/xsd';
import { ENCERRAMENTO_MSG, type ContaProtocolo } from '../../src/shared/faturamento/conta';
import { formatMoney } from '../../src/shared/money';
import { loteTiss } from '../fixtures/tiss-lotes';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

const COMANDO = '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss';

let t: TestApp;
let tokens: Record<'prestador' | 'operadora' | 'beneficiario', string>;
let protocoloId: number;
let outroProtocolo: number;
const db = () => t.ctx.db;
const quem = (k: keyof typeof tokens) => as(t.app, tokens[k]);

beforeAll(async () => {
  t = await startTestApp({}, undefined, { jobs: true });
  tokens = { prestador: await loginAs(t.app, 'prestador'), operadora: await loginAs(t.app, 'operadora'), beneficiario: await loginAs(t.app, 'beneficiario') };
  const [prestador] = await query<{ id: number; codigo: string }>(db(), sql`select p.id, p.codigo from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
  const [{ registro_ans: ans }] = await query<{ registro_ans: string }>(db(), sql`select registro_ans from operadoras order by id limit 1`);
  const carteiras = (await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where situacao = 'ATIVO' order by id limit 2`)).map((r) => r.carteirinha);
  const codigos = (await query<{ codigo: string }>(db(), sql`select codigo from procedimentos where coalesce(sexo, '') not in ('M', 'F') order by codigo limit 3`)).map((r) => r.codigo);
  const bytes = loteTiss({
    origem: { codigoPrestadorNaOperadora: prestador.codigo },
    registroANS: ans,
    numeroLote: '7001',
    guias: [
      { numero: '7001-A', carteira: carteiras[0], itens: [{ codigo: codigos[0], quantidade: 2, valorUnitario: 150_35 }, { codigo: codigos[1], valorUnitario: 89_99 }] },
      { numero: '7001-B', carteira: '99999999999999999', itens: [{ codigo: codigos[2], quantidade: 3, valorUnitario: 33_33 }] },
    ],
  });
  const arquivo = await sendFile(t.app, tokens.prestador, 'lote.xml', bytes);
  const fila = await quem('prestador')({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'importacao-faturamento-tiss', comando: COMANDO, parametros: { arquivo } } });
  const job = await waitForJob(quem('prestador'), fila.json().result.id);
  expect(job.status, JSON.stringify(job.log)).toBe('concluida');
  [{ id: protocoloId }] = await query<{ id: number }>(db(), sql`select id from protocolos_recebimento where numero_lote = '7001'`);
  // a protocol of another provider, as its own lot would have stored it
  const [outro] = await query<{ id: number }>(db(), sql`select id from prestadores where id <> ${prestador.id} order by id limit 1`);
  [{ id: outroProtocolo }] = await query<{ id: number }>(
    db(),
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, status)
        values ('209900000001', ${outro.id}, 'X1', '4.03.00', 'SP-SADT', 0, 0, '5') returning id`,
  );
}, 180_000);
afterAll(() => t?.close());

const conta = async (who: keyof typeof tokens = 'operadora'): Promise<ContaProtocolo> => {
  const r = await quem(who)({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/conta` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().result;
};
const encerrar = (payload: Record<string, unknown>, who: keyof typeof tokens = 'operadora') =>
  quem(who)({ method: 'POST', url: `/api/faturamento/protocolos/${protocoloId}/encerramento`, payload });
const statusDe = async (id: number) => (await query<{ status: string }>(db(), sql`select status from protocolos_recebimento where id = ${id}`))[0].status;

describe('análise da conta: a tela, o encerramento e o demonstrativo (fluxos 2 e 3)', () => {
  it('reads the bill: guides, items, informed values, the proposals with their reasons, and exact totals', async () => {
    const c = await conta();
    expect(c).toMatchObject({ numeroLote: '7001', status: '1', emAnalise: true, podeAnalisar: true, demonstrativo: false });
    expect(c.guias.map((g) => [g.numeroGuiaPrestador, g.valorInformado, g.itens.length])).toEqual([
      ['7001-A', 2 * 150_35 + 89_99, 2],
      ['7001-B', 3 * 33_33, 1],
    ]);
    // the unknown card: 1001 proposed, with the reason's name from the reference table
    expect(c.guias[1].itens[0]).toMatchObject({ glosaProposta: '1001', decidido: false, valorLiberado: null, valorProcessado: 99_99 });
    expect(c.guias[1].itens[0].glosaPropostaDescricao).toBeTruthy();
    expect(c.totais).toEqual({ valorInformado: 2 * 150_35 + 89_99 + 99_99, valorProcessado: 2 * 150_35 + 89_99 + 99_99, valorLiberado: 0, valorGlosa: 0, itens: 3, decididos: 0, pendentesComProposta: 1 });
    // the provider reads its own bill, without deciding; a beneficiary does not
    expect((await conta('prestador')).podeAnalisar).toBe(false);
    expect((await quem('beneficiario')({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/conta` })).statusCode).toBe(403);
    expect((await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos/${outroProtocolo}/conta` })).statusCode).toBe(403);
  });

  it('lists the glosa reasons in force for the picker', async () => {
    const r = await quem('operadora')({ method: 'GET', url: '/api/faturamento/motivos-glosa' });
    const codigos = (r.json().result as { codigo: string }[]).map((m) => m.codigo);
    expect(codigos).toEqual(expect.arrayContaining(['1001', '1705', '1402']));
  });

  it('has no demonstrativo while the review is open', async () => {
    const r = await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/demonstrativo.pdf` });
    expect(r.statusCode).toBe(409);
    expect(alertsOf(r.body)[0].value).toBe(ENCERRAMENTO_MSG.semDemonstrativo);
  });

  it('the first decision starts the review; closing asks for every item or the rest as proposed', async () => {
    const a2 = (await conta()).guias[0].itens[1];
    const r = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${a2.id}/analise`, payload: { version: a2.version, glosaCodigo: '1705', valorGlosa: 20_00, justificativa: 'Valor acima da tabela contratada.' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(await statusDe(protocoloId)).toBe('2');
    const c = await conta();
    expect(c.guias[0].itens[1]).toMatchObject({ decidido: true, glosaCodigo: '1705', valorGlosa: 20_00, valorLiberado: 69_99, justificativa: 'Valor acima da tabela contratada.' });
    const falta = await encerrar({ version: c.version });
    expect(falta.statusCode).toBe(422);
    expect(alertsOf(falta.body)[0].value).toBe(ENCERRAMENTO_MSG.pendentes(2));
    expect((await encerrar({ version: c.version, aceitarPropostas: true }, 'prestador')).statusCode).toBe(403);
    expect((await encerrar({ version: c.version + 3, aceitarPropostas: true })).statusCode).toBe(409);
    expect(await statusDe(protocoloId)).toBe('2');
  });

  it('closes accepting the rest as proposed: status, guide and protocol totals exact, all in the trail', async () => {
    const c = await conta();
    const r = await encerrar({ version: c.version, aceitarPropostas: true });
    expect(r.statusCode, r.body).toBe(200);
    const liberado = 2 * 150_35 + 69_99;
    expect(r.json().result).toMatchObject({ status: '5', aceitosComoPropostos: 2, totais: { valorInformado: liberado + 20_00 + 99_99, valorLiberado: liberado, valorGlosa: 20_00 + 99_99 } });
    const depois = await conta();
    expect(depois).toMatchObject({ status: '5', emAnalise: false, podeAnalisar: false, demonstrativo: true });
    expect(depois.guias.map((g) => [g.status, g.valorInformado, g.valorLiberado, g.valorGlosa])).toEqual([
      ['5', 2 * 150_35 + 89_99, liberado, 20_00],
      ['5', 99_99, 0, 99_99],
    ]);
    const guias = await query<{ liberado: string; glosa: string }>(db(), sql`select valor_liberado_centavos::text as liberado, valor_glosa_centavos::text as glosa from guias_faturadas where protocolo_id = ${protocoloId} order by ordem`);
    expect(guias.map((g) => [Number(g.liberado), Number(g.glosa)])).toEqual([[liberado, 20_00], [0, 99_99]]);
    const trilha = await query<{ entidade: string; depois: Record<string, unknown> }>(
      db(),
      sql`select entidade, depois from trilha_eventos where (entidade = 'protocolorecebimento' and registro_id = ${String(protocoloId)})
          or (entidade = 'itemfaturado' and registro_id in (select i.id::text from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = ${protocoloId})) order by id`,
    );
    expect(trilha.map((e) => [e.entidade, e.depois.status ?? e.depois.glosaCodigo ?? null])).toEqual([
      ['protocolorecebimento', null],
      ['protocolorecebimento', '2'],
      ['itemfaturado', '1705'],
      ['itemfaturado', null],
      ['itemfaturado', '1001'],
      ['protocolorecebimento', '5'],
    ]);
    expect(trilha.at(-1)!.depois).toMatchObject({ analiseEncerrada: true, aceitosComoPropostos: 2, valorLiberado: liberado });
    // closed: no decision changes any more
    const it = depois.guias[1].itens[0];
    const tarde = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${it.id}/analise`, payload: { version: it.version, glosaCodigo: null, justificativa: 'Liberar.' } });
    expect(tarde.statusCode).toBe(409);
    expect(alertsOf(tarde.body)[0].value).toBe(ENCERRAMENTO_MSG.encerrada);
  });

  it('writes the demonstrativo de análise de conta in TISS 4.03.00: valid, ISO-8859-1, with its hash and exact totals', async () => {
    const r = await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/demonstrativo.xml` });
    expect(r.statusCode, r.body).toBe(200);
    const bytes = r.rawPayload;
    expect(validarXml(bytes, '4.03.00')).toEqual([]);
    const texto = bytes.toString('latin1');
    expect(texto.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true);
    expect(conferirHash(texto, hashInformado(texto)!)).toBe('ISO-8859-1');
    const liberado = 2 * 150_35 + 69_99;
    const valor = (tag: string) => [...texto.matchAll(new RegExp(`<ans:${tag}>([^<]*)<`, 'g'))].map((m) => m[1]);
    expect(valor('tipoTransacao')).toEqual(['DEMONSTRATIVO_ANALISE_CONTA']);
    expect(valor('valorLiberadoGeral')).toEqual([(liberado / 100).toFixed(2)]);
    expect(valor('valorGlosaGeral')).toEqual([((20_00 + 99_99) / 100).toFixed(2)]);
    expect(valor('valorLiberadoGuia')).toEqual([(liberado / 100).toFixed(2), '0.00']);
    expect(valor('tipoGlosa')).toEqual(['1705', '1001']);
    expect(valor('situacaoProtocolo')).toEqual(['5']);
  });

  it('gives the PDF to the provider and the operator, never to another provider', async () => {
    for (const who of ['prestador', 'operadora'] as const) {
      const r = await quem(who)({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/demonstrativo.pdf` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      const dir = mkdtempSync(join(tmpdir(), 'dem-'));
      writeFileSync(join(dir, 'd.pdf'), r.rawPayload);
      const texto = execFileSync('pdftotext', ['-layout', join(dir, 'd.pdf'), '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
      expect(texto).toContain('Demonstrativo de análise de conta');
      expect(texto).toContain('7001-A');
      expect(texto).toContain(formatMoney(2 * 150_35 + 69_99).replace(/\u00a0/g, ' '));
      expect(texto).toContain('Valor acima da tabela contratada.');
    }
    const outro = await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos/${outroProtocolo}/demonstrativo.pdf` });
    expect(outro.statusCode).toBe(403);
    const xml = await quem('prestador')({ method: 'GET', url: `/api/faturamento/protocolos/${outroProtocolo}/demonstrativo.xml` });
    expect(xml.statusCode).toBe(403);
    expect((await quem('beneficiario')({ method: 'GET', url: `/api/faturamento/protocolos/${protocoloId}/demonstrativo.pdf` })).statusCode).toBe(403);
  });
});
