import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessoes, usuarios } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DEMO = ['admin', 'operadora', 'prestador', 'prestadoradm', 'beneficiario', 'dependente', 'ouvidoria', 'auditor', 'expirado', 'forte', 'ura'];

describe('POST /api/auth/token/issue', () => {
  it.each(DEMO)('logs in %s and answers token, user and client', async (login) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: login, password: 'Demo-2026' } });
    expect(res.statusCode).toBe(200);
    const { token, user, client } = res.json().result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(user.principal).toBe(login);
    expect(client.id).toBe('copass');
    expect(Array.isArray(user.permissions)).toBe(true);
    expect(res.body).not.toContain('senha_hash');
    expect(res.body).not.toContain('scrypt');
  });

  it('stores only the hash of the token', async () => {
    const token = await loginAs(t.app, 'operadora');
    const rows = await t.database.db.select().from(sessoes).where(eq(sessoes.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await t.database.db.select().from(sessoes);
    expect(all.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('stores passwords as scrypt hashes', async () => {
    const [u] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'admin'));
    expect(u.senhaHash).toMatch(/^scrypt\$/);
    expect(u.senhaHash).not.toContain('Demo-2026');
  });

  it('refuses a wrong password with a pt-BR alert and 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'auditor', password: 'errada' } });
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res.body)[0]).toMatchObject({ type: 'error', value: 'Usuário ou senha inválidos.' });
  });

  it('refuses an unknown login the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'ninguem', password: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res.body)[0].value).toBe('Usuário ou senha inválidos.');
  });

  it('answers 400 with field alerts for bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: '', password: 5 } });
    expect(res.statusCode).toBe(400);
    const alerts = alertsOf(res.body);
    expect(alerts.find((a) => a.field === 'userId')?.value).toBe('Informe o usuário.');
    expect(alerts.find((a) => a.field === 'password')).toBeDefined();
    expect(res.body).not.toMatch(/at .*\.ts/); // no stack trace
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', headers: { 'content-type': 'application/json' }, payload: '{"userId":' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe('O corpo da requisição não é um JSON válido.');
  });
});

describe('GET /api/auth/me and POST /api/auth/token/revoke', () => {
  it('answers the user and client for a live token', async () => {
    const token = await loginAs(t.app, 'beneficiario');
    const res = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user).toMatchObject({ principal: 'beneficiario', beneficiario: true, admin: false });
  });

  it('answers 401 without a token, with a garbage token and after revoke', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await as(t.app, 'x'.repeat(43))({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const token = await loginAs(t.app, 'prestador');
    const call = as(t.app, token);
    expect((await call({ method: 'POST', url: '/api/auth/token/revoke' })).statusCode).toBe(200);
    const after = await call({ method: 'GET', url: '/api/auth/me' });
    expect(after.statusCode).toBe(401);
    expect(alertsOf(after.body)[0].value).toBe('Sua sessão expirou. Entre novamente.');
  });

  it('answers 401 for an expired token', async () => {
    const token = await loginAs(t.app, 'auditor');
    await t.database.db.update(sessoes).set({ expiraEm: new Date(Date.now() - 1000) }).where(eq(sessoes.tokenHash, hashToken(token)));
    expect((await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('gives each token its own user', async () => {
    const a = await loginAs(t.app, 'admin');
    const b = await loginAs(t.app, 'dependente');
    expect((await as(t.app, a)({ method: 'GET', url: '/api/auth/me' })).json().result.user.principal).toBe('admin');
    expect((await as(t.app, b)({ method: 'GET', url: '/api/auth/me' })).json().result.user.principal).toBe('dependente');
  });

  it('admin holds all:manage; roles hold their own permissions', async () => {
    const admin = (await as(t.app, await loginAs(t.app, 'admin'))({ method: 'GET', url: '/api/auth/me' })).json().result.user;
    expect(admin.permissions).toEqual(['all:manage']);
    const ura = (await as(t.app, await loginAs(t.app, 'ura'))({ method: 'GET', url: '/api/auth/me' })).json().result.user;
    expect(ura.permissions).toContain('protocolodocumento:ura');
    expect(ura.admin).toBe(false);
    expect(ura.uraHabilitada).toBe(false);
  });
});

describe('every /api route declares its access', () => {
  it('has a route table with no undeclared route', () => {
    expect(t.routes.length).toBeGreaterThan(5);
    for (const r of t.routes) expect(r.access).toBeDefined();
    const publicRoutes = t.routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toEqual(['POST /api/auth/token/issue']);
  });

  it('answers unknown API paths with a pt-BR 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(alertsOf(res.body)[0].value).toBe('Recurso não encontrado.');
  });
});
