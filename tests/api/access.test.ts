import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/** Endpoints bound to a command answer exactly as the command's visibility (permission + client + switch). */
const routes = (app: FastifyInstance) => {
  app.get('/api/teste/dashboard', { config: { access: { command: '/dashboard' } } }, async () => ({ result: 'ok' }));
  app.get('/api/teste/emprestimos', { config: { access: { command: '/financeiro/emprestimos' } } }, async () => ({ result: 'ok' }));
  app.post('/api/teste/bancos', { config: { access: { command: '/cadastro/base/bancos', action: 'insert' } } }, async () => ({ result: 'ok' }));
};

describe.each([
  ['copass', 200, 200],
  ['rondo', 403, 403],
])('client %s', (client, dashboard, emprestimos) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CLIENT: client }, routes);
  });
  afterAll(() => t.close());

  it('a client restriction and a switch hide the endpoint even from admin', async () => {
    const admin = as(t.app, await loginAs(t.app, 'admin'));
    expect((await admin({ method: 'GET', url: '/api/teste/dashboard' })).statusCode).toBe(dashboard);
    expect((await admin({ method: 'GET', url: '/api/teste/emprestimos' })).statusCode).toBe(emprestimos);
  });

  it('a role without the permission is refused; another action on the subject is checked', async () => {
    const benef = as(t.app, await loginAs(t.app, 'beneficiario'));
    expect((await benef({ method: 'GET', url: '/api/teste/dashboard' })).statusCode).toBe(403);
    expect((await benef({ method: 'POST', url: '/api/teste/bancos', payload: {} })).statusCode).toBe(403);
    const admin = as(t.app, await loginAs(t.app, 'admin'));
    expect((await admin({ method: 'POST', url: '/api/teste/bancos', payload: {} })).statusCode).toBe(200);
  });
});

it('a route bound to an unknown command fails at start-up', async () => {
  // @ts-expect-error a path outside the registry fails the type check too
  await expect(startTestApp({}, (app) => app.get('/api/teste/x', { config: { access: { command: '/nao/existe' } } }, async () => ({})))).rejects.toThrow(
    'rota ligada a comando inexistente',
  );
});

it('a route without declared access fails at start-up', async () => {
  await expect(startTestApp({}, (app) => app.get('/api/teste/y', async () => ({})))).rejects.toThrow('rota sem permissão declarada');
});
