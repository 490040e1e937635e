import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissionsForRole } from '../../src/server/auth/role-permissions';
import { sessionFromToken } from '../../src/server/auth/session';
import { query } from '../../src/server/db/sql';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { updateUsuario } from '../../src/server/usuarios/contas';
import { APP_MSG } from '../../src/shared/messages';
import type { SenhaTemporaria, UsuarioDetalhe, UsuarioOpcoes } from '../../src/shared/usuarios/contas';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Acesso › Usuários (issue 17, point 1): the administrator creates, edits, blocks, unblocks, resets the password of
 * and ends the sessions of an account. A new account and a reset get a temporary password that is expired at once
 * (the first login asks for a new one); blocking stops the user's tokens at once; nobody removes their own
 * administration and the last administrator stays; every change in the trail with before and after, never a hash.
 */

let t: TestApp;
let adminToken: string;
let admin: ReturnType<typeof as>;
let opcoes: UsuarioOpcoes;
const perfil = (nome: string) => opcoes.perfis.find((p) => p.nome === nome)!.id;
const grupo = (nome: string) => opcoes.grupos.find((g) => g.nome === nome)!.id;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await loginAs(t.app, 'admin');
  admin = as(t.app, adminToken);
  opcoes = (await admin({ method: 'GET', url: '/api/usuarios/opcoes' })).json().result;
}, 60_000);
afterAll(() => t?.close());

const login = (userId: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId, password } });
const detalhe = async (id: number) => (await admin({ method: 'GET', url: `/api/usuarios/${id}` })).json().result as UsuarioDetalhe;
const trailOf = (id: number) =>
  query<{ acao: string; usuario_login: string; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }>(
    t.database.db,
    sql`select acao, usuario_login, antes, depois from trilha_eventos where entidade = 'usuario' and registro_id = ${String(id)} order by id`,
  );
const novo = (login: string, extra: object = {}) => ({ login, nome: `Conta ${login}`, email: `${login}@operadora.example`, grupoId: grupo('Senha simples'), perfis: [], ...extra });

/** Changes a temporary (expired) password the way the spec's dialog does. */
async function trocaSenha(token: string, loginName: string, atual: string, nova: string) {
  const call = as(t.app, token);
  expect((await call({ method: 'PUT', url: '/api/usuarios/validar-senha', payload: { login: loginName, senha: atual } })).statusCode).toBe(200);
  const res = await call({ method: 'PUT', url: '/api/usuarios/alterar-senha', payload: { login: loginName, senha: nova } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('creating an account', () => {
  it('creates an auditor with the medical-audit profile: temporary password, expired at first login, then exactly the profile’s permissions', async () => {
    const res = await admin({ method: 'POST', url: '/api/usuarios', payload: novo('Alice.Auditora', { nome: 'Alice Auditora', auditor: true, perfis: [perfil('Auditoria médica')] }) });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result as SenhaTemporaria;
    expect(r.login).toBe('alice.auditora');
    expect(r.senhaTemporaria).toMatch(/^[A-Za-z0-9-]{12,}$/);
    expect(alertsOf(res.body)[0].value).toBe('Usuário alice.auditora criado. Entregue a senha temporária ao usuário: no primeiro acesso ele escolhe a nova senha.');

    const first = await login('alice.auditora', r.senhaTemporaria);
    expect(first.statusCode).toBe(200);
    expect(first.json().result.user).toMatchObject({ principal: 'alice.auditora', senhaExpirada: true, auditor: true, admin: false });
    const token = first.json().result.token as string;
    const blocked = await as(t.app, token)({ method: 'GET', url: '/api/recursos/bancos' });
    expect([blocked.statusCode, alertsOf(blocked.body)[0].value]).toEqual([403, APP_MSG.senhaExpirada]);
    await trocaSenha(token, 'alice.auditora', r.senhaTemporaria, 'auditora_2026');
    const me = (await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).json().result.user;
    expect(me.senhaExpirada).toBe(false);
    expect(me.permissions).toEqual(permissionsForRole('auditor'));

    const [ins] = await trailOf(r.id);
    expect(ins).toMatchObject({ acao: 'insert', usuario_login: 'admin', depois: { login: 'alice.auditora', papeis: ['auditor'], perfis: ['Auditoria médica'], grupo: 'Senha simples', ativo: true } });
    expect(JSON.stringify(ins)).not.toMatch(/scrypt|hash/i);
    expect(Object.keys(ins.depois!).filter((k) => /senha/i.test(k))).toEqual([]);
  });

  it('refuses a taken or malformed login, a self-service role without its link, unknown references, and non-administrators', async () => {
    const post = (payload: object) => admin({ method: 'POST', url: '/api/usuarios', payload });
    const cases: [object, string, string][] = [
      [novo('operadora'), 'login', 'Já existe um usuário com este login.'],
      [novo('a b'), 'login', 'Login inválido: use de 3 a 60 letras minúsculas, números, ponto, hífen ou sublinhado.'],
      [novo('bia.nova', { beneficiario: true }), 'beneficiarioId', 'Informe o beneficiário ligado a este usuário (papel Beneficiário ou Dependente).'],
      [novo('paulo.novo', { prestador: true }), 'prestadorId', 'Informe o prestador ligado a este usuário (papel Prestador).'],
      [novo('duplo', { prestador: true, dependente: true, prestadorId: 1, beneficiarioId: 1 }), 'beneficiarioId', 'Um usuário não pode ser ao mesmo tempo de autoatendimento de beneficiário e de prestador.'],
      [novo('sem.benef', { dependente: true, beneficiarioId: 2_000_000_000 }), 'beneficiarioId', 'Beneficiário inexistente.'],
      [novo('sem.perfil', { perfis: [2_000_000_000] }), 'perfis', 'Perfil inexistente.'],
      [novo('sem.grupo', { grupoId: 2_000_000_000 }), 'grupoId', 'Grupo de senha inexistente.'],
      [novo('sem.nome', { nome: ' ' }), 'nome', 'Informe o nome.'],
      [novo('mail.ruim', { email: 'x@' }), 'email', 'E-mail inválido.'],
    ];
    for (const [payload, field, value] of cases) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(alertsOf(res.body), JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, value }));
    }
    const op = as(t.app, await loginAs(t.app, 'operadora'));
    for (const [method, url] of [['POST', '/api/usuarios'], ['PUT', '/api/usuarios/1'], ['POST', '/api/usuarios/1/bloquear'], ['POST', '/api/usuarios/1/redefinir-senha'], ['GET', '/api/usuarios/1']] as const) {
      const res = await op({ method, url, payload: method === 'GET' ? undefined : novo('intruso') });
      expect([res.statusCode, alertsOf(res.body)[0]?.value], `${method} ${url}`).toEqual([403, APP_MSG.acessoNegado]);
    }
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from usuarios where login in ('bia.nova', 'paulo.novo', 'duplo', 'intruso')`);
    expect(n).toBe(0);
  });

  it('links a dependent account to its beneficiary', async () => {
    const [b] = await query<{ id: number; nome: string }>(t.database.db, sql`select id, nome from beneficiarios order by id limit 1`);
    const res = await admin({ method: 'POST', url: '/api/usuarios', payload: novo('davi.dep', { dependente: true, beneficiarioId: b.id, perfis: [perfil('Dependente')] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await detalhe(res.json().result.id)).toMatchObject({ dependente: true, beneficiarioId: b.id, beneficiarioNome: b.nome, prestadorId: null, ativo: true });
  });
});

describe('editing, blocking, passwords and sessions', () => {
  it('a change of profiles holds from the user’s next request; a stale version is refused', async () => {
    const token = await loginAs(t.app, 'ouvidoria');
    const call = as(t.app, token);
    expect((await call({ method: 'GET', url: '/api/recursos/bancos' })).statusCode).toBe(403);
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'ouvidoria'`);
    const d = await detalhe(id);
    const payload = { nome: d.nome, email: d.email, ouvidoria: true, grupoId: d.grupoId, perfis: [...d.perfis, perfil('Operadora')], version: d.version };
    const res = await admin({ method: 'PUT', url: `/api/usuarios/${id}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call({ method: 'GET', url: '/api/recursos/bancos' })).statusCode).toBe(200);
    const stale = await admin({ method: 'PUT', url: `/api/usuarios/${id}`, payload });
    expect([stale.statusCode, alertsOf(stale.body)[0].value]).toEqual([409, 'Este usuário foi alterado por outra pessoa. Recarregue e tente novamente.']);
    const last = (await trailOf(id)).at(-1)!;
    expect(last).toMatchObject({ acao: 'update', antes: { perfis: ['Ouvidoria'] }, depois: { perfis: ['Operadora', 'Ouvidoria'] } });
  });

  it('blocking stops the user’s tokens at once and ends their sessions; unblocking lets them in again', async () => {
    const token = await loginAs(t.app, 'prestador');
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'prestador'`);
    const res = await admin({ method: 'POST', url: `/api/usuarios/${id}/bloquear` });
    expect([res.statusCode, alertsOf(res.body)[0].value]).toEqual([200, 'Usuário prestador bloqueado; 1 sessão encerrada.']);
    const after = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect([after.statusCode, alertsOf(after.body)[0].value]).toEqual([401, APP_MSG.sessaoExpirada]);
    const [{ n }] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessoes where usuario_id = ${id} and revogada_em is null`);
    expect(n).toBe(0);
    expect((await login('prestador', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await detalhe(id)).ativo).toBe(false);

    const un = await admin({ method: 'POST', url: `/api/usuarios/${id}/desbloquear` });
    expect([un.statusCode, alertsOf(un.body)[0].value]).toEqual([200, 'Usuário prestador desbloqueado.']);
    expect((await login('prestador', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await trailOf(id)).map((e) => [e.antes, e.depois])).toEqual([
      [{ ativo: true, sessoesEncerradas: null }, { ativo: false, sessoesEncerradas: 1 }],
      [{ ativo: false }, { ativo: true }],
    ]);
  });

  it('a password reset gives a temporary password, refuses the old one and ends the user’s sessions', async () => {
    const t1 = await loginAs(t.app, 'dependente');
    const t2 = await loginAs(t.app, 'dependente');
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'dependente'`);
    const res = await admin({ method: 'POST', url: `/api/usuarios/${id}/redefinir-senha` });
    expect(res.statusCode, res.body).toBe(200);
    const { senhaTemporaria } = res.json().result as SenhaTemporaria;
    expect(res.json().result.encerradas).toBe(2);
    for (const tk of [t1, t2]) expect((await as(t.app, tk)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await login('dependente', DEMO_PASSWORD)).statusCode).toBe(401);
    const ok = await login('dependente', senhaTemporaria);
    expect(ok.json().result.user.senhaExpirada).toBe(true);
    const [ev] = (await trailOf(id)).slice(-1);
    expect(ev.depois).toEqual({ redefinicaoAcesso: true, sessoesEncerradas: 2 });
    expect(JSON.stringify(await query(t.database.db, sql`select antes, depois from trilha_eventos where entidade = 'usuario'`))).not.toContain(senhaTemporaria);
  });

  it('ends all of a user’s sessions', async () => {
    const tk = await loginAs(t.app, 'beneficiario');
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'beneficiario'`);
    const res = await admin({ method: 'POST', url: `/api/usuarios/${id}/encerrar-sessoes` });
    expect([res.statusCode, alertsOf(res.body)[0].value]).toEqual([200, '1 sessão encerrada de beneficiario.']);
    expect((await as(t.app, tk)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const again = await admin({ method: 'POST', url: `/api/usuarios/${id}/encerrar-sessoes` });
    expect(alertsOf(again.body)[0].value).toBe('beneficiario não tinha sessões abertas.');
  });
});

describe('administration', () => {
  it('nobody removes their own administration, blocks themselves or resets their own password', async () => {
    const [{ id }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'admin'`);
    const d = await detalhe(id);
    const res = await admin({ method: 'PUT', url: `/api/usuarios/${id}`, payload: { nome: d.nome, grupoId: d.grupoId, perfis: d.perfis, admin: false, operadora: true, version: d.version } });
    expect([res.statusCode, alertsOf(res.body)[0]]).toEqual([400, { type: 'error', value: 'Você não pode retirar a sua própria administração.', field: 'admin' }]);
    const self = await admin({ method: 'POST', url: `/api/usuarios/${id}/bloquear` });
    expect([self.statusCode, alertsOf(self.body)[0].value]).toEqual([400, 'Você não pode bloquear o seu próprio usuário.']);
    const reset = await admin({ method: 'POST', url: `/api/usuarios/${id}/redefinir-senha` });
    expect([reset.statusCode, alertsOf(reset.body)[0].value]).toEqual([400, 'Para trocar a sua própria senha, use Alterar senha no menu do usuário.']);
    // ending one's own sessions keeps the one that asked
    const fim = await admin({ method: 'POST', url: `/api/usuarios/${id}/encerrar-sessoes` });
    expect(fim.statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect(await detalhe(id)).toMatchObject({ admin: true, ativo: true, version: d.version });
  });

  it('one administrator removes another; the last one cannot be removed, even by a request that raced the first', async () => {
    const res = await admin({ method: 'POST', url: '/api/usuarios', payload: novo('adm2', { admin: true, perfis: [perfil('Administrador')] }) });
    const adm2 = res.json().result as SenhaTemporaria;
    const t2 = (await login('adm2', adm2.senhaTemporaria)).json().result.token as string;
    await trocaSenha(t2, 'adm2', adm2.senhaTemporaria, 'segundo_adm');
    // adm2's session as it was before being demoted: a request that passed the access check at the same time
    const raced = (await sessionFromToken(t.database.db, t2, { client: t.config.client, idleMinutes: 30 }))!;
    expect(raced.user.admin).toBe(true);

    const [{ id: adminId }] = await query<{ id: number }>(t.database.db, sql`select id from usuarios where login = 'admin'`);
    const d2 = await detalhe(adm2.id);
    const demote = await admin({ method: 'PUT', url: `/api/usuarios/${adm2.id}`, payload: { nome: d2.nome, grupoId: d2.grupoId, perfis: [], operadora: true, version: d2.version } });
    expect(demote.statusCode, demote.body).toBe(200);
    // adm2 is no administrator from its next request on
    expect((await as(t.app, t2)({ method: 'GET', url: '/api/perfis' })).statusCode).toBe(403);

    const dA = await detalhe(adminId);
    await expect(updateUsuario(t.database.db, { session: raced, ip: '127.0.0.1' }, adminId, { ...dA, email: dA.email, admin: false, operadora: true, version: dA.version })).rejects.toMatchObject({
      status: 400,
      alerts: [expect.objectContaining({ value: 'Este é o último administrador ativo: dê a administração a outro usuário antes de retirá-la ou bloqueá-lo.' })],
    });
    expect(await detalhe(adminId)).toMatchObject({ admin: true, ativo: true });
  });
});
