import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { flushAccessLog } from '../../src/server/acessos/log';
import { query } from '../../src/server/db/sql';
import type { AcessoRow } from '../../src/shared/acessos/listas';
import { APP_MSG } from '../../src/shared/messages';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The access log (issue 17, point 6): every read of a person's record (beneficiary, dependent, provider) by its GET
 * routes is logged with who and when, apart from the change trail; the administrator queries it by person and by
 * user, and exports it.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
let prestador: ReturnType<typeof as>;
let titularId: number;
let dependenteId: number;
let prestadorId: number;

const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(t.ctx.db, q))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin'));
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  prestador = as(t.app, await loginAs(t.app, 'prestador'));
  ({ id: titularId } = await one<{ id: number }>(sql`select beneficiario_id as id from usuarios where login = 'beneficiario'`));
  ({ id: dependenteId } = await one<{ id: number }>(sql`select beneficiario_id as id from usuarios where login = 'dependente'`));
  ({ id: prestadorId } = await one<{ id: number }>(sql`select prestador_id as id from usuarios where login = 'prestador'`));
}, 60_000);
afterAll(() => t?.close());

const log = async (qs: string) => {
  const res = await admin({ method: 'GET', url: `/api/acessos/registros?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { rows: AcessoRow[]; total: number };
};
const count = async (where: ReturnType<typeof sql>) => {
  await flushAccessLog(t.ctx.db);
  return Number((await one<{ n: number }>(sql`select count(*)::int as n from acessos_registros where ${where}`)).n);
};

describe('what is logged', () => {
  it('a beneficiary read by the operator, by its GET and by the registry form, with who, route and when', async () => {
    const antes = Date.now();
    expect((await operadora({ method: 'GET', url: `/api/beneficiarios/${dependenteId}` })).statusCode).toBe(200);
    expect((await operadora({ method: 'GET', url: `/api/recursos/beneficiarios/${dependenteId}` })).statusCode).toBe(200);
    const { rows } = await log(`entidade=beneficiario&pessoa=${dependenteId}&usuario=operadora`);
    expect(rows.map((r) => r.origem)).toEqual(['/api/recursos/beneficiarios/:id', '/api/beneficiarios/:id']);
    const nome = (await one<{ nome: string }>(sql`select nome from beneficiarios where id = ${dependenteId}`)).nome;
    for (const r of rows) {
      expect(r).toMatchObject({ usuarioLogin: 'operadora', usuarioNome: 'Olívia Operadora', entidade: 'beneficiario', registroId: dependenteId, pessoa: nome });
      expect(Date.parse(r.em)).toBeGreaterThanOrEqual(antes - 1000);
    }
    // apart from the change trail: a read writes nothing there
    expect(await count(sql`true`)).toBeGreaterThanOrEqual(2);
    const trilha = await one<{ n: number }>(sql`select count(*)::int as n from trilha_eventos where entidade = 'beneficiario' and registro_id = ${String(dependenteId)}`);
    expect(Number(trilha.n)).toBe(0);
  });

  it('the family read logs every member; the own record logs the beneficiary and the family', async () => {
    const familia = (await beneficiario({ method: 'GET', url: `/api/beneficiarios/${titularId}/familia` })).json().result as { id: number }[];
    expect(familia.length).toBeGreaterThan(1);
    for (const m of familia) expect(await count(sql`usuario_login = 'beneficiario' and registro_id = ${m.id} and origem = '/api/beneficiarios/:id/familia'`), String(m.id)).toBe(1);
    expect((await beneficiario({ method: 'GET', url: '/api/beneficiarios/logado' })).statusCode).toBe(200);
    expect(await count(sql`usuario_login = 'beneficiario' and registro_id = ${titularId} and origem = '/api/beneficiarios/logado'`)).toBe(1);
  });

  it('a provider read, by the staff and by the provider itself', async () => {
    expect((await operadora({ method: 'GET', url: `/api/prestadores/${prestadorId}` })).statusCode).toBe(200);
    expect((await operadora({ method: 'GET', url: `/api/recursos/prestadores/${prestadorId}` })).statusCode).toBe(200);
    expect((await prestador({ method: 'GET', url: '/api/prestadores/logado' })).statusCode).toBe(200);
    const { rows } = await log(`entidade=prestador&pessoa=${prestadorId}`);
    expect(rows.map((r) => `${r.usuarioLogin} ${r.origem}`)).toEqual(['prestador /api/prestadores/logado', 'operadora /api/recursos/prestadores/:id', 'operadora /api/prestadores/:id']);
  });

  it('a refused read is not a read: another family\u2019s record answers 404 and logs nothing', async () => {
    const outro = await one<{ id: number }>(sql`select id from beneficiarios where id not in (${titularId}, ${dependenteId}) and coalesce(titular, id) <> ${titularId} order by id limit 1`);
    const res = await beneficiario({ method: 'GET', url: `/api/beneficiarios/${outro.id}` });
    expect(res.statusCode).not.toBe(200);
    expect(await count(sql`usuario_login = 'beneficiario' and registro_id = ${outro.id}`)).toBe(0);
  });

  it('a list of beneficiaries is not a read of each record (only opening one is)', async () => {
    const antes = await count(sql`true`);
    expect((await operadora({ method: 'GET', url: '/api/recursos/beneficiarios?nome.contains=SILVA' })).statusCode).toBe(200);
    expect(await count(sql`true`)).toBe(antes);
  });
});

describe('the administrator\u2019s query and export', () => {
  it('by user and by person, over a period, newest first', async () => {
    const porUsuario = await log('usuario=prestador');
    expect(porUsuario.rows.length).toBeGreaterThan(0);
    expect(porUsuario.rows.every((r) => r.usuarioLogin === 'prestador')).toBe(true);
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [a, m, d] = hoje.split('-');
    const doDia = await log(`de=${d}/${m}/${a}&ate=${d}/${m}/${a}`);
    expect(doDia.total).toBe(await count(sql`true`));
    const ids = doDia.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await log('de=01/01/2001&ate=31/12/2001')).total).toBe(0);
  });

  it('an invalid filter answers 400 with the field', async () => {
    const res = await admin({ method: 'GET', url: '/api/acessos/registros?pessoa=abc' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]?.field).toBe('pessoa');
  });

  it('exports the filtered log as CSV (Excel pt-BR), every matching row', async () => {
    const res = await admin({ method: 'GET', url: `/api/acessos/registros/exportar.csv?entidade=prestador&pessoa=${prestadorId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const linhas = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).toBe('Data e hora;Usuário;Nome do usuário;Endereço IP;Cadastro de;Código da pessoa;Pessoa;Onde');
    expect(linhas).toHaveLength(4);
    expect(linhas[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};prestador;Paulo Prestador;[^;]*;Prestador;\d+;.+;Meu cadastro \(o próprio prestador\)$/);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('only the administrator: the operator is refused, no session is 401; no secret leaves', async () => {
    for (const url of ['/api/acessos/registros', '/api/acessos/registros/exportar.csv', '/api/acessos/registros/resumo']) {
      const res = await operadora({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(alertsOf(res.body)[0]?.value).toBe(APP_MSG.acessoNegado);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const res = await admin({ method: 'GET', url: '/api/acessos/registros' });
    expect(res.body).not.toMatch(/"\w*(senha|hash|token)\w*"\s*:/i);
  });
});
