import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import { hashToken } from '../../src/server/auth/tokens';
import { makeContext } from '../../src/server/context';
import { sessoes, trilhaEventos, usuarios } from '../../src/server/db/schema';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/** What ends a session: revocation, the absolute lifetime, idleness, a password change, another installation. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (token: string) => as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
const put = (token: string, url: string, payload: object) => as(t.app, token)({ method: 'PUT', url, payload });
const lastTrail = async (registroId: number) =>
  (await t.database.db.select().from(trilhaEventos).where(sql`${trilhaEventos.entidade} = 'usuario' and ${trilhaEventos.registroId} = ${String(registroId)}`).orderBy(sql`${trilhaEventos.id} desc`).limit(1))[0];

describe('a password change ends the other sessions', () => {
  it('keeps the session that changed it and ends every other one of the user only', async () => {
    const outro = await loginAs(t.app, 'prestadoradm');
    const roubada = await loginAs(t.app, 'prestadoradm');
    const esta = await loginAs(t.app, 'prestadoradm');
    const alheia = await loginAs(t.app, 'prestador');
    expect((await put(esta, '/api/usuarios/validar-senha', { login: 'prestadoradm', senha: 'Demo-2026' })).statusCode).toBe(200);
    const ok = await put(esta, '/api/usuarios/alterar-senha', { login: 'prestadoradm', senha: 'Troca-2026' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(esta)).statusCode).toBe(200);
    for (const token of [outro, roubada]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(alertsOf(res.body)[0].value).toBe('Sua sessão expirou. Entre novamente.');
    }
    expect((await me(alheia)).statusCode).toBe(200);
    const [u] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'prestadoradm'));
    expect((await lastTrail(u.id)).depois).toMatchObject({ sessoesEncerradas: 2 });
  });
});

describe('idle timeout (SESSION_IDLE_MINUTES, 30 by default)', () => {
  const idleFor = (token: string, minutes: number) =>
    t.database.db.update(sessoes).set({ ultimoUsoEm: new Date(Date.now() - minutes * 60_000) }).where(eq(sessoes.tokenHash, hashToken(token)));

  it('ends a session unused for 30 minutes; a use before that keeps it alive and is written down', async () => {
    const parada = await loginAs(t.app, 'auditor');
    const ativa = await loginAs(t.app, 'auditor');
    await idleFor(parada, 31);
    await idleFor(ativa, 29);
    expect((await me(parada)).statusCode).toBe(401);
    expect((await me(ativa)).statusCode).toBe(200);
    const [s] = await t.database.db.select().from(sessoes).where(eq(sessoes.tokenHash, hashToken(ativa)));
    expect(Date.now() - s.ultimoUsoEm!.getTime()).toBeLessThan(60_000);
    // the administrator's Fila de Sessões says the same
    const [p] = await t.database.db.select().from(sessoes).where(eq(sessoes.tokenHash, hashToken(parada)));
    const admin = await loginAs(t.app, 'admin');
    const fila = async (status: string) => ((await as(t.app, admin)({ method: 'GET', url: `/api/sessoes?usuario=auditor&status=${status}` })).json().result.rows as { id: number }[]).map((r) => r.id);
    expect(await fila('expirada')).toContain(p.id);
    expect(await fila('ativa')).not.toContain(p.id);
    expect(await fila('ativa')).toContain(s.id);
  });

  it('follows the configured idle time', async () => {
    await t.configure({ SESSION_IDLE_MINUTES: '5' });
    try {
      const token = await loginAs(t.app, 'auditor');
      await idleFor(token, 6);
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      await t.configure({ SESSION_IDLE_MINUTES: '30' });
    }
  });
});

describe('"Sair de todos os dispositivos" (POST /api/auth/token/revoke-all)', () => {
  it("ends all the user's sessions, this one included, and no one else's", async () => {
    const a = await loginAs(t.app, 'ouvidoria');
    const b = await loginAs(t.app, 'ouvidoria');
    const alheia = await loginAs(t.app, 'dependente');
    const res = await as(t.app, a)({ method: 'POST', url: '/api/auth/token/revoke-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ revoked: true, encerradas: 2 });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(alheia)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(sessoes).where(sql`${sessoes.usuarioId} = (select id from usuarios where login = 'ouvidoria')`);
    expect(rows.every((r) => r.revogadaEm != null)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/revoke-all' })).statusCode).toBe(401);
  });
});

describe('tokens belong to the installation that issued them', () => {
  it('refuses, on an installation of another client sharing the database, a token issued by this one', async () => {
    const outra = await buildApp(makeContext(t.database.db, { ...t.config, client: 'rondo' }), { webDir: '/nonexistent' });
    await outra.app.ready();
    try {
      const token = await loginAs(t.app, 'admin');
      expect((await me(token)).statusCode).toBe(200);
      const res = await outra.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      // and the other way round
      const deLa = await loginAs(outra.app, 'admin');
      expect((await outra.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${deLa}` } })).json().result.client.id).toBe('rondo');
      expect((await me(deLa)).statusCode).toBe(401);
    } finally {
      await outra.app.close();
    }
  });
});

describe('password hashes', () => {
  it('rehashes an older-parameter hash at the next successful login, transparently, with the trail', async () => {
    const velho = await hashPassword('Demo-2026', 2 ** 12);
    await t.database.db.update(usuarios).set({ senhaHash: velho }).where(eq(usuarios.login, 'beneficiario'));
    await loginAs(t.app, 'beneficiario');
    const [u] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'beneficiario'));
    expect(u.senhaHash).toMatch(new RegExp(`^scrypt\\$${t.config.passwordHashN}\\$8\\$1\\$`));
    expect(await verifyPassword('Demo-2026', u.senhaHash)).toBe(true);
    expect((await lastTrail(u.id)).depois).toEqual({ custoScrypt: t.config.passwordHashN });
    // a failed login changes nothing
    await t.database.db.update(usuarios).set({ senhaHash: velho }).where(eq(usuarios.login, 'beneficiario'));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'beneficiario', password: 'errada' } })).statusCode).toBe(401);
    const [depois] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'beneficiario'));
    expect(depois.senhaHash).toBe(velho);
  });
});
