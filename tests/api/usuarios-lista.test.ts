import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { demoUsers } from '../../src/server/db/seed/users';
import type { ListPage, ListSummary } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import type { UsuarioRow } from '../../src/shared/usuarios/listas';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Usuários (src/shared/usuarios/listas.ts): the administrator's list of the user accounts, by login, with roles,
 * link (beneficiary or provider), situation, last access (the newest session) and password expiry; filtered by
 * login prefix, any part of the name or e-mail, role, situation and period of last access (São Paulo days);
 * refused to everyone without the command; never answering a password's hash.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
const bodies: string[] = [];
/** A blocked account with two roles, whose last access was 10/03/2024 23:30 in São Paulo (already the 11th in UTC). */
const BLOQUEADO = { login: 'rodrigo.ferraz', nome: 'Rodrigo Ferraz Albuquerque', email: 'rodrigo.ferraz@operadora.example' };
let bloqueadoId: number;

beforeAll(async () => {
  t = await startTestApp();
  const [u] = await query<{ id: number }>(
    t.database.db,
    sql`insert into usuarios (login, nome, email, senha_hash, grupo_id, operadora, auditor, ativo)
      select ${BLOQUEADO.login}, ${BLOQUEADO.nome}, ${BLOQUEADO.email}, 'scrypt$fixture-hash-nao-deve-sair', id, true, true, false from grupos where nome = 'Senha simples' returning id`,
  );
  bloqueadoId = u.id;
  await query(
    t.database.db,
    sql`insert into sessoes (usuario_id, token_hash, criada_em, expira_em) values
      (${bloqueadoId}, ${'d'.repeat(64)}, '2024-03-09T15:00:00Z', '2024-03-10T03:00:00Z'),
      (${bloqueadoId}, ${'e'.repeat(64)}, '2024-03-11T02:30:00Z', '2024-03-11T14:30:00Z')`,
  );
  admin = as(t.app, await loginAs(t.app, 'admin'));
}, 60_000);
afterAll(() => t.close());

const lista = async (qs = '', call = admin) => {
  const res = await call({ method: 'GET', url: `/api/usuarios${qs ? `?${qs}` : ''}` });
  bodies.push(res.body);
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<UsuarioRow> };
};
const loginsOf = async (qs: string) => {
  const l = await lista(`${qs}${qs ? '&' : ''}limit=500`);
  expect(l.status, l.body).toBe(200);
  return l.page.rows.map((r) => r.login);
};
const refused = async (qs: string) => {
  const l = await lista(qs);
  expect(l.status, l.body).toBe(400);
  return alertsOf(l.body)[0];
};

describe('Usuários', () => {
  it('lists every account by login, with an exact total, and pages both ways', async () => {
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from usuarios`);
    const l = await lista('limit=500');
    expect(l.page).toMatchObject({ total: n, exact: true, hasMore: false });
    const logins = l.page.rows.map((r) => r.login);
    expect(logins).toEqual([...logins].sort());
    expect(logins).toContain(BLOQUEADO.login);
    for (const d of demoUsers({ titularId: 0, dependenteId: 0, prestadorId: 0 })) expect(logins).toContain(d.login);

    const p1 = await lista('limit=4');
    expect(p1.page).toMatchObject({ total: n, hasMore: true });
    const p2 = await lista(`limit=4&after=${p1.page.next}`);
    expect([...p1.page.rows, ...p2.page.rows].map((r) => r.login)).toEqual(logins.slice(0, 8));
    const back = await lista(`limit=4&before=${p2.page.prev}`);
    expect(back.page.rows.map((r) => r.login)).toEqual(logins.slice(0, 4));
    // other orders: by name, by login backwards
    const porNome = (await lista('limit=500&sort=nome.asc')).page.rows.map((r) => r.nome);
    expect(porNome[0]).toBe('Administrador do Sistema');
    expect(await loginsOf('sort=login.desc')).toEqual([...logins].reverse());
    expect((await refused('sort=email.asc')).field).toBe('sort');
  });

  it('answers roles, link, situation, last access and password expiry of each account', async () => {
    const rows = new Map((await lista('limit=500')).page.rows.map((r) => [r.login, r]));
    expect(rows.get('beneficiario')).toMatchObject({ nome: 'Beatriz Beneficiária', email: 'beneficiario@operadora.example', papeis: ['beneficiario'], vinculo: DEMO_PESSOAS.titular.nome, vinculoTipo: 'beneficiario', situacao: 'ativo' });
    expect(rows.get('dependente')).toMatchObject({ papeis: ['dependente'], vinculo: DEMO_PESSOAS.dependente.nome, vinculoTipo: 'beneficiario' });
    expect(rows.get('prestador')).toMatchObject({ papeis: ['prestador'], vinculo: DEMO_PESSOAS.prestador.nome, vinculoTipo: 'prestador' });
    expect(rows.get('prestadoradm')).toMatchObject({ papeis: ['prestadorAdministrativo'], vinculoTipo: 'prestador' });
    expect(rows.get('operadora')).toMatchObject({ papeis: ['operadora'], vinculo: null, vinculoTipo: null, ultimoAcesso: null, senhaExpiraEm: null });
    expect(rows.get(BLOQUEADO.login)).toMatchObject({ nome: BLOQUEADO.nome, papeis: ['operadora', 'auditor'], situacao: 'bloqueado', ultimoAcesso: '2024-03-11T02:30:00.000Z' });
    // the administrator just logged in; the expired accounts' passwords expired before today
    expect(Date.now() - Date.parse(rows.get('admin')!.ultimoAcesso!)).toBeLessThan(10 * 60_000);
    for (const login of ['expirado', 'forte']) expect(Date.parse(rows.get(login)!.senhaExpiraEm!), login).toBeLessThan(Date.now());
  });

  it('filters by the start of the login, any part of the name or of the e-mail', async () => {
    expect(await loginsOf('login=prest')).toEqual(['prestador', 'prestadoradm']);
    expect(await loginsOf('login=PREST')).toEqual(['prestador', 'prestadoradm']);
    // a prefix, not any part
    expect(await loginsOf('login=rador')).toEqual([]);
    expect(await loginsOf('nome=auditora')).toEqual(['auditor']);
    expect(await loginsOf('nome=ursula')).toEqual(['ura']);
    expect(await loginsOf('nome=FERRAZ%20alb')).toEqual([BLOQUEADO.login]);
    expect(await loginsOf('email=rodrigo.ferraz@')).toEqual([BLOQUEADO.login]);
    expect(await loginsOf('email=operadora.example')).toHaveLength((await loginsOf('')).length);
    // LIKE's wildcards are plain text
    expect(await loginsOf('nome=%25')).toEqual([]);
    expect(await loginsOf('login=_')).toEqual([]);
    expect(await refused(`nome=${'a'.repeat(201)}`)).toMatchObject({ field: 'nome', value: 'Nome: texto de busca muito longo.' });
  });

  it('filters by role and situation, by value or by label', async () => {
    expect(await loginsOf('papel=operadora')).toEqual(['expirado', 'forte', 'operadora', BLOQUEADO.login, 'ura'].sort());
    expect(await loginsOf('papel=auditor')).toEqual(['auditor', BLOQUEADO.login]);
    expect(await loginsOf('papel=Prestador%20(administrativo)')).toEqual(['prestadoradm']);
    expect(await loginsOf('papel=admin')).toEqual(['admin']);
    expect(await refused('papel=gerente')).toMatchObject({ field: 'papel', value: 'Selecione uma opção válida em Papel.' });

    expect(await loginsOf('situacao=bloqueado')).toEqual([BLOQUEADO.login]);
    expect(await loginsOf('situacao=Bloqueado&papel=auditor')).toEqual([BLOQUEADO.login]);
    expect(await loginsOf('situacao=ativo')).not.toContain(BLOQUEADO.login);
    expect(await refused('situacao=suspenso')).toMatchObject({ field: 'situacao', value: 'Selecione uma opção válida em Situação.' });
    const resumo = await admin({ method: 'GET', url: '/api/usuarios/resumo?situacao=bloqueado' });
    expect((resumo.json().result as ListSummary).total).toBe(1);
  });

  it('filters by the period of last access in whole days of São Paulo, DD/MM/AAAA', async () => {
    // the newest session counts: the one of 09/03 does not make the account match that day
    expect(await loginsOf('acessoDe=10/03/2024&acessoAte=10/03/2024')).toEqual([BLOQUEADO.login]);
    expect(await loginsOf('acessoDe=11/03/2024&acessoAte=11/03/2024')).toEqual([]);
    expect(await loginsOf('acessoDe=09/03/2024&acessoAte=09/03/2024')).toEqual([]);
    expect(await loginsOf('acessoAte=31/12/2024')).toEqual([BLOQUEADO.login]);
    // ISO is accepted too; accounts that never logged in match no period
    const desde = await loginsOf('acessoDe=2025-01-01');
    expect(desde).toContain('admin');
    expect(desde).not.toContain('operadora');
    expect(await refused('acessoDe=11/03/2024&acessoAte=10/03/2024')).toMatchObject({ field: 'acessoAte', value: APP_MSG.periodoInvertido });
    expect(await refused('acessoDe=31/02/2024')).toMatchObject({ field: 'acessoDe', value: 'Último acesso de: data inválida. Use DD/MM/AAAA.' });
    // by last access, oldest first; accounts that never logged in come after them (before them backwards, as PostgreSQL sorts nulls)
    const porAcesso = await loginsOf('sort=ultimoAcesso.asc');
    expect(porAcesso.slice(0, 2)).toEqual([BLOQUEADO.login, 'admin']);
    expect((await loginsOf('sort=ultimoAcesso.desc')).slice(-2)).toEqual(['admin', BLOQUEADO.login]);
  });

  it('refuses unknown parameters', async () => {
    expect(await refused('senha=1')).toMatchObject({ field: 'senha', value: 'Filtro inválido: senha.' });
  });

  it('is refused to everyone without the command, and to no session', async () => {
    for (const u of demoUsers({ titularId: 0, dependenteId: 0, prestadorId: 0 })) {
      if (u.login === 'admin') continue;
      const call = as(t.app, await loginAs(t.app, u.login));
      for (const url of ['/api/usuarios', '/api/usuarios/resumo', '/api/usuarios?papel=admin']) {
        const res = await call({ method: 'GET', url });
        bodies.push(res.body);
        expect(res.statusCode, `${u.login} ${url}`).toBe(403);
        // the expired passwords are refused before the command: they must change it first
        if (!u.senhaExpirada) expect(alertsOf(res.body)[0]?.value, u.login).toBe(APP_MSG.acessoNegado);
        expect(JSON.parse(res.body).result).toBeUndefined();
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/usuarios' })).statusCode).toBe(401);
    // no neighbours: the account screen has no previous/next (the path reads as an account's number, and is refused)
    const viz = await admin({ method: 'GET', url: '/api/usuarios/vizinhos?id=1' });
    expect([viz.statusCode, alertsOf(viz.body)[0]?.value]).toEqual([400, 'Identificador inválido.']);
  });

  it('never answers a password hash, a token or its hash', async () => {
    const secrets = await query<{ s: string }>(t.database.db, sql`select senha_hash as s from usuarios union all select token_hash from sessoes`);
    expect(secrets.length).toBeGreaterThan(12);
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of [...bodies, (await lista('limit=500')).body]) {
      for (const { s } of secrets) expect(body).not.toContain(s);
      expect(body).not.toMatch(/hash|token|salt|grupo/i);
    }
  });
});
