import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { makeContext } from '../../src/server/context';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { FastifyInstance } from 'fastify';
import { HSTS } from '../../src/server/http/security';
import { seedIfEmpty } from '../../src/server/db/seed';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { APP_MSG } from '../../src/shared/messages';

/** The browser-facing headers, on API answers and on the web app shell. */
let app: FastifyInstance;
let database: Database;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'index-3f9a1c.js'), 'export {};');
  const config = readConfig({ DATA_DIR: 'memory://' });
  database = await openDatabase(config);
  await database.migrate();
  await seedIfEmpty(database.db, 'test');
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

describe('caching, unknown API paths, HSTS and bodies that are not taken', () => {
  it('index.html is revalidated on every load; hashed bundles are cached for a year, immutable', async () => {
    for (const url of ['/', '/index.html', '/cadastro/base/bancos']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['GET', 'POST', 'DELETE'] as const)('an unknown /api path answers 404 in pt-BR (%s), with or without a session', async (method) => {
    const res = await app.inject({ method, url: '/api/nao-existe/1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages.alerts[0].value).toBe(APP_MSG.rotaNaoEncontrada);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a known route still denies by default: 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/recursos/bancos' });
    expect(res.statusCode).toBe(401);
  });

  it('no HSTS over plain HTTP; HSTS when a TLS proxy or TLS files are configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    expect(readConfig({ TLS_PROXY: '1' }).https).toBe(true);
    expect(() => readConfig({ TLS_CERT_FILE: '/tmp/so-o-certificado.pem' })).toThrow('TLS_CERT_FILE e TLS_KEY_FILE são exigidos juntos');
    const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const tlsApp = (await buildApp(makeContext(database.db, readConfig({ DATA_DIR: 'memory://', TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem') })), { webDir })).app;
    try {
      await tlsApp.listen({ port: 0, host: '127.0.0.1' });
      const port = (tlsApp.server.address() as AddressInfo).port;
      const res = await new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
        https.get({ host: '127.0.0.1', port, path: '/api/auth/me', rejectUnauthorized: false }, (r) => {
          r.resume();
          resolve({ status: r.statusCode!, hsts: r.headers['strict-transport-security'] });
        }).on('error', reject);
      });
      expect(res).toEqual({ status: 401, hsts: HSTS });
    } finally {
      await tlsApp.close();
    }
  });

  it('refuses a body the route does not take from its headers, before reading it', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    // headers announce 50 MB that are never sent: only an answer from the headers arrives
    const ask = (path: string, type: string, token?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': type, 'content-length': String(50 * 1024 * 1024), ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (r) => {
          let body = '';
          r.on('data', (d: Buffer) => (body += d.toString()));
          r.on('end', () => {
            // the announced body is never sent: the socket is closed here, not left waiting for it
            req.destroy();
            resolve({ status: r.statusCode!, body });
          });
        });
        req.on('error', reject);
        req.setTimeout(5000, () => reject(new Error(`sem resposta: ${path} ${type}`)));
        req.flushHeaders();
      });
    const noSession = await ask('/api/recursos/bancos', 'application/json');
    expect(noSession.status).toBe(401);
    expect(JSON.parse(noSession.body).messages.alerts[0].value).toBe(APP_MSG.naoAutenticado);
    expect((await ask('/api/arquivos', 'application/octet-stream')).status).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'admin', password: DEMO_PASSWORD } });
    const token = login.json().result?.token as string | undefined;
    if (token) {
      for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/octet-stream', 'application/xml']) {
        const res = await ask('/api/recursos/bancos', type, token);
        expect(res.status, type).toBe(415);
        expect(JSON.parse(res.body).messages.alerts[0].value).toBe(APP_MSG.tipoConteudo);
      }
    }
  });
});
