import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { FastifyInstance } from 'fastify';

/** The browser-facing headers, on API answers and on the web app shell. */
let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const config = readConfig({ DATA_DIR: 'memory://' });
  database = await openDatabase(config);
  await database.migrate();
  app = (await buildApp(makeContext(database.db, config), { webDir })).app;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('security headers', () => {
  it.each(['/api/auth/me', '/', '/qualquer/rota/da/spa'])('%s carries CSP without unsafe-inline scripts, frame-ancestors, nosniff and referrer policy', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the app shell for unknown web paths and never caches API answers', async () => {
    const page = await app.inject({ method: 'GET', url: '/cadastro/pessoa/beneficiarios' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(api.statusCode).toBe(401);
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
