import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { resourceBySlug } from '../../src/shared/resources';
import { as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Property-based bad input for every /api route in the route table: malformed bodies, queries and path values
 * never answer 500, always answer alerts in the spec's format, and refused writes leave the database unchanged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '100000' });
});
afterAll(() => t.close());

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/**
 * The ~90 reference tables share one generic implementation: every route of a few of them (FUZZ_RESOURCES,
 * default 4, spread over the list) and every other route get the full depth (RUNS generated calls, the database
 * digest over every table); the routes of the other tables get FUZZ_LIGHT_RUNS generated calls and the fixed
 * malformed bodies, with the digest over the tables a write of theirs can touch (its own and the audit trail).
 * Every route is fuzzed; the suite stays within a minute or two.
 */
const RESOURCE_SAMPLE = Number(process.env.FUZZ_RESOURCES ?? 4);
const LIGHT_RUNS = Number(process.env.FUZZ_LIGHT_RUNS ?? 4);
const segOf = (u: string) => /^\/api\/recursos\/([^/]+)/.exec(u)?.[1];
function fullDepthResources(routes: { url: string }[]): Set<string> {
  const segs = [...new Set(routes.map((r) => segOf(r.url)).filter(Boolean))].sort() as string[];
  const step = Math.max(1, Math.floor(segs.length / Math.max(1, RESOURCE_SAMPLE)));
  return new Set(segs.filter((_, i) => i % step === 0).slice(0, RESOURCE_SAMPLE));
}
/** Tables that a refused call may legitimately touch (failed logins are recorded for throttling). */
const VOLATILE = new Set(['falhas_login', 'sessoes']);

/** Row count and md5 of every table (or of `only`), to prove a refused write changed nothing. */
async function digest(only?: string[]): Promise<string> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
    if (VOLATILE.has(table_name) || (only && !only.includes(table_name))) continue;
    const r = await t.database.db.execute<{ n: number; h: string }>(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table_name}" x`));
    const row = rowsOf<{ n: number; h: string }>(r)[0];
    parts.push(`${table_name}:${row.n}:${row.h}`);
  }
  if (only) expect(parts.length, `tabelas ${only.join(', ')}`).toBe(only.length);
  return parts.join('|');
}
const rowsOf = <T,>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '\u0000', 'ação', '😀'.repeat(50), "'; drop table usuarios; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', 'a'.repeat(5000), '-1', '1e309', 'NaN', 'null', '[]', '{}'),
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('userId', 'password', 'login', 'senha', 'terminal', 'id', 'version', 'nome', 'filters', 'sort', 'limit', 'offset'), fc.oneof(weirdString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(weirdString))),
  weirdString,
);
/** Deeply nested JSON built as text (JSON.stringify itself would overflow). */
const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

describe('every endpoint survives malformed input', () => {
  it('has routes to test', () => expect(t.routes.length).toBeGreaterThan(5));

  it('never answers 500 and always answers alerts; refused writes change nothing', { timeout: 600_000 }, async () => {
    let tried = 0;
    let light = 0;
    const routes = t.routes;
    const full = fullDepthResources(routes);
    let call = as(t.app, await loginAs(t.app, 'admin'));
    for (const route of routes) {
      // a fresh session after the session and password routes (a logout revokes the token); one login per route was most of the time
      if (/^\/api\/(auth|usuarios)\//.test(route.url)) call = as(t.app, await loginAs(t.app, 'admin'));
      const seg = segOf(route.url);
      const def = seg && !full.has(seg) ? resourceBySlug.get(seg) : undefined;
      if (def) light++;
      const scope = def ? [def.table, 'trilha_eventos'] : undefined;
      const isWrite = !['GET', 'HEAD'].includes(route.method);
      const before = isWrite ? await digest(scope) : '';
      let anySuccess = false;
      const send = async (url: string, payload: string | undefined, contentType?: string) => {
        const res = await call({ method: route.method as 'GET', url, ...(payload !== undefined ? { payload, headers: { 'content-type': contentType ?? 'application/json' } } : {}) });
        tried++;
        expect(res.statusCode, `${route.method} ${url.slice(0, 200)} ${payload?.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const alerts = JSON.parse(res.body).messages?.alerts;
          expect(Array.isArray(alerts) && alerts.length > 0, `${route.method} ${url.slice(0, 200)}: ${res.body.slice(0, 300)}`).toBe(true);
          for (const a of alerts) expect(typeof a.value === 'string' && a.value.length > 0).toBe(true);
        } else anySuccess = true;
      };
      const pathArb = fc.array(weirdString, { minLength: 3, maxLength: 3 }).map((vals) => {
        let i = 0;
        return route.url.replace(/:(\w+)|\*/g, () => encodeURIComponent(vals[i++ % vals.length]));
      });
      const queryArb = fc.dictionary(fc.string({ maxLength: 12 }), weirdString, { maxKeys: 4 }).map((q) => new URLSearchParams(q).toString());
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      await fc.assert(
        fc.asyncProperty(pathArb, queryArb, jsonish, async (path, query, body) => {
          await send(`${path}${query ? `?${query}` : ''}`, hasBody ? JSON.stringify(body) : undefined);
        }),
        { numRuns: def ? LIGHT_RUNS : RUNS },
      );
      if (hasBody) {
        const path = route.url.replace(/:(\w+)/g, '1');
        await send(path, '{"a":', 'application/json'); // truncated JSON
        await send(path, deep(5000)); // deep JSON
        await send(path, 'userId=admin', 'application/x-www-form-urlencoded'); // wrong content type
        await send(path, JSON.stringify({ big: 'x'.repeat(1_100_000) })); // over the body limit
        await send(path, '"\u0000"');
      }
      if (isWrite && !anySuccess) expect(await digest(scope), `${route.method} ${route.url} changed the database`).toBe(before);
    }
    console.log(`fuzz: ${tried} requisições malformadas em todas as ${routes.length} rotas (${routes.length - light} com ${RUNS} chamadas geradas e o banco inteiro conferido; ${light} das tabelas de referência fora da amostra com ${LIGHT_RUNS} e a própria tabela conferida)`);
  });
});
