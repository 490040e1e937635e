import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { MSG_DEMONSTRATIVO_PAGAMENTO } from '../../src/server/faturamento/demonstrativo-pagamento';
import { MSG_SEGUNDA_VIA } from '../../src/server/faturamento/segunda-via';
import { conferirHash, hashInformado } from '../../src/server/tiss/hash';
import { validarXml } from '../../src/server/tiss/xsd';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { ContaProtocolo } from '../../src/shared/faturamento/conta';
import { FECHAMENTO_GLOSA_MSG, type ProtocoloFechamento } from '../../src/shared/faturamento/fechamento-glosa';
import { RECURSO_MSG } from '../../src/shared/faturamento/recursos';
import { APP_MSG } from '../../src/shared/messages';
import { formatMoney } from '../../src/shared/money';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * 2ª via (the protocol's receipt, the demonstrativo de análise, the demonstrativo de pagamento as TISS XML valid against
 * the 4.03.00 schema and as PDF, the conta médica) and Fechamento de Glosa Manual, over a protocol of typed bills
 * reviewed and closed here: exact totals, the provider's own only, the staff every one, refusals with their messages.
 */

type Quem = 'prestador' | 'operadora' | 'auditor' | 'beneficiario';
let t: TestApp;
const tokens = {} as Record<Quem, string>;
const quem = (k: Quem) => as(t.app, tokens[k]);
const db = () => t.ctx.db;
const hoje = todayIso();
const ontem = new Date(Date.parse(`${hoje}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
let p1: number;
let procs: string[];
let protocolo: { id: number; numero: string };
let xmlProtocolo: number;
let outroProtocolo: number;
const dir = mkdtempSync(join(tmpdir(), 'segunda-via-'));

const get = (who: Quem, url: string) => quem(who)({ method: 'GET', url });
const pdfTexto = (bytes: Buffer, nome: string) => {
  writeFileSync(join(dir, nome), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, nome), '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
};
const brl = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');

beforeAll(async () => {
  t = await startTestApp();
  for (const k of ['prestador', 'operadora', 'auditor', 'beneficiario'] as Quem[]) tokens[k] = await loginAs(t.app, k);
  [{ id: p1 }] = await query<{ id: number }>(db(), sql`select p.id from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
  const [{ id: p2 }] = await query<{ id: number }>(db(), sql`select id from prestadores where id <> ${p1} order by id limit 1`);
  const [b] = await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where situacao = 'ATIVO' order by id limit 1 offset 5`);
  procs = (await query<{ codigo: string }>(db(), sql`select codigo from procedimentos where coalesce(sexo, '') not in ('M', 'F') and codigo ~ '^[0-9]{8}$' order by codigo limit 3 offset 7`)).map((r) => r.codigo);
  // two consultations without senha, typed by the provider and closed into one protocol
  const ids: number[] = [];
  for (const [i, valor] of [[0, '250,00'], [1, '180,35']] as const) {
    const r = await quem('prestador')({
      method: 'POST',
      url: '/api/faturamento/digitadas',
      payload: { tipoGuia: 'CONSULTA', numeroCarteira: b.carteirinha, numeroGuiaPrestador: `SV-${i + 1}`, dataAtendimento: isoToBr(ontem), profissional: { conselho: '06', numero: '4455', uf: 'MG', cbo: '225125' }, itens: [{ codigo: procs[i], data: ontem, quantidade: 1, valorUnitario: valor }] },
    });
    expect(r.statusCode, r.body).toBe(201);
    ids.push(r.json().result.id);
  }
  const p = await quem('prestador')({ method: 'POST', url: '/api/faturamento/faturas-abertas/protocolo', payload: { faturas: ids } });
  expect(p.statusCode, p.body).toBe(201);
  protocolo = p.json().result;
  // a lot received from a file (stored as the import stores it) and another provider's protocol
  const lote = async (numero: string, prestador: number) => {
    const [r] = await query<{ id: number }>(
      db(),
      sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, hash, origem)
          values (${numero}, ${prestador}, ${`L${numero.slice(-4)}`}, '4.03.00', 'SP-SADT', 1, 4321, 'abc', 'XML') returning id`,
    );
    const [g] = await query<{ id: number }>(
      db(),
      sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos) values (${r.id}, 1, ${`X-${numero.slice(-4)}`}, ${b.carteirinha}, ${ontem}, 4321) returning id`,
    );
    await db().execute(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos)
      select ${g.id}, 1, ${ontem}, '22', codigo, id, 1, 4321, 4321 from procedimentos where codigo = ${procs[2]}`);
    return r.id;
  };
  xmlProtocolo = await lote('209800000001', p1);
  outroProtocolo = await lote('209800000002', p2);
}, 120_000);
afterAll(() => t?.close());

describe('2ª via', () => {
  it('lists the provider only its own protocols, the staff every one', async () => {
    const prest = (await get('prestador', '/api/faturamento/segunda-via?limit=500')).json().result.rows as { id: number; prestador: number }[];
    expect(prest.map((r) => r.id)).toEqual(expect.arrayContaining([protocolo.id, xmlProtocolo]));
    expect(prest.every((r) => r.prestador === p1)).toBe(true);
    const op = (await get('operadora', '/api/faturamento/segunda-via?limit=500')).json().result.rows as { id: number }[];
    expect(op.map((r) => r.id)).toContain(outroProtocolo);
    expect((await get('beneficiario', '/api/faturamento/segunda-via')).statusCode).toBe(403);
    expect((await get('auditor', '/api/faturamento/segunda-via')).statusCode).toBe(403);
  });

  it('gives the receipt again (typed bills or a lot file), saying it is a second copy', async () => {
    const r = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/protocolo.pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="protocolo-${protocolo.numero}-2via.pdf"`);
    const texto = pdfTexto(r.rawPayload, 'recibo.pdf');
    expect(texto).toContain('2ª via emitida em');
    expect(texto).toContain(protocolo.numero);
    expect(texto).toContain(brl(250_00 + 180_35));
    expect(texto).toMatch(/SV-1[\s\S]*SV-2/);
    const xml = pdfTexto((await get('prestador', `/api/faturamento/segunda-via/${xmlProtocolo}/protocolo.pdf`)).rawPayload, 'recibo-xml.pdf');
    expect(xml).toContain('Protocolo de recebimento de lote TISS');
    expect(xml).toContain('L0001');
    // the closing screen's receipt is only of typed bills'
    const soPortal = await get('prestador', `/api/faturamento/faturas-abertas/protocolo/${xmlProtocolo}/comprovante.pdf`);
    expect(soPortal.statusCode).toBe(404);
    expect(alertsOf(soPortal.body)[0].value).toBe(MSG_SEGUNDA_VIA.soDigitadas);
    const alheio = await get('prestador', `/api/faturamento/segunda-via/${outroProtocolo}/protocolo.pdf`);
    expect(alheio.statusCode).toBe(403);
    expect(alheio.body).not.toContain('X-0002');
    expect((await get('operadora', `/api/faturamento/segunda-via/${outroProtocolo}/protocolo.pdf`)).statusCode).toBe(200);
  });

  it('gives the conta médica at any time: the bill as presented, and once reviewed its outcome', async () => {
    const r = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/conta-medica.pdf`);
    expect(r.statusCode).toBe(200);
    const texto = pdfTexto(r.rawPayload, 'conta.pdf');
    expect(texto).toContain('Conta médica');
    expect(texto).toContain(procs[0]);
    expect(texto).toContain('em análise');
    expect(texto).toContain(brl(430_35));
    expect((await get('prestador', `/api/faturamento/segunda-via/${outroProtocolo}/conta-medica.pdf`)).statusCode).toBe(403);
  });

  it('has no demonstrativo while the review is open', async () => {
    const analise = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-analise.pdf`);
    expect(analise.statusCode).toBe(409);
    const pagamento = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-pagamento.xml`);
    expect(pagamento.statusCode).toBe(409);
    expect(alertsOf(pagamento.body)[0].value).toBe(MSG_DEMONSTRATIVO_PAGAMENTO.indisponivel);
  });

  it('after the review: the demonstrativo de pagamento as TISS 4.03.00 XML (schema and hash) and PDF, with exact values', async () => {
    // the review: the first consultation glosed in part (1705, 50,00), the second released; then closed
    const conta = (await get('operadora', `/api/faturamento/protocolos/${protocolo.id}/conta`)).json().result as ContaProtocolo;
    const [a, b] = conta.guias.map((g) => g.itens[0]);
    for (const [it, body] of [
      [a, { glosaCodigo: '1705', valorGlosa: 50_00, justificativa: 'Valor acima do contratado.' }],
      [b, { glosaCodigo: null }],
    ] as const) {
      const r = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${it.id}/analise`, payload: { version: it.version, ...body } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const v = (await get('operadora', `/api/faturamento/protocolos/${protocolo.id}/conta`)).json().result.version;
    const fim = await quem('operadora')({ method: 'POST', url: `/api/faturamento/protocolos/${protocolo.id}/encerramento`, payload: { version: v } });
    expect(fim.statusCode, fim.body).toBe(200);
    const liberado = 250_00 - 50_00 + 180_35;

    const xml = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-pagamento.xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=ISO-8859-1');
    const bytes = xml.rawPayload;
    expect(validarXml(bytes, '4.03.00')).toEqual([]);
    const texto = bytes.toString('latin1');
    expect(conferirHash(texto, hashInformado(texto)!)).toBe('ISO-8859-1');
    expect(texto).toContain('<ans:tipoTransacao>DEMONSTRATIVO_PAGAMENTO</ans:tipoTransacao>');
    expect(texto).toContain(`<ans:dataPagamento>${hoje}</ans:dataPagamento>`);
    expect(texto).toContain(`<ans:numeroProtocolo>${protocolo.numero}</ans:numeroProtocolo>`);
    expect(texto).toContain('<ans:valorInformado>430.35</ans:valorInformado>');
    expect(texto).toContain(`<ans:valorLiberado>${(liberado / 100).toFixed(2)}</ans:valorLiberado>`);
    expect(texto).toContain('<ans:valorGlosa>50.00</ans:valorGlosa>');
    expect(texto).toContain(`<ans:liquidoPorData>${(liberado / 100).toFixed(2)}</ans:liquidoPorData>`);
    expect(texto.match(/<ans:guiasDoLote>/g)).toHaveLength(2);

    const pdf = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-pagamento.pdf`);
    expect(pdf.statusCode).toBe(200);
    const p = pdfTexto(pdf.rawPayload, 'pagamento.pdf');
    expect(p).toContain('Demonstrativo de pagamento');
    expect(p).toContain(isoToBr(hoje));
    expect(p).toContain(brl(liberado));
    expect(p).toContain('Valor líquido a pagar');
    // the demonstrativo de análise, its second copy, validates too
    const analise = await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-analise.xml`);
    expect(validarXml(analise.rawPayload, '4.03.00')).toEqual([]);
    expect(pdfTexto((await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-analise.pdf`)).rawPayload, 'analise.pdf')).toContain('1705');
    // the conta médica now carries the outcome
    expect(pdfTexto((await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/conta-medica.pdf`)).rawPayload, 'conta2.pdf')).toContain(`liberado ${brl(liberado)}`);
    // another provider's: refused, nothing of it in the answer
    await db().execute(sql`update protocolos_recebimento set status = '5', analise_encerrada_em = now() where id = ${outroProtocolo}`);
    await db().execute(sql`update itens_faturados i set valor_liberado_centavos = 4321 from guias_faturadas g where g.id = i.guia_id and g.protocolo_id = ${outroProtocolo}`);
    const alheio = await get('prestador', `/api/faturamento/segunda-via/${outroProtocolo}/demonstrativo-pagamento.xml`);
    expect(alheio.statusCode).toBe(403);
    expect(alheio.body).not.toContain('209800000002');
    const doOutro = await get('operadora', `/api/faturamento/segunda-via/${outroProtocolo}/demonstrativo-pagamento.xml`);
    expect(doOutro.statusCode, doOutro.body).toBe(200);
    expect(validarXml(doOutro.rawPayload, '4.03.00')).toEqual([]);
  });
});

describe('Fechamento de Glosa Manual', () => {
  it('lists the reviewed protocols with open glosas for the staff (the provider holds no such screen)', async () => {
    const rows = (await get('operadora', '/api/faturamento/fechamento-glosa?glosa=ABERTA&limit=500')).json().result.rows as { id: number; valorGlosa: number; situacaoGlosa: string; recursosPendentes: number }[];
    expect(rows.find((r) => r.id === protocolo.id)).toMatchObject({ valorGlosa: 50_00, situacaoGlosa: 'ABERTA', recursosPendentes: 0 });
    expect(rows.every((r) => r.situacaoGlosa === 'ABERTA')).toBe(true);
    expect((await get('auditor', '/api/faturamento/fechamento-glosa')).statusCode).toBe(200);
    expect((await get('prestador', '/api/faturamento/fechamento-glosa')).statusCode).toBe(403);
    expect((await get('prestador', `/api/faturamento/fechamento-glosa/${protocolo.id}`)).statusCode).toBe(403);
    const resumo = (await get('operadora', `/api/faturamento/fechamento-glosa/resumo?numero=${protocolo.numero}`)).json().result;
    expect(resumo).toMatchObject({ total: 1, totals: { valorGlosa: 50_00 } });
  });

  it('waits for the appeals to be decided, asks the reason, then makes the glosas final and releases the protocol', async () => {
    // the provider appeals the glosa (30,00 of the 50,00)
    const recurso = await quem('prestador')({
      method: 'POST',
      url: '/api/faturamento/recursos',
      payload: { protocolo: protocolo.numero, guias: [{ numeroGuiaPrestador: 'SV-1', itens: [{ sequencial: 1, valorRecursado: 30_00, justificativa: 'Valor da tabela vigente no contrato.' }] }] },
    });
    expect(recurso.statusCode, recurso.body).toBe(201);
    let d = (await get('operadora', `/api/faturamento/fechamento-glosa/${protocolo.id}`)).json().result as ProtocoloFechamento;
    expect(d).toMatchObject({ valorGlosa: 50_00, recursosPendentes: 1, podeFechar: false, status: '5' });
    expect(d.itens.map((i) => [i.numeroGuiaPrestador, i.glosaCodigo, i.valorGlosa, i.recurso ? i.recurso.resultado : 'sem recurso'])).toEqual([['SV-1', '1705', 50_00, null]]);
    const fechar = (version: number, justificativa = 'Glosas conferidas com o contrato do prestador.') =>
      quem('operadora')({ method: 'POST', url: `/api/faturamento/fechamento-glosa/${protocolo.id}`, payload: { version, justificativa } });
    const pendente = await fechar(d.version);
    expect(pendente.statusCode).toBe(422);
    expect(alertsOf(pendente.body)[0].value).toBe(FECHAMENTO_GLOSA_MSG.recursosPendentes(1));
    // the appeal decided in part (20,00 of the 30,00): the glosa goes down to 30,00
    const [ri] = await query<{ id: number; version: number }>(db(), sql`select ri.id, ri.version from recursos_glosa_itens ri join recursos_glosa r on r.id = ri.recurso_id where r.protocolo_id = ${protocolo.id}`);
    const decisao = await quem('auditor')({ method: 'PUT', url: `/api/faturamento/recursos/itens/${ri.id}/decisao`, payload: { version: ri.version, resultado: '3095', valorAcatado: 20_00, justificativa: 'Acatado em parte pela tabela.' } });
    expect(decisao.statusCode, decisao.body).toBe(200);
    d = (await get('operadora', `/api/faturamento/fechamento-glosa/${protocolo.id}`)).json().result;
    expect(d).toMatchObject({ valorGlosa: 30_00, valorLiberado: 430_35 - 30_00, recursosPendentes: 0, podeFechar: true });
    const curta = await fechar(d.version, 'curta');
    expect(curta.statusCode).toBe(400);
    expect(alertsOf(curta.body)[0]).toMatchObject({ value: FECHAMENTO_GLOSA_MSG.justificativa, field: 'justificativa' });
    const velha = await fechar(d.version + 1);
    expect(velha.statusCode).toBe(409);
    expect(alertsOf(velha.body)[0].value).toBe(APP_MSG.conflito);
    expect((await quem('prestador')({ method: 'POST', url: `/api/faturamento/fechamento-glosa/${protocolo.id}`, payload: { version: d.version, justificativa: 'Fechando as glosas por conta própria.' } })).statusCode).toBe(403);
    const ok = await fechar(d.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ status: '3', podeFechar: false, glosaFechadaPor: expect.any(String) });
    expect(ok.json().result.glosaFechadaEm).toBeTruthy();
    const de_novo = await fechar(ok.json().result.version);
    expect(de_novo.statusCode).toBe(409);
    const [trilha] = await query<{ depois: { justificativa: string; glosaFechada: boolean; status: string } }>(
      db(),
      sql`select depois from trilha_eventos where entidade = 'protocolorecebimento' and registro_id = ${String(protocolo.id)} and depois ? 'glosaFechada' order by id desc limit 1`,
    );
    expect(trilha.depois).toMatchObject({ status: '3', glosaFechada: true, justificativa: 'Glosas conferidas com o contrato do prestador.' });
    // closed glosas are final: no appeal is received after, and the list moves it to the closed ones
    const tarde = await quem('prestador')({
      method: 'POST',
      url: '/api/faturamento/recursos',
      payload: { protocolo: protocolo.numero, guias: [{ numeroGuiaPrestador: 'SV-1', justificativaGuia: 'Recurso depois do fechamento.' }] },
    });
    expect(tarde.statusCode).toBe(422);
    expect(alertsOf(tarde.body)[0].value).toBe(RECURSO_MSG.glosaFechada(protocolo.numero, isoToBr(hoje)));
    const fechadas = (await get('operadora', '/api/faturamento/fechamento-glosa?glosa=FECHADA&limit=500')).json().result.rows as { id: number }[];
    expect(fechadas.map((r) => r.id)).toContain(protocolo.id);
    // the payment demonstrativo follows the released value, now final
    const xml = (await get('prestador', `/api/faturamento/segunda-via/${protocolo.id}/demonstrativo-pagamento.xml`)).rawPayload.toString('latin1');
    expect(xml).toContain(`<ans:valorLiberadoDemonstrativo>${((430_35 - 30_00) / 100).toFixed(2)}</ans:valorLiberadoDemonstrativo>`);
  });

  it('refuses a protocol under review and is closed to clients other than copass, cet and rondo', async () => {
    const [{ id }] = await query<{ id: number }>(db(), sql`select id from protocolos_recebimento where status in ('1', '2') order by id limit 1`);
    const r = await quem('operadora')({ method: 'POST', url: `/api/faturamento/fechamento-glosa/${id}`, payload: { version: 1, justificativa: 'Fechamento antes da análise.' } });
    expect(r.statusCode).toBe(409);
    expect(alertsOf(r.body)[0].value).toBe(FECHAMENTO_GLOSA_MSG.emAnalise);
    const cliente = t.ctx.settings.id;
    t.ctx.settings.id = 'aeco';
    try {
      expect((await get('operadora', '/api/faturamento/fechamento-glosa')).statusCode).toBe(403);
    } finally {
      t.ctx.settings.id = cliente;
    }
  });
});
