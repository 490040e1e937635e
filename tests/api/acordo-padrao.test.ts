import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Acordo Padrão de Procedimento por Benefício (/cadastro/acordo-padrao-procedimento-beneficio, issue 17 point 8): the
 * default terms of each plan for a TUSS procedure, as a reference table of the resource engine. The seeded rows are
 * the statutory ones (24 h for urgency, 300 days for childbirth, 24 months of partial coverage); the rules the generic
 * resource tests cannot see answer with their messages; a procedure the plan does not cover is neither authorized nor
 * audited and keeps no coverage terms.
 */

const URL = '/api/recursos/acordo-padrao-procedimento-beneficio';
let t: TestApp;
let op: ReturnType<typeof as>;
let produto: (nome: string) => Promise<number>;
let procedimento: (codigo: string) => Promise<number>;

type Row = { id: number; version: number; produto: number; procedimento: number; coberto: boolean; exigeAutorizacao: boolean; exigeAuditoria: boolean; percentualCoparticipacao: number | null; valorMaximoCoparticipacao: number | null; carenciaDias: number | null; inicioVigencia: string; fimVigencia: string | null; observacao: string | null };

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  produto = async (nome) => (await query<{ id: number }>(t.database.db, sql`select id from produtos where nome = ${nome}`))[0].id;
  procedimento = async (codigo) => (await query<{ id: number }>(t.database.db, sql`select id from procedimentos where codigo = ${codigo}`))[0].id;
}, 60_000);
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await op({ method: 'GET', url: `${URL}?limit=200&${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { rows: Row[]; total: number };
};

describe('acordos semeados', () => {
  it('trazem as carências da lei e a coparticipação de cada plano, pelos códigos TUSS reais', async () => {
    const enfermaria = await list(`produto.eq=${await produto('Essencial Enfermaria')}`);
    expect(enfermaria.total).toBe(enfermaria.rows.length);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from acordos_padrao_procedimentos a join produtos p on p.id = a.produto where p.nome = 'Essencial Enfermaria'`);
    expect(enfermaria.total).toBe(n);
    const porCodigo = async (rows: Row[], codigo: string) => {
      const id = await procedimento(codigo);
      return rows.filter((r) => r.procedimento === id);
    };
    // childbirth: 300 days; urgency consultation: 24 hours; obesity surgery under partial coverage: 730 days and audited
    expect(await porCodigo(enfermaria.rows, '31309054')).toEqual([expect.objectContaining({ coberto: true, exigeAutorizacao: true, carenciaDias: 300 })]);
    expect(await porCodigo(enfermaria.rows, '10101039')).toEqual([expect.objectContaining({ coberto: true, exigeAutorizacao: false, carenciaDias: 1 })]);
    expect(await porCodigo(enfermaria.rows, '31002390')).toEqual([expect.objectContaining({ exigeAutorizacao: true, exigeAuditoria: true, carenciaDias: 730 })]);
    // the code behind the childbirth rule is the TUSS table's caesarean section
    const [{ descricao }] = await query<{ descricao: string }>(t.database.db, sql`select descricao from procedimentos where codigo = '31309054'`);
    expect(descricao.toLowerCase()).toContain('cesariana');
    // the apartment plan: 20% up to R$ 150,00 since 2024, the 2022 rule closed at the end of 2023
    const apartamento = await porCodigo((await list(`produto.eq=${await produto('Essencial Apartamento')}`)).rows, '41101014');
    expect(apartamento.map((r) => [r.percentualCoparticipacao, r.valorMaximoCoparticipacao, r.inicioVigencia, r.fimVigencia]).sort()).toEqual([
      [20, 15000, '2024-01-01', null],
      [30, 20000, '2022-01-01', '2023-12-31'],
    ]);
    // the company plan of 30 or more lives has no carência
    const empresarial = (await list(`produto.eq=${await produto('Empresarial Plus')}`)).rows;
    expect(empresarial.length).toBeGreaterThan(3);
    expect(empresarial.every((r) => r.carenciaDias === 0)).toBe(true);
  });

  it('um procedimento sem cobertura não tem autorização, auditoria nem termos de coparticipação', async () => {
    const nao = await list('coberto.eq=false');
    expect(nao.total).toBeGreaterThan(0);
    for (const r of nao.rows) expect(r, String(r.id)).toMatchObject({ exigeAutorizacao: false, exigeAuditoria: false, percentualCoparticipacao: null, valorMaximoCoparticipacao: null, carenciaDias: null });
  });
});

describe('regras do acordo', () => {
  const novo = async () => ({
    produto: await produto('Master Nacional'),
    procedimento: await procedimento('40304361'),
    coberto: true,
    exigeAutorizacao: false,
    exigeAuditoria: false,
    percentualCoparticipacao: 0,
    carenciaDias: 30,
    inicioVigencia: '01/01/2025',
  });

  it('grava um acordo válido, com data DD/MM/AAAA e teto em reais, e a trilha guarda quem gravou', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...(await novo()), percentualCoparticipacao: 25, valorMaximoCoparticipacao: '35,50' } });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().result as Row;
    expect(r).toMatchObject({ inicioVigencia: '2025-01-01', percentualCoparticipacao: 25, valorMaximoCoparticipacao: 3550, version: 1 });
    const trilha = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'acordopadraoprocedimentobeneficio' and registro_id = ${r.id}`);
    expect(trilha[0].n).toBe(1);
  });

  it('recusa a auditoria médica sem autorização prévia, com a mensagem ao lado do campo', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...(await novo()), exigeAuditoria: true } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toContainEqual({ type: 'error', field: 'exigeAuditoria', value: 'A auditoria médica analisa a solicitação de autorização: marque também Autorização prévia.' });
  });

  it('recusa o teto de coparticipação sem percentual', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...(await novo()), valorMaximoCoparticipacao: '40,00' } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toContainEqual({ type: 'error', field: 'valorMaximoCoparticipacao', value: 'Informe um percentual de coparticipação maior que zero para usar o teto.' });
  });

  it('recusa carência além de 24 meses (730 dias)', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...(await novo()), carenciaDias: 731 } });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body).map((a) => a.field)).toContain('carenciaDias');
  });

  it('sem cobertura, limpa autorização, auditoria e os termos de cobertura ao gravar', async () => {
    const res = await op({ method: 'POST', url: URL, payload: { ...(await novo()), procedimento: await procedimento('40302040'), coberto: false, exigeAutorizacao: true, exigeAuditoria: true, percentualCoparticipacao: 30, carenciaDias: 90 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ coberto: false, exigeAutorizacao: false, exigeAuditoria: false, percentualCoparticipacao: null, carenciaDias: null });
  });
});

describe('acesso', () => {
  it('nega a quem não tem a permissão da tela e a quem não entrou', async () => {
    for (const login of ['prestador', 'beneficiario', 'auditor']) {
      const res = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: URL });
      expect(res.statusCode, login).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
