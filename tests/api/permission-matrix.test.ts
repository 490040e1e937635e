import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { isVisible, registry } from '../../commands';
import { permissionsForRole } from '../../src/server/auth/role-permissions';
import { demoUsers } from '../../src/server/db/seed/users';
import type { Access, RouteEntry } from '../../src/server/http/access';
import { WRITE_ACTIONS } from '../../src/server/resources/permissions';
import { ROLE_FLAGS, type RoleFlag } from '../../src/shared/api';
import { getClientSettings, type ClientSettings } from '../../src/shared/clients';
import { APP_MSG } from '../../src/shared/messages';
import { buildAbility, type AppAbility } from '../../src/shared/permissions';
import { resources } from '../../src/shared/resources';
import { buildApp } from '../../src/server/app';
import { makeContext } from '../../src/server/context';
import { MSG_SEGREGACAO } from '../../src/server/autorizacoes/decisao';
import { alertsOf, as, loginAs, sendFile, startTestApp, type TestApp } from './harness';

/**
 * Issue #8 (Trust): the permission matrix, generated from the server's route table (every /api route with its
 * declared `config.access`, including the nine generic routes of every resource) and from the demo users (every
 * role, plus the URA user and an expired password, plus no token at all).
 *
 * For each endpoint × principal the expected answer of the gate is computed from the route's declaration and the
 * role's permissions with the shared code (CASL ability from `permissionsForRole`, the command registry and
 * `isVisible`), then the endpoint is called and the answer checked: refused = exactly 403 (401 without a token)
 * with the gate's message; allowed = the request went past the gate (whatever the handler answered next: 200, or
 * 400/404/409 for the harmless input sent, or a record-level 403 of the handler itself).
 *
 * "Past the gate" is observed, not guessed: the test app gets one extra preValidation hook, run after the access
 * hook, that marks the reply; it runs only when the access hook let the request through.
 *
 * Writes never change data: POST/PUT send a JSON array (no write schema accepts it) and ids that do not exist;
 * DELETE aims at an id that does not exist; the token revocation uses a token of its own.
 *
 * Not repeated here: a route without `config.access` (or bound to an unknown command) makes the app fail to start —
 * tests/api/access.test.ts; the public routes are exactly the spec's public call (§7, POST /auth/token/issue) —
 * tests/api/auth.test.ts ("every /api route declares its access"). The anonymous column below adds that every
 * other route answers 401 without a token.
 */

const GATE = 'x-teste-passou-acesso';
const NONEXISTENT = 2_147_483_647;
/** Requests in flight per principal (PGlite answers one query at a time; this only overlaps the JavaScript). */
const CONCURRENCY = 8;

/** Marks a request that passed the access hook (onRequest): the next step is the input's validation, then the handler. */
const markGate = (app: FastifyInstance) => {
  app.addHook('preValidation', async (_req, reply) => {
    reply.header(GATE, '1');
  });
};

interface Principal {
  login: string | null;
  roles: RoleFlag[];
  expired: boolean;
  ability?: AppAbility;
  token?: string;
}

type Outcome = 'pass' | 401 | 403;

/** The expected answer of the gate, from the declaration and the shared permission/visibility code. */
function expectedGate(route: RouteEntry, p: Principal, settings: ClientSettings): Outcome {
  if (route.access === 'public') return 'pass';
  if (!p.login) return 401;
  if (p.expired && !route.allowExpired) return 403;
  if (route.access === 'session') return 'pass';
  return permits(route.access, p.ability!, settings) ? 'pass' : 403;
}

function permits(access: Exclude<Access, 'public' | 'session'>, ability: AppAbility, settings: ClientSettings): boolean {
  if ('can' in access) return ability.can(access.can[0], access.can[1]);
  const cmd = registry.match(access.command);
  if (!cmd || !isVisible(cmd, { ability, client: settings.id, flags: settings.flags })) return false;
  return !access.action || (cmd.can != null && ability.can(access.action, cmd.can[1]));
}

const rowsOf = <T,>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

async function firstId(t: TestApp, table: string): Promise<number> {
  const [row] = rowsOf<{ id: number | null }>(await t.database.db.execute(sql.raw(`select min(id)::int as id from "${table}"`)));
  return row?.id ?? 1;
}

/** Every table's row count and content hash, but the sessions' and failed logins' (logins are part of the run). */
async function digest(t: TestApp): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    // reads write these by design: logins and sessions, and the LGPD access log (every read of a person's record)
    if (table_name === 'sessoes' || table_name === 'falhas_login' || table_name === 'acessos_registros') continue;
    const [r] = rowsOf<{ n: number; h: string }>(await t.database.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table_name}" x`)));
    parts.push(`${table_name}:${r.n}:${r.h}`);
  }
  return parts.join('|');
}

interface Matrix {
  checks: number;
  passed: number;
  refused: number;
  handler403: string[];
  mismatches: string[];
  byPrincipal: Record<string, { pass: number; refused: number }>;
}

/** One app under test: its Fastify instance and client settings (same database, maybe another client). */
interface Target {
  app: FastifyInstance;
  settings: ClientSettings;
}

/** Real ids where a GET needs one (the gate comes first, but a real record makes the allowed answer a real 200). */
async function realIds(t: TestApp): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const def of resources) ids.set(`/api/recursos/${def.slug}/:id`, await firstId(t, def.table));
  const one = async (q: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await t.database.db.execute(q))[0].id;
  const titular = await one(sql`select beneficiario_id as id from usuarios where login = 'beneficiario'`);
  ids.set('/api/beneficiarios/:id', titular);
  ids.set('/api/beneficiarios/:id/familia', titular);
  ids.set('/api/prestadores/:id', await one(sql`select prestador_id as id from usuarios where login = 'prestador'`));
  ids.set('/api/autorizacoes/:id', await firstId(t, 'autorizacoes'));
  return ids;
}

/** Runs the matrix on one app: every given route for every principal. */
async function runMatrix(target: Target, routes: RouteEntry[], principals: Principal[], ids: Map<string, number>): Promise<Matrix> {
  const { app, settings } = target;
  const resourceBase = /^\/api\/recursos\/[^/]+$/;
  const urlOf = (r: RouteEntry) => {
    const path = r.url.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'uf') return 'MG';
      if (name === 'term') return 'Santa%20Luzia';
      return String(r.method === 'GET' ? (ids.get(r.url) ?? NONEXISTENT) : NONEXISTENT);
    });
    // a resource list: one row, no count; an export: a sort field that does not exist, so the answer (400) comes
    // right after the gate instead of a whole table (exports themselves: resources.test.ts, xss.test.ts)
    if (r.method === 'GET' && resourceBase.test(r.url)) return `${path}?limit=1&count=0`;
    if (r.method === 'GET' && /\/exportar\.(csv|xlsx)$/.test(r.url)) return `${path}?sort=naoexiste.asc`;
    return path;
  };

  const m: Matrix = { checks: 0, passed: 0, refused: 0, handler403: [], mismatches: [], byPrincipal: {} };
  for (const p of principals) {
    const who = p.login ?? '(sem token)';
    const tally = (m.byPrincipal[who] = { pass: 0, refused: 0 });
    // the revocation ends the session it is called with: it gets a token of its own
    const revokeToken = p.login ? await loginAs(app, p.login) : undefined;
    const one = async (r: RouteEntry) => {
      const token = r.method === 'POST' && r.url === '/api/auth/token/revoke' ? revokeToken : p.token;
      const hasBody = r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH';
      const url = urlOf(r);
      const res = await app.inject({
        method: r.method as 'GET',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: '[]' } : {}),
      });
      const expected = expectedGate(r, p, settings);
      const passed = res.headers[GATE] === '1';
      const tag = `${settings.id} ${who} ${r.method} ${url} (${JSON.stringify(r.access)})`;
      m.checks++;
      if (res.statusCode >= 500) m.mismatches.push(`${tag}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (expected === 'pass') {
        if (!passed || res.statusCode === 401) m.mismatches.push(`${tag}: esperado passar pelo acesso, veio ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode === 403) m.handler403.push(`${tag}: ${alertsOf(res.body)[0]?.value}`);
        m.passed++;
        tally.pass++;
      } else {
        const msg = alertsOf(res.body)[0]?.value;
        const wantMsg = expected === 401 ? APP_MSG.naoAutenticado : p.expired && !r.allowExpired ? APP_MSG.senhaExpirada : APP_MSG.acessoNegado;
        if (passed || res.statusCode !== expected || msg !== wantMsg) m.mismatches.push(`${tag}: esperado ${expected} (${wantMsg}), veio ${res.statusCode} ${passed ? '(passou pelo acesso) ' : ''}${res.body.slice(0, 200)}`);
        m.refused++;
        tally.refused++;
      }
    };
    // leaving every device ends the principal's token too: it runs after the rest
    const last = (r: RouteEntry) => r.method === 'POST' && r.url === '/api/auth/token/revoke-all';
    const first = routes.filter((r) => !last(r));
    for (let i = 0; i < first.length; i += CONCURRENCY) await Promise.all(first.slice(i, i + CONCURRENCY).map(one));
    for (const r of routes.filter(last)) await one(r);
  }
  return m;
}

/** Every demo user of the seed (each role, the URA user, the expired passwords) and no token at all. */
async function principalsOf(t: TestApp, app: FastifyInstance = t.app): Promise<Principal[]> {
  const out: Principal[] = [{ login: null, roles: [], expired: false }];
  for (const u of demoUsers({ titularId: 0, dependenteId: 0, prestadorId: 0 })) {
    // 'forte' is a second expired password (in the strong-password group): the gate refuses it exactly as 'expirado',
    // before any permission is looked at; one expired user is enough and keeps the run short
    if (u.login === 'forte') continue;
    const token = await loginAs(app, u.login);
    const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().result.user as { permissions: string[] };
    // a user in its role's own group holds exactly the role's permissions (role-permissions.ts): the expectation
    // comes from that mapping, not from what the server loaded; the URA user's group is its own, declared in the seed
    const ownGroup = u.roles.length === 1 && u.grupo === u.roles[0];
    if (ownGroup) expect(me.permissions, `${u.login}: permissões do grupo no banco`).toEqual(permissionsForRole(u.roles[0]));
    const perms = ownGroup ? permissionsForRole(u.roles[0]) : me.permissions;
    out.push({ login: u.login, roles: u.roles, expired: !!u.senhaExpirada, ability: buildAbility(perms), token });
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, markGate);
});
afterAll(() => t?.close());

describe('the route table', () => {
  it('holds the eleven generic routes of every resource (undo of an edit and restore of a delete among them), each declared with its action on the resource subject', () => {
    const bySlug = new Map<string, string[]>();
    for (const r of t.routes) {
      const seg = /^\/api\/recursos\/([^/]+)/.exec(r.url)?.[1];
      if (!seg) continue;
      const access = typeof r.access === 'object' && 'can' in r.access ? r.access.can.join(' ') : JSON.stringify(r.access);
      bySlug.set(seg, [...(bySlug.get(seg) ?? []), `${r.method} ${r.url.slice(`/api/recursos/${seg}`.length) || '/'} → ${access}`]);
    }
    expect([...bySlug.keys()].sort()).toEqual(resources.map((d) => d.slug).sort());
    for (const def of resources) {
      const s = def.name;
      expect(bySlug.get(def.slug)!.sort(), def.slug).toEqual(
        [
          `GET / → list ${s}`,
          `GET /exportar.csv → list ${s}`,
          `GET /exportar.xlsx → list ${s}`,
          `GET /opcoes → list ${s}`,
          `GET /:id → list ${s}`,
          `POST / → ${WRITE_ACTIONS.insert} ${s}`,
          `PUT /:id → ${WRITE_ACTIONS.update} ${s}`,
          `DELETE /:id → ${WRITE_ACTIONS.delete} ${s}`,
          `POST /excluir → ${WRITE_ACTIONS.delete} ${s}`,
          `POST /:id/desfazer → ${WRITE_ACTIONS.update} ${s}`,
          `POST /restaurar → ${WRITE_ACTIONS.delete} ${s}`,
        ].sort(),
      );
    }
  });

  it("binds each resource to a command that shows exactly when its list permission passes (no client or switch the generic routes' CASL check would skip)", () => {
    for (const def of resources) {
      const cmd = registry.match(def.command);
      expect(cmd?.path, def.name).toBe(def.command);
      expect(cmd!.can, def.name).toEqual(['list', def.name]);
      expect(cmd!.clients ?? null, def.name).toBeNull();
      expect(cmd!.flag ?? null, def.name).toBeNull();
    }
  });

  /**
   * 'session' lets any logged-in user through: the handler itself must apply the record rules. A new route with
   * 'session' must be added here on purpose (with a case in tests/api/record-level.test.ts when it returns records).
   */
  const SESSION_ROUTES: Record<string, string> = {
    'GET /api/auth/me': 'a própria sessão',
    'POST /api/auth/token/revoke': 'a própria sessão',
    'POST /api/auth/token/revoke-all': 'as próprias sessões (sair de todos os dispositivos)',
    'PUT /api/usuarios/validar-senha': 'a própria senha',
    'PUT /api/usuarios/alterar-senha': 'a própria senha',
    'GET /api/dominios/ufs': 'tabela de UFs dos formulários',
    'GET /api/cidades/uf/:uf': 'cidades dos formulários',
    'GET /api/findPrestador/:term': 'diálogo de seleção de prestador (spec §7); CPF inteiro só para quem vê o cadastro',
    'GET /api/avisos/inicio': 'avisos filtrados pelo perfil',
    'GET /api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral': 'só o próprio cadastro',
    'GET /api/busca/registros': 'regras de registro no handler (a própria família / o próprio prestador)',
    'GET /api/beneficiarios/:id': 'assertBeneficiario',
    'GET /api/beneficiarios/:id/familia': 'assertBeneficiario',
    'GET /api/beneficiarios/:id/resumo': 'equipe que vê todos os beneficiários (cadastro ou consulta); partes pelo escopo de cada entidade',
    'GET /api/prestadores/:id': 'assertPrestador',
    'GET /api/autorizacoes/:id': 'escopo do registro (prestador, família, operadora)',
    'GET /api/autorizacoes/beneficiarios': 'só quem vê um tipo de guia',
    'GET /api/autorizacoes/profissionais': 'só quem vê um tipo de guia',
    'POST /api/autorizacoes/:id/resposta': 'o prestador solicitante, ou a operadora em nome dele',
    'POST /api/execucoes': 'o comando do processo (visível à sessão) e a regra do tipo, conferidos no serviço e de novo ao iniciar',
    'POST /api/execucoes/previa': 'as mesmas conferências de enfileirar (comando visível, tipo do comando, regra do tipo), no serviço',
    'GET /api/execucoes': 'só as execuções da própria sessão (todas, com todos=1, só para o administrador)',
    'GET /api/execucoes/:id': 'a execução da própria sessão (ou o administrador); 404 para as outras',
    'POST /api/execucoes/:id/cancelar': 'a execução da própria sessão (ou o administrador); 404 para as outras',
    'POST /api/arquivos': 'qualquer sessão envia os seus arquivos; o arquivo é só do remetente até uma solicitação o levar',
    'GET /api/arquivos/:id': 'a regra do dono do arquivo, por contexto (execução: quem a lê e ainda abre o comando); 404 para os outros',
    'GET /api/visoes': 'só as visões salvas do próprio usuário, de listas que ele ainda abre',
    'POST /api/visoes': 'a visão é do próprio usuário; a lista precisa ser uma que a sessão abre',
    'PUT /api/visoes/:id': 'só a visão do próprio usuário; 404 para as outras',
    'DELETE /api/visoes/:id': 'só a visão do próprio usuário; 404 para as outras',
  };
  it("lets only the reviewed routes through with just a session ('session' = record rules in the handler)", () => {
    const session = t.routes.filter((r) => r.access === 'session').map((r) => `${r.method} ${r.url}`);
    expect(session.sort()).toEqual(Object.keys(SESSION_ROUTES).sort());
  });

  it('lets an expired password reach only the session and password calls', () => {
    const expired = t.routes.filter((r) => r.allowExpired).map((r) => `${r.method} ${r.url}`);
    expect(expired.sort()).toEqual(['GET /api/auth/me', 'POST /api/auth/token/revoke', 'POST /api/auth/token/revoke-all', 'PUT /api/usuarios/alterar-senha', 'PUT /api/usuarios/validar-senha']);
  });
});

describe('the permission matrix', () => {
  let principals: Principal[];
  let ids: Map<string, number>;
  beforeAll(async () => {
    principals = await principalsOf(t);
    ids = await realIds(t);
  });

  const report = (label: string, routes: RouteEntry[], m: Matrix, started: number) => {
    console.log(
      `matriz de permissões (${label}): ${routes.length} endpoints × ${principals.length} usuários = ${m.checks} verificações ` +
        `(${m.passed} passaram pelo acesso, ${m.refused} recusadas; ${m.handler403.length} 403 de regra de registro no handler) ` +
        `em ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
        Object.entries(m.byPrincipal).map(([k, v]) => `${k}: ${v.pass} passam / ${v.refused} recusadas`).join('; '),
    );
    expect(m.mismatches.slice(0, 40), `${m.mismatches.length} divergências`).toEqual([]);
    expect(m.checks).toBe(routes.length * principals.length);
  };

  it('answers every endpoint × demo user exactly as the declared access and the role permissions say', { timeout: 300_000 }, async () => {
    const started = Date.now();
    // every role of the product has a demo user
    expect(new Set(principals.flatMap((p) => p.roles))).toEqual(new Set(ROLE_FLAGS));
    const before = await digest(t);
    const m = await runMatrix({ app: t.app, settings: getClientSettings(t.config.client) }, t.routes, principals, ids);
    report(t.config.client, t.routes, m, started);
    // thousands of calls, writes included, and no data changed (sessions and login throttling aside)
    expect(await digest(t)).toBe(before);
    // the matrix is not one-sided: every role is refused somewhere and reaches something past the gate
    for (const [who, v] of Object.entries(m.byPrincipal)) {
      if (who !== 'admin') expect(v.refused, who).toBeGreaterThan(0);
      expect(v.pass, who).toBeGreaterThan(0);
    }
  });

  /**
   * Client restrictions and switches: the same database served as another client, whose switches hide some
   * command-bound endpoints (pjf: the beneficiary's authorization follow-up and the pre-authorizations). The
   * generic resource routes do not depend on the client (checked above), so only the others are run again.
   */
  it('answers by the client too: pjf turns switches off', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const config = { ...t.config, client: 'pjf' as const };
    const built = await buildApp(makeContext(t.database.db, config), { webDir: '/nonexistent' });
    markGate(built.app);
    await built.app.ready();
    try {
      const settings = getClientSettings('pjf');
      const routes = built.routes.filter((r) => !r.url.startsWith('/api/recursos/'));
      // the switch really changes something here, or this run would prove nothing
      const hidden = routes.filter((r) => typeof r.access === 'object' && 'command' in r.access && !isVisible(registry.match(r.access.command)!, { ability: buildAbility(['all:manage']), client: 'pjf', flags: settings.flags }));
      expect(hidden.length).toBeGreaterThan(0);
      // tokens belong to the installation that issued them: the pjf one logs everyone in again
      const m = await runMatrix({ app: built.app, settings }, routes, await principalsOf(t, built.app), ids);
      report('pjf', routes, m, started);
      expect(m.byPrincipal.admin.refused).toBe(hidden.length);
    } finally {
      await built.app.close();
    }
  });
});

/**
 * Issue 18: segregation of duties, by the same declarations as the matrix. Every demo user whose permissions take them
 * past the gate of both the request (SP/SADT) and the audit decision creates a real request that goes to audit and is
 * then refused each decision on it (the handler's rule, MSG_SEGREGACAO), leaving it undecided and without a senha.
 */
describe('segregation of duties over the same matrix', () => {
  it('refuses the decision on their own request to every demo user who may both request and decide', { timeout: 120_000 }, async () => {
    const settings = getClientSettings(t.config.client);
    const route = (url: string) => t.routes.find((r) => r.method === 'POST' && r.url === url)!;
    const pedir = route('/api/autorizacoes/tipo/sp-sadt');
    const decidir = route('/api/autorizacoes/:id/decisao');
    const todos = (await principalsOf(t)).filter((p) => p.login && !p.expired);
    const ambos = todos.filter((p) => expectedGate(pedir, p, settings) === 'pass' && expectedGate(decidir, p, settings) === 'pass');
    // not vacuous: the administrator holds both, and some users hold only one of them
    expect(ambos.map((p) => p.login)).toContain('admin');
    expect(ambos.length).toBeLessThan(todos.length);
    const one = async <T,>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q))[0];
    const benef = await one<{ id: number }>(sql`select id from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date) order by id limit 1`);
    const prest = await one<{ id: number }>(sql`select prestador_id as id from usuarios where login = 'prestador'`);
    const prof = await one<{ numero: string; uf: string }>(sql`select numero_conselho as numero, uf_conselho as uf from profissionais where conselho = 'CRM' and ativo order by id limit 1`);
    const recusas: string[] = [];
    for (const p of ambos) {
      const call = as(t.app, p.token!);
      const pdf = await sendFile(t.app, p.token!);
      const res = await call({
        method: 'POST',
        url: '/api/autorizacoes/tipo/sp-sadt',
        payload: {
          beneficiarioId: benef.id,
          prestadorSolicitanteId: prest.id,
          profissional: { conselho: '06', numero: prof.numero, uf: prof.uf },
          carater: '1',
          indicacaoClinica: 'Dor lombar há 3 meses, sem melhora com analgésicos.',
          // ten resonances never pass the simple rules: the request goes to audit
          itens: [{ tabela: '22', codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 10 }],
          anexos: [{ arquivoId: pdf, tipoDocumento: '03', tag: 'autorizacao_pedido_medico' }],
        },
      });
      expect(res.statusCode, `${p.login}: ${res.body}`).toBe(201);
      const d = res.json().result as { id: number; version: number; itensDetalhe: { id: number }[] };
      for (const body of [
        { acao: 'autorizar', version: d.version },
        { acao: 'negar', version: d.version, itens: [{ id: d.itensDetalhe[0].id, motivoNegativa: '1423' }] },
      ]) {
        const r = await call({ method: 'POST', url: `/api/autorizacoes/${d.id}/decisao`, payload: body });
        expect(r.statusCode, `${p.login} ${body.acao}`).toBe(403);
        expect(alertsOf(r.body)[0].value).toBe(MSG_SEGREGACAO);
      }
      const depois = await one<{ senha: string | null; status: number }>(sql`select senha, status from autorizacoes where id = ${d.id}`);
      expect(depois, p.login!).toEqual({ senha: null, status: 2 });
      recusas.push(p.login!);
    }
    console.log(`segregação de funções: ${recusas.length} usuários que podem pedir e decidir tiveram a decisão do próprio pedido recusada (${recusas.join(', ')})`);
  });
});
