import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/sql';
import { alertsOf, as, startTestApp, type TestApp } from './harness';

/** Growing waits instead of a lock (CONTRIBUTING, "Tentativas de senha"): 5 free per account × address, 20 per address, 10 per account from unknown addresses. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const attempt = (userId: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId, password }, remoteAddress, headers });

async function tentativas(chave: string): Promise<number | undefined> {
  const [r] = rowsOf<{ tentativas: number }>(await t.database.db.execute(sql`select tentativas from falhas_login where chave = ${chave}`));
  return r?.tentativas;
}
/** As if the key's last attempt were this many seconds earlier (the waits are minutes: the test moves time, not sleeps). */
const age = (chave: string, seconds: number) => t.database.db.execute(sql`update falhas_login set em = em - ${seconds} * interval '1 second' where chave = ${chave}`);

describe('login throttling', () => {
  it('gives an account × address 5 guesses, then waits that double from 1 minute, with the wait in the message', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ouvidoria', `errada${i}`, '10.1.0.1')).statusCode).toBe(401);
    // the right password too: a wait is not an oracle
    const blocked = await attempt('ouvidoria', 'Demo-2026', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(alertsOf(blocked.body)[0]).toMatchObject({ type: 'error', value: 'Muitas tentativas. Tente novamente em 1 minuto.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // a refused attempt is not counted
    expect(await tentativas('par:ouvidoria|10.1.0.1')).toBe(5);

    await age('par:ouvidoria|10.1.0.1', 61);
    expect((await attempt('ouvidoria', 'errada6', '10.1.0.1')).statusCode).toBe(401);
    const again = await attempt('ouvidoria', 'Demo-2026', '10.1.0.1');
    expect(again.statusCode).toBe(429);
    expect(alertsOf(again.body)[0].value).toBe('Muitas tentativas. Tente novamente em 2 minutos.');
  });

  it('does not lock the owner out from another address: the right password there logs in and clears only that pair', async () => {
    const ok = await attempt('ouvidoria', 'Demo-2026', '10.1.0.2');
    expect(ok.statusCode).toBe(200);
    expect(await tentativas('par:ouvidoria|10.1.0.2')).toBeUndefined();
    expect(await tentativas('par:ouvidoria|10.1.0.1')).toBe(6);
    // the success took its own attempt back from the account's count (6 wrong from 10.1.0.1 remain)
    expect(await tentativas('conta:ouvidoria')).toBe(6);
  });

  it('throttles an account guessed from many addresses, but not its owner from an address already used', async () => {
    expect((await attempt('auditor', 'Demo-2026', '10.2.0.1')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('auditor', `errada${i}`, `10.2.1.${i}`)).statusCode);
    // ten from unknown addresses are evaluated, then the account waits for every unknown address
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const fresh = await attempt('auditor', 'Demo-2026', '10.2.2.1');
    expect(fresh.statusCode).toBe(429);
    expect(alertsOf(fresh.body)[0].value).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    // the owner's known address does not wait on the account's count
    expect((await attempt('auditor', 'Demo-2026', '10.2.0.1')).statusCode).toBe(200);
  });

  it('slows an address after 20 failures for new accounts only: users who logged in from it before go on', async () => {
    expect((await attempt('prestador', 'Demo-2026', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await attempt(`ninguem${i}`, 'x', '10.3.0.1')).statusCode).toBe(401);
    const next = await attempt('ninguem-mais', 'x', '10.3.0.1');
    expect(next.statusCode).toBe(429);
    expect((await attempt('dependente', 'Demo-2026', '10.3.0.1')).statusCode).toBe(429);
    // the office's known user behind the same address is not locked by the attacker there
    expect((await attempt('prestador', 'Demo-2026', '10.3.0.1')).statusCode).toBe(200);
  });

  it('evaluates no more guesses than allowed under a parallel burst', async () => {
    const res = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt('beneficiario', `burst${i}`, '10.4.0.1')));
    const counts = res.reduce<Record<number, number>>((m, r) => ((m[r.statusCode] = (m[r.statusCode] ?? 0) + 1), m), {});
    expect(counts).toEqual({ 401: 5, 429: 25 });
    expect(await tentativas('par:beneficiario|10.4.0.1')).toBe(5);
  });

  it('forgets a key quiet for the window (24 h)', async () => {
    for (let i = 0; i < 5; i++) await attempt('operadora', `errada${i}`, '10.5.0.1');
    expect((await attempt('operadora', 'x', '10.5.0.1')).statusCode).toBe(429);
    await age('par:operadora|10.5.0.1', 24 * 3600 + 1);
    expect((await attempt('operadora', 'x', '10.5.0.1')).statusCode).toBe(401);
    expect(await tentativas('par:operadora|10.5.0.1')).toBe(1);
  });

  it('does not trust X-Forwarded-For without TRUST_PROXY: a forged header does not buy new addresses', async () => {
    for (let i = 0; i < 5; i++) await attempt('prestadoradm', `errada${i}`, '10.6.0.1', { 'x-forwarded-for': `172.16.0.${i}` });
    const res = await attempt('prestadoradm', 'errada', '10.6.0.1', { 'x-forwarded-for': '172.16.9.9' });
    expect(res.statusCode).toBe(429);
  });
});

describe('validar-senha and alterar-senha', () => {
  const put = (token: string, url: string, payload: object) => as(t.app, token)({ method: 'PUT', url, payload, remoteAddress: '10.7.0.1' });

  it('gives a session 5 guesses at the current password, then waits, even for the right one', async () => {
    const login = await attempt('ura', 'Demo-2026', '10.7.0.1');
    const token = login.json().result.token as string;
    expect((await put(token, '/api/usuarios/validar-senha', { login: 'ura', senha: 'Demo-2026' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await put(token, '/api/usuarios/validar-senha', { login: 'ura', senha: `errada${i}` })).statusCode).toBe(400);
    const blocked = await put(token, '/api/usuarios/validar-senha', { login: 'ura', senha: 'Demo-2026' });
    expect(blocked.statusCode).toBe(429);
    expect(alertsOf(blocked.body)[0].value).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    // the change waits too, though validated before: it compares the new password with the current one
    const change = await put(token, '/api/usuarios/alterar-senha', { login: 'ura', senha: 'Outra-2026' });
    expect(change.statusCode).toBe(429);
    expect(alertsOf(change.body)[0].value).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    const [{ id }] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from usuarios where login = 'ura'`));
    await age(`senha:${id}`, 61);
    expect((await put(token, '/api/usuarios/validar-senha', { login: 'ura', senha: 'Demo-2026' })).statusCode).toBe(200);
    expect(await tentativas(`senha:${id}`)).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => p.close());
  const viaProxy = (userId: string, password: string, client: string) =>
    p.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId, password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });

  it('takes the client address from the trusted proxy: one client behind it does not slow the others', async () => {
    for (let i = 0; i < 5; i++) expect((await viaProxy('ouvidoria', `errada${i}`, '203.0.113.7')).statusCode).toBe(401);
    expect((await viaProxy('ouvidoria', 'Demo-2026', '203.0.113.7')).statusCode).toBe(429);
    expect((await viaProxy('ouvidoria', 'Demo-2026', '198.51.100.2')).statusCode).toBe(200);
    const [s] = rowsOf<{ ip: string }>(await p.database.db.execute(sql`select s.ip from sessoes s join usuarios u on u.id = s.usuario_id where u.login = 'ouvidoria'`));
    expect(s.ip).toBe('198.51.100.2');
  });
});
