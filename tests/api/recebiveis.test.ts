import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import { linha, posicoes, type RegistroLayout } from '../../src/shared/processos/layout';
import {
  boletoLote,
  CNAB_HEADER_ARQUIVO,
  CNAB_HEADER_LOTE,
  CNAB_SEGMENTO_P,
  CNAB_SEGMENTO_Q,
  CNAB_SEGMENTO_T,
  CNAB_SEGMENTO_U,
  CNAB_TRAILER_ARQUIVO,
  CNAB_TRAILER_LOTE,
  remessaRecebimentoBanco,
  dmed,
  envioComunicadoBoleto,
  smsBoleto,
  estornoContasContribuicao,
  estornoContribuicao,
  LAYOUT_DMED,
  qdcFinanceiro,
  recebimentoAtraso,
  retornoCobranca,
} from '../../src/shared/processos/recebiveis';
import { as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The receivables end to end on one family built here (the same family and month as tests/api/folha.test.ts, whose
 * amount — 738,82 — is worked out by hand there): the title issued from the billing calculation, its boleto, the
 * CNAB 240 remittance read field by field, and a bank return that records the payment.
 */

type Who = ReturnType<typeof as>;
const COMPETENCIA = '032026';
const TOTAL = 73882;

async function familia(t: TestApp) {
  const db = t.database.db;
  const [{ produto }] = await query<{ produto: number }>(db, sql`select id as produto from produtos where nome = 'Essencial Apartamento'`);
  const [{ empresa }] = await query<{ empresa: number }>(db, sql`select id as empresa from empresas order by id desc limit 1`);
  await query(db, sql`insert into subsidios_contribuicao (empresa, produto, percentual, valor_maximo, inicio_vigencia) values (${empresa}, ${produto}, 40, null, '2026-01-01')`);
  // the company's other titulares leave the run: only this family is active in it from 03/2026
  await query(db, sql`update beneficiarios set empresa = null where empresa = ${empresa}`);
  const ins = (nome: string, matricula: string, nasc: string, relacao: string, titular: number | null) =>
    query<{ id: number }>(
      db,
      sql`insert into beneficiarios (matricula, carteirinha, nome, nome_mae, sexo, data_nascimento, relacao_dependencia, titular, produto, empresa, data_adesao, situacao, cpf, email, celular, cep, logradouro, numero, bairro, uf)
          values (${matricula}, ${`9${matricula}00000`}, ${nome}, 'Lúcia Andrade Prates', '1', ${nasc}, ${relacao}, ${titular}, ${produto}, ${empresa}, '2025-02-01', 'ATIVO', ${relacao === '1' ? '52998224725' : null},
                  ${relacao === '1' ? 'caetano.prates@example.com' : null}, ${relacao === '1' ? '32988887777' : null}, '36010000', 'Rua Halfeld', '100', 'Centro', 'MG') returning id`,
    ).then((r) => r[0].id);
  const titular = await ins('Caetano Prates Andrade', '8800000001', '1986-01-15', '1', null);
  const filho = await ins('Heitor Andrade Prates', '8800000002', '2016-05-10', '4', titular);
  const codigo = async (grupo: string) => (await query<{ c: string }>(db, sql`select p.codigo as c from procedimentos p join grupos_procedimentos g on g.id = p.grupo where g.descricao = ${grupo} order by p.codigo limit 1`))[0].c;
  const [{ prestador }] = await query<{ prestador: number }>(db, sql`select id as prestador from prestadores order by id limit 1`);
  let n = 0;
  const guia = async (beneficiario: number, data: string, status: number, itens: [string, number, number][]) => {
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into autorizacoes (numero, tipo, status, beneficiario_id, prestador_id, numero_conselho, uf_conselho, data_solicitacao, data_autorizacao)
          values (${`RECEB${++n}`}, 'SADT', ${status}, ${beneficiario}, ${prestador}, '12345', 'MG', ${data}, ${data}) returning id`,
    );
    let seq = 0;
    for (const [cod, qtd, valor] of itens) await query(db, sql`insert into autorizacao_itens (autorizacao_id, seq, codigo, descricao, quantidade_solicitada, valor_centavos) values (${id}, ${++seq}, ${cod}, 'Evento de teste', ${qtd}, ${valor})`);
  };
  const ressonancia = await codigo('Ressonância magnética');
  const bioquimica = await codigo('Bioquímica (sangue, urina e outros materiais)');
  await guia(titular, '2026-03-05', 1, [['10101012', 1, 15_000], [ressonancia, 2, 200_000]]);
  await guia(filho, '2026-03-20', 1, [[bioquimica, 1, 5_000]]);
  return { produto, empresa, titular, filho };
}

/** A record's fields by position, as the bank reads them. */
const ler = (r: RegistroLayout, l: string) => Object.fromEntries(posicoes(r).map((c) => [c.nome, l.slice(c.inicio - 1, c.fim)]));

describe('recebíveis: títulos, boletos, CNAB 240', () => {
  let t: TestApp;
  let operadora: Who;
  let operadoraToken: string;
  let beneficiario: Who;
  let f: Awaited<ReturnType<typeof familia>>;
  beforeAll(async () => {
    t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
    operadoraToken = await loginAs(t.app, 'operadora');
    operadora = as(t.app, operadoraToken);
    beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
    f = await familia(t);
  }, 120_000);
  afterAll(() => t?.close());

  const paramsBoleto = () => ({ competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto), diaVencimento: '10', banco: '001', agencia: '3064-3', conta: '40122-7', convenio: '2874561', carteira: '17' });
  const run = async (tipo: string, comando: string, parametros: Record<string, unknown>) => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    return j;
  };
  const baixar = async (id: number) => (await operadora({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload;

  it('seeds the demo’s titles from the billing calculation, with their members’ shares and payments', async () => {
    const [r] = await query<{ titulos: number; pagos: number; abertos: number; somas_erradas: number; pagamentos_errados: number; competencias: number }>(
      t.database.db,
      sql`select count(*)::int as titulos, count(*) filter (where status = 'PAGO')::int as pagos, count(*) filter (where status = 'ABERTO')::int as abertos,
                 count(*) filter (where valor_centavos <> (select sum(m.valor_centavos) from titulos_membros m where m.titulo_id = t.id)
                                     or valor_centavos <> mensalidade_centavos - subsidio_centavos + coparticipacao_centavos)::int as somas_erradas,
                 count(*) filter (where status = 'PAGO' and not exists (select 1 from titulos_pagamentos g where g.titulo_id = t.id and g.estornado_em is null and g.valor_pago_centavos = t.valor_centavos))::int as pagamentos_errados,
                 count(distinct competencia)::int as competencias
          from titulos t`,
    );
    expect(r.titulos).toBeGreaterThan(0);
    expect(r.pagos).toBeGreaterThan(0);
    expect(r.abertos).toBeGreaterThan(0);
    expect(r.somas_erradas).toBe(0);
    expect(r.pagamentos_errados).toBe(0);
    expect(r.competencias).toBe(4);
  });

  it('refuses the run to whom the command does not open, and checks the parameters on the server', async () => {
    const res = await beneficiario({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: boletoLote.tipo, comando: boletoLote.comando, parametros: paramsBoleto() } });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages.alerts[0].value).toBe(APP_MSG.acessoNegado);
    const bad = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: boletoLote.tipo, comando: boletoLote.comando, parametros: { ...paramsBoleto(), competencia: '132026', convenio: '12' } } });
    expect(bad.statusCode).toBe(400);
    const campos = bad.json().messages.alerts.map((a: { field: string }) => a.field);
    expect(campos).toEqual(expect.arrayContaining(['competencia', 'convenio']));
  });

  let nossoNumero = '';
  it('issues the family’s title from the billing calculation and prints its boleto', async () => {
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: boletoLote.tipo, comando: boletoLote.comando, parametros: paramsBoleto() } });
    expect(prev.statusCode, prev.body).toBe(200);
    expect(prev.json().result.total).toBe(1);
    expect(prev.json().result.amostra[0].replace(/\u00a0/g, ' ')).toContain('Caetano Prates Andrade · 2 vidas · R$ 738,82');

    const j = await run(boletoLote.tipo, boletoLote.comando, paramsBoleto());
    const [titulo] = await query<{ id: number; nosso_numero: string; valor: string; status: string; vencimento: string; mensalidade: string; subsidio: string; coparticipacao: string }>(
      t.database.db,
      sql`select id, nosso_numero, valor_centavos as valor, status, vencimento::text as vencimento, mensalidade_centavos as mensalidade, subsidio_centavos as subsidio, coparticipacao_centavos as coparticipacao from titulos where titular_id = ${f.titular}`,
    );
    expect(Number(titulo.valor)).toBe(TOTAL);
    expect(Number(titulo.mensalidade) - Number(titulo.subsidio) + Number(titulo.coparticipacao)).toBe(TOTAL);
    expect(titulo.status).toBe('ABERTO');
    expect(titulo.vencimento).toBe('2026-04-10');
    expect(titulo.nosso_numero).toBe(`2874561${String(titulo.id).padStart(10, '0')}`);
    nossoNumero = titulo.nosso_numero;
    const membros = await query<{ beneficiario_id: number; valor: string }>(t.database.db, sql`select beneficiario_id, valor_centavos as valor from titulos_membros where titulo_id = ${titulo.id} order by beneficiario_id`);
    expect(membros.map((m) => m.beneficiario_id)).toEqual([f.titular, f.filho]);
    expect(membros.reduce((s, m) => s + Number(m.valor), 0)).toBe(TOTAL);
    const [trilha] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'titulo' and registro_id = ${String(titulo.id)} and acao = 'insert'`);
    expect(trilha.n).toBe(1);

    expect(j.arquivos[0].nome).toBe('boletos-202603.pdf');
    const pdf = await baixar(j.arquivos[0].id);
    const dir = mkdtempSync(join(tmpdir(), 'boleto-'));
    writeFileSync(join(dir, 'b.pdf'), pdf);
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'b.pdf'), '-'], { encoding: 'utf8' });
    const linhaDigitavel = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/.exec(texto)?.[0];
    expect(linhaDigitavel, texto).toBeTruthy();
    expect(isValidBoleto(linhaDigitavel!)).toBe(true);
    const info = getBoletoInfo(linhaDigitavel!, { referenceDate: new Date('2026-03-01T12:00:00Z') })!;
    expect(info.amount).toBe(TOTAL);
    expect(info.expirationDate!.toISOString().slice(0, 10)).toBe('2026-04-10');
    expect(texto).toContain('Caetano Prates Andrade');
    expect(texto).toContain(nossoNumero);
    expect(Number(execFileSync('pdfinfo', [join(dir, 'b.pdf')], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)![1])).toBe(1);

    // a second run issues nothing new and prints the same title again
    await run(boletoLote.tipo, boletoLote.comando, paramsBoleto());
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from titulos where titular_id = ${f.titular}`);
    expect(n).toBe(1);
  });

  it('writes one e-mail per family with its boleto to the outbox', async () => {
    const p = { competencia: COMPETENCIA, assunto: 'Boleto de {competencia}', mensagem: 'Prezado(a) {nome},\n\nSegue o boleto.' };
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: envioComunicadoBoleto.tipo, comando: envioComunicadoBoleto.comando, parametros: p } });
    expect(prev.json().result.total).toBe(1);
    const j = await run(envioComunicadoBoleto.tipo, envioComunicadoBoleto.comando, p);
    const [e] = await query<{ id: number; para: string; assunto: string; corpo: string; status: string; prestador_id: number | null }>(t.database.db, sql`select id, para, assunto, corpo, status, prestador_id from emails where execucao_id = ${j.id}`);
    expect(e).toMatchObject({ para: 'caetano.prates@example.com', assunto: 'Boleto de 03/2026', status: 'pendente', prestador_id: null });
    expect(e.corpo).toContain('Prezado(a) Caetano Prates Andrade,');
    expect(e.corpo).toContain(`Nosso número: ${nossoNumero}`);
    const linhaDigitavel = /Linha digitável: ([\d. ]+)/.exec(e.corpo)![1].trim();
    expect(isValidBoleto(linhaDigitavel)).toBe(true);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'email' and registro_id = ${String(e.id)}`);
    expect(n).toBe(1);
  });

  it('writes the SMS provider’s file with the boleto’s linha digitável', async () => {
    const j = await run(smsBoleto.tipo, smsBoleto.comando, { competencia: COMPETENCIA });
    const csv = (await baixar(j.arquivos[0].id)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    const minha = csv.find((l) => l.includes(nossoNumero))!;
    const [celular, nome, nn, mensagem] = minha.split(';');
    expect([celular, nome, nn]).toEqual(['32988887777', 'CAETANO PRATES ANDRADE', nossoNumero]);
    expect(mensagem).toMatch(/ BOLETO 03\/2026 R\$738,82 VENC 10\/04\/2026: \d{47}$/);
    expect(mensagem.length).toBeLessThanOrEqual(160);
    expect(isValidBoleto(mensagem.slice(-47))).toBe(true);
  });

  let remessa: string[] = [];
  it('writes the CNAB 240 remittance of the open titles, field by field, and marks them sent', async () => {
    const p = { competencia: COMPETENCIA, banco: '001' };
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: remessaRecebimentoBanco.tipo, comando: remessaRecebimentoBanco.comando, parametros: p } });
    expect(prev.json().result.total).toBe(1);
    const j = await run(remessaRecebimentoBanco.tipo, remessaRecebimentoBanco.comando, p);
    remessa = (await baixar(j.arquivos[0].id)).toString('latin1').split('\r\n').filter(Boolean);
    expect(remessa).toHaveLength(6);
    expect(remessa.every((l) => l.length === 240)).toBe(true);
    const [{ nsa }] = await query<{ nsa: number }>(t.database.db, sql`select sequencia as nsa from remessas_cobranca order by id desc limit 1`);
    const [{ cnpj, razao }] = await query<{ cnpj: string; razao: string }>(t.database.db, sql`select cnpj, razao_social as razao from operadoras order by id limit 1`);
    const ha = ler(CNAB_HEADER_ARQUIVO(true), remessa[0]);
    expect(ha).toMatchObject({ banco: '001', lote: '0000', tipo: '0', cnpj: cnpj.padStart(14, '0'), convenio: '2874561'.padEnd(20), agencia: '03064', agenciaDv: '3', conta: '000000040122', contaDv: '7', remessaRetorno: '1', versao: '103' });
    expect(Number(ha.nsa)).toBe(nsa);
    expect(ha.empresa).toBe(razao.toUpperCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').slice(0, 30).padEnd(30));
    expect(ler(CNAB_HEADER_LOTE(true), remessa[1])).toMatchObject({ tipo: '1', operacao: 'R', servico: '01', versaoLote: '060' });
    const pp = ler(CNAB_SEGMENTO_P, remessa[2]);
    expect(pp).toMatchObject({ tipo: '3', sequencial: '00001', segmento: 'P', movimento: '01', nossoNumero: nossoNumero.padEnd(20), vencimento: '10042026', valor: String(TOTAL).padStart(15, '0'), especie: '04', moeda: '09' });
    const q = ler(CNAB_SEGMENTO_Q, remessa[3]);
    expect(q).toMatchObject({ sequencial: '00002', segmento: 'Q', tipoInscricao: '1', cpf: '000052998224725', nome: 'CAETANO PRATES ANDRADE'.padEnd(40), cep: '36010', sufixoCep: '000', uf: 'MG' });
    expect(ler(CNAB_TRAILER_LOTE, remessa[4])).toMatchObject({ tipo: '5', registros: '000004', titulosSimples: '000001', valorSimples: String(TOTAL).padStart(17, '0') });
    expect(ler(CNAB_TRAILER_ARQUIVO, remessa[5])).toMatchObject({ lote: '9999', tipo: '9', lotes: '000001', registros: '000006' });
    const [{ enviado }] = await query<{ enviado: boolean }>(t.database.db, sql`select remessa_id is not null as enviado from titulos where nosso_numero = ${nossoNumero}`);
    expect(enviado).toBe(true);
    // nothing left to send
    const de_novo = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: remessaRecebimentoBanco.tipo, comando: remessaRecebimentoBanco.comando, parametros: p } });
    expect(de_novo.json().result.total).toBe(0);
  });

  /** The bank's return as the bank writes it: header, T/U pairs, trailers. */
  async function retorno(pares: { nossoNumero: string; movimento: string; valorPago: number; data: string }[], ajuste: { registros?: number } = {}) {
    const [{ cnpj }] = await query<{ cnpj: string }>(t.database.db, sql`select cnpj from operadoras order by id limit 1`);
    const cc = { banco: '001', cnpj, convenio: '2874561', agencia: '3064', agenciaDv: '3', conta: '40122', contaDv: '7' };
    const ls = [linha(CNAB_HEADER_ARQUIVO(false), { ...cc, empresa: 'OPERADORA', nomeBanco: 'BANCO DO BRASIL S.A.', geracao: '2026-04-11', hora: 80000, nsa: 77 }), linha(CNAB_HEADER_LOTE(false), { ...cc, numeroRemessa: 77, gravacao: '2026-04-11' })];
    let seq = 0;
    for (const x of pares) {
      ls.push(linha(CNAB_SEGMENTO_T, { ...cc, lote: '0001', sequencial: ++seq, movimento: x.movimento, nossoNumero: x.nossoNumero, carteira: 1, vencimento: '2026-04-10', valor: TOTAL, tarifa: 290 }));
      ls.push(linha(CNAB_SEGMENTO_U, { banco: '001', lote: '0001', sequencial: ++seq, movimento: x.movimento, valorPago: x.valorPago, valorLiquido: Math.max(0, x.valorPago - 290), dataOcorrencia: x.data, dataCredito: '2026-04-11' }));
    }
    ls.push(linha(CNAB_TRAILER_LOTE, { banco: '001', registros: seq + 2 }));
    ls.push(linha(CNAB_TRAILER_ARQUIVO, { banco: '001', lotes: 1, registros: ajuste.registros ?? seq + 4 }));
    return sendFile(t.app, operadoraToken, 'retorno.txt', Buffer.from(`${ls.join('\r\n')}\r\n`, 'latin1'));
  }

  it('refuses a return whose trailer does not match, before writing anything', async () => {
    const arquivo = await retorno([{ nossoNumero, movimento: '06', valorPago: TOTAL, data: '2026-04-09' }], { registros: 9 });
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: retornoCobranca.tipo, comando: retornoCobranca.comando, parametros: { arquivo } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages.alerts[0]).toMatchObject({ field: 'arquivo', value: 'O trailer de arquivo diz 9 registros; o arquivo tem 6.' });
  });

  it('records the payment of a settled title from the bank’s return, and refuses the others line by line', async () => {
    const arquivo = await retorno([
      { nossoNumero, movimento: '06', valorPago: TOTAL, data: '2026-04-09' },
      { nossoNumero: '28745619999999999', movimento: '06', valorPago: 1000, data: '2026-04-09' },
      { nossoNumero, movimento: '02', valorPago: 0, data: '2026-04-02' },
    ]);
    const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: retornoCobranca.tipo, comando: retornoCobranca.comando, parametros: { arquivo } } });
    expect(prev.statusCode, prev.body).toBe(200);
    expect(prev.json().result.total).toBe(1);
    expect(prev.json().result.amostra[0]).toBe('Linha 5: Título de nosso número 28745619999999999 não encontrado.');
    const j = await run(retornoCobranca.tipo, retornoCobranca.comando, { arquivo });
    const [pag] = await query<{ valor: string; data: string; status: string }>(
      t.database.db,
      sql`select g.valor_pago_centavos as valor, g.data_pagamento::text as data, t.status from titulos_pagamentos g join titulos t on t.id = g.titulo_id where t.nosso_numero = ${nossoNumero}`,
    );
    expect(pag).toMatchObject({ data: '2026-04-09', status: 'PAGO' });
    expect(Number(pag.valor)).toBe(TOTAL);
    const csv = (await baixar(j.arquivos[0].id)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain('REGISTRADO');
    expect(csv[2]).toContain('RECUSADO');
    expect(csv[3]).toContain('SEM PAGAMENTO');
    // the same return again pays nothing twice
    const again = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: retornoCobranca.tipo, comando: retornoCobranca.comando, parametros: { arquivo } } });
    expect(again.json().result.total).toBe(0);
    expect(again.json().result.amostra[0]).toBe(`Linha 3: O título ${nossoNumero} já tem pagamento registrado.`);
  });
  const dmedParams = { anoCalendario: '2026', retificadora: 'N', leiaute: 'L4BF3G7', responsavelCpf: '11144477735', responsavelNome: 'Olívia Operadora', responsavelDdd: '32', responsavelTelefone: '32150000', responsavelEmail: 'financeiro@example.com', responsavelCnpjCpf: '11144477735' };
  const dmedLinhas = async () => {
    const j = await run(dmed.tipo, dmed.comando, dmedParams);
    return (await baixar(j.arquivos[0].id)).toString('latin1').split('\r\n').filter(Boolean);
  };

  it('writes the DMED of the year from the payments recorded, each member with their share', async () => {
    const linhas = await dmedLinhas();
    const [{ cnpj, razao, registro_ans }] = await query<{ cnpj: string; razao: string; registro_ans: string }>(t.database.db, sql`select cnpj, razao_social as razao, registro_ans from operadoras order by id limit 1`);
    expect(linhas[0]).toBe('Dmed|2027|2026|N||L4BF3G7|');
    expect(linhas[1]).toBe('RESPO|11144477735|OLIVIA OPERADORA|32|32150000|||FINANCEIRO@EXAMPLE.COM|');
    expect(linhas[2]).toBe(`DECPJ|${cnpj}|${razao.toUpperCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')}|2|${registro_ans}||11144477735|N||`);
    expect(linhas[3]).toBe('OPPAS|');
    expect(linhas.at(-1)).toBe('FIMDmed|');
    const membros = await query<{ beneficiario_id: number; valor: string }>(t.database.db, sql`select m.beneficiario_id, m.valor_centavos as valor from titulos_membros m join titulos t on t.id = m.titulo_id where t.nosso_numero = ${nossoNumero}`);
    const share = (id: number) => Number(membros.find((m) => m.beneficiario_id === id)!.valor);
    const i = linhas.indexOf(`TOP|52998224725|CAETANO PRATES ANDRADE|${share(f.titular)}|`);
    expect(i, linhas.join('\n')).toBeGreaterThan(3);
    expect(linhas[i + 1]).toBe(`DTOP||20160510|HEITOR ANDRADE PRATES|06|${share(f.filho)}|`);
    expect(share(f.titular) + share(f.filho)).toBe(TOTAL);
    // TOP records by CPF
    const cpfs = linhas.filter((l) => l.startsWith('TOP|')).map((l) => l.split('|')[1]);
    expect(cpfs).toEqual([...cpfs].sort());
    expect(LAYOUT_DMED.separador).toBe('|');
  });

  it('reverses a contribution only after its payment, each with its reason and the trail', async () => {
    const prev = (tipo: string, comando: string) => operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros: { nossoNumero, motivo: 'Pagamento lançado em duplicidade pelo banco.' } } });
    const recusa = await prev(estornoContribuicao.tipo, estornoContribuicao.comando);
    expect(recusa.statusCode).toBe(400);
    expect(recusa.json().messages.alerts[0]).toMatchObject({ field: 'nossoNumero', value: `O título ${nossoNumero} tem pagamento registrado em 09/04/2026 (R$\u00a0738,82): estorne o pagamento antes, em Estorno de Contas de Contribuição.` });
    const semMotivo = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: estornoContasContribuicao.tipo, comando: estornoContasContribuicao.comando, parametros: { nossoNumero } } });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().messages.alerts[0].field).toBe('motivo');

    expect((await prev(estornoContasContribuicao.tipo, estornoContasContribuicao.comando)).json().result.total).toBe(1);
    await run(estornoContasContribuicao.tipo, estornoContasContribuicao.comando, { nossoNumero, motivo: 'Pagamento lançado em duplicidade pelo banco.' });
    const [pag] = await query<{ motivo: string; status: string }>(t.database.db, sql`select g.estorno_motivo as motivo, t.status from titulos_pagamentos g join titulos t on t.id = g.titulo_id where t.nosso_numero = ${nossoNumero}`);
    expect(pag).toEqual({ motivo: 'Pagamento lançado em duplicidade pelo banco.', status: 'ABERTO' });
    // the reversed payment leaves the DMED
    expect((await dmedLinhas()).some((l) => l.startsWith('TOP|52998224725|CAETANO PRATES ANDRADE|'))).toBe(false);

    // open again, and overdue on 10/05/2026
    const atraso = await run(recebimentoAtraso.tipo, recebimentoAtraso.comando, { dataBase: '10/05/2026', diasMinimos: '1' });
    const csv = (await baixar(atraso.arquivos[0].id)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(csv.find((l) => l.includes(nossoNumero))).toBe(`8800000001;CAETANO PRATES ANDRADE;52998224725;202603;${nossoNumero};10042026;30;${TOTAL};32988887777;CAETANO.PRATES@EXAMPLE.COM`);

    await run(estornoContribuicao.tipo, estornoContribuicao.comando, { nossoNumero, motivo: 'Família emitida no plano errado.' });
    const [tit] = await query<{ id: number; status: string; estorno_motivo: string }>(t.database.db, sql`select id, status, estorno_motivo from titulos where nosso_numero = ${nossoNumero}`);
    expect(tit).toMatchObject({ status: 'ESTORNADO', estorno_motivo: 'Família emitida no plano errado.' });
    const trilha = await query<{ depois: { status: string } }>(t.database.db, sql`select depois from trilha_eventos where entidade = 'titulo' and registro_id = ${String(tit.id)} and acao = 'update' order by id`);
    expect(trilha.map((x) => x.depois.status).filter(Boolean)).toEqual(['PAGO', 'ABERTO', 'ESTORNADO']);
    const again = await prev(estornoContribuicao.tipo, estornoContribuicao.comando);
    expect(again.json().messages.alerts[0].value).toMatch(/^O título \d{17} já foi estornado em \d{2}\/\d{2}\/\d{4}\.$/);
  });

  it('sums the competência in the QDC finance table', async () => {
    const j = await run(qdcFinanceiro.tipo, qdcFinanceiro.comando, { inicio: COMPETENCIA, fim: COMPETENCIA });
    const csv = (await baixar(j.arquivos[0].id)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(csv, csv.join('\n')).toContain(`202603;TOTAL;0;0;0;0;0;0;0;0;1;${TOTAL};0`);
    expect(csv).toContain(`202603;ESSENCIAL APARTAMENTO;0;0;0;0;0;0;0;0;1;${TOTAL};0`);
  });
});
