import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import { masterContabil } from '../../src/shared/processos/contabil';
import { esocialDominio } from '../../src/shared/processos/esocial';
import { envioFinanceiroPrescon, FOLHAS, LAYOUT_COPARTICIPACAO, fopagCopasa, fopagDhisa, previminas, saldoConsignado } from '../../src/shared/processos/folha';
import { larguraDe, posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Payroll discount and billing files of a competência: one family built here with known ages, events and a company
 * subsidy, so every amount below is worked out by hand from the seeded tables (age bands of "Essencial Apartamento",
 * its coparticipation rules and monthly ceiling).
 */

type Who = ReturnType<typeof as>;
const COMPETENCIA = '032026';

async function familia(t: TestApp) {
  const db = t.database.db;
  const [{ produto }] = await query<{ produto: number }>(db, sql`select id as produto from produtos where nome = 'Essencial Apartamento'`);
  const [{ empresa }] = await query<{ empresa: number }>(db, sql`select id as empresa from empresas order by id desc limit 1`);
  await query(db, sql`insert into subsidios_contribuicao (empresa, produto, percentual, valor_maximo, inicio_vigencia) values (${empresa}, ${produto}, 40, null, '2026-01-01')`);
  const ins = (nome: string, matricula: string, nasc: string, relacao: string, titular: number | null) =>
    query<{ id: number }>(
      db,
      sql`insert into beneficiarios (matricula, carteirinha, nome, nome_mae, sexo, data_nascimento, relacao_dependencia, titular, produto, empresa, data_adesao, situacao, cpf)
          values (${matricula}, ${`9${matricula}00000`}, ${nome}, 'Lúcia Andrade Prates', '1', ${nasc}, ${relacao}, ${titular}, ${produto}, ${empresa}, '2025-02-01', 'ATIVO', ${relacao === '1' ? '52998224725' : null}) returning id`,
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
          values (${`FOLHA${++n}`}, 'SADT', ${status}, ${beneficiario}, ${prestador}, '12345', 'MG', ${data}, ${data}) returning id`,
    );
    let seq = 0;
    for (const [cod, qtd, valor] of itens) await query(db, sql`insert into autorizacao_itens (autorizacao_id, seq, codigo, descricao, quantidade_solicitada, valor_centavos) values (${id}, ${++seq}, ${cod}, 'Evento de teste', ${qtd}, ${valor})`);
  };
  const ressonancia = await codigo('Ressonância magnética');
  const bioquimica = await codigo('Bioquímica (sangue, urina e outros materiais)');
  await guia(titular, '2026-03-05', 1, [['10101012', 1, 15_000], [ressonancia, 2, 200_000]]);
  await guia(filho, '2026-03-20', 1, [[bioquimica, 1, 5_000]]);
  // neither counts: denied, and authorized in another month
  await guia(titular, '2026-03-07', 3, [['10101012', 1, 15_000]]);
  await guia(titular, '2026-04-01', 1, [['10101012', 1, 15_000]]);
  return { produto, empresa, titular, filho };
}

const linhasDe = async (who: Who, id: number) => (await who({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload.toString('latin1').split('\r\n').filter(Boolean);

describe('arquivos de desconto em folha (COPASS)', () => {
  let t: TestApp;
  let operadora: Who;
  let beneficiario: Who;
  let f: Awaited<ReturnType<typeof familia>>;
  beforeAll(async () => {
    t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
    operadora = as(t.app, await loginAs(t.app, 'operadora'));
    beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
    f = await familia(t);
  }, 120_000);
  afterAll(() => t?.close());

  const params = () => ({ competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto), verba: '4521' });
  const run = async (comando: string, tipo: string, p: Record<string, unknown> = params()) => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros: p } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    return j;
  };

  it('declares layouts whose records all have the same width', () => {
    for (const { layout } of FOLHAS) {
      const larguras = new Set(layout.registros.map(larguraDe));
      expect(larguras.size, layout.titulo).toBe(1);
    }
  });

  it('previews the titulares of the company and plan, with the family’s amount', async () => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: fopagCopasa.processo.tipo, comando: fopagCopasa.processo.comando, parametros: params() } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().result;
    expect(p.total).toBeGreaterThanOrEqual(1);
    expect(p.resumo).toBe('1 titular entra no arquivo de 03/2026.');
    expect(p.amostra.map((a: string) => a.replace(/\s/g, ' '))).toEqual(['Caetano Prates Andrade · 2 vidas · R$ 738,82']);
  });

  it('writes the FOPAG file: fee by age band minus the subsidy plus the month’s coparticipation under the ceiling', async () => {
    const j = await run(fopagCopasa.processo.comando, fopagCopasa.processo.tipo);
    expect(j.arquivos[0].nome).toBe('FOPAG_202603.txt');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 80)).toBe(true);
    expect(linhas[0].slice(0, 1)).toBe('0');
    expect(linhas[0].slice(15, 21)).toBe('202603');
    const det = posicoes(fopagCopasa.layout.registros[1]);
    const campo = (l: string, nome: string) => {
      const c = det.find((x) => x.nome === nome)!;
      return l.slice(c.inicio - 1, c.fim);
    };
    const nossa = linhas.find((l) => l.startsWith('1') && campo(l, 'matricula') === '8800000001')!;
    expect(nossa).toBeTruthy();
    expect(campo(nossa, 'cpf')).toBe('52998224725');
    expect(campo(nossa, 'nome').trimEnd()).toBe('CAETANO PRATES ANDRADE');
    expect(campo(nossa, 'verba')).toBe('004521');
    // 454,80 (40 anos) + 259,90 (9 anos) − 40 % (285,88) + coparticipação 310,00:
    // titular: consulta R$ 40 fixos + 2 ressonâncias 20 % limitadas a R$ 150 cada = 340,00, cortada ao teto de 300,00;
    // filho: bioquímica 20 % de 50,00 = 10,00
    expect(campo(nossa, 'valor')).toBe('00000073882');
    const detalhes = linhas.filter((l) => l.startsWith('1'));
    const rodape = linhas.at(-1)!;
    expect(rodape.slice(0, 1)).toBe('9');
    expect(Number(rodape.slice(1, 7))).toBe(detalhes.length);
    expect(Number(rodape.slice(7, 20))).toBe(detalhes.reduce((s, l) => s + Number(campo(l, 'valor')), 0));
    expect(j.log.map((l) => l.mensagem).join('\n')).toMatch(/o teto mensal cortou R\$\s40,00\)/);
  });

  it('writes the DHISA layout with fee and coparticipation apart, and Previminas with the plan’s ANS number', async () => {
    const d = await run(fopagDhisa.processo.comando, fopagDhisa.processo.tipo);
    const dl = await linhasDe(operadora, d.arquivos[0].id);
    expect(dl.every((l) => l.length === 100)).toBe(true);
    const det = posicoes(fopagDhisa.layout.registros[1]);
    const nossa = dl.find((l) => l.slice(12, 22) === '8800000001')!;
    const campo = (nome: string) => nossa.slice(det.find((x) => x.nome === nome)!.inicio - 1, det.find((x) => x.nome === nome)!.fim);
    expect([campo('mensalidade'), campo('coparticipacao'), campo('valor'), campo('dependentes')]).toEqual(['00000042882', '00000031000', '00000073882', '1']);
    const p = await run(previminas.processo.comando, previminas.processo.tipo);
    const pl = await linhasDe(operadora, p.arquivos[0].id);
    const [{ ans }] = await query<{ ans: string }>(t.database.db, sql`select registro_ans as ans from produtos where id = ${f.produto}`);
    expect(pl.find((l) => l.slice(1, 12) === '52998224725')!.slice(71, 80)).toBe(ans.padStart(9, '0'));
  });

  it('writes every payroll file this client sees in its own layout, with the family’s discount', async () => {
    const visiveis = ['/util/exportacao/econsig', '/util/exportacao/elotech'];
    for (const e of FOLHAS.filter((x) => visiveis.includes(x.processo.comando))) {
      const j = await run(e.processo.comando, e.processo.tipo, { ...params(), verba: '920' });
      const linhas = await linhasDe(operadora, j.arquivos[0].id);
      const largura = larguraDe(e.layout.registros[0]);
      expect(linhas.every((l) => l.length === largura), e.layout.titulo).toBe(true);
      const det = posicoes(e.layout.registros[1]);
      const campo = (l: string, nome: string) => l.slice(det.find((x) => x.nome === nome)!.inicio - 1, det.find((x) => x.nome === nome)!.fim);
      const nossa = linhas.find((l) => l.startsWith('1') && campo(l, 'cpf') === '52998224725')!;
      expect(Number(campo(nossa, 'valor')), e.layout.titulo).toBe(73882);
      expect(Number(campo(nossa, 'verba'))).toBe(920);
    }
  });

  it('writes the consigned balance byte by byte: the family’s parts, its total and what the ceiling left to consign', async () => {
    const j = await run(saldoConsignado.processo.comando, saldoConsignado.processo.tipo, { ...params(), verba: '4522' });
    expect(j.arquivos[0].nome).toBe('CONSIGNADO_202603.txt');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 120)).toBe(true);
    const [{ cnpj }] = await query<{ cnpj: string }>(t.database.db, sql`select cnpj from operadoras order by id limit 1`);
    const hoje = todayIso();
    expect(linhas[0]).toBe(`0${cnpj.padStart(14, '0')}202603${hoje.slice(8, 10)}${hoje.slice(5, 7)}${hoje.slice(0, 4)}`.padEnd(120, ' '));
    // written out by hand from the amounts worked out above: 428,82 of fee, 310,00 of coparticipation, 40,00 cut by the ceiling
    const esperada = ['1', '52998224725', '8800000001', 'CAETANO PRATES ANDRADE'.padEnd(35, ' '), '4522', '00000042882', '00000031000', '00000073882', '00000004000', '202603'].join('').padEnd(120, ' ');
    expect(linhas.filter((l) => l.startsWith('152998224725'))).toEqual([esperada]);
    const detalhes = linhas.slice(1, -1);
    expect(detalhes.every((l) => l[0] === '1')).toBe(true);
    const soma = detalhes.reduce((s, l) => s + Number(l.slice(83, 94)), 0);
    expect(linhas.at(-1)).toBe(`9${String(detalhes.length).padStart(6, '0')}${String(soma).padStart(13, '0')}`.padEnd(120, ' '));
    const log = j.log.map((l) => l.mensagem).join('\n');
    expect(log).toContain(`Arquivo CONSIGNADO_202603.txt com ${detalhes.length} registros`);
  });

  it('writes the eSocial health-plan file for Domínio: the worker’s charge and subsidy, then each dependent with eSocial’s type, byte by byte', async () => {
    const p = { competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto) };
    const j = await run(esocialDominio.comando, esocialDominio.tipo, p);
    expect(j.arquivos[0].nome).toBe('ESOCIAL_202603.txt');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 130)).toBe(true);
    const [op] = await query<{ cnpj: string; ans: string }>(t.database.db, sql`select cnpj, registro_ans as ans from operadoras order by id limit 1`);
    const i = linhas.findIndex((l) => l.startsWith('152998224725'));
    // the titular: 454,80 of fee (40 years) + 300,00 of coparticipation (340,00 cut by the ceiling); subsidy 40 % of 714,70
    const trabalhador = ['1', '52998224725', '8800000001', 'CAETANO PRATES ANDRADE'.padEnd(60, ' '), op.cnpj.padStart(14, '0'), op.ans.padStart(6, '0'), '00000075480', '00000028588'].join('').padEnd(130, ' ');
    // the son (SIB 4 → eSocial 03), no CPF: 259,90 (9 years) + 10,00 of coparticipation
    const dependente = ['2', '52998224725', '03', '00000000000', 'HEITOR ANDRADE PRATES'.padEnd(60, ' '), '10052016', '00000026990'].join('').padEnd(130, ' ');
    expect(linhas.slice(i, i + 2)).toEqual([trabalhador, dependente]);
    const detalhes = linhas.slice(1, -1);
    const valor = (l: string) => Number(l[0] === '1' ? l.slice(102, 113) : l.slice(93, 104));
    expect(linhas.at(-1)).toBe(`9${String(detalhes.length).padStart(6, '0')}${String(detalhes.reduce((s, l) => s + valor(l), 0)).padStart(13, '0')}`.padEnd(130, ' '));
  });

  it('posts the family’s contribution and coparticipation to the mapped accounts for Master Contábil, and stops without a mapping', async () => {
    const p = { competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto) };
    const j = await run(masterContabil.comando, masterContabil.tipo, p);
    expect(j.arquivos[0].nome).toBe('CONTABIL_202603.txt');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 200)).toBe(true);
    const contas = await query<{ origem: string; d: string; c: string; h: string }>(
      t.database.db,
      sql`select m.origem, d.codigo as d, c.codigo as c, m.historico as h from mapeamentos_plano_conta m join planos_contas d on d.id = m.conta_debito join planos_contas c on c.id = m.conta_credito`,
    );
    const de = (o: string) => contas.find((x) => x.origem === o)!;
    const hist = (h: string) => `${h} 03/2026 8800000001 CAETANO PRATES ANDRADE`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().padEnd(120, ' ');
    // fees 454,80 + 259,90 (the company's 40 % included: it is billed too) and coparticipation 300,00 + 10,00
    const contribuicao = ['1', '31032026', de('CONTRIBUICAO').d, de('CONTRIBUICAO').c, '000000000071470', '1', '8800000001', hist(de('CONTRIBUICAO').h)].join('').padEnd(200, ' ');
    const coparticipacao = ['1', '31032026', de('COPARTICIPACAO').d, de('COPARTICIPACAO').c, '000000000031000', '2', '8800000001', hist(de('COPARTICIPACAO').h)].join('').padEnd(200, ' ');
    expect(linhas.filter((l) => l[0] === '1' && l.slice(43, 53) === '8800000001')).toEqual([contribuicao, coparticipacao]);
    const detalhes = linhas.slice(1, -1);
    expect(linhas.at(-1)).toBe(`9${String(detalhes.length).padStart(6, '0')}${String(detalhes.reduce((s, l) => s + Number(l.slice(27, 42)), 0)).padStart(15, '0')}`.padEnd(200, ' '));

    await query(t.database.db, sql`delete from mapeamentos_plano_conta where origem = 'COPARTICIPACAO'`);
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: masterContabil.tipo, comando: masterContabil.comando, parametros: p } });
    const falha = await waitForJob(operadora, res.json().result.id);
    expect(falha.status).toBe('falhou');
    expect(falha.erro).toBe('Não há mapeamento do plano de contas de Coparticipação em vigor em 03/2026: cadastre-o em Financeiro › Configuração Financeira › Mapeamento do Plano de Contas.');
    expect(falha.arquivos).toEqual([]);
  });

  it('refuses a month that does not exist, and a user without the command, in Portuguese', async () => {
    const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: fopagCopasa.processo.tipo, comando: fopagCopasa.processo.comando, parametros: { ...params(), competencia: '132026' } } });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body)).toContainEqual(expect.objectContaining({ field: 'competencia', value: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' }));
    const no = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: fopagCopasa.processo.tipo, comando: fopagCopasa.processo.comando, parametros: params() } });
    expect(no.statusCode).toBe(403);
    expect(alertsOf(no.body)[0].value).toBe(APP_MSG.acessoNegado);
    // the billing file is another client's (pjf): not here
    const outro = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'folha-mensalidade', comando: '/util/exportacao/mensalidade', parametros: { competencia: COMPETENCIA } } });
    expect(outro.statusCode).toBe(403);
  });
});

describe('mensalidades e coparticipação (PJF)', () => {
  let t: TestApp;
  let operadora: Who;
  let f: Awaited<ReturnType<typeof familia>>;
  beforeAll(async () => {
    t = await startTestApp({ JOB_CONCURRENCY: '1', CLIENT: 'pjf' }, undefined, { jobs: true });
    operadora = as(t.app, await loginAs(t.app, 'operadora'));
    f = await familia(t);
  }, 120_000);
  afterAll(() => t?.close());

  const run = async (comando: string, tipo: string) => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros: { competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto) } } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    return j;
  };

  it('bills each member by age band and closes the family with subsidy and total', async () => {
    const j = await run('/util/exportacao/mensalidade', 'folha-mensalidade');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 100)).toBe(true);
    const nossas = linhas.filter((l) => l.slice(1, 11) === '8800000001');
    expect(nossas.map((l) => l[0])).toEqual(['1', '1', '2']);
    // members: matrícula, relação, idade no 1º dia, mensalidade, coparticipação (depois do teto)
    const membro = (l: string) => [l.slice(11, 21), l.slice(61, 63), l.slice(63, 66), l.slice(66, 77), l.slice(77, 88)];
    expect(membro(nossas[0])).toEqual(['8800000001', '01', '040', '00000045480', '00000030000']);
    expect(membro(nossas[1])).toEqual(['8800000002', '04', '009', '00000025990', '00000001000']);
    // family: mensalidades, subsídio (40 %), coparticipação, total
    const total = nossas[2];
    expect([total.slice(11, 22), total.slice(22, 33), total.slice(33, 44), total.slice(44, 55)]).toEqual(['00000071470', '00000028588', '00000031000', '00000073882']);
  });

  it('lists every charged event with its rule, and leaves out denied and other months’ events', async () => {
    const j = await run('/util/exportacao/coparticipacao', 'folha-coparticipacao');
    expect(j.arquivos[0].nome).toBe('coparticipacao-202603.csv');
    const csv = (await operadora({ method: 'GET', url: `/api/arquivos/${j.arquivos[0].id}` })).rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    // the first line names the columns of the declared layout; values in its formats (DDMMAAAA, centavos, upper case)
    expect(csv[0]).toBe(LAYOUT_COPARTICIPACAO.registros[0].campos.map((c) => c.descricao).join(';'));
    expect(csv).toHaveLength(1 + Number(j.log.map((l) => l.mensagem).join('\n').match(/com ([\d.]+) eventos/)![1].replace(/\./g, '')));
    const nossas = csv.filter((l) => l.startsWith('8800000001;'));
    expect(nossas[0]).toBe('8800000001;CAETANO PRATES ANDRADE;8800000001;CAETANO PRATES ANDRADE;FOLHA1;05032026;10101012;EVENTO DE TESTE;1;15000;CONSULTAS ELETIVAS: VALOR FIXO POR EVENTO;4000');
    const cols = nossas.map((l) => l.split(';'));
    expect(cols.map((c) => [c[2], c[5], c[6], c[8], c[9], c[10], c[11]])).toEqual([
      ['8800000001', '05032026', '10101012', '1', '15000', 'CONSULTAS ELETIVAS: VALOR FIXO POR EVENTO', '4000'],
      ['8800000001', '05032026', cols[1][6], '2', '400000', 'EXAMES DE ALTA COMPLEXIDADE: 20% DO EVENTO (LIMITADO AO MAXIMO POR EVENTO)', '30000'],
      ['8800000002', '20032026', cols[2][6], '1', '5000', 'EXAMES SIMPLES: 20% DO EVENTO', '1000'],
    ]);
  });
});

describe('envio financeiro Prescon (Cubatão)', () => {
  let t: TestApp;
  let operadora: Who;
  let f: Awaited<ReturnType<typeof familia>>;
  beforeAll(async () => {
    t = await startTestApp({ JOB_CONCURRENCY: '1', CLIENT: 'cubatao' }, undefined, { jobs: true });
    operadora = as(t.app, await loginAs(t.app, 'operadora'));
    f = await familia(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('writes one 80-position record per titular with the plan’s enrolment first, and a trailer that counts and sums them', async () => {
    const e = envioFinanceiroPrescon.processo;
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: e.tipo, comando: e.comando, parametros: { competencia: COMPETENCIA, empresa: String(f.empresa), produto: String(f.produto), verba: '512' } } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    expect(j.arquivos[0].nome).toBe('PRESCON_202603.txt');
    const linhas = await linhasDe(operadora, j.arquivos[0].id);
    expect(linhas.every((l) => l.length === 80)).toBe(true);
    expect(linhas.filter((l) => l.startsWith('18800000001'))).toEqual([['1', '8800000001', '52998224725', 'CAETANO PRATES ANDRADE'.padEnd(40, ' '), '00512', '00000073882', '  '].join('')]);
    const detalhes = linhas.slice(1, -1);
    const soma = detalhes.reduce((s, l) => s + Number(l.slice(67, 78)), 0);
    expect(linhas.at(-1)).toBe(`9${String(detalhes.length).padStart(6, '0')}${String(soma).padStart(13, '0')}`.padEnd(80, ' '));
    // another client's payroll file is not this one's
    const outro = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: fopagCopasa.processo.tipo, comando: fopagCopasa.processo.comando, parametros: { competencia: COMPETENCIA, verba: '4521' } } });
    expect(outro.statusCode).toBe(403);
  });
});
