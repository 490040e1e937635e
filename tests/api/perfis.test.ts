import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissionsForRole } from '../../src/server/auth/role-permissions';
import { query } from '../../src/server/db/sql';
import { DEFAULT_PROFILES } from '../../src/server/db/seed/users';
import { APP_MSG } from '../../src/shared/messages';
import type { Perfil, PermissaoNo } from '../../src/shared/usuarios/perfis';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Permission profiles (issue 17, point 2): the role scopes are the seeded default profiles; a user's permissions
 * are the union of their profiles', read from the database and cached by version, so an administrator's change of a
 * profile holds from the affected users' next request; only the catalogue's permissions can be given, never
 * manage-on-all; only administrators write; every write in the trail.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let auditorToken: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin'));
  auditorToken = await loginAs(t.app, 'auditor');
}, 60_000);
afterAll(() => t?.close());

const perfis = async () => (await admin({ method: 'GET', url: '/api/perfis' })).json().result as Perfil[];
const perfilNamed = async (nome: string) => (await perfis()).find((p) => p.nome === nome)!;
const flatten = (nodes: PermissaoNo[]): PermissaoNo[] => nodes.flatMap((n) => [n, ...flatten(n.filhos)]);
const mePerms = async (token: string) => (await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).json().result.user.permissions as string[];

describe('default profiles and the catalogue', () => {
  it('seeds one profile per role with exactly its scope, and the URA one; the demo users hold them', async () => {
    const list = await perfis();
    expect(list.map((p) => p.nome).sort()).toEqual(Object.values(DEFAULT_PROFILES).map((p) => p.nome).sort());
    for (const [role, def] of Object.entries(DEFAULT_PROFILES)) {
      const p = list.find((x) => x.nome === def.nome)!;
      expect(p.permissoes, def.nome).toEqual(role === 'ura' ? ['protocolodocumento:ura', 'util:list'] : permissionsForRole(role as never));
    }
    // operadora, expirado, forte, ura's own: the Operadora profile has three holders
    expect(list.find((p) => p.nome === 'Operadora')!.usuarios).toBe(3);
  });

  it('the catalogue is the command tree, holds every default permission but manage-on-all, and each permission once', async () => {
    const res = await admin({ method: 'GET', url: '/api/perfis/catalogo' });
    expect(res.statusCode).toBe(200);
    const nodes = flatten(res.json().result as PermissaoNo[]);
    const banco = nodes.find((n) => n.path === '/cadastro/base/bancos')!;
    expect(banco).toMatchObject({ title: 'Bancos', abre: 'banco:list', acoes: ['banco:insert', 'banco:update', 'banco:delete'] });
    const gerenciador = nodes.find((n) => n.abre === 'arquivo:list')!;
    expect(gerenciador.acoes).toEqual(expect.arrayContaining(['arquivo:insert', 'arquivo:update', 'arquivo:delete']));
    expect(nodes.find((n) => n.path === '/util/ura')!.abre).toBe('protocolodocumento:ura');
    // a report is ticked by its code
    expect(nodes.find((n) => n.abre === 'report:rep301')?.kind).toBe('report');
    expect(nodes.find((n) => n.path.endsWith('/clonar-usuario'))!.abre).toBeNull();
    const all = new Set(nodes.flatMap((n) => [n.abre, ...n.acoes]).filter(Boolean));
    expect(all.has('all:manage')).toBe(false);
    for (const p of Object.values(DEFAULT_PROFILES).flatMap((d) => d.permissions())) if (p !== 'all:manage') expect(all.has(p), p).toBe(true);
  });
});

describe('changing a profile', () => {
  it('holds from the affected user’s next request, with the same token, and is in the trail', async () => {
    const auditor = as(t.app, auditorToken);
    expect((await auditor({ method: 'GET', url: '/api/recursos/bancos' })).statusCode).toBe(403);
    const p = await perfilNamed('Auditoria médica');
    // the auditor already opens the Cadastro folder (Consulta de Beneficiários)
    expect(p.permissoes).toContain('cadastro:list');
    const mais = [...p.permissoes, 'banco:list', 'base:list'];
    const res = await admin({ method: 'PUT', url: `/api/perfis/${p.id}`, payload: { nome: p.nome, descricao: p.descricao, permissoes: mais, version: p.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe('Perfil Auditoria médica salvo; vale no próximo acesso de 1 usuário.');
    expect((await auditor({ method: 'GET', url: '/api/recursos/bancos' })).statusCode).toBe(200);
    expect(await mePerms(auditorToken)).toEqual(expect.arrayContaining(['banco:list', 'base:list']));

    const [trail] = await query<{ usuario_login: string; acao: string; antes: Record<string, unknown>; depois: Record<string, unknown> }>(
      t.database.db,
      sql`select usuario_login, acao, antes, depois from trilha_eventos where entidade = 'perfil' and registro_id = ${String(p.id)} order by id desc limit 1`,
    );
    expect(trail).toMatchObject({ usuario_login: 'admin', acao: 'update', antes: { permissoesIncluidas: [] }, depois: { permissoesIncluidas: ['banco:list', 'base:list'] } });

    // and back: the next request is refused again
    const back = await admin({ method: 'PUT', url: `/api/perfis/${p.id}`, payload: { nome: p.nome, permissoes: p.permissoes, version: p.version + 1 } });
    expect(back.statusCode, back.body).toBe(200);
    expect((await auditor({ method: 'GET', url: '/api/recursos/bancos' })).statusCode).toBe(403);
    expect(await mePerms(auditorToken)).toEqual(permissionsForRole('auditor'));
  });

  it('refuses a stale version, an unknown permission, manage-on-all and a taken name', async () => {
    const p = await perfilNamed('Ouvidoria');
    const put = (payload: object) => admin({ method: 'PUT', url: `/api/perfis/${p.id}`, payload: { nome: p.nome, permissoes: p.permissoes, version: p.version, ...payload } });
    const stale = await put({ version: p.version + 7 });
    expect([stale.statusCode, alertsOf(stale.body)[0].value]).toEqual([409, 'Este perfil foi alterado por outra pessoa. Recarregue e tente novamente.']);
    const unknown = await put({ permissoes: [...p.permissoes, 'beneficiario:voar'] });
    expect([unknown.statusCode, alertsOf(unknown.body)[0]]).toEqual([400, { type: 'error', value: 'Permissão inexistente: beneficiario:voar.', field: 'permissoes' }]);
    const manage = await put({ permissoes: ['all:manage'] });
    expect([manage.statusCode, alertsOf(manage.body)[0].value]).toEqual([400, 'Permissão inexistente: all:manage.']);
    const taken = await put({ nome: 'operadora' });
    expect([taken.statusCode, alertsOf(taken.body)[0].value]).toEqual([400, 'Já existe um perfil com este nome.']);
    expect((await perfilNamed('Ouvidoria')).version).toBe(p.version);
  });

  it('manage-on-all in a profile counts only for an administrator', async () => {
    const adm = await perfilNamed('Administrador');
    expect(adm.permissoes).toEqual(['all:manage']);
    await query(t.database.db, sql`insert into usuario_perfis (usuario_id, perfil_id) select id, ${adm.id} from usuarios where login = 'ouvidoria'`);
    await query(t.database.db, sql`update usuarios set permissoes_versao = permissoes_versao + 1 where login = 'ouvidoria'`);
    const token = await loginAs(t.app, 'ouvidoria');
    expect(await mePerms(token)).toEqual(permissionsForRole('ouvidoria'));
    expect((await as(t.app, token)({ method: 'GET', url: '/api/perfis' })).statusCode).toBe(403);
  });
});

describe('creating and deleting', () => {
  it('creates a profile, refuses deleting it while held, deletes it when free; all in the trail', async () => {
    const res = await admin({ method: 'POST', url: '/api/perfis', payload: { nome: 'Consulta de bancos', descricao: 'Só a tabela de bancos.', permissoes: ['banco:list', 'base:list', 'cadastro:list', 'banco:list'] } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().result as Perfil;
    expect(p).toMatchObject({ nome: 'Consulta de bancos', permissoes: ['banco:list', 'base:list', 'cadastro:list'], usuarios: 0 });
    await query(t.database.db, sql`insert into usuario_perfis (usuario_id, perfil_id) select id, ${p.id} from usuarios where login = 'dependente'`);
    const held = await admin({ method: 'DELETE', url: `/api/perfis/${p.id}` });
    expect([held.statusCode, alertsOf(held.body)[0].value]).toEqual([400, 'O perfil é de 1 usuário: retire-o deles antes de excluí-lo.']);
    await query(t.database.db, sql`delete from usuario_perfis where perfil_id = ${p.id}`);
    const del = await admin({ method: 'DELETE', url: `/api/perfis/${p.id}` });
    expect([del.statusCode, alertsOf(del.body)[0].value]).toEqual([200, 'Perfil Consulta de bancos excluído.']);
    const trail = await query<{ acao: string }>(t.database.db, sql`select acao from trilha_eventos where entidade = 'perfil' and registro_id = ${String(p.id)} order by id`);
    expect(trail.map((r) => r.acao)).toEqual(['insert', 'delete']);
    expect((await admin({ method: 'GET', url: `/api/perfis/${p.id}` })).statusCode).toBe(404);
  });

  it('is refused to everyone but the administrator', async () => {
    const op = as(t.app, await loginAs(t.app, 'operadora'));
    for (const [method, url] of [['GET', '/api/perfis'], ['GET', '/api/perfis/catalogo'], ['POST', '/api/perfis'], ['PUT', '/api/perfis/1'], ['DELETE', '/api/perfis/1']] as const) {
      const res = await op({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { nome: 'X', permissoes: [], version: 1 } });
      expect([res.statusCode, alertsOf(res.body)[0]?.value], `${method} ${url}`).toEqual([403, APP_MSG.acessoNegado]);
    }
  });
});
