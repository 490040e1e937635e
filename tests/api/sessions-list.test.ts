import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import type { ListPage, ListSummary } from '../../src/shared/lists/types';
import { APP_MSG } from '../../src/shared/messages';
import type { SessionRow } from '../../src/shared/sessions/list';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Fila de Sessões (src/shared/sessions/list.ts): the administrator's list of the portal's sessions, newest first,
 * with the status derived from expiry and logout, filtered by user (login or any part of the name), status and
 * period of start (São Paulo days); refused to anyone else; never answering a token's hash.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let operadora: ReturnType<typeof as>;
/** Sessions written before any login, so ids still follow creation time: two expired, one ended (revoked). */
const FIXTURE = {
  // 10/03/2024 12:00 and 23:30 in São Paulo (UTC−3): the second is already the 11th in UTC
  manha: { login: 'operadora', hash: 'a'.repeat(64), criada: '2024-03-10T15:00:00Z', expira: '2024-03-11T03:00:00Z', revogada: null },
  noite: { login: 'operadora', hash: 'b'.repeat(64), criada: '2024-03-11T02:30:00Z', expira: '2024-03-11T14:30:00Z', revogada: null },
  encerrada: { login: 'auditor', hash: 'c'.repeat(64), criada: '2024-03-11T12:00:00Z', expira: '2024-03-12T00:00:00Z', revogada: '2024-03-11T13:00:00Z' },
};
const ids: Record<keyof typeof FIXTURE, number> = { manha: 0, noite: 0, encerrada: 0 };
let revogadaAgora: number;
const bodies: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const [k, f] of Object.entries(FIXTURE) as [keyof typeof FIXTURE, (typeof FIXTURE)[keyof typeof FIXTURE]][]) {
    const [r] = await query<{ id: number }>(
      t.database.db,
      sql`insert into sessoes (usuario_id, token_hash, criada_em, expira_em, revogada_em)
        select id, ${f.hash}, ${f.criada}::timestamptz, ${f.expira}::timestamptz, ${f.revogada}::timestamptz from usuarios where login = ${f.login} returning id`,
    );
    ids[k] = r.id;
  }
  admin = as(t.app, await loginAs(t.app, 'admin'));
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  // a second session of the operator, ended by its logout
  const saiu = await loginAs(t.app, 'operadora');
  expect((await as(t.app, saiu)({ method: 'POST', url: '/api/auth/token/revoke' })).statusCode).toBe(200);
  [{ id: revogadaAgora }] = await query<{ id: number }>(t.database.db, sql`select max(id)::int as id from sessoes where revogada_em is not null`);
}, 60_000);
afterAll(() => t.close());

const lista = async (qs = '', call = admin) => {
  const res = await call({ method: 'GET', url: `/api/sessoes${qs ? `?${qs}` : ''}` });
  bodies.push(res.body);
  return { status: res.statusCode, body: res.body, page: (res.statusCode === 200 ? res.json().result : undefined) as ListPage<SessionRow> };
};
const idsOf = async (qs: string) => {
  const l = await lista(`${qs}${qs ? '&' : ''}limit=500`);
  expect(l.status, l.body).toBe(200);
  return l.page.rows.map((r) => r.id);
};

describe('Fila de Sessões', () => {
  it('lists every session newest first, with who, when and an exact total', async () => {
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessoes`);
    const l = await lista('limit=500');
    expect(l.status, l.body).toBe(200);
    expect(l.page).toMatchObject({ total: n, exact: true, hasMore: false });
    const rows = l.page.rows;
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
    const starts = rows.map((r) => Date.parse(r.criadaEm));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(rows.at(-1)).toMatchObject({ id: ids.manha, usuarioLogin: 'operadora', usuarioNome: 'Olívia Operadora', criadaEm: '2024-03-10T15:00:00.000Z', expiraEm: '2024-03-11T03:00:00.000Z', revogadaEm: null });
    // pages follow the same order
    const p1 = await lista('limit=2');
    const p2 = await lista(`limit=2&after=${p1.page.next}`);
    expect([...p1.page.rows, ...p2.page.rows].map((r) => r.id)).toEqual(rows.slice(0, 4).map((r) => r.id));
  });

  it('says whether each session is active, expired or ended, and filters by it', async () => {
    const rows = (await lista('limit=500')).page.rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.manha)!.status).toBe('expirada');
    expect(byId.get(ids.noite)!.status).toBe('expirada');
    expect(byId.get(ids.encerrada)).toMatchObject({ status: 'encerrada', revogadaEm: '2024-03-11T13:00:00.000Z' });
    expect(byId.get(revogadaAgora)).toMatchObject({ status: 'encerrada', usuarioLogin: 'operadora' });
    const ativas = rows.filter((r) => r.status === 'ativa');
    expect(ativas.map((r) => r.usuarioLogin).sort()).toEqual(['admin', 'operadora']);
    for (const r of ativas) expect(r.revogadaEm === null && Date.parse(r.expiraEm) > Date.now()).toBe(true);

    for (const status of ['ativa', 'expirada', 'encerrada'] as const) {
      expect(await idsOf(`status=${status}`), status).toEqual(rows.filter((r) => r.status === status).map((r) => r.id));
    }
    // the label reads too; a status that does not exist is refused
    expect(await idsOf('status=Encerrada')).toEqual([revogadaAgora, ids.encerrada]);
    const bad = await lista('status=perdida');
    expect(bad.status).toBe(400);
    expect(alertsOf(bad.body)[0]).toMatchObject({ field: 'status' });
    const resumo = await admin({ method: 'GET', url: '/api/sessoes/resumo?status=ativa' });
    expect((resumo.json().result as ListSummary).total).toBe(ativas.length);
  });

  it('filters by user: the login, or any part of the name with or without accents', async () => {
    const rows = (await lista('limit=500')).page.rows;
    const daOperadora = rows.filter((r) => r.usuarioLogin === 'operadora').map((r) => r.id);
    expect(daOperadora.length).toBe(4);
    expect(await idsOf('usuario=operadora')).toEqual(daOperadora);
    expect(await idsOf('usuario=OPERADORA')).toEqual(daOperadora);
    expect(await idsOf('usuario=olivia')).toEqual(daOperadora);
    expect(await idsOf('usuario=lívia%20oper')).toEqual(daOperadora);
    expect(await idsOf('usuario=aurora')).toEqual([ids.encerrada]);
    expect(await idsOf('usuario=ningu%C3%A9m')).toEqual([]);
    // LIKE's wildcards are plain text
    expect(await idsOf('usuario=%25')).toEqual([]);
    // with the status too
    expect(await idsOf('usuario=operadora&status=expirada')).toEqual([ids.noite, ids.manha]);
  });

  it('filters by the period of start in whole days of São Paulo, DD/MM/AAAA', async () => {
    expect(await idsOf('de=10/03/2024&ate=10/03/2024')).toEqual([ids.noite, ids.manha]);
    expect(await idsOf('de=11/03/2024&ate=11/03/2024')).toEqual([ids.encerrada]);
    expect(await idsOf('ate=09/03/2024')).toEqual([]);
    const desde = await idsOf('de=12/03/2024');
    expect(desde.length).toBeGreaterThanOrEqual(3);
    expect(desde).not.toContain(ids.encerrada);
    const invertido = await lista('de=11/03/2024&ate=10/03/2024');
    expect(invertido.status).toBe(400);
    expect(alertsOf(invertido.body)[0]).toMatchObject({ field: 'ate', value: 'O período termina antes de começar.' });
    // a day that does not exist is refused, named as the search view names the input
    const inexistente = await lista('de=31/02/2024');
    expect(inexistente.status).toBe(400);
    expect(alertsOf(inexistente.body)[0]).toMatchObject({ field: 'de', value: 'Início de: data inválida. Use DD/MM/AAAA.' });
  });

  it('is the administrator’s only: the operator is refused', async () => {
    for (const url of ['/api/sessoes', '/api/sessoes/resumo', '/api/sessoes?usuario=admin']) {
      const res = await operadora({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(alertsOf(res.body)[0]?.value).toBe(APP_MSG.acessoNegado);
      expect(JSON.parse(res.body).result).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sessoes' })).statusCode).toBe(401);
  });

  it('never answers a token or its hash', async () => {
    const hashes = await query<{ token_hash: string }>(t.database.db, sql`select token_hash from sessoes`);
    expect(hashes.length).toBeGreaterThan(3);
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of [...bodies, (await lista('limit=500')).body]) {
      for (const { token_hash } of hashes) expect(body).not.toContain(token_hash);
      expect(body).not.toMatch(/hash|token/i);
    }
  });

  it('sorts and pages by the instant a session started, to the microsecond', async () => {
    // three sessions in the same millisecond, inserted out of order: only the microseconds tell them apart
    const novas: number[] = [];
    for (const us of ['000300', '000100', '000200']) {
      const [r] = await query<{ id: number }>(
        t.database.db,
        sql`insert into sessoes (usuario_id, token_hash, criada_em, expira_em)
          select id, ${us.repeat(10).slice(0, 64)}, ${`2024-04-01T12:00:00.${us}Z`}::timestamptz, '2024-04-02T00:00:00Z'::timestamptz from usuarios where login = 'auditor' returning id`,
      );
      novas.push(r.id);
    }
    const emOrdem = [novas[1], novas[2], novas[0]];
    const base = 'de=01/04/2024&ate=01/04/2024&sort=criadaEm.asc&limit=1';
    const vistos: number[] = [];
    let page = (await lista(base)).page;
    vistos.push(...page.rows.map((r) => r.id));
    while (page.next) {
      page = (await lista(`${base}&after=${page.next}`)).page;
      vistos.push(...page.rows.map((r) => r.id));
    }
    expect(vistos).toEqual(emOrdem);
    // and back from the last one
    const voltando = (await lista(`${base}&before=${page.prev}`)).page;
    expect(voltando.rows.map((r) => r.id)).toEqual([emOrdem[1]]);
    expect(await idsOf('de=01/04/2024&ate=01/04/2024&sort=criadaEm.desc')).toEqual([...emOrdem].reverse());
    // a cursor whose instant is not one is refused
    const forjado = Buffer.from(JSON.stringify(['2024-04-01', novas[0]])).toString('base64url');
    expect((await lista(`${base}&after=${forjado}`)).status).toBe(400);
  });
});
