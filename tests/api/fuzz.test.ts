import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PAGING_KEYS } from '../../src/shared/lists/query';
import { resourceBySlug } from '../../src/shared/resources';
import { flushAccessLog } from '../../src/server/acessos/log';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Property-based bad input for every /api route in the route table: malformed bodies, queries and path values
 * never answer 500, always answer alerts in the spec's format, and refused writes leave the database unchanged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES: '100000' });
});
afterAll(() => t.close());

// `npm test` runs a sample (5 generated calls per route, with the whole database compared after each); the long stage
// (`npm run test:soak`, scripts/soak.sh) runs the full depth: FUZZ_RUNS=30 and every route of the second part
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
/**
 * The ~90 reference tables share one generic implementation: every route of a few of them (FUZZ_RESOURCES,
 * default 4, spread over the list) and every other route get the full depth (RUNS generated calls, the database
 * digest over every table); the routes of the other tables get FUZZ_LIGHT_RUNS generated calls and the fixed
 * malformed bodies, with the digest over the tables a write of theirs can touch (its own and the audit trail).
 * Every route is fuzzed; this part stays within a minute or two. The second part (each hostile class the issue-18
 * test found, sent to every route: about 37,000 requests) takes three to five minutes on a shared 2-core machine.
 */
const RESOURCE_SAMPLE = Number(process.env.FUZZ_RESOURCES ?? 4);
/**
 * The second part in `npm test`: one route in FUZZ_ROUTE_SAMPLE (default 3 on PGlite, 6 on PostgreSQL), a different
 * share each day, so three days cover the table. PGlite is PostgreSQL's own code, so the database answers both alike;
 * the long stage (`npm run test:soak`) sends every class to every route (FUZZ_ROUTE_SAMPLE=1; CONTRIBUTING, "Fuzz").
 */
const ROUTE_SAMPLE = Math.max(1, Number(process.env.FUZZ_ROUTE_SAMPLE ?? (process.env.PG_TEST_URL ? 6 : 3)));
const ROUTE_OFFSET = Math.floor(Date.now() / 86_400_000) % ROUTE_SAMPLE;
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
  // reads of records are logged in batches a moment later: the previous route's must land before the count, not during it
  await flushAccessLog(t.database.db);
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
  // any code unit: NUL, controls, noncharacters, lone surrogates
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc.constantFrom('', ' ', '\u0000', 'ação', '😀'.repeat(50), "'; drop table usuarios; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', 'a'.repeat(5000), '-1', '1e309', 'NaN', 'null', '[]', '{}'),
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('userId', 'password', 'login', 'senha', 'terminal', 'id', 'version', 'nome', 'filters', 'sort', 'limit', 'offset'), fc.oneof(weirdString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(weirdString))),
  weirdString,
);
/** Members of every JavaScript object's prototype: as field names they must be unknown, never inherited. */
const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];
/** A query string that keeps what URLSearchParams cannot write (a lone surrogate goes as its raw UTF-8-like bytes). */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v].map((c) => (/[\uD800-\uDFFF]/.test(c) ? `%ED%${(0xa0 + ((c.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (c.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(c))).join('');
  }
};
const queryString = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
/** Object keys a zod schema reads (the route table carries each route's body schema). */
function keysOf(schema: unknown, seen = new Set<unknown>()): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const out: string[] = [];
  if (def.type === 'object') out.push(...Object.keys(def.shape as object));
  for (const k of ['in', 'out', 'innerType', 'left', 'right', 'schema']) if (def[k]) out.push(...keysOf(def[k], seen));
  if (Array.isArray(def.options)) for (const o of def.options) out.push(...keysOf(o, seen));
  return [...new Set(out)];
}

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
      const keyArb = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...route.queryParams, ...PROTO_NAMES));
      const queryArb = fc.dictionary(keyArb, weirdString, { maxKeys: 4 }).map((q) => queryString(Object.entries(q)));
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

  /**
   * Each class of input the hostile test found answering 500, sent to every route of the route table: values in the
   * path, in every query parameter the route reads (and prototype-member names as parameters and sort fields), and in
   * every body field its schema declares (and prototype-member names as fields). Never 500; text the database or the
   * export formats cannot hold is refused (400) wherever it comes.
   */
  it('refuses every known class of hostile input on every route, without a 500', { timeout: 900_000 }, async () => {
    const INTS = ['2147483648', '9007199254740992', '-1'];
    const TEXTS = ['a\u0000b', 'a\u0001b', '\u001b[31m', 'x\u007f', 'x\u0085', 'x\uFFFE', 'x\uFFFF', 'x\uFDD0', 'x\uD800', '\uDC00y', '\u{10FFFF}'];
    const DATES = ['31/02/2026', '2026-02-30', '29/02/2025', '00/01/2026', '2026-13-01'];
    const LINKS = ['//evil.example', '/\\evil.example', 'javascript:alert(1)', ' JaVaScRiPt:alert(1)'];
    const QUERY_VALUES = [...TEXTS, ...INTS, ...DATES, ...LINKS, 'abc', '123', '1,5'];
    const BODY_VALUES: unknown[] = [...TEXTS, ...DATES, ...LINKS, 2 ** 31, 2 ** 53, -1, 1e308, '2147483648', '9007199254740992'];
    const GENERIC_QUERY = ['id', 'ids', 'version', 'termo', 'inicio', 'fim'];
    const fails: string[] = [];
    let sent = 0;
    let call = as(t.app, await loginAs(t.app, 'admin'));
    const send = async (method: string, url: string, payload?: string, mustRefuse = false) => {
      const res = await call({ method: method as 'GET', url, ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}) });
      sent++;
      const what = `${method} ${url.slice(0, 160)} ${payload?.slice(0, 160) ?? ''}`;
      if (res.statusCode >= 500) fails.push(`${res.statusCode} ${what}`);
      else if (mustRefuse && res.statusCode < 400) fails.push(`aceito (${res.statusCode}): ${what}`);
      else if (res.statusCode >= 400 && !(alertsOf(res.body).length > 0)) fails.push(`sem alerta: ${what}`);
    };
    const full = fullDepthResources(t.routes);
    // the reference tables outside the sample share one implementation: one value of each class, not all of them
    const oneOfEach = <T,>(xs: T[], light: boolean, each: number) => (light ? xs.filter((_, i) => i % each === 0) : xs);
    let routes = 0;
    for (const [r, route] of t.routes.entries()) {
      if ((r + ROUTE_OFFSET) % ROUTE_SAMPLE !== 0) continue;
      routes++;
      if (/^\/api\/(auth|usuarios)\//.test(route.url)) call = as(t.app, await loginAs(t.app, 'admin'));
      const seg = segOf(route.url);
      const light = !!seg && !full.has(seg);
      // a table outside the sample gets one prototype name, a different one from route to route
      const protoNames = light ? [PROTO_NAMES[r % PROTO_NAMES.length]] : PROTO_NAMES;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const path = (over?: [string, string]) => route.url.replace(/:(\w+)/g, (_, p: string) => (over && over[0] === p ? over[1] : '1'));
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      // the path
      for (const p of params) for (const v of oneOfEach([...INTS, ...PROTO_NAMES, '%00', '%01', '%EF%BF%BE', '%ED%A0%80', '31%2F02%2F2026', '2026-02-30'], light, 3)) await send(route.method, path([p, v.startsWith('%') ? v : encodeURIComponent(v)]), hasBody ? '{}' : undefined);
      // the query: every value class (on the route's parameters in turn), every parameter (with the classes in turn)
      const keys = light ? route.queryParams.filter((k) => !(PAGING_KEYS as readonly string[]).includes(k)) : [...new Set([...route.queryParams, ...GENERIC_QUERY])];
      const values = oneOfEach(QUERY_VALUES, light, 3);
      if (!keys.length) keys.push('id');
      const n = Math.max(keys.length, values.length);
      for (let i = 0; i < n; i++) {
        const v = values[i % values.length];
        await send(route.method, `${path()}?${queryString([[keys[i % keys.length], v]])}`, hasBody ? '{}' : undefined, TEXTS.includes(v));
      }
      for (const p of protoNames) {
        for (const q of [[p, '1'], [`${p}.eq`, '1'], [`${p}.contains`, 'a'], ['sort', p], ['sort', `${p}.desc`]] as [string, string][]) await send(route.method, `${path()}?${queryString([q])}`, hasBody ? '{}' : undefined);
      }
      // forged list positions: an id past int4, a day that does not exist, a NUL, behind sort keys of every kind
      if (!light && route.queryParams.includes('after')) {
        const cursor = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
        for (let n = 1; n <= 4; n++) for (const fill of ['a', '2026-02-30', 'a\u0000', 1, true]) for (const last of [2 ** 40, 2 ** 31, 1]) await send(route.method, `${path()}?after=${cursor([...Array(n - 1).fill(fill), last])}`);
      }
      if (route.url.endsWith('/opcoes')) for (const termo of ['abc', '123', '1,5', '12.345.678/0001-90', '%', '_', 'ação', '2026-02-30']) await send(route.method, `${path()}?${queryString([['termo', termo]])}`);
      if (hasBody) {
        const fields = keysOf(route.body);
        // every field at once with each class, then each field alone with the classes in turn
        for (const v of oneOfEach(BODY_VALUES, light, 3)) await send(route.method, path(), JSON.stringify(Object.fromEntries([...fields, 'id', 'version'].map((k) => [k, v]))), typeof v === 'string' && TEXTS.includes(v));
        for (let i = 0; i < fields.length; i++) {
          const v = BODY_VALUES[i % BODY_VALUES.length];
          await send(route.method, path(), JSON.stringify({ [fields[i]]: v }), typeof v === 'string' && TEXTS.includes(v));
        }
        // prototype members as field names (written as JSON text: an object literal would set the prototype)
        for (const p of protoNames) await send(route.method, path(), `{${JSON.stringify(p)}: {"x": 1}, "filters": {${JSON.stringify(p)}: "1"}, "sort": ${JSON.stringify(p)}}`);
        await send(route.method, path(), `{"nome": "a\\u0000b", "itens": [{"id": 2147483648, "version": 9007199254740992}]}`, true);
      }
    }
    console.log(`fuzz dirigido: ${sent} requisições com as classes de entrada hostil em ${routes} das ${t.routes.length} rotas (uma em ${ROUTE_SAMPLE}), ${fails.filter((f) => /^5\d\d /.test(f)).length} respostas 500`);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, fails.join('\n'));
    expect(fails.slice(0, 60), `${fails.length} falhas`).toEqual([]);
  });
});
