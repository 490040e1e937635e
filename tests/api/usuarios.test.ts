import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { usuarios } from '../../src/server/db/schema';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const put = (token: string, url: string, payload: unknown) => as(t.app, token)({ method: 'PUT', url, payload: payload as object });

describe('password change (PUT usuarios/validar-senha + usuarios/alterar-senha)', () => {
  it('refuses alterar-senha without a prior validar-senha', async () => {
    const token = await loginAs(t.app, 'operadora');
    const res = await put(token, '/api/usuarios/alterar-senha', { login: 'operadora', senha: 'nova_senha1' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'senhaAtual', value: 'Informe a Senha Atual' });
  });

  it('refuses a wrong current password', async () => {
    const token = await loginAs(t.app, 'operadora');
    const res = await put(token, '/api/usuarios/validar-senha', { login: 'operadora', senha: 'errada' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'senhaAtual', value: 'A Senha Atual não confere.' });
  });

  it("refuses changing another user's password", async () => {
    const token = await loginAs(t.app, 'operadora');
    const res = await put(token, '/api/usuarios/validar-senha', { login: 'admin', senha: 'Demo-2026' });
    expect(res.statusCode).toBe(403);
  });

  it('applies the simple rule (5–26 of letters, digits, _ and -) and writes nothing on refusal', async () => {
    const token = await loginAs(t.app, 'expirado');
    const [before] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'expirado'));
    expect((await put(token, '/api/usuarios/validar-senha', { login: 'expirado', senha: 'Demo-2026' })).statusCode).toBe(200);
    for (const bad of ['abcd', 'tem espaço', 'a'.repeat(27), 'com!especial']) {
      const res = await put(token, '/api/usuarios/alterar-senha', { login: 'expirado', senha: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(alertsOf(res.body).map((a) => a.value)).toContain('Nova Senha inválida');
    }
    const [after] = await t.database.db.select().from(usuarios).where(eq(usuarios.login, 'expirado'));
    expect(after.senhaHash).toBe(before.senhaHash);
  });

  it('applies the strong rule with every message for the group that validates passwords', async () => {
    const token = await loginAs(t.app, 'forte');
    expect((await put(token, '/api/usuarios/validar-senha', { login: 'forte', senha: 'Demo-2026' })).statusCode).toBe(200);
    const res = await put(token, '/api/usuarios/alterar-senha', { login: 'forte', senha: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body).map((a) => a.value)).toEqual([
      'Deve ter no mínimo 6 carateres',
      'Deve ter ao menos uma letra maiúscula',
      'Deve ter ao menos um número',
      'Deve ter ao menos um caracter especial',
    ]);
    const res2 = await put(token, '/api/usuarios/alterar-senha', { login: 'forte', senha: 'ABCDEF1!' });
    expect(alertsOf(res2.body).map((a) => a.value)).toEqual(['Deve ter ao menos uma letra minúscula']);
  });

  it('blocks other calls while the password is expired, and lifts the block after the change', async () => {
    const token = await loginAs(t.app, 'forte');
    const blocked = await as(t.app, token)({ method: 'GET', url: '/api/dominios/ufs' });
    expect(blocked.statusCode).toBe(403);
    expect(alertsOf(blocked.body)[0].value).toBe('Sua senha expirou. Altere a senha para continuar.');
    expect((await put(token, '/api/usuarios/validar-senha', { login: 'forte', senha: 'Demo-2026' })).statusCode).toBe(200);
    const ok = await put(token, '/api/usuarios/alterar-senha', { login: 'forte', senha: 'Nova#Senha2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user.senhaExpirada).toBe(false);
    expect(alertsOf(ok.body)[0]).toMatchObject({ type: 'success', value: 'Senha alterada com sucesso.' });
    expect((await as(t.app, token)({ method: 'GET', url: '/api/dominios/ufs' })).statusCode).toBe(200);
    // the new password logs in, the old one no longer does
    await loginAs(t.app, 'forte', 'Nova#Senha2026');
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'forte', password: 'Demo-2026' } });
    expect(old.statusCode).toBe(401);
  });
});

describe('URA terminal', () => {
  it('enables the URA setting for a holder of protocolodocumento:ura and denies others', async () => {
    const ura = await loginAs(t.app, 'ura');
    const bad = await put(ura, '/api/usuarios/ura-terminal', { terminal: 'com espaço' });
    expect(bad.statusCode).toBe(400);
    const ok = await put(ura, '/api/usuarios/ura-terminal', { terminal: 'URA-07' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user.uraHabilitada).toBe(true);
    const benef = await loginAs(t.app, 'beneficiario');
    expect((await put(benef, '/api/usuarios/ura-terminal', { terminal: 'URA-07' })).statusCode).toBe(403);
  });
});

describe('audit trail', () => {
  it('records who changed what, without any secret, readable by admin only', async () => {
    const ura = await loginAs(t.app, 'ura');
    expect((await put(ura, '/api/usuarios/ura-terminal', { terminal: 'URA-42' })).statusCode).toBe(200);
    const admin = await loginAs(t.app, 'admin');
    const res = await as(t.app, admin)({ method: 'GET', url: '/api/trilha/eventos?entidade=usuario' });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().result;
    expect(total).toBeGreaterThanOrEqual(1);
    const ev = rows.find((r: { depois: { uraTerminal?: string } }) => r.depois?.uraTerminal === 'URA-42');
    expect(ev).toMatchObject({ usuarioLogin: 'ura', acao: 'update', entidade: 'usuario' });
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|senhaHash|Demo-2026/);
    expect((await as(t.app, ura)({ method: 'GET', url: '/api/trilha/eventos' })).statusCode).toBe(403);
    expect((await as(t.app, admin)({ method: 'GET', url: '/api/trilha/eventos?limit=0' })).statusCode).toBe(400);
  });

  it('filters the trail by entity, record, user, action and period (whole days), with pt-BR errors for a bad period', async () => {
    const op = await loginAs(t.app, 'operadora');
    const admin = await loginAs(t.app, 'admin');
    const get = async (q: string) => {
      const res = await as(t.app, admin)({ method: 'GET', url: `/api/trilha/eventos?${q}` });
      return { status: res.statusCode, body: res.body, rows: (res.statusCode === 200 ? res.json().result.rows : []) as { entidade: string; registroId: string; acao: string; usuarioLogin: string; antes: Record<string, unknown>; depois: Record<string, unknown> }[] };
    };
    const banco = (await as(t.app, op)({ method: 'GET', url: '/api/recursos/bancos?limit=1' })).json().result.rows[0] as { id: number; nome: string; version: number };
    const put = await as(t.app, op)({ method: 'PUT', url: `/api/recursos/bancos/${banco.id}`, payload: { ...banco, nome: `${banco.nome} (trilha)` } });
    expect(put.statusCode, put.body).toBe(200);
    const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const achados = await get(`entidade=banco&registroId=${banco.id}&usuario=operadora&acao=update&de=${hoje}&ate=${hoje}`);
    expect(achados.status, achados.body).toBe(200);
    expect(achados.rows).toHaveLength(1);
    expect(achados.rows[0]).toMatchObject({ entidade: 'banco', registroId: String(banco.id), acao: 'update', usuarioLogin: 'operadora', antes: { nome: banco.nome }, depois: { nome: `${banco.nome} (trilha)` } });
    expect((await get(`entidade=banco&registroId=${banco.id}&acao=delete`)).rows).toHaveLength(0);
    expect((await get(`entidade=banco&registroId=${banco.id}&usuario=admin`)).rows).toHaveLength(0);
    expect((await get(`entidade=banco&registroId=${banco.id}&ate=01/01/2020`)).rows).toHaveLength(0);
    const invalida = await get('de=31/02/2026');
    expect(invalida.status).toBe(400);
    expect(alertsOf(invalida.body)[0]).toMatchObject({ field: 'de', value: 'De: data inválida. Use DD/MM/AAAA.' });
    const invertida = await get('de=10/05/2026&ate=01/05/2026');
    expect(invertida.status).toBe(400);
    expect(alertsOf(invertida.body)[0].value).toBe('O período termina antes de começar.');
    expect((await as(t.app, op)({ method: 'GET', url: '/api/trilha/eventos' })).statusCode).toBe(403);
  });
});
