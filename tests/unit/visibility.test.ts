import { describe, expect, it } from 'vitest';
import { isVisible, registry, type Command } from '../../commands';
import { ROLE_FLAGS, type RoleFlag } from '../../src/shared/api';
import { CLIENT_CODES, getClientSettings, type ClientCode } from '../../src/shared/clients';
import { buildAbility } from '../../src/shared/permissions';
import { ROLE_SCOPES, inScope, isExcluded, permissionsForRole } from '../../src/server/auth/role-permissions';

const ctxFor = (role: RoleFlag, client: ClientCode) => {
  const settings = getClientSettings(client);
  return { ability: buildAbility(permissionsForRole(role)), client, flags: settings.flags };
};
const visiblePaths = (role: RoleFlag, client: ClientCode) => {
  const ctx = ctxFor(role, client);
  return new Set(registry.all.filter((c) => isVisible(c, ctx)).map((c) => c.path));
};
const cmd = (path: string) => registry.all.find((c) => c.path === path && !c.query)!;
const isManageAll = (c: Command) => c.can?.[0] === 'manage' && c.can?.[1] === 'all';
/** The client and the switch of a command allow it (permission aside). */
const allowedFor = (c: Command, client: ClientCode) =>
  (!c.clients || c.clients.includes(client)) && (!c.flag || getClientSettings(client).flags[c.flag].enable);

describe('each role sees exactly its scope', () => {
  // The scope says by path what a role may open; the permissions are subjects. A subject shared by a command
  // outside the scope would leak it: this compares the two for every role, client and command.
  const expectedFor = (role: RoleFlag): Set<Command> => {
    const scope = ROLE_SCOPES[role];
    const out = new Set<Command>([registry.root]);
    for (const c of registry.all) {
      if (!c.can || isManageAll(c) || !inScope(scope, c.path)) continue;
      out.add(c);
      for (const a of registry.trailOf(c)) if (a.kind === 'folder' && !isExcluded(scope, a.path)) out.add(a);
    }
    return out;
  };

  for (const role of ROLE_FLAGS.filter((r) => r !== 'admin')) {
    it(role, () => {
      const expected = expectedFor(role);
      for (const client of CLIENT_CODES) {
        const ctx = ctxFor(role, client);
        const leaks: string[] = [];
        const lacks: string[] = [];
        for (const c of registry.all) {
          const shown = isVisible(c, ctx);
          const should = expected.has(c) && allowedFor(c, client);
          if (shown && !should) leaks.push(c.path);
          if (!shown && should) lacks.push(c.path);
        }
        expect({ client, leaks, lacks }).toEqual({ client, leaks: [], lacks: [] });
      }
    });
  }

  it('no role but admin holds manage on all, and admin holds only that', () => {
    for (const role of ROLE_FLAGS) {
      const perms = permissionsForRole(role);
      if (role === 'admin') expect(perms).toEqual(['all:manage']);
      else expect(perms, role).not.toContain('all:manage');
    }
  });
});

describe('role examples', () => {
  it('beneficiario: own record, virtual card, rep075, extratos, manifestation form and own manifestations; nothing of finance', () => {
    const v = visiblePaths('beneficiario', 'copass');
    for (const p of [
      '/cadastro/beneficiarios',
      '/cadastro/beneficiarios/atualizacao-cadastral',
      '/cadastro/beneficiarios/cartaovirtual',
      '/relatorio/rede-credenciada/cidadeespecialidade',
      '/relatorio/beneficiario/extratos/extrato-utilizacao',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/ouvidoria/registro-manifestacao',
      // the family's own manifestações (the policy's family scope on the server)
      '/ouvidoria/manifestacoes',
    ])
      expect(v.has(p), p).toBe(true);
    expect([...v].filter((p) => p.startsWith('/financeiro'))).toEqual([]);
    for (const p of ['/cadastro/beneficiarios/consulta', '/cadastro/pessoa/beneficiarios', '/relatorio/rede-credenciada/tabelas-atuais'])
      expect(v.has(p), p).toBe(false);
  });

  it('dependente: a subset of beneficiario', () => {
    const dep = visiblePaths('dependente', 'copass');
    const ben = visiblePaths('beneficiario', 'copass');
    expect([...dep].filter((p) => !ben.has(p))).toEqual([]);
    expect(dep.has('/cadastro/beneficiarios')).toBe(true);
    expect(dep.has('/relatorio/rede-credenciada/cidadeespecialidade')).toBe(true);
    expect(dep.has('/cadastro/beneficiarios/atualizacao-cadastral')).toBe(false);
    expect(dep.has('/relatorio/beneficiario/extratos/informe-pagamento')).toBe(false);
  });

  it('prestador and prestadorAdministrativo: own record, eligibility, requests, TISS, billing and rep316', () => {
    for (const role of ['prestador', 'prestadorAdministrativo'] as const) {
      const v = visiblePaths(role, 'copass');
      for (const p of [
        '/cadastro/prestadores',
        '/cadastro/consulta-elegibilidade',
        '/principal/atendimento-autorizacao',
        '/principal/autorizacao/sp-sadt',
        '/principal/tiss/segunda-via',
        '/principal/tiss/atendimento-autorizacao',
        '/principal/faturamento/faturamentos-prestadores',
        '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
      ])
        expect(v.has(p), `${role} ${p}`).toBe(true);
      for (const p of ['/cadastro/beneficiarios', '/relatorio/rede-credenciada/cidadeespecialidade', '/financeiro/pagamento/contas-pagar', '/principal/tiss/fechamento-glosa-manual'])
        expect(v.has(p), `${role} ${p}`).toBe(false);
    }
    expect(visiblePaths('prestadorAdministrativo', 'copass').has('/principal/faturamento/solicitacao-pagamento-prestador')).toBe(true);
    expect(visiblePaths('prestador', 'copass').has('/principal/faturamento/solicitacao-pagamento-prestador')).toBe(false);
  });

  it('operadora: the back office, not access administration, manage-on-all or self-service', () => {
    const v = visiblePaths('operadora', 'copass');
    for (const p of ['/financeiro/pagamento/contas-pagar', '/cadastro/pessoa/beneficiarios', '/cadastro/beneficiarios/consulta', '/dashboard/drg', '/relatorio/beneficiario/atuarial/piramide-etaria', '/relatorio/beneficiario/produto/faixa-etaria-produto', '/util/exportacao/sib'])
      expect(v.has(p), p).toBe(true);
    for (const p of [
      '/cadastro/acesso/clonar-usuario',
      '/cadastro/acesso/usuarios',
      '/cadastro/beneficiarios',
      '/cadastro/beneficiarios/cartaovirtual',
      '/cadastro/prestadores',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/financeiro/pagamento/pagar-faturamento-prestador',
      '/relatorio/gerencia/logins-permissao',
      '/util/analise/fila-sessao',
    ])
      expect(v.has(p), p).toBe(false);
  });

  it('ouvidoria: ombudsman screens and reports', () => {
    const v = visiblePaths('ouvidoria', 'copass');
    for (const p of ['/ouvidoria/manifestacoes', '/ouvidoria/registro-manifestacao', '/relatorio/ouvidoria/rea']) expect(v.has(p), p).toBe(true);
    expect([...v].filter((p) => p.startsWith('/financeiro') || p.startsWith('/principal'))).toEqual([]);
  });

  it('auditor: audit lists and authorizations', () => {
    const v = visiblePaths('auditor', 'copass');
    for (const p of ['/principal/autorizacao/auditoria/auditoria-medica', '/principal/autorizacao/auditoria/auditoria-odontologica', '/principal/autorizacao/autorizacoes'])
      expect(v.has(p), p).toBe(true);
    for (const p of ['/financeiro/pagamento/contas-pagar', '/principal/autorizacao/acompanhar-autorizacoes-beneficiario', '/cadastro/beneficiarios'])
      expect(v.has(p), p).toBe(false);
  });
});

describe('client restrictions and switches', () => {
  it('a client restriction hides its command', () => {
    expect(visiblePaths('operadora', 'copass').has('/dashboard')).toBe(true);
    expect(visiblePaths('operadora', 'rondo').has('/dashboard')).toBe(false);
    expect(visiblePaths('admin', 'rondo').has('/dashboard/drg')).toBe(false);
    expect(visiblePaths('admin', 'rondo').has('/financeiro/integracao-bancaria/extrato-bb')).toBe(true);
    expect(visiblePaths('admin', 'copass').has('/financeiro/integracao-bancaria/extrato-bb')).toBe(false);
  });

  it('a switch hides its command', () => {
    expect(getClientSettings('rondo').flags['financeiro.emprestimo'].enable).toBe(false);
    expect(visiblePaths('operadora', 'rondo').has('/financeiro/emprestimos')).toBe(false);
    expect(visiblePaths('operadora', 'copass').has('/financeiro/emprestimos')).toBe(true);
    expect(visiblePaths('beneficiario', 'rondo').has('/cadastro/beneficiarios/cartaovirtual')).toBe(false);
    expect(visiblePaths('beneficiario', 'pjf').has('/principal/autorizacao/acompanhar-autorizacoes-beneficiario')).toBe(false);
  });

  it('admin (all:manage) sees everything but what its client or switches rule out', () => {
    for (const client of CLIENT_CODES) {
      const ctx = ctxFor('admin', client);
      const hidden = registry.all.filter((c) => !isVisible(c, ctx));
      expect(hidden.filter((c) => allowedFor(c, client)).map((c) => c.path), client).toEqual([]);
      for (const c of hidden) expect(!!c.clients || !!c.flag, c.path).toBe(true);
    }
    expect(visiblePaths('admin', 'copass').has('/cadastro/acesso/clonar-usuario')).toBe(true);
    expect(cmd('/cadastro/acesso/clonar-usuario').can).toEqual(['manage', 'all']);
  });
});
