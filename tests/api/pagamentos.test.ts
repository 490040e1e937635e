import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { MSG_PAGAMENTO } from '../../src/server/policy';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import type { ListPage } from '../../src/shared/lists/types';
import { formatMoney } from '../../src/shared/money';
import { PAGAMENTO_MSG, type ConsolidacaoLinha, type PagamentoLinha, type ProtocolosDisponiveis, type RpaDetalhe, type RpaLinha, type RpaPrevia, type SolicitacaoPagamentoLinha } from '../../src/shared/pagamentos';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';
import { nfse } from './nfse-dados';

/**
 * Paying providers (issue 15, flows 5 and 6). Fatura RPA: a natural-person provider's closed protocols, the INSS (11 %
 * up to the ceiling), the progressive IRRF on the month less the INSS (R$ 10,00 minimum) and the 2 % ISS, exact to the
 * centavo and worked out here by hand from the seeded tables; two RPAs in a month withhold what one would; status CONF;
 * the PDF. The payment request of a provider's closed protocols and finance's consolidation per provider and month, a
 * payable "a pagar": refusals, scope, segregation, idempotency and the trail.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let adm: ReturnType<typeof as>;
let padm: ReturnType<typeof as>;
let prest: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
const db = () => t.ctx.db;
const HOJE = hojeSaoPaulo();
const MES = HOJE.slice(0, 7);
const MES_ANTERIOR = (() => {
  const [a, m] = MES.split('-').map(Number);
  return m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
})();
let pf: { id: number; nome: string; cpf: string };
let pf2: { id: number; nome: string };
let pj: number;
let outroPj: number;
let seq = 0;
const count = async (table: string) => (await query<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

/** A received protocol whose review closed (status 5 by default): one guide, one item per released value. */
async function protocolo(prestadorId: number, liberados: number[], o: { status?: string; recebidoEm?: string } = {}): Promise<{ id: number; numero: string }> {
  const numero = `29${String(++seq).padStart(10, '0')}`;
  const total = liberados.reduce((s, v) => s + v, 0);
  const [p] = await query<{ id: number }>(
    db(),
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, status, recebido_em)
        values (${numero}, ${prestadorId}, ${`LP${seq}`}, '4.03.00', 'CONSULTA', 1, ${total}, ${o.status ?? '5'}, ${o.recebidoEm ?? `${HOJE}T12:00:00-03:00`}) returning id`,
  );
  const [g] = await query<{ id: number }>(
    db(),
    sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos, status)
        values (${p.id}, 1, ${`G${seq}`}, '0000', ${HOJE}, ${total}, ${total}, ${o.status ?? '5'}) returning id`,
  );
  let i = 0;
  for (const v of liberados)
    await db().execute(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos)
      select ${g.id}, ${++i}, ${HOJE}, '22', codigo, id, 1, ${v}, ${v}, ${v} from procedimentos where codigo = '10101012'`);
  return { id: p.id, numero };
}

const emitir = (body: Record<string, unknown>, call = op, chave?: string) => call({ method: 'POST', url: '/api/pagamentos/rpas', payload: body, headers: chave ? { 'idempotency-key': chave } : {} });

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  padm = as(t.app, await loginAs(t.app, 'prestadoradm'));
  prest = as(t.app, await loginAs(t.app, 'prestador'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  [pf, pf2] = await query<{ id: number; nome: string; cpf: string }>(db(), sql`select id, nome, cpf from prestadores where tipo_pessoa = 'F' and cpf is not null order by id limit 2`);
  [{ id: pj }] = await query<{ id: number }>(db(), sql`select id from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  [{ id: outroPj }] = await query<{ id: number }>(db(), sql`select id from prestadores where tipo_pessoa = 'J' and id <> ${pj} order by id limit 1`);
}, 120_000);
afterAll(() => t?.close());

describe('Fatura RPA (fluxo 5)', () => {
  it('reads the existing tax tables: INSS 11 % up to R$ 8.157,41, the 2025 IRRF brackets, ISS 2 %, IRRF minimum R$ 10,00', async () => {
    const irrf = await query<{ i: string; f: string | null; a: string; d: string | null }>(db(), sql`select faixa_inicial::text as i, faixa_final::text as f, aliquota::text as a, deducao::text as d from aliquotas_irrf order by faixa_inicial`);
    expect(irrf).toEqual([
      { i: '0', f: '242880', a: '0.00', d: '0' },
      { i: '242881', f: '282665', a: '7.50', d: '18216' },
      { i: '282666', f: '375105', a: '15.00', d: '39416' },
      { i: '375106', f: '466468', a: '22.50', d: '67549' },
      { i: '466469', f: null, a: '27.50', d: '90873' },
    ]);
    const taxas = await query<{ tipo: string; aliquota: string }>(
      db(),
      sql`select ti.codigo as tipo, t.aliquota::text as aliquota from tabelas_impostos t join tipos_impostos ti on ti.id = t.tipo_imposto join grupos_impostos g on g.id = t.grupo where g.pessoa = 'F' order by ti.codigo`,
    );
    expect(taxas).toEqual([
      { tipo: 'INSS', aliquota: '11.00' },
      { tipo: 'IRRF', aliquota: '27.50' },
      { tipo: 'ISS', aliquota: '2.00' },
    ]);
  });

  let rpaA: RpaDetalhe;
  it('R$ 3.000,00 in one protocol: INSS 330,00; IRRF 7,5 % of 2.670,00 less 182,16 = 18,09; ISS 60,00; net 2.591,91; status CONF', async () => {
    const a = await protocolo(pf.id, [1_800_00, 1_200_00]);
    const previa = await op({ method: 'POST', url: '/api/pagamentos/rpas/previa', payload: { prestadorId: pf.id, modo: 'protocolo', protocoloId: a.id } });
    expect(previa.statusCode, previa.body).toBe(200);
    const p = previa.json().result as RpaPrevia;
    expect(p.calculo).toMatchObject({ valorBruto: 3_000_00, inss: 330_00, baseInss: 3_000_00, irrf: 18_09, baseIrrf: 2_670_00, iss: 60_00, valorLiquido: 2_591_91 });
    expect(await count('rpas')).toBe(0);
    const chave = `rpa-${Date.now()}`;
    const r = await emitir({ prestadorId: pf.id, modo: 'protocolo', protocoloId: a.id }, op, chave);
    expect(r.statusCode, r.body).toBe(201);
    rpaA = r.json().result;
    expect(rpaA).toMatchObject({ valorBruto: 3_000_00, inss: 330_00, irrf: 18_09, iss: 60_00, valorLiquido: 2_591_91, statusPagamento: 'CONF', competencia: MES, podeConferir: false, segregado: true });
    expect(rpaA.numero).toMatch(new RegExp(`^${HOJE.slice(0, 4)}\\d{6}$`));
    expect(alertsOf(r.body)[0].value).toBe(`RPA nº ${rpaA.numero} emitido: líquido de ${formatMoney(2_591_91)} para ${pf.nome}, em conferência.`);
    // the same submission again: the same RPA
    const de_novo = await emitir({ prestadorId: pf.id, modo: 'protocolo', protocoloId: a.id }, op, chave);
    expect(de_novo.statusCode).toBe(200);
    expect(de_novo.json().result.id).toBe(rpaA.id);
    // the protocol is in an RPA now: not again
    const outra = await emitir({ prestadorId: pf.id, modo: 'protocolo', protocoloId: a.id });
    expect(outra.statusCode).toBe(422);
    expect(alertsOf(outra.body)[0].value).toBe(PAGAMENTO_MSG.protocoloNaoDisponivel(a.numero));
    expect(await count('rpas')).toBe(1);
    const [trilha] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'rpa' and registro_id = ${String(rpaA.id)}`);
    expect(trilha.n).toBe(1);
  });

  it('a second RPA of the month: INSS and IRRF over the month (R$ 5.000,00) less what the first withheld', async () => {
    const b = await protocolo(pf.id, [2_000_00]);
    const r = await emitir({ prestadorId: pf.id, modo: 'periodo', de: HOJE.split('-').reverse().join('/'), ate: HOJE.split('-').reverse().join('/') });
    expect(r.statusCode, r.body).toBe(201);
    const d = r.json().result as RpaDetalhe;
    expect(d.protocolos.map((x) => x.id)).toEqual([b.id]);
    // month: INSS 550,00 (330,00 withheld); IRRF base 4.450,00 → 22,5 % − 675,49 = 325,76 (18,09 withheld); ISS 2 % of 2.000,00
    expect(d).toMatchObject({ valorBruto: 2_000_00, inss: 220_00, irrf: 307_67, iss: 40_00, valorLiquido: 2_000_00 - 220_00 - 307_67 - 40_00 });
  });

  it('the INSS stops at the ceiling; the top bracket; an IRRF up to R$ 10,00 is not withheld (another provider, last month)', async () => {
    const c = await protocolo(pf2.id, [10_000_00], { recebidoEm: `${MES_ANTERIOR}-05T10:00:00-03:00` });
    const r = await emitir({ prestadorId: pf2.id, modo: 'protocolo', protocoloId: c.id, dataEmissao: `10/${MES_ANTERIOR.slice(5)}/${MES_ANTERIOR.slice(0, 4)}` });
    expect(r.statusCode, r.body).toBe(201);
    // 11 % of 8.157,41 = 897,3151 → 897,32; IRRF 27,5 % of 9.102,68 = 2.503,237 → 2.503,24 − 908,73 = 1.594,51
    expect(r.json().result).toMatchObject({ baseInss: 8_157_41, inss: 897_32, irrf: 1_594_51, iss: 200_00, valorLiquido: 10_000_00 - 897_32 - 1_594_51 - 200_00, competencia: MES_ANTERIOR });
    // R$ 2.730,00 this month: base 2.429,70 → 7,5 % = 182,2275 → 182,23 − 182,16 = 0,07: not withheld
    const d = await protocolo(pf2.id, [2_730_00]);
    const r2 = await emitir({ prestadorId: pf2.id, modo: 'protocolo', protocoloId: d.id });
    expect(r2.statusCode, r2.body).toBe(201);
    const rpa = r2.json().result as RpaDetalhe;
    expect(rpa).toMatchObject({ inss: 300_30, irrf: 0, iss: 54_60, valorLiquido: 2_730_00 - 300_30 - 54_60 });
    expect(rpa.calculo.notas.join(' ')).toContain('IRRF de R$\u00a00,07 não retido: até R$\u00a010,00 a retenção é dispensada');
  });

  it('refuses a legal entity, a period without closed protocols, a future date; none of a provider’s user; stores nothing', async () => {
    const antes = await count('rpas');
    const naoPf = await emitir({ prestadorId: pj, modo: 'periodo', de: '01/01/2020', ate: '31/12/2020' });
    expect(naoPf.statusCode).toBe(422);
    expect(alertsOf(naoPf.body)[0]).toMatchObject({ value: PAGAMENTO_MSG.pessoaJuridica(DEMO_PESSOAS.prestador.nome), field: 'prestadorId' });
    const vazio = await emitir({ prestadorId: pf.id, modo: 'periodo', de: '01/01/2020', ate: '31/12/2020' });
    expect(vazio.statusCode).toBe(422);
    expect(alertsOf(vazio.body)[0].value).toBe(PAGAMENTO_MSG.semProtocolos(pf.nome));
    const futuro = await emitir({ prestadorId: pf.id, modo: 'periodo', de: '01/01/2020', ate: '31/12/2020', dataEmissao: '01/01/2099' });
    expect(futuro.statusCode).toBe(400);
    expect(alertsOf(futuro.body)[0]).toMatchObject({ value: 'A data de emissão não pode ser futura.', field: 'dataEmissao' });
    const invertido = await emitir({ prestadorId: pf.id, modo: 'periodo', de: '31/12/2020', ate: '01/01/2020' });
    expect(alertsOf(invertido.body)[0]).toMatchObject({ value: 'O fim do período é anterior ao início.', field: 'ate' });
    // a provider reads its own RPAs, never issues one
    const doPrestador = await emitir({ prestadorId: pf.id, modo: 'periodo', de: '01/01/2020', ate: '31/12/2020' }, prest);
    expect(doPrestador.statusCode).toBe(403);
    expect(alertsOf(doPrestador.body)[0].value).toBe(PAGAMENTO_MSG.equipe);
    expect((await emitir({ prestadorId: pf.id, modo: 'protocolo' }, benef)).statusCode).toBe(403);
    expect(await count('rpas')).toBe(antes);
  });

  it('the conference: not by its issuer; blocking needs the reason; another user releases it', async () => {
    const mesmo = await op({ method: 'POST', url: `/api/pagamentos/rpas/${rpaA.id}/situacao`, payload: { version: rpaA.version, statusPagamento: 'LIB' } });
    expect(mesmo.statusCode).toBe(403);
    expect(alertsOf(mesmo.body)[0].value).toBe(PAGAMENTO_MSG.segregacaoRpa);
    const semMotivo = await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpaA.id}/situacao`, payload: { version: rpaA.version, statusPagamento: 'BLOQ' } });
    expect(semMotivo.statusCode).toBe(400);
    expect(alertsOf(semMotivo.body)[0]).toMatchObject({ value: PAGAMENTO_MSG.justificativaBloqueio, field: 'justificativa' });
    expect((await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpaA.id}/situacao`, payload: { version: rpaA.version + 5, statusPagamento: 'LIB' } })).statusCode).toBe(409);
    const ok = await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpaA.id}/situacao`, payload: { version: rpaA.version, statusPagamento: 'LIB' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ statusPagamento: 'LIB', situacaoPor: expect.any(String) });
    const [trilha] = await query<{ depois: { statusPagamento: string } }>(db(), sql`select depois from trilha_eventos where entidade = 'rpa' and registro_id = ${String(rpaA.id)} and acao = 'update'`);
    expect(trilha.depois.statusPagamento).toBe('LIB');
  });

  it('the PDF: the paying source, the autonomous professional, each withholding and the net in words', async () => {
    const r = await op({ method: 'GET', url: `/api/pagamentos/rpas/${rpaA.id}/rpa.pdf` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'rpa-'));
    writeFileSync(join(dir, 'rpa.pdf'), r.rawPayload);
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'rpa.pdf'), '-'], { encoding: 'utf8' });
    expect(texto).toContain('Recibo de Pagamento a Autônomo (RPA)');
    expect(texto).toContain(pf.nome);
    expect(texto).toMatch(/INSS \(contribuinte individual\)\s+R\$\s3\.000,00\s+11%\s+R\$\s330,00/);
    expect(texto).toMatch(/IRRF \(tabela progressiva\)\s+R\$\s2\.670,00\s+7,50% \(dedução R\$\s182,16\)\s+R\$\s18,09/);
    expect(texto.replace(/\s+/g, ' ')).toContain('(dois mil quinhentos e noventa e um reais e noventa e um centavos)');
    // a provider reads only its own RPAs
    expect((await prest({ method: 'GET', url: `/api/pagamentos/rpas/${rpaA.id}/rpa.pdf` })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: `/api/pagamentos/rpas/${rpaA.id}` })).statusCode).toBe(403);
    const lista = (await prest({ method: 'GET', url: '/api/pagamentos/rpas?limit=100' })).json().result as ListPage<RpaLinha>;
    expect(lista.rows).toEqual([]);
    const todas = (await op({ method: 'GET', url: '/api/pagamentos/rpas?limit=100' })).json().result as ListPage<RpaLinha>;
    expect(todas.rows.map((x) => x.id)).toContain(rpaA.id);
  });
});

describe('Solicitação de pagamento e consolidação (fluxo 6)', () => {
  let p1: { id: number; numero: string };
  let p2: { id: number; numero: string };
  let emAnalise: { id: number; numero: string };
  let alheio: { id: number; numero: string };
  let solicitacao: SolicitacaoPagamentoLinha;

  it('the provider’s staff see their closed protocols to ask for; the provider’s clinical user has no such screen', async () => {
    p1 = await protocolo(pj, [123_45, 1_000_00]);
    p2 = await protocolo(pj, [77_77]);
    emAnalise = await protocolo(pj, [50_00], { status: '2' });
    alheio = await protocolo(outroPj, [10_00]);
    const r = await padm({ method: 'GET', url: '/api/pagamentos/protocolos' });
    expect(r.statusCode, r.body).toBe(200);
    const disp = (r.json().result as ProtocolosDisponiveis).protocolos;
    expect((r.json().result as ProtocolosDisponiveis).tipoPessoa).toBe('J');
    expect(disp.map((x) => [x.numero, x.valorLiberado])).toEqual([
      [p1.numero, 1_123_45],
      [p2.numero, 77_77],
    ]);
    // asking for another provider's protocols by naming it: refused
    expect((await padm({ method: 'GET', url: `/api/pagamentos/protocolos?prestadorId=${outroPj}` })).statusCode).toBe(403);
    expect((await prest({ method: 'GET', url: '/api/pagamentos/protocolos' })).statusCode).toBe(403);
    expect((await benef({ method: 'GET', url: '/api/pagamentos/solicitacoes' })).statusCode).toBe(403);
  });

  it('refuses a protocol in analysis, another provider’s and an empty request, in Portuguese, storing nothing', async () => {
    const antes = await count('solicitacoes_pagamento');
    const pedir = (protocolos: unknown) => padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos } });
    const analise = await pedir([p1.id, emAnalise.id]);
    expect(analise.statusCode).toBe(422);
    expect(alertsOf(analise.body)[0]).toMatchObject({ value: PAGAMENTO_MSG.protocoloIndisponivel(emAnalise.numero), field: 'protocolos' });
    const outro = await pedir([alheio.id]);
    expect(outro.statusCode).toBe(404);
    expect(alertsOf(outro.body)[0].value).toBe('Protocolo não encontrado.');
    expect(outro.body).not.toContain(alheio.numero);
    const vazio = await pedir([]);
    expect(alertsOf(vazio.body)[0]).toMatchObject({ value: PAGAMENTO_MSG.protocolosVazios, field: 'protocolos' });
    const outroPrestador = await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: outroPj, protocolos: [alheio.id] } });
    expect(outroPrestador.statusCode).toBe(403);
    expect(alertsOf(outroPrestador.body)[0].value).toBe(MSG_PAGAMENTO);
    expect(await count('solicitacoes_pagamento')).toBe(antes);
  });

  it('asks payment for two closed protocols: exact total, once (Idempotency-Key), never the same protocol twice', async () => {
    const chave = `sp-${Date.now()}`;
    const nota = nfse(1_123_45 + 77_77);
    const r = await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos: [p1.id, p2.id], ...nota }, headers: { 'idempotency-key': chave } });
    expect(r.statusCode, r.body).toBe(201);
    solicitacao = r.json().result;
    expect(solicitacao).toMatchObject({ qtdProtocolos: 2, valorTotal: 1_123_45 + 77_77, status: 'SOLICITADA', protocolos: [p1.numero, p2.numero].sort() });
    expect(alertsOf(r.body)[0].value).toBe(`Pagamento solicitado sob o nº ${solicitacao.numero}: 2 protocolos, ${formatMoney(1_201_22)}.`);
    const de_novo = await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos: [p1.id, p2.id], ...nota }, headers: { 'idempotency-key': chave } });
    expect(de_novo.statusCode).toBe(200);
    expect(de_novo.json().result.id).toBe(solicitacao.id);
    const repetido = await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos: [p2.id] } });
    expect(repetido.statusCode).toBe(422);
    expect(alertsOf(repetido.body)[0].value).toBe(PAGAMENTO_MSG.protocoloJaPedido(p2.numero, solicitacao.numero));
    expect(((await padm({ method: 'GET', url: '/api/pagamentos/protocolos' })).json().result as ProtocolosDisponiveis).protocolos.length).toBe(0);
    const l = await padm({ method: 'GET', url: '/api/pagamentos/solicitacoes?limit=100' });
    expect(l.statusCode, l.body).toBe(200);
    const lista = l.json().result as ListPage<SolicitacaoPagamentoLinha>;
    expect(lista.rows.map((x) => x.id)).toEqual([solicitacao.id]);
  });

  it('finance consolidates per provider and month: a natural person waits for its released RPA; the net is the RPA’s', async () => {
    // the natural person's first protocol (RPA released above) and the second one (RPA still in conference)
    const [a, b] = await query<{ id: number }>(db(), sql`select p.id from protocolos_recebimento p join rpa_protocolos x on x.protocolo_id = p.id where p.prestador_id = ${pf.id} order by p.id`);
    const pedido = await op({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: pf.id, protocolos: [a.id, b.id] } });
    expect(pedido.statusCode, pedido.body).toBe(201);
    const competencia = `${MES.slice(5)}/${MES.slice(0, 4)}`;
    const linhas = async () => (await adm({ method: 'GET', url: `/api/pagamentos/consolidacao?competencia=${competencia}` })).json().result as ConsolidacaoLinha[];
    let l = await linhas();
    const doPj = l.find((x) => x.prestadorId === pj)!;
    // a legal entity (group PJ, nature 15026 by default): IRRF 1,5 % 18,02; PIS 0,65 % 7,81; COFINS 3 % 36,04; CSLL 1 % 12,01; ISS 5 % 60,06
    expect(doPj).toMatchObject({ tipoPessoa: 'J', protocolos: 2, valorBruto: 1_201_22, valorRetencoes: 133_94, valorLiquido: 1_067_28, pendencia: null, solicitacoes: [solicitacao.numero] });
    const doPf = l.find((x) => x.prestadorId === pf.id)!;
    expect(doPf.pendencia).toMatch(/^O RPA nº \d{10} está "Em conferência": libere-o antes de consolidar\.$/);
    const pagamentosAntes = await count('pagamentos_prestadores');
    const bloqueado = await adm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia, prestadores: [pj, pf.id] } });
    expect(bloqueado.statusCode).toBe(422);
    expect(alertsOf(bloqueado.body)[0].value).toBe(`${pf.nome}: ${doPf.pendencia}`);
    expect(await count('pagamentos_prestadores')).toBe(pagamentosAntes);
    // the second RPA released by another user than its issuer
    const [rpaB] = await query<{ id: number; version: number; retido: string }>(
      db(),
      sql`select r.id, r.version, (r.inss_centavos + r.irrf_centavos + r.iss_centavos)::text as retido from rpas r join rpa_protocolos x on x.rpa_id = r.id where x.protocolo_id = ${b.id}`,
    );
    expect((await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpaB.id}/situacao`, payload: { version: rpaB.version, statusPagamento: 'LIB' } })).statusCode).toBe(200);
    l = await linhas();
    expect(l.find((x) => x.prestadorId === pf.id)).toMatchObject({ pendencia: null, valorBruto: 5_000_00, valorRetencoes: 330_00 + 18_09 + 60_00 + Number(rpaB.retido), valorLiquido: 2_591_91 + 2_000_00 - Number(rpaB.retido) });
    // whoever asked a payment (the operator, for the natural person) does not consolidate it
    const mesmo = await op({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia, prestadores: [pf.id] } });
    expect(mesmo.statusCode).toBe(403);
    expect(alertsOf(mesmo.body)[0].value).toBe(PAGAMENTO_MSG.segregacaoConsolidacao);
    expect((await padm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia, prestadores: [pj] } })).statusCode).toBe(403);
  });

  it('consolidates: one payable "a pagar" per provider, the requests consolidated, the protocols liberado para pagamento, all in the trail', async () => {
    const competencia = `${MES.slice(5)}/${MES.slice(0, 4)}`;
    const r = await adm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia, prestadores: [pj, pf.id] } });
    expect(r.statusCode, r.body).toBe(200);
    const criados = r.json().result as PagamentoLinha[];
    expect(criados.map((c) => [c.prestadorId, c.status, c.competencia, c.qtdProtocolos])).toEqual(
      expect.arrayContaining([
        [pj, 'A_PAGAR', MES, 2],
        [pf.id, 'A_PAGAR', MES, 2],
      ]),
    );
    const total = criados.reduce((s, c) => s + c.valorLiquido, 0);
    expect(alertsOf(r.body)[0].value).toBe(`2 pagamentos consolidados na competência ${competencia}: ${formatMoney(total)} a pagar.`);
    // the withholdings stored per tax, and the due date (day 20 of the next month)
    const pgPj = criados.find((c) => c.prestadorId === pj)!;
    const ret = await query<{ tributo: string; codigo_receita: string | null; natureza_rendimento: string | null; base: string; valor: string }>(
      db(),
      sql`select tributo, codigo_receita, natureza_rendimento, base_centavos::text as base, valor_centavos::text as valor from retencoes_pagamentos where pagamento_id = ${pgPj.id} order by tributo`,
    );
    expect(ret.map((r) => [r.tributo, r.codigo_receita, r.natureza_rendimento, Number(r.base), Number(r.valor)])).toEqual([
      ['COFINS', '5952', '15026', 1_201_22, 36_04],
      ['CSLL', '5952', '15026', 1_201_22, 12_01],
      ['IRRF', '1708', '15026', 1_201_22, 18_02],
      ['ISS', null, null, 1_201_22, 60_06],
      ['PIS', '5952', '15026', 1_201_22, 7_81],
    ]);
    const pgPf = criados.find((c) => c.prestadorId === pf.id)!;
    const retPf = await query<{ tributo: string; valor: string }>(db(), sql`select tributo, valor_centavos::text as valor from retencoes_pagamentos where pagamento_id = ${pgPf.id}`);
    expect(retPf.reduce((s, r) => s + Number(r.valor), 0)).toBe(pgPf.valorRetencoes);
    const [venc] = await query<{ v: string }>(db(), sql`select vencimento::text as v from pagamentos_prestadores where id = ${pgPj.id}`);
    const [a, m] = MES.split('-').map(Number);
    expect(venc.v).toBe(m === 12 ? `${a + 1}-01-20` : `${a}-${String(m + 1).padStart(2, '0')}-20`);
    const status = await query<{ status: string }>(db(), sql`select status from protocolos_recebimento where id in (${p1.id}, ${p2.id}) order by id`);
    expect(status.map((s) => s.status)).toEqual(['3', '3']);
    const [sp] = await query<{ status: string }>(db(), sql`select status from solicitacoes_pagamento where id = ${solicitacao.id}`);
    expect(sp.status).toBe('CONSOLIDADA');
    // the trail of these two payments (the demo's own payments have theirs)
    const numeros = sql.join(criados.map((c) => sql`${c.numero}`), sql`, `);
    const ids = sql.join(criados.map((c) => sql`${String(c.id)}`), sql`, `);
    const trilha = await query<{ entidade: string; n: number }>(
      db(),
      sql`select entidade, count(*)::int as n from trilha_eventos where (entidade in ('solicitacaopagamento', 'protocolorecebimento') and depois->>'pagamento' in (${numeros})) or (entidade = 'pagamentoprestador' and registro_id in (${ids})) group by entidade order by entidade`,
    );
    expect(trilha).toEqual([
      { entidade: 'pagamentoprestador', n: 2 },
      { entidade: 'protocolorecebimento', n: 4 },
      { entidade: 'solicitacaopagamento', n: 2 },
    ]);
    // listed "a pagar" for finance, with exact totals; nothing left for the month
    const resumo = await adm({ method: 'GET', url: `/api/pagamentos/a-pagar/resumo?situacao=A_PAGAR&competencia=${MES}` });
    expect(resumo.json().result.totals.valorLiquido).toBe(total);
    expect(((await adm({ method: 'GET', url: `/api/pagamentos/consolidacao?competencia=${competencia}` })).json().result as ConsolidacaoLinha[]).length).toBe(0);
    const nada = await adm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia, prestadores: [pj] } });
    expect(nada.statusCode).toBe(422);
    expect(alertsOf(nada.body)[0].value).toBe(PAGAMENTO_MSG.nadaAConsolidar);
    // the provider sees its request consolidated, not the payables' screen (finance's)
    const lista = (await padm({ method: 'GET', url: '/api/pagamentos/solicitacoes?limit=100' })).json().result as ListPage<SolicitacaoPagamentoLinha>;
    expect(lista.rows[0]).toMatchObject({ status: 'CONSOLIDADA', pagamentoNumero: criados.find((c) => c.prestadorId === pj)!.numero });
    expect((await padm({ method: 'GET', url: '/api/pagamentos/a-pagar' })).statusCode).toBe(403);
    // a consolidated RPA's status no longer changes
    const [rpa] = await query<{ id: number; version: number }>(db(), sql`select r.id, r.version from rpas r join rpa_protocolos x on x.rpa_id = r.id join protocolos_recebimento p on p.id = x.protocolo_id where p.prestador_id = ${pf.id} order by r.id limit 1`);
    const tarde = await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpa.id}/situacao`, payload: { version: rpa.version, statusPagamento: 'BLOQ', justificativa: 'Documento pendente' } });
    expect(tarde.statusCode).toBe(422);
    expect(alertsOf(tarde.body)[0].value).toMatch(/^O RPA já está no pagamento nº \d{10}: a situação não muda mais\.$/);
  });

  it('refuses a bad month', async () => {
    const r = await adm({ method: 'GET', url: '/api/pagamentos/consolidacao?competencia=13/2026' });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)[0].value).toBe('Competência inválida. Use MM/AAAA.');
  });
});
