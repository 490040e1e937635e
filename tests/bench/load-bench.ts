/**
 * Load on loopback: 50 concurrent clients for 60 s (LOAD_CLIENTS, LOAD_SECONDS) mixing login, list pages and writes
 * against the real server process on an embedded database. Bounded in count and time; stops by itself.
 * Prints requests served, errors, p50/p95/p99 latency and checks that every acknowledged write is stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditoriaDefaultQuery } from '../../src/shared/default-query';
import { startServer } from '../e2e/global-setup';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const MAX_REQUESTS = 2_000_000;
const USERS = ['operadora', 'admin', 'auditor'];

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
  const port = 4600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir);
  const lat: number[] = [];
  const byKind: Record<string, number> = {};
  let errors = 0;
  const errorSamples: string[] = [];
  const written = new Set<string>();
  const deadline = Date.now() + SECONDS * 1000;

  async function timed(kind: string, input: string, init?: RequestInit): Promise<Response | undefined> {
    const t0 = performance.now();
    try {
      const r = await fetch(input, init);
      lat.push(performance.now() - t0);
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      if (r.status >= 400) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${kind} ${r.status} ${(await r.clone().text()).slice(0, 200)}`);
      }
      return r;
    } catch (e) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${(e as Error).message}`);
      return undefined;
    }
  }

  async function client(c: number) {
    const login = USERS[c % USERS.length];
    let token = '';
    for (let i = 0; Date.now() < deadline && lat.length < MAX_REQUESTS; i++) {
      if (!token || i % 50 === 0) {
        const r = await timed('login', `${base}/api/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: login, password: 'Demo-2026' }) });
        token = r?.ok ? (await r.json()).result.token : '';
        continue;
      }
      const auth = { authorization: `Bearer ${token}` };
      const roll = i % 10;
      if (roll < 6) {
        // each user's own daily list: the auditor works the medical audit queue, the others the cities table
        const url =
          login === 'auditor'
            ? `${base}/api/autorizacoes/fila/medica?${auditoriaDefaultQuery(new URLSearchParams())}&limit=100&offset=${(i % 5) * 100}`
            : `${base}/api/recursos/cidades?uf.eq=${['MG', 'SP', 'RJ', 'BA'][i % 4]}&sort=${['nome.asc', 'nome.desc', 'uf.asc'][i % 3]}&limit=100&offset=${(i % 5) * 100}`;
        const r = await timed('lista', url, { headers: auth });
        await r?.arrayBuffer();
      } else if (roll < 8) {
        const r = await timed('me', `${base}/api/auth/me`, { headers: auth });
        await r?.arrayBuffer();
      } else if (login !== 'auditor') {
        const titulo = `carga-${c}-${i}`;
        const r = await timed('escrita', `${base}/api/recursos/questionarios`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ titulo, finalidade: 'RISCO', perguntas: 1 + (i % 9), obrigatorio: false, ativo: true }),
        });
        if (r?.status === 201) written.add(titulo);
        await r?.arrayBuffer();
      }
    }
  }

  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const elapsed = (performance.now() - t0) / 1000;

  // every acknowledged write is stored
  const tok = (await (await fetch(`${base}/api/auth/token/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: 'Demo-2026' }) })).json()).result.token;
  const stored = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const r = await fetch(`${base}/api/recursos/questionarios?titulo.startsWith=carga-&limit=500&offset=${offset}&sort=titulo.asc`, { headers: { authorization: `Bearer ${tok}` } });
    const rows = (await r.json()).result.rows as { titulo: string }[];
    rows.forEach((x) => stored.add(x.titulo));
    if (rows.length < 500) break;
  }
  const lost = [...written].filter((t) => !stored.has(t)).length;
  const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });

  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]?.toFixed(1);
  console.log(`carga: ${CLIENTS} clientes por ${elapsed.toFixed(0)} s — ${lat.length} requisições (${(lat.length / elapsed).toFixed(0)}/s), ${errors} erros`);
  console.log(`carga: por tipo ${JSON.stringify(byKind)}`);
  console.log(`carga: latência p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms`);
  console.log(`carga: ${written.size} escritas confirmadas, ${lost} perdidas`);
  for (const s of errorSamples) console.log(`carga: erro ${s}`);
  return { requests: lat.length, errors, lost, p99: Number(q(0.99)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => process.exit(r.errors || r.lost ? 1 : 0));
}
