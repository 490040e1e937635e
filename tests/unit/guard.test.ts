import { describe, expect, it } from 'vitest';
import type { ClientInfo, SessionUser } from '../../src/shared/api';
import { getClientSettings } from '../../src/shared/clients';
import { buildAbility } from '../../src/shared/permissions';
import { decide, type GuardInput } from '../../src/web/router/decide';

const client: ClientInfo = { id: 'copass', nome: 'COPASS Saúde', flags: getClientSettings('copass').flags };
function user(over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1, principal: 'u', nome: 'U', grupoValidaSenha: false, senhaExpirada: false, uraHabilitada: true, permissions: [],
    operadora: false, prestador: false, prestadorAdministrativo: false, dependente: false, beneficiario: false, ouvidoria: false, auditor: false, admin: false,
    ...over,
  };
}
function input(path: string, over: Partial<GuardInput> = {}): GuardInput {
  const u = over.user === undefined ? user() : over.user;
  return { path, search: '', hasToken: true, user: u, client, ability: buildAbility(u?.permissions ?? []), validationFailed: false, ...over };
}

describe('route guard (spec §4, in order)', () => {
  it('1. lets public routes and the login route pass without a session', () => {
    for (const p of ['/auth', '/senha-atualizada', '/mensagem-sucesso']) expect(decide(input(p, { hasToken: false, user: null }))).toEqual({ type: 'allow' });
  });

  it('1/6. sends a protected route without a session to login with the full wanted path', () => {
    const d = decide(input('/cadastro/acesso/usuarios', { search: 'nome=ana&x=1', hasToken: false, user: null }));
    expect(d).toEqual({ type: 'redirect', to: '/auth?redirect=%2Fcadastro%2Facesso%2Fusuarios%3Fnome%3Dana%26x%3D1' });
    expect(decide(input('/notices', { hasToken: false, user: null }))).toMatchObject({ type: 'redirect', to: '/auth?redirect=%2Fnotices' });
  });

  it('2. waits for the server to validate a stored token', () => {
    expect(decide(input('/', { user: null }))).toEqual({ type: 'validate' });
  });

  it('6. goes to login with the wanted path when validation failed', () => {
    expect(decide(input('/notices', { validationFailed: true }))).toEqual({ type: 'redirect', to: '/auth?redirect=%2Fnotices' });
  });

  it('4. sends a logged-in user on the login route home, or to the redirect query', () => {
    expect(decide(input('/auth'))).toEqual({ type: 'redirect', to: '/' });
    expect(decide(input('/auth', { search: 'redirect=%2Fnotices' }))).toEqual({ type: 'redirect', to: '/notices' });
    expect(decide(input('/auth', { search: 'redirect=https%3A%2F%2Fevil.example' }))).toEqual({ type: 'redirect', to: '/' });
    expect(decide(input('/auth', { search: 'redirect=%2F%2Fevil.example' }))).toEqual({ type: 'redirect', to: '/' });
  });

  it('5. allows a route only with its permission; otherwise access denied', () => {
    expect(decide(input('/cadastro/acesso/usuarios'))).toEqual({ type: 'redirect', to: '/acesso-negado' });
    const ok = decide(input('/cadastro/acesso/usuarios', { user: user({ permissions: ['usuario:list'] }) }));
    expect(ok).toMatchObject({ type: 'allow', command: { path: '/cadastro/acesso/usuarios' } });
    expect(decide(input('/cadastro/acesso/usuarios', { user: user({ permissions: ['all:manage'], admin: true }) }))).toMatchObject({ type: 'allow' });
  });

  it('5. allows a route with no permission (home) and session pages', () => {
    expect(decide(input('/'))).toMatchObject({ type: 'allow', command: { path: '/' } });
    expect(decide(input('/notices'))).toEqual({ type: 'allow' });
    expect(decide(input('/acesso-negado'))).toEqual({ type: 'allow' });
  });

  it('answers not found for unknown paths', () => {
    expect(decide(input('/nao/existe'))).toEqual({ type: 'notfound' });
  });

  it('URA: a holder of ura on protocolodocumento, not admin, URA off, goes to the ura route unless there', () => {
    const ura = user({ permissions: ['protocolodocumento:ura', 'util:list'], uraHabilitada: false });
    expect(decide(input('/', { user: ura }))).toEqual({ type: 'redirect', to: '/util/ura' });
    expect(decide(input('/notices', { user: ura }))).toEqual({ type: 'redirect', to: '/util/ura' });
    expect(decide(input('/', { user: { ...ura, uraHabilitada: true } }))).toMatchObject({ type: 'allow' });
    expect(decide(input('/', { user: user({ permissions: ['all:manage'], admin: true, uraHabilitada: false }) }))).toMatchObject({ type: 'allow' });
  });
});
