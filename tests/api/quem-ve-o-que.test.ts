import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isVisible, registry } from '../../commands';
import { query } from '../../src/server/db/sql';
import type { VisaoDoBeneficiario, VisaoDoComando, VisaoDoUsuario, VisaoUsuarioResumo } from '../../src/shared/acessos/visao';
import { getClientSettings } from '../../src/shared/clients';
import { APP_MSG } from '../../src/shared/messages';
import { buildAbility } from '../../src/shared/permissions';
import type { UsuarioDetalhe } from '../../src/shared/usuarios/contas';
import type { Perfil } from '../../src/shared/usuarios/perfis';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Who can see what (issue 17, point 5): for a user, the commands they can open; for a command, the users who can open
 * it; for a beneficiary, who read the record and when (from the access log). Each also as CSV; the administrator's only.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let ids: Map<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin'));
  ids = new Map((await query<{ id: number; login: string }>(t.ctx.db, sql`select id, login from usuarios`)).map((r) => [r.login, Number(r.id)]));
}, 60_000);
afterAll(() => t?.close());

const get = async <T>(url: string) => {
  const res = await admin({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as T;
};
const doUsuario = (login: string) => get<VisaoDoUsuario>(`/api/acessos/visao/usuario/${ids.get(login)}`);
const doComando = (path: string) => get<VisaoDoComando>(`/api/acessos/visao/comando?comando=${encodeURIComponent(registry.match(path)!.id)}`);

/** What the user's own session opens: their permissions as /api/auth/me reports them, through the same predicate the palette uses. */
async function sessionOpens(login: string): Promise<string[]> {
  const me = await as(t.app, await loginAs(t.app, login))({ method: 'GET', url: '/api/auth/me' });
  const ability = buildAbility(me.json().result.user.permissions as string[]);
  const settings = getClientSettings(t.config.client);
  return registry.all.filter((c) => c !== registry.root && isVisible(c, { ability, client: settings.id, flags: settings.flags })).map((c) => c.id);
}

describe('for a user, the commands they can open', () => {
  it('the auditor: the audit commands, none of the administration; exactly what their own session opens', async () => {
    const r = await doUsuario('auditor');
    expect(r.usuario).toMatchObject({ login: 'auditor', nome: 'Aurora Auditora', ativo: true, papeis: ['auditor'] });
    const paths = r.comandos.map((c) => c.path);
    expect(paths).toContain('/principal/autorizacao/auditoria');
    expect(paths).not.toContain('/cadastro/acesso/usuarios');
    expect(paths).not.toContain('/cadastro/acesso/quem-ve-o-que');
    expect(r.comandos.find((c) => c.path === '/principal/autorizacao/auditoria')).toMatchObject({ title: 'Auditoria', onde: 'Autorização e Faturamento › Autorização', tipo: 'pasta' });
    expect(r.comandos.map((c) => c.id)).toEqual(await sessionOpens('auditor'));
  });

  it('a beneficiary and the administrator likewise; the administrator opens every command of this client', async () => {
    expect((await doUsuario('beneficiario')).comandos.map((c) => c.id)).toEqual(await sessionOpens('beneficiario'));
    const adm = (await doUsuario('admin')).comandos.map((c) => c.id);
    expect(adm).toEqual(await sessionOpens('admin'));
    const cliente = t.config.client;
    const deOutroCliente = registry.all.filter((c) => c.clients && !c.clients.includes(cliente as never));
    for (const c of deOutroCliente) expect(adm).not.toContain(c.id);
    expect(adm.length).toBeGreaterThan((await doUsuario('operadora')).comandos.length);
  });

  it('a profile given to a user shows at once, and their own session agrees', async () => {
    const id = ids.get('ouvidoria')!;
    expect((await doUsuario('ouvidoria')).comandos.map((c) => c.path)).not.toContain('/cadastro/base/bancos');
    const d = await get<UsuarioDetalhe>(`/api/usuarios/${id}`);
    const operadora = (await get<Perfil[]>('/api/perfis')).find((p) => p.nome === 'Operadora')!.id;
    const res = await admin({ method: 'PUT', url: `/api/usuarios/${id}`, payload: { nome: d.nome, email: d.email, ouvidoria: true, grupoId: d.grupoId, perfis: [...d.perfis, operadora], version: d.version } });
    expect(res.statusCode, res.body).toBe(200);
    const depois = await doUsuario('ouvidoria');
    expect(depois.comandos.map((c) => c.path)).toContain('/cadastro/base/bancos');
    expect(depois.comandos.map((c) => c.id)).toEqual(await sessionOpens('ouvidoria'));
  });

  it('exports the list as CSV', async () => {
    const res = await admin({ method: 'GET', url: `/api/acessos/visao/usuario/${ids.get('auditor')}/exportar.csv` });
    expect(res.statusCode).toBe(200);
    const linhas = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).toBe('Comando;Onde;Tipo;Caminho');
    expect(linhas).toContain('Auditoria;Autorização e Faturamento › Autorização;Pasta;/principal/autorizacao/auditoria');
    expect(linhas.length - 1).toBe((await doUsuario('auditor')).comandos.length);
  });

  it('an unknown user is 404', async () => {
    const res = await admin({ method: 'GET', url: '/api/acessos/visao/usuario/999999' });
    expect([res.statusCode, alertsOf(res.body)[0]?.value]).toEqual([404, 'Usuário não encontrado.']);
  });
});

describe('for a command, the users who can open it', () => {
  it('Usuários: the administrator only; Auditoria: the auditor among others, never a beneficiary', async () => {
    expect((await doComando('/cadastro/acesso/usuarios')).usuarios.map((u) => u.login)).toEqual(['admin']);
    const r = await doComando('/principal/autorizacao/auditoria');
    expect(r.comando).toMatchObject({ path: '/principal/autorizacao/auditoria', title: 'Auditoria' });
    const logins = r.usuarios.map((u) => u.login);
    expect(logins).toContain('auditor');
    expect(logins).not.toContain('beneficiario');
    expect(logins).toEqual([...logins].sort());
  });

  it('agrees with the per-user answer for every user', async () => {
    const path = '/cadastro/pessoa/beneficiarios';
    const quem = new Set((await doComando(path)).usuarios.map((u) => u.login));
    for (const u of await get<VisaoUsuarioResumo[]>('/api/acessos/visao/usuarios')) {
      expect((await doUsuario(u.login)).comandos.some((c) => c.path === path), u.login).toBe(quem.has(u.login));
    }
  });

  it('exports as CSV; an unknown command is 404 beside the field, none is 400', async () => {
    const res = await admin({ method: 'GET', url: `/api/acessos/visao/comando/exportar.csv?comando=${registry.match('/cadastro/acesso/usuarios')!.id}` });
    expect(res.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['Login;Nome;Papéis;Situação', 'admin;Administrador do Sistema;Administrador;Ativo']);
    const nenhum = await admin({ method: 'GET', url: '/api/acessos/visao/comando?comando=cadastro.nao-existe' });
    expect([nenhum.statusCode, alertsOf(nenhum.body)[0]]).toEqual([404, { type: 'error', value: 'Comando não encontrado.', field: 'comando' }]);
    const vazio = await admin({ method: 'GET', url: '/api/acessos/visao/comando' });
    expect(vazio.statusCode).toBe(400);
    expect(alertsOf(vazio.body)[0]?.field).toBe('comando');
  });
});

describe('for a beneficiary, who read the record', () => {
  it('each reader with how many reads, the first and the last, newest first; as CSV too', async () => {
    const [{ id }] = await query<{ id: number }>(t.ctx.db, sql`select beneficiario_id as id from usuarios where login = 'dependente'`);
    const antes = await get<VisaoDoBeneficiario>(`/api/acessos/visao/beneficiario/${id}`);
    expect(antes.leitores).toEqual([]);
    const operadora = as(t.app, await loginAs(t.app, 'operadora'));
    for (let i = 0; i < 2; i++) expect((await operadora({ method: 'GET', url: `/api/beneficiarios/${id}` })).statusCode).toBe(200);
    const dependente = as(t.app, await loginAs(t.app, 'dependente'));
    expect((await dependente({ method: 'GET', url: `/api/beneficiarios/${id}` })).statusCode).toBe(200);
    const r = await get<VisaoDoBeneficiario>(`/api/acessos/visao/beneficiario/${id}`);
    expect(r.beneficiario.id).toBe(Number(id));
    expect(r.leitores.map((l) => [l.login, l.vezes])).toEqual([
      ['dependente', 1],
      ['operadora', 2],
    ]);
    const op = r.leitores[1];
    expect(Date.parse(op.primeiro)).toBeLessThanOrEqual(Date.parse(op.ultimo));
    const csv = await admin({ method: 'GET', url: `/api/acessos/visao/beneficiario/${id}/exportar.csv` });
    const linhas = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).toBe('Login;Nome do usuário;Leituras;Primeira;Última');
    expect(linhas[2]).toMatch(/^operadora;Olívia Operadora;2;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const nenhum = await admin({ method: 'GET', url: '/api/acessos/visao/beneficiario/999999' });
    expect([nenhum.statusCode, alertsOf(nenhum.body)[0]?.value]).toEqual([404, 'Beneficiário não encontrado.']);
  });
});

describe('access', () => {
  it('only the administrator; no session is 401', async () => {
    const operadora = as(t.app, await loginAs(t.app, 'operadora'));
    for (const url of ['/api/acessos/visao/usuarios', `/api/acessos/visao/usuario/${ids.get('auditor')}`, '/api/acessos/visao/comando?comando=cadastro', '/api/acessos/visao/beneficiario/1']) {
      const res = await operadora({ method: 'GET', url });
      expect([res.statusCode, alertsOf(res.body)[0]?.value], url).toEqual([403, APP_MSG.acessoNegado]);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const res = await admin({ method: 'GET', url: '/api/acessos/visao/usuarios' });
    expect(res.body).not.toMatch(/"\w*(senha|hash|token)\w*"\s*:/i);
  });
});
