import { sql } from 'drizzle-orm';
import { XmlDocument } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { APP_MSG } from '../../src/shared/messages';
import { linha, posicoes } from '../../src/shared/processos/layout';
import { contasPagar, dirf, DIRF_MSG_EXTINTA, efdReinf, ESOCIAL_NS, esocialRpa, LAYOUT_CONTAS_PAGAR, REINF_NS, sefip, SEFIP_MSG_SUBSTITUIDA } from '../../src/shared/processos/receita-federal';
import { estornoRendimento, LAYOUT_MOVIMENTO_CONTABIL, MSG_MOTIVO_ESTORNO, movimentoContabil, planoConta, ppcng, ppsc, qdcMovimento } from '../../src/shared/processos/contabilidade';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';
import { nfse } from './nfse-dados';

/**
 * Payables and the EFD-Reinf, on payments made here through the product's own flows (a legal entity's request, a
 * natural person's RPA released by another user, finance's consolidation): every amount worked out by hand from the
 * seeded tax tables — a legal entity in group PJ with nature 15026 withholds IRRF 1,5 %, PIS 0,65 %, COFINS 3 %,
 * CSLL 1 % and ISS 5 % of the gross; the RPA of R$ 3.000,00 withholds INSS 330,00, IRRF 18,09 and ISS 60,00.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
let opToken: string;
let adm: Who;
let padm: Who;
let benef: Who;
const db = () => t.ctx.db;
const HOJE = hojeSaoPaulo();
const MES = HOJE.slice(0, 7);
const PARAM_MES = `${MES.slice(5)}${MES.slice(0, 4)}`;
let seq = 0;
let pj: { id: number; nome: string; cnpj: string };
let pf: { id: number; nome: string; cpf: string };
let ruim: { id: number; nome: string };
const pagamentos: Record<string, { id: number; numero: string }> = {};

async function protocolo(prestadorId: number, liberado: number): Promise<number> {
  const numero = `39${String(++seq).padStart(10, '0')}`;
  const [p] = await query<{ id: number }>(
    db(),
    sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, status, recebido_em)
        values (${numero}, ${prestadorId}, ${`CP${seq}`}, '4.03.00', 'CONSULTA', 1, ${liberado}, '5', ${`${HOJE}T12:00:00-03:00`}) returning id`,
  );
  const [g] = await query<{ id: number }>(
    db(),
    sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos, status)
        values (${p.id}, 1, ${`GC${seq}`}, '0000', ${HOJE}, ${liberado}, ${liberado}, '5') returning id`,
  );
  await db().execute(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos)
    select ${g.id}, 1, ${HOJE}, '22', codigo, id, 1, ${liberado}, ${liberado}, ${liberado} from procedimentos where codigo = '10101012'`);
  return p.id;
}

const ok = async (r: { statusCode: number; body: string }, code = 201) => {
  expect(r.statusCode, r.body).toBe(code);
  return JSON.parse(r.body).result;
};

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
  adm = as(t.app, await loginAs(t.app, 'admin'));
  padm = as(t.app, await loginAs(t.app, 'prestadoradm'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  [pj] = await query<{ id: number; nome: string; cnpj: string }>(db(), sql`select id, nome, cnpj from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  [pf] = await query<{ id: number; nome: string; cpf: string }>(db(), sql`select id, nome, cpf from prestadores where tipo_pessoa = 'F' and cpf is not null order by id limit 1`);
  [ruim] = await query<{ id: number; nome: string }>(db(), sql`select id, nome from prestadores where tipo_pessoa = 'J' and id <> ${pj.id} order by id limit 1`);
  // a CNPJ with wrong check digits: the Reinf refuses it, the payables file does not judge it
  await db().execute(sql`update prestadores set cnpj = '11222333000100' where id = ${ruim.id}`);
  // the legal entity asks for one closed protocol; the natural person's RPA, released by another user, and the request
  await ok(await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos: [await protocolo(pj.id, 1_201_22)], ...nfse(1_201_22) } }));
  const ppf = await protocolo(pf.id, 3_000_00);
  const rpa = await ok(await op({ method: 'POST', url: '/api/pagamentos/rpas', payload: { prestadorId: pf.id, modo: 'protocolo', protocoloId: ppf } }));
  await ok(await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpa.id}/situacao`, payload: { version: rpa.version, statusPagamento: 'LIB' } }), 200);
  await ok(await op({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: pf.id, protocolos: [ppf] } }));
  await ok(await op({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: ruim.id, protocolos: [await protocolo(ruim.id, 500_00)], ...nfse(500_00) } }));
  const criados = (await ok(await adm({ method: 'POST', url: '/api/pagamentos/consolidacao', payload: { competencia: `${MES.slice(5)}/${MES.slice(0, 4)}`, prestadores: [pj.id, pf.id, ruim.id] } }), 200)) as { id: number; numero: string; prestadorId: number }[];
  for (const c of criados) pagamentos[c.prestadorId === pj.id ? 'pj' : c.prestadorId === pf.id ? 'pf' : 'ruim'] = c;
}, 180_000);
afterAll(() => t?.close());

const run = async (who: Who, comando: string, tipo: string, parametros: Record<string, unknown>) => {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  const j = await waitForJob(who, res.json().result.id);
  expect(j.status, j.erro ?? '').toBe('concluida');
  return j;
};
const arquivo = async (who: Who, id: number, enc: BufferEncoding = 'latin1') => (await who({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString(enc);

describe('Exportar Contas a Pagar', () => {
  it('previews the month’s payables with their net', async () => {
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: contasPagar.tipo, comando: contasPagar.comando, parametros: { competencia: PARAM_MES } } });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().result;
    expect(p.total).toBe(3);
    // 1.067,28 + 2.591,91 + 500,00 less PIS 3,25, COFINS 15,00, CSLL 5,00 and ISS 25,00 (its IRRF of 7,50 is under the minimum)
    expect(p.resumo).toBe(`3 pagamentos entram no arquivo de ${MES.slice(5)}/${MES.slice(0, 4)}: R$\u00a04.110,94 líquidos.`);
  });

  it('writes each payable and each withholding in the declared layout, exact to the byte', async () => {
    const j = await run(op, contasPagar.comando, contasPagar.tipo, { competencia: PARAM_MES });
    const nome = `CONTASPAGAR_${MES.replace('-', '')}.txt`;
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([nome]);
    const linhas = (await arquivo(op, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 240)).toBe(true);
    const [, pag, ret] = LAYOUT_CONTAS_PAGAR.registros;
    const [a, m] = MES.split('-').map(Number);
    const venc = m === 12 ? `${a + 1}-01-20` : `${a}-${String(m + 1).padStart(2, '0')}-20`;
    const [dados] = await query<{ banco: string | null; agencia: string | null; conta: string | null }>(db(), sql`select b.codigo as banco, p.agencia, p.conta from prestadores p left join bancos b on b.id = p.banco where p.id = ${pj.id}`);
    const detalhePj = linha(pag, {
      numero: pagamentos.pj.numero, tipoPessoa: 'J', documento: pj.cnpj, codigo: DEMO_PESSOAS.prestador.codigo, nome: pj.nome, competencia: MES.replace('-', ''), vencimento: venc,
      protocolos: 1, bruto: 1_201_22, retencoes: 133_94, liquido: 1_067_28, banco: dados.banco, agencia: dados.agencia, conta: dados.conta, natureza: null,
    });
    const i = linhas.indexOf(detalhePj);
    expect(i, linhas.join('\n')).toBeGreaterThan(0);
    // the same line read by position: the gross, the withholdings and the net
    const campo = (l: string, nome: string) => {
      const c = posicoes(pag).find((x) => x.nome === nome)!;
      return l.slice(c.inicio - 1, c.fim);
    };
    expect([campo(linhas[i], 'bruto'), campo(linhas[i], 'retencoes'), campo(linhas[i], 'liquido')]).toEqual(['000000000120122', '000000000013394', '000000000106728']);
    const r = (tributo: string, codigoReceita: string | null, base: number, aliquota: number, valor: number) => linha(ret, { numero: pagamentos.pj.numero, tributo, codigoReceita, base, aliquota, valor });
    expect(linhas.slice(i + 1, i + 6)).toEqual([
      r('COFINS', '5952', 1_201_22, 300, 36_04),
      r('CSLL', '5952', 1_201_22, 100, 12_01),
      r('IRRF', '1708', 1_201_22, 150, 18_02),
      r('ISS', null, 1_201_22, 500, 60_06),
      r('PIS', '5952', 1_201_22, 65, 7_81),
    ]);
    // the RPA: INSS 11 % of 3.000,00; IRRF on 2.670,00 by the progressive table (DARF 0588); ISS 2 %
    const iPf = linhas.findIndex((l) => l.startsWith(`1${pagamentos.pf.numero.padStart(12, '0')}F`));
    expect(campo(linhas[iPf], 'liquido')).toBe('000000000259191');
    expect(linhas.slice(iPf + 1, iPf + 4).sort()).toEqual(
      [r('INSS', null, 3_000_00, 1100, 330_00), r('IRRF', '0588', 2_670_00, 0, 18_09), r('ISS', null, 3_000_00, 200, 60_00)].map((x) => x.replace(pagamentos.pj.numero.padStart(12, '0'), pagamentos.pf.numero.padStart(12, '0'))).sort(),
    );
    expect(linhas.at(-1)).toBe(`9${'3'.padStart(6, '0')}${'12'.padStart(6, '0')}${String(1_201_22 + 3_000_00 + 500_00).padStart(15, '0')}${String(133_94 + 408_09 + 48_25).padStart(15, '0')}${String(4_110_94).padStart(15, '0')}`.padEnd(240, ' '));
  });

  it('refuses a bad month and a user without the export', async () => {
    const bad = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: contasPagar.tipo, comando: contasPagar.comando, parametros: { competencia: '132026' } } });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)).toContainEqual(expect.objectContaining({ field: 'competencia' }));
    const no = await benef({ method: 'POST', url: '/api/execucoes', payload: { tipo: contasPagar.tipo, comando: contasPagar.comando, parametros: { competencia: PARAM_MES } } });
    expect(no.statusCode).toBe(403);
    expect(alertsOf(no.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('Exportar EFD-Reinf', () => {
  it('R-4020 of the legal entity with its nature and withholdings; the bad CNPJ refused and listed; the RPA to the eSocial', async () => {
    const j = await run(op, efdReinf.comando, efdReinf.tipo, { competencia: PARAM_MES, ambiente: '2' });
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`REINF_${MES.replace('-', '')}_001.xml`]);
    const xml = await arquivo(op, j.arquivos[0].id, 'utf8');
    const doc = XmlDocument.fromString(xml);
    doc.dispose();
    const [opCnpj] = await query<{ cnpj: string }>(db(), sql`select cnpj from operadoras order by id limit 1`);
    const ids = [...xml.matchAll(/<evtRetPJ id="(ID1\d{14}\d{14}\d{5})">/g)].map((x) => x[1]);
    expect(ids).toHaveLength(1);
    const [{ dia }] = await query<{ dia: string }>(db(), sql`select to_char(criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia from pagamentos_prestadores where id = ${pagamentos.pj.id}`);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<Reinf xmlns="${REINF_NS.lote}">`,
        '  <envioLoteEventos>',
        `    <ideContribuinte>`,
        '      <tpInsc>1</tpInsc>',
        `      <nrInsc>${opCnpj.cnpj.slice(0, 8)}</nrInsc>`,
        '    </ideContribuinte>',
        '    <eventos>',
        `      <evento Id="${ids[0]}">`,
        `        <Reinf xmlns="${REINF_NS.r4020}">`,
        `          <evtRetPJ id="${ids[0]}">`,
        '            <ideEvento>',
        '              <indRetif>1</indRetif>',
        `              <perApur>${MES}</perApur>`,
        '              <tpAmb>2</tpAmb>',
        '              <procEmi>1</procEmi>',
        '              <verProc>PORTAL-OPERADORA-1.0</verProc>',
        '            </ideEvento>',
        '            <ideContri>',
        '              <tpInsc>1</tpInsc>',
        `              <nrInsc>${opCnpj.cnpj.slice(0, 8)}</nrInsc>`,
        '            </ideContri>',
        '            <ideEstab>',
        '              <tpInscEstab>1</tpInscEstab>',
        `              <nrInscEstab>${opCnpj.cnpj}</nrInscEstab>`,
        '              <ideBenef>',
        `                <cnpjBenef>${pj.cnpj}</cnpjBenef>`,
        `                <nmBenef>${pj.nome}</nmBenef>`,
        '                <idePgto>',
        '                  <natRend>15026</natRend>',
        '                  <infoPgto>',
        `                    <dtFG>${dia}</dtFG>`,
        '                    <vlrBruto>1201,22</vlrBruto>',
        '                    <retencoes>',
        '                      <vlrBaseIR>1201,22</vlrBaseIR>',
        '                      <vlrIR>18,02</vlrIR>',
        '                      <vlrBaseCSLL>1201,22</vlrBaseCSLL>',
        '                      <vlrCSLL>12,01</vlrCSLL>',
        '                      <vlrBaseCofins>1201,22</vlrBaseCofins>',
        '                      <vlrCofins>36,04</vlrCofins>',
        '                      <vlrBasePP>1201,22</vlrBasePP>',
        '                      <vlrPP>7,81</vlrPP>',
        '                    </retencoes>',
        '                  </infoPgto>',
        '                </idePgto>',
        '              </ideBenef>',
        '            </ideEstab>',
        '          </evtRetPJ>',
        '        </Reinf>',
        '      </evento>',
        '    </eventos>',
        '  </envioLoteEventos>',
        '</Reinf>',
        '',
      ].join('\n'),
    );
    const log = (await op({ method: 'GET', url: `/api/execucoes/${j.id}` })).json().result.log.map((l: { mensagem: string }) => l.mensagem);
    expect(log).toContain(`Evento recusado: ${ruim.nome}: CNPJ 11222333000100 com dígitos verificadores inválidos.`);
    expect(log).toContain('1 profissional com RPA (rendimento do trabalho, grupo 10): informado no eSocial (S-1200 e S-1210), não na EFD-Reinf.');
  });

  it('a nature for natural persons on a legal entity is refused before the Receita sees it', async () => {
    const [n] = await query<{ id: number }>(db(), sql`select id from naturezas_rendimentos where codigo = '10002'`);
    await db().execute(sql`update prestadores set natureza_rendimento = ${n.id} where id = ${pj.id}`);
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: efdReinf.tipo, comando: efdReinf.comando, parametros: { competencia: PARAM_MES, ambiente: '2' } } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result.amostra).toContain(`Recusado: ${pj.nome}: a natureza 10002 é de pagamento a pessoa física.`);
    await db().execute(sql`update prestadores set natureza_rendimento = null where id = ${pj.id}`);
  });
});

describe('Processar Movimento Contábil', () => {
  const params = (operacao: string, motivo?: string) => ({ competencia: PARAM_MES, operacao, ...(motivo ? { motivo } : {}) });
  const falha = async (parametros: Record<string, unknown>) => {
    const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros } });
    expect(res.statusCode, res.body).toBe(201);
    return waitForJob(op, res.json().result.id);
  };
  /** The month's events counted apart, straight from the billing and payment tables. */
  const esperado = async () => {
    const [r] = await query<{ ev: number; evs: string; gl: number; gls: string; im: number; ims: string }>(
      db(),
      sql`select (select count(*)::int from protocolos_recebimento where to_char(recebido_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES} and valor_informado_centavos > 0) as ev,
                 (select coalesce(sum(valor_informado_centavos), 0)::text from protocolos_recebimento where to_char(recebido_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES}) as evs,
                 (select count(*)::int from protocolos_recebimento p where to_char(p.analise_encerrada_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES} and (select sum(valor_glosa_centavos) from guias_faturadas g where g.protocolo_id = p.id) > 0) as gl,
                 (select coalesce(sum(g.valor_glosa_centavos), 0)::text from guias_faturadas g join protocolos_recebimento p on p.id = g.protocolo_id where to_char(p.analise_encerrada_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES}) as gls,
                 (select count(*)::int from pagamentos_prestadores where estornado_em is null and valor_retencoes_centavos > 0 and to_char(criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES}) as im,
                 (select coalesce(sum(valor_retencoes_centavos), 0)::text from pagamentos_prestadores where estornado_em is null and to_char(criado_em at time zone 'America/Sao_Paulo', 'YYYY-MM') = ${MES}) as ims`,
    );
    return r;
  };

  it('posts the known events, the glosas and the withholdings of the month by the mapping, balanced, once', async () => {
    const e = await esperado();
    expect(e.im).toBe(3);
    expect(Number(e.ims)).toBe(133_94 + 408_09 + 48_25);
    const prev = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros: params('GERAR') } });
    expect(prev.statusCode, prev.body).toBe(200);
    const total = Number(e.evs) + Number(e.gls) + Number(e.ims);
    expect(prev.json().result.total).toBe(e.ev + e.gl + e.im);
    const j = await run(op, movimentoContabil.comando, movimentoContabil.tipo, params('GERAR'));
    const linhas = (await arquivo(op, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 200)).toBe(true);
    const det = linhas.slice(1, -1);
    expect(det).toHaveLength(e.ev + e.gl + e.im);
    // each origin on its mapped accounts: events 411110000 → 211110000, glosas back, withholdings 211110000 → 215110000
    const contas = (o: string) => [...new Set(det.filter((l) => l[52] === o).map((l) => `${l.slice(19, 28)}>${l.slice(28, 37)}`))];
    expect(contas('1')).toEqual(['411110000>211110000']);
    if (e.gl) expect(contas('2')).toEqual(['211110000>411110000']);
    expect(contas('3')).toEqual(['211110000>215110000']);
    const soma = (o: string) => det.filter((l) => l[52] === o).reduce((s, l) => s + Number(l.slice(37, 52)), 0);
    expect([soma('1'), soma('2'), soma('3')]).toEqual([Number(e.evs), Number(e.gls), Number(e.ims)]);
    const imposto = det.find((l) => l[52] === '3' && l.slice(53, 65) === pagamentos.pj.numero.padStart(12, '0'))!;
    expect(imposto.slice(37, 52)).toBe('000000000013394');
    expect(linhas.at(-1)).toBe(`9${String(det.length).padStart(6, '0')}${String(total).padStart(15, '0')}${String(total).padStart(15, '0')}`.padEnd(200, ' '));
    expect(LAYOUT_MOVIMENTO_CONTABIL.registros[1].campos.map((c) => c.tamanho).slice(0, 6)).toEqual([1, 10, 8, 9, 9, 15]);
    const [trilha] = await query<{ depois: { lancamentos: number; total: number } }>(db(), sql`select depois from trilha_eventos where entidade = 'movimentocontabil' order by id desc limit 1`);
    expect(trilha.depois).toMatchObject({ lancamentos: det.length, total });
    // once: the second generation of the month is refused with why
    const segunda = await falha(params('GERAR'));
    expect(segunda.status).toBe('falhou');
    expect(segunda.erro).toBe(`O movimento contábil de ${MES.slice(5)}/${MES.slice(0, 4)} já foi gerado: estorne-o antes de gerar de novo.`);
  });

  it('the reversal needs a reason, swaps debit and credit of every entry and frees the month', async () => {
    const sem = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros: params('ESTORNAR') } });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)).toContainEqual(expect.objectContaining({ field: 'motivo', value: MSG_MOTIVO_ESTORNO }));
    const [antes] = await query<{ n: number }>(db(), sql`select count(*)::int as n from lancamentos_contabeis where competencia = ${MES} and estorno_de is null`);
    const j = await run(op, movimentoContabil.comando, movimentoContabil.tipo, params('ESTORNAR', 'Glosas revistas na auditoria'));
    expect(j.arquivos[0].nome).toBe(`MOVCONTABIL_${MES.replace('-', '')}_ESTORNO.txt`);
    const pares = await query<{ ok: boolean }>(
      db(),
      sql`select (e.conta_debito = o.conta_credito and e.conta_credito = o.conta_debito and e.valor_centavos = o.valor_centavos and o.estornado) as ok
          from lancamentos_contabeis e join lancamentos_contabeis o on o.id = e.estorno_de where e.competencia = ${MES}`,
    );
    expect(pares).toHaveLength(antes.n);
    expect(pares.every((x) => x.ok)).toBe(true);
    const de_novo = await run(op, movimentoContabil.comando, movimentoContabil.tipo, params('GERAR'));
    expect(de_novo.status).toBe('concluida');
  });

  it('refuses a user without the process', async () => {
    const no = await benef({ method: 'POST', url: '/api/execucoes', payload: { tipo: movimentoContabil.tipo, comando: movimentoContabil.comando, parametros: params('GERAR') } });
    expect(no.statusCode).toBe(403);
  });
});

describe('Estorno de Rendimento', () => {
  const estornar = (pagamento: string, motivo = 'Nota fiscal cancelada pelo prestador') => ({ pagamento, motivo });

  it('previews the income, each withholding and the accounting entry to reverse', async () => {
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: estornoRendimento.tipo, comando: estornoRendimento.comando, parametros: estornar(pagamentos.ruim.numero) } });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().result;
    expect(p.resumo).toBe(`O rendimento do pagamento nº ${pagamentos.ruim.numero} a ${ruim.nome} (competência ${MES.slice(5)}/${MES.slice(0, 4)}): bruto R$\u00a0500,00, retenções R$\u00a048,25, líquido R$\u00a0451,75, sai da EFD-Reinf e das contas a pagar.`);
    const [l] = await query<{ id: number }>(db(), sql`select id from lancamentos_contabeis where documento_tipo = 'PAGAMENTO' and documento_id = ${pagamentos.ruim.id} and estorno_de is null and not estornado`);
    expect(p.amostra).toEqual([
      'COFINS: R$\u00a015,00 sobre R$\u00a0500,00 (3%)',
      'CSLL: R$\u00a05,00 sobre R$\u00a0500,00 (1%)',
      'ISS: R$\u00a025,00 sobre R$\u00a0500,00 (5%)',
      'PIS: R$\u00a03,25 sobre R$\u00a0500,00 (0,65%)',
      `Lançamento contábil nº ${l.id} (imposto retido, R$\u00a048,25) será estornado.`,
    ]);
  });

  it('reverses it: out of the payables, its entry reversed, in the trail; not twice; an unknown number refused', async () => {
    await run(op, estornoRendimento.comando, estornoRendimento.tipo, estornar(pagamentos.ruim.numero));
    const [g] = await query<{ em: string | null; motivo: string }>(db(), sql`select estornado_em::text as em, estorno_motivo as motivo from pagamentos_prestadores where id = ${pagamentos.ruim.id}`);
    expect(g.em).not.toBeNull();
    expect(g.motivo).toBe('Nota fiscal cancelada pelo prestador');
    const [l] = await query<{ estornado: boolean; n: number }>(db(), sql`select o.estornado, (select count(*)::int from lancamentos_contabeis e where e.estorno_de = o.id) as n from lancamentos_contabeis o where o.documento_tipo = 'PAGAMENTO' and o.documento_id = ${pagamentos.ruim.id} and o.estorno_de is null order by o.id desc limit 1`);
    expect(l).toEqual({ estornado: true, n: 1 });
    const [t1] = await query<{ depois: Record<string, unknown> }>(db(), sql`select depois from trilha_eventos where entidade = 'pagamentoprestador' and registro_id = ${String(pagamentos.ruim.id)} order by id desc limit 1`);
    expect(t1.depois).toMatchObject({ estornado: true, motivo: 'Nota fiscal cancelada pelo prestador', valorRetencoes: 48_25 });
    const cp = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: contasPagar.tipo, comando: contasPagar.comando, parametros: { competencia: PARAM_MES } } });
    expect(cp.json().result.total).toBe(2);
    const de_novo = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: estornoRendimento.tipo, comando: estornoRendimento.comando, parametros: estornar(pagamentos.ruim.numero) } });
    expect(de_novo.statusCode).toBe(422);
    expect(alertsOf(de_novo.body)[0].value).toMatch(new RegExp(`^O rendimento do pagamento nº ${pagamentos.ruim.numero} já foi estornado em \\d{2}/\\d{2}/\\d{4}\\.$`));
    const nenhum = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: estornoRendimento.tipo, comando: estornoRendimento.comando, parametros: estornar('1999000001') } });
    expect(nenhum.statusCode).toBe(400);
    expect(alertsOf(nenhum.body)[0]).toMatchObject({ field: 'pagamento', value: 'Pagamento não encontrado.' });
    const no = await benef({ method: 'POST', url: '/api/execucoes', payload: { tipo: estornoRendimento.tipo, comando: estornoRendimento.comando, parametros: estornar(pagamentos.pj.numero) } });
    expect(no.statusCode).toBe(403);
  });
});

describe('Processar Plano de Contas', () => {
  const enviar = (linhas: string[]) => sendFile(t.app, opToken, 'plano.csv', Buffer.from(`${linhas.join('\r\n')}\r\n`, 'utf8'));
  const previa = async (arquivo: number) => {
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: planoConta.tipo, comando: planoConta.comando, parametros: { arquivo } } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result as { total: number; resumo: string; amostra: string[] };
  };
  const contas = () => query<{ codigo: string; descricao: string; aceita_lancamento: boolean }>(db(), sql`select codigo, descricao, aceita_lancamento from planos_contas order by codigo`);

  it('checks every line first: one bad line and nothing is written, each error listed with its line', async () => {
    const antes = await contas();
    const arquivo = await enviar([
      'codigo;descricao;tipo;natureza;aceita_lancamento;ativo',
      '4.1.1.14.0000;Eventos indenizáveis - terapias;A;DESPESA;S;S',
      '311120000;Receita de taxa;A;DESPESA;S;S',
      '511110000;Conta sem grupo;A;DESPESA;S;S',
      '211000000;Passivo circulante;S;PASSIVO;S;S',
      '411140000;Repetida;A;DESPESA;S;S',
    ]);
    const p = await previa(arquivo);
    expect(p.resumo).toBe('4 linhas com erro: nada será gravado. Corrija o arquivo e envie de novo.');
    expect(p.amostra).toEqual([
      'Linha 3: Conta 311120000: o grupo 3 do plano de contas não tem natureza DESPESA.',
      'Linha 4: Conta 511110000: o grupo 5 do plano de contas não tem natureza DESPESA.',
      'Linha 5: Conta 211000000: conta sintética não aceita lançamento.',
      'Linha 6: A conta 411140000 já está na linha 2.',
    ]);
    const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: planoConta.tipo, comando: planoConta.comando, parametros: { arquivo } } });
    const j = await waitForJob(op, res.json().result.id);
    expect(j.status).toBe('falhou');
    expect(j.erro).toMatch(/^4 linhas com erro no arquivo plano\.csv: nada foi gravado\. Linha 3: /);
    expect(await contas()).toEqual(antes);
  });

  it('previews inclusions and alterations field by field, then writes them with the trail', async () => {
    const arquivo = await enviar([
      '411140000;Eventos indenizáveis - terapias;A;DESPESA;S;S',
      '211110000;Provisão de eventos a liquidar - rede;A;PASSIVO;S;S',
      '100000000;Ativo;S;ATIVO;N;S',
    ]);
    const p = await previa(arquivo);
    expect(p.resumo).toBe('1 conta incluída, 1 alterada e 1 sem mudança.');
    expect(p.amostra).toEqual(['Inclui 411140000 Eventos indenizáveis - terapias (analítica, DESPESA)', 'Altera 211110000: descrição "Provisão de eventos a liquidar" → "Provisão de eventos a liquidar - rede"']);
    await run(op, planoConta.comando, planoConta.tipo, { arquivo });
    const depois = await contas();
    expect(depois.find((c) => c.codigo === '411140000')).toEqual({ codigo: '411140000', descricao: 'Eventos indenizáveis - terapias', aceita_lancamento: true });
    expect(depois.find((c) => c.codigo === '211110000')!.descricao).toBe('Provisão de eventos a liquidar - rede');
    const trilha = await query<{ acao: string; antes: unknown; depois: Record<string, unknown> }>(db(), sql`select acao, antes, depois from trilha_eventos where entidade = 'planoconta' order by id desc limit 2`);
    expect(trilha.map((x) => x.acao).sort()).toEqual(['insert', 'update']);
    expect(trilha.find((x) => x.acao === 'update')).toMatchObject({ antes: { descricao: 'Provisão de eventos a liquidar' }, depois: { descricao: 'Provisão de eventos a liquidar - rede', arquivo: 'plano.csv' } });
    expect((await previa(arquivo)).resumo).toBe('0 contas incluídas, 0 alteradas e 3 sem mudança.');
  });
});

describe('Exportar eSocial (RPA)', () => {
  const params = { competencia: PARAM_MES, ambiente: '2', codLotacao: '001', ideTabRubr: '1', rubricaHonorarios: 'RPA001', rubricaInss: 'RPA002', rubricaIrrf: 'RPA003', rubricaIss: 'RPA004' };

  it('refuses the professional without a birth date, then writes the S-1200 and the S-1210 of the RPA', async () => {
    await db().execute(sql`update prestadores set data_nascimento = null where id = ${pf.id}`);
    const r = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: esocialRpa.tipo, comando: esocialRpa.comando, parametros: params } });
    expect(r.statusCode, r.body).toBe(200);
    const [rpa] = await query<{ numero: string }>(db(), sql`select numero from rpas where prestador_id = ${pf.id}`);
    expect(r.json().result.amostra[0]).toBe(`Recusado: RPA nº ${rpa.numero} (${pf.nome}): sem data de nascimento no cadastro do prestador (o S-1200 a pede em infoComplem).`);
    await db().execute(sql`update prestadores set data_nascimento = '1980-04-12' where id = ${pf.id}`);
    const j = await run(op, esocialRpa.comando, esocialRpa.tipo, params);
    const m = MES.replace('-', '');
    expect(j.arquivos.map((a: { nome: string }) => a.nome)).toEqual([`S1200_${m}_${pf.cpf}_${rpa.numero}.xml`, `S1210_${m}_${pf.cpf}_${rpa.numero}.xml`]);
    const [o] = await query<{ cnpj: string }>(db(), sql`select cnpj from operadoras order by id limit 1`);
    const s1200 = await arquivo(op, j.arquivos[0].id, 'utf8');
    XmlDocument.fromString(s1200).dispose();
    const id = /Id="(ID1\d{14}\d{14}\d{5})"/.exec(s1200)![1];
    expect(id.slice(3, 17)).toBe(`${o.cnpj.slice(0, 8)}000000`);
    expect(s1200).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<eSocial xmlns="${ESOCIAL_NS.s1200}">`,
        `  <evtRemun Id="${id}">`,
        '    <ideEvento>',
        '      <indRetif>1</indRetif>',
        '      <indApuracao>1</indApuracao>',
        `      <perApur>${MES}</perApur>`,
        '      <tpAmb>2</tpAmb>',
        '      <procEmi>1</procEmi>',
        '      <verProc>PORTAL-OPERADORA-1.0</verProc>',
        '    </ideEvento>',
        '    <ideEmpregador>',
        '      <tpInsc>1</tpInsc>',
        `      <nrInsc>${o.cnpj.slice(0, 8)}</nrInsc>`,
        '    </ideEmpregador>',
        '    <ideTrabalhador>',
        `      <cpfTrab>${pf.cpf}</cpfTrab>`,
        '      <infoComplem>',
        `        <nmTrab>${pf.nome}</nmTrab>`,
        '        <dtNascto>1980-04-12</dtNascto>',
        '      </infoComplem>',
        '    </ideTrabalhador>',
        '    <dmDev>',
        `      <ideDmDev>${rpa.numero}</ideDmDev>`,
        '      <codCateg>701</codCateg>',
        '      <infoPerApur>',
        '        <ideEstabLot>',
        '          <tpInsc>1</tpInsc>',
        `          <nrInsc>${o.cnpj}</nrInsc>`,
        '          <codLotacao>001</codLotacao>',
        '          <remunPerApur>',
        ...[['RPA001', '3000.00'], ['RPA002', '330.00'], ['RPA003', '18.09'], ['RPA004', '60.00']].flatMap(([c, v]) => [
          '            <itensRemun>',
          `              <codRubr>${c}</codRubr>`,
          '              <ideTabRubr>1</ideTabRubr>',
          `              <vrRubr>${v}</vrRubr>`,
          '            </itensRemun>',
        ]),
        '          </remunPerApur>',
        '        </ideEstabLot>',
        '      </infoPerApur>',
        '    </dmDev>',
        '  </evtRemun>',
        '</eSocial>',
        '',
      ].join('\n'),
    );
    const s1210 = await arquivo(op, j.arquivos[1].id, 'utf8');
    XmlDocument.fromString(s1210).dispose();
    expect(s1210).toContain(`<ideBenef>\n      <cpfBenef>${pf.cpf}</cpfBenef>\n      <infoPgto>\n        <dtPgto>${HOJE}</dtPgto>\n        <tpPgto>1</tpPgto>\n        <perRef>${MES}</perRef>\n        <ideDmDev>${rpa.numero}</ideDmDev>\n        <vrLiq>2591.91</vrLiq>`);
    expect(s1210).toContain(`<eSocial xmlns="${ESOCIAL_NS.s1210}">`);
  });
});

describe('Exportar DIRF', () => {
  const params = (anoCalendario: string) => ({ anoCalendario, estrutura: 'VR4QLM8', cpfResponsavel: '52998224725', nomeResponsavel: 'Marta Lúcia Prates', ddd: '32', telefone: '32151234', email: 'contabil@operadora.com.br' });

  it('refuses 2025 on, in Portuguese, with where the information goes now', async () => {
    const r = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: dirf.tipo, comando: dirf.comando, parametros: params('2025') } });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)).toContainEqual(expect.objectContaining({ field: 'anoCalendario', value: DIRF_MSG_EXTINTA }));
  });

  it('writes the year’s income and withholdings month by month, per DARF code, in the pipe layout', async () => {
    // the two payments credited in March 2024 (the portal's own payments are all of this year)
    await db().execute(sql`update pagamentos_prestadores set criado_em = '2024-03-15T12:00:00-03:00' where id in (${pagamentos.pj.id}, ${pagamentos.pf.id})`);
    const j = await run(op, dirf.comando, dirf.tipo, params('2024'));
    expect(j.arquivos[0].nome).toBe('DIRF_2024.txt');
    const [o] = await query<{ cnpj: string; nome: string }>(db(), sql`select cnpj, razao_social as nome from operadoras order by id limit 1`);
    const up = (x: string) => x.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    const marco = (v: number) => `|||${v}||||||||||`;
    expect((await arquivo(op, j.arquivos[0].id)).split('\r\n')).toEqual([
      'Dirf|2025|2024|N||VR4QLM8|',
      'RESPO|52998224725|MARTA LUCIA PRATES|32|32151234|||CONTABIL@OPERADORA.COM.BR|',
      `DECPJ|${o.cnpj}|${up(o.nome)}|0|52998224725|N|N|N|N|N|N|N|N||`,
      'IDREC|0588|',
      `BPFDEC|${pf.cpf}|${up(pf.nome)}||N|N|`,
      `RTRT${marco(3_000_00)}|`,
      `RTPO${marco(330_00)}|`,
      `RTIRF${marco(18_09)}|`,
      'IDREC|1708|',
      `BPJDEC|${pj.cnpj}|${up(pj.nome)}|`,
      `RTRT${marco(1_201_22)}|`,
      `RTIRF${marco(18_02)}|`,
      'IDREC|5952|',
      `BPJDEC|${pj.cnpj}|${up(pj.nome)}|`,
      `RTRT${marco(1_201_22)}|`,
      `RTIRF${marco(7_81 + 36_04 + 12_01)}|`,
      'FIMDirf|',
      '',
    ]);
  });
});

describe('Processar PPSC', () => {
  it('provisions the unearned part of each family’s fee pro rata die, posts it once, and reverses it the next month', async () => {
    const j = await run(op, ppsc.comando, ppsc.tipo, { competencia: PARAM_MES });
    const linhas = (await arquivo(op, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 120)).toBe(true);
    const det = linhas.slice(1, -1);
    expect(det.length).toBeGreaterThan(0);
    // every line recomputed from the titular's enrolment day and the fee it states
    const dias = new Map((await query<{ matricula: string; dia: number }>(db(), sql`select matricula, extract(day from data_adesao)::int as dia from beneficiarios where titular is null`)).map((x) => [x.matricula, x.dia]));
    let total = 0;
    for (const l of det) {
      const mensalidade = Number(l.slice(71, 84));
      const r = ppcng(mensalidade, dias.get(l.slice(1, 11))!, MES);
      expect([l.slice(67, 69), l.slice(69, 71), Number(l.slice(84, 97))]).toEqual([String(r.periodo).padStart(2, '0'), String(r.naoDecorridos).padStart(2, '0'), r.valor]);
      total += r.valor;
    }
    expect(Number(linhas.at(-1)!.slice(23, 38))).toBe(total);
    const [l] = await query<{ d: string; c: string; v: string }>(db(), sql`select conta_debito as d, conta_credito as c, valor_centavos::text as v from lancamentos_contabeis where origem = 'PPSC' and competencia = ${MES} and not estornado`);
    expect(l).toEqual({ d: '311110000', c: '216110000', v: String(total) });
    const de_novo = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: ppsc.tipo, comando: ppsc.comando, parametros: { competencia: PARAM_MES } } });
    expect(alertsOf(de_novo.body)[0].value).toBe(`A PPSC de ${MES.slice(5)}/${MES.slice(0, 4)} já foi constituída.`);
    const [a, m] = MES.split('-').map(Number);
    const prox = m === 12 ? `01${a + 1}` : `${String(m + 1).padStart(2, '0')}${a}`;
    const p2 = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: ppsc.tipo, comando: ppsc.comando, parametros: { competencia: prox } } });
    expect(p2.json().result.resumo).toContain(`A PPSC de ${MES.slice(5)}/${MES.slice(0, 4)} (R$\u00a0`);
    await run(op, ppsc.comando, ppsc.tipo, { competencia: prox });
    const [rev] = await query<{ n: number }>(db(), sql`select count(*)::int as n from lancamentos_contabeis e join lancamentos_contabeis o on o.id = e.estorno_de where o.origem = 'PPSC' and o.competencia = ${MES} and o.estornado and e.conta_debito = '216110000'`);
    expect(rev.n).toBe(1);
  });
});

describe('QDC Movimento', () => {
  it('sums the month’s entries per account, debits equal to credits, checked against the entries themselves', async () => {
    const j = await run(op, qdcMovimento.comando, qdcMovimento.tipo, { competencia: PARAM_MES });
    const linhas = (await arquivo(op, j.arquivos[0].id)).split('\r\n').filter(Boolean);
    const det = linhas.slice(1, -1);
    const esperado = await query<{ conta: string; d: string; c: string }>(
      db(),
      sql`select conta, sum(d)::text as d, sum(c)::text as c from (select conta_debito as conta, valor_centavos as d, 0 as c from lancamentos_contabeis where competencia = ${MES}
          union all select conta_credito, 0, valor_centavos from lancamentos_contabeis where competencia = ${MES}) x group by conta order by conta`,
    );
    expect(det.map((l) => [l.slice(1, 10), Number(l.slice(117, 132)), Number(l.slice(132, 147)), Number(l.slice(147, 163).replace('+', ''))])).toEqual(
      esperado.map((e) => [e.conta, Number(e.d), Number(e.c), Number(e.d) - Number(e.c)]),
    );
    expect(det.find((l) => l.startsWith('1215110000'))!.slice(10, 45).trim()).toBe('TRIBUTOS E CONTRIBUICOES A RECOLHER');
    const total = esperado.reduce((s, e) => s + Number(e.d), 0);
    expect(linhas.at(-1)).toBe(`9${String(det.length).padStart(6, '0')}${String(total).padStart(15, '0')}${String(total).padStart(15, '0')}`.padEnd(200, ' '));
  });
});

describe('Exportar SEFIP', () => {
  it('refuses competências from 03/2024 with where they go now; lists an earlier month’s RPAs for checking', async () => {
    const r = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: sefip.tipo, comando: sefip.comando, parametros: { competencia: '032024' } } });
    expect(r.statusCode).toBe(400);
    expect(alertsOf(r.body)).toContainEqual(expect.objectContaining({ field: 'competencia', value: SEFIP_MSG_SUBSTITUIDA }));
    await db().execute(sql`update rpas set competencia = '2024-02' where prestador_id = ${pf.id}`);
    const j = await run(op, sefip.comando, sefip.tipo, { competencia: '022024' });
    const [rpa] = await query<{ numero: string }>(db(), sql`select numero from rpas where prestador_id = ${pf.id}`);
    expect((await arquivo(op, j.arquivos[0].id)).split('\r\n')).toEqual(['rpa;cpf;nome;categoria;remuneracao;inss', `${rpa.numero};${pf.cpf};${pf.nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase()};13;300000;33000`, '']);
  });
});
