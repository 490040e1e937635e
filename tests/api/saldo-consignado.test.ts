import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { SaldoConsignadoFamilia, SaldoConsignadoPagina } from '../../src/shared/consignado';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Saldo Consignado (aeco): one family built here with known ages, events and a company subsidy (as in folha.test.ts),
 * so every amount is worked out by hand from the seeded tables of "Essencial Apartamento": its age bands, its
 * coparticipation rules and its monthly ceiling, which leaves a balance to consign.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let f: { empresa: number; titular: number; filho: number };

beforeAll(async () => {
  t = await startTestApp({ CLIENT: 'aeco' });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  const db = t.database.db;
  const [{ produto }] = await query<{ produto: number }>(db, sql`select id as produto from produtos where nome = 'Essencial Apartamento'`);
  const [{ empresa }] = await query<{ empresa: number }>(db, sql`insert into empresas (cnpj, razao_social, inicio_contrato) values ('11444777000161', 'Consignante de Teste Ltda', '2020-01-01') returning id as empresa`);
  await db.execute(sql`insert into subsidios_contribuicao (empresa, produto, percentual, valor_maximo, inicio_vigencia) values (${empresa}, ${produto}, 40, null, '2026-01-01')`);
  const ins = async (nome: string, matricula: string, nasc: string, relacao: string, titular: number | null) =>
    (
      await query<{ id: number }>(
        db,
        sql`insert into beneficiarios (matricula, carteirinha, nome, nome_mae, sexo, data_nascimento, relacao_dependencia, titular, produto, empresa, data_adesao, situacao, cpf)
          values (${matricula}, ${`9${matricula}00000`}, ${nome}, 'Lúcia Andrade Prates', '1', ${nasc}, ${relacao}, ${titular}, ${produto}, ${empresa}, '2025-02-01', 'ATIVO', ${relacao === '1' ? '52998224725' : null}) returning id`,
      )
    )[0].id;
  const titular = await ins('Caetano Prates Andrade', '8800000001', '1986-01-15', '1', null);
  const filho = await ins('Heitor Andrade Prates', '8800000002', '2016-05-10', '4', titular);
  const codigo = async (grupo: string) => (await query<{ c: string }>(db, sql`select p.codigo as c from procedimentos p join grupos_procedimentos g on g.id = p.grupo where g.descricao = ${grupo} order by p.codigo limit 1`))[0].c;
  const [{ prestador }] = await query<{ prestador: number }>(db, sql`select id as prestador from prestadores order by id limit 1`);
  let n = 0;
  const guia = async (beneficiario: number, data: string, status: number, itens: [string, number, number][]) => {
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into autorizacoes (numero, tipo, status, beneficiario_id, prestador_id, numero_conselho, uf_conselho, data_solicitacao, data_autorizacao)
          values (${`SALDO${++n}`}, 'SP_SADT', ${status}, ${beneficiario}, ${prestador}, '12345', 'MG', ${data}, ${data}) returning id`,
    );
    let seq = 0;
    for (const [cod, qtd, valor] of itens) await db.execute(sql`insert into autorizacao_itens (autorizacao_id, seq, codigo, descricao, quantidade_solicitada, valor_centavos) values (${id}, ${++seq}, ${cod}, 'Evento de teste', ${qtd}, ${valor})`);
  };
  await guia(titular, '2026-03-05', 1, [['10101012', 1, 15_000], [await codigo('Ressonância magnética'), 2, 200_000]]);
  await guia(filho, '2026-03-20', 1, [[await codigo('Bioquímica (sangue, urina e outros materiais)'), 1, 5_000]]);
  await guia(titular, '2026-03-07', 3, [['10101012', 1, 15_000]]);
  f = { empresa, titular, filho };
}, 120_000);
afterAll(() => t?.close());

describe('Saldo Consignado (aeco)', () => {
  it('shows what is consigned and the balance the monthly ceiling left, worked out by hand', async () => {
    const res = await op({ method: 'GET', url: `/api/saldo-consignado?competencia=03/2026&empresa=${f.empresa}` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().result as SaldoConsignadoPagina;
    expect(p.titulares).toBe(1);
    // 454,80 (40 anos) + 259,90 (9 anos) = 714,70; subsídio 40 % = 285,88; coparticipação: titular 40,00 fixos + 2 × 150,00
    // (20 % limitados a 150,00 por evento) = 340,00, cortada ao teto de 300,00 (saldo 40,00); filho 20 % de 50,00 = 10,00
    expect(p.linhas).toEqual([
      {
        titularId: f.titular,
        matricula: '8800000001',
        nome: 'Caetano Prates Andrade',
        cpf: '52998224725',
        empresa: 'Consignante de Teste Ltda',
        plano: 'Essencial Apartamento',
        vidas: 2,
        mensalidade: 71_470,
        subsidio: 28_588,
        coparticipacao: 31_000,
        consignado: 73_882,
        saldo: 4_000,
      },
    ]);
    expect(p.proximo).toBeNull();
    const fam = (await op({ method: 'GET', url: `/api/saldo-consignado/${f.titular}?competencia=032026` })).json().result as SaldoConsignadoFamilia;
    expect(fam.membros.map((m) => [m.nome, m.mensalidade, m.coparticipacao, m.limiteCortou])).toEqual([
      ['Caetano Prates Andrade', 45_480, 30_000, 4_000],
      ['Heitor Andrade Prates', 25_990, 1_000, 0],
    ]);
    expect(fam.membros[0].eventos.map((e) => e.cobrado)).toEqual([4_000, 30_000]);
  });

  it('filters by name and by families with events, and pages by the titular', async () => {
    const nome = (await op({ method: 'GET', url: `/api/saldo-consignado?competencia=03/2026&nome=caetano%20prates` })).json().result as SaldoConsignadoPagina;
    expect(nome.linhas.map((l) => l.titularId)).toContain(f.titular);
    const todos = (await op({ method: 'GET', url: '/api/saldo-consignado?competencia=03/2026&comEventos=1' })).json().result as SaldoConsignadoPagina;
    expect(todos.linhas.map((l) => l.titularId)).toContain(f.titular);
    const pagina1 = (await op({ method: 'GET', url: '/api/saldo-consignado?competencia=03/2026' })).json().result as SaldoConsignadoPagina;
    expect(pagina1.linhas).toHaveLength(Math.min(50, pagina1.titulares));
    if (pagina1.proximo != null) {
      const pagina2 = (await op({ method: 'GET', url: `/api/saldo-consignado?competencia=03/2026&depois=${pagina1.proximo}` })).json().result as SaldoConsignadoPagina;
      expect(pagina2.linhas[0].titularId).toBeGreaterThan(pagina1.proximo);
    }
  });

  it('refuses a wrong competência and users without the command', async () => {
    const ruim = await op({ method: 'GET', url: '/api/saldo-consignado?competencia=13/2026' });
    expect(ruim.statusCode).toBe(400);
    expect(alertsOf(ruim.body)[0].value).toBe('Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.');
    const ben = as(t.app, await loginAs(t.app, 'beneficiario'));
    const r = await ben({ method: 'GET', url: '/api/saldo-consignado?competencia=03/2026' });
    expect(r.statusCode).toBe(403);
    expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

describe('Saldo Consignado in another client', () => {
  it('is not there for copass', async () => {
    const outro = await startTestApp();
    try {
      const o = as(outro.app, await loginAs(outro.app, 'operadora'));
      expect((await o({ method: 'GET', url: '/api/saldo-consignado?competencia=03/2026' })).statusCode).toBe(403);
    } finally {
      await outro.close();
    }
  }, 120_000);
});
