import { sql } from 'drizzle-orm';
import { XmlDocument } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { hojeSaoPaulo } from '../../src/shared/atendimentos';
import { APP_MSG } from '../../src/shared/messages';
import { linha, posicoes } from '../../src/shared/processos/layout';
import { contasPagar, efdReinf, LAYOUT_CONTAS_PAGAR, REINF_NS } from '../../src/shared/processos/receita-federal';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Payables and the EFD-Reinf, on payments made here through the product's own flows (a legal entity's request, a
 * natural person's RPA released by another user, finance's consolidation): every amount worked out by hand from the
 * seeded tax tables — a legal entity in group PJ with nature 15026 withholds IRRF 1,5 %, PIS 0,65 %, COFINS 3 %,
 * CSLL 1 % and ISS 5 % of the gross; the RPA of R$ 3.000,00 withholds INSS 330,00, IRRF 18,09 and ISS 60,00.
 */

type Who = ReturnType<typeof as>;
let t: TestApp;
let op: Who;
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
  op = as(t.app, await loginAs(t.app, 'operadora'));
  adm = as(t.app, await loginAs(t.app, 'admin'));
  padm = as(t.app, await loginAs(t.app, 'prestadoradm'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
  [pj] = await query<{ id: number; nome: string; cnpj: string }>(db(), sql`select id, nome, cnpj from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  [pf] = await query<{ id: number; nome: string; cpf: string }>(db(), sql`select id, nome, cpf from prestadores where tipo_pessoa = 'F' and cpf is not null order by id limit 1`);
  [ruim] = await query<{ id: number; nome: string }>(db(), sql`select id, nome from prestadores where tipo_pessoa = 'J' and id <> ${pj.id} order by id limit 1`);
  // a CNPJ with wrong check digits: the Reinf refuses it, the payables file does not judge it
  await db().execute(sql`update prestadores set cnpj = '11222333000100' where id = ${ruim.id}`);
  // the legal entity asks for one closed protocol; the natural person's RPA, released by another user, and the request
  await ok(await padm({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { protocolos: [await protocolo(pj.id, 1_201_22)] } }));
  const ppf = await protocolo(pf.id, 3_000_00);
  const rpa = await ok(await op({ method: 'POST', url: '/api/pagamentos/rpas', payload: { prestadorId: pf.id, modo: 'protocolo', protocoloId: ppf } }));
  await ok(await adm({ method: 'POST', url: `/api/pagamentos/rpas/${rpa.id}/situacao`, payload: { version: rpa.version, statusPagamento: 'LIB' } }), 200);
  await ok(await op({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: pf.id, protocolos: [ppf] } }));
  await ok(await op({ method: 'POST', url: '/api/pagamentos/solicitacoes', payload: { prestadorId: ruim.id, protocolos: [await protocolo(ruim.id, 500_00)] } }));
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
