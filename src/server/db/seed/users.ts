import type { RoleFlag } from '../../../shared/api';
import { permissionsForRole } from '../../auth/role-permissions';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { grupos, perfilPermissoes, perfis, usuarioPerfis, usuarios } from '../schema';

export const DEMO_PASSWORD = 'Demo-2026';

/** The default profiles: one per role, from its scope (role-permissions.ts), plus the URA one of the demo. */
export type DefaultProfile = RoleFlag | 'ura';

export const DEFAULT_PROFILES: Record<DefaultProfile, { nome: string; descricao: string; permissions: () => string[] }> = {
  admin: { nome: 'Administrador', descricao: 'Administração do portal (só vale para quem tem o papel Administrador).', permissions: () => permissionsForRole('admin') },
  operadora: { nome: 'Operadora', descricao: 'Equipe da operadora: todo o portal, menos a administração de acesso e o autoatendimento.', permissions: () => permissionsForRole('operadora') },
  auditor: { nome: 'Auditoria médica', descricao: 'Filas de auditoria, autorizações e anexos auditados, glosas e relatórios de auditoria.', permissions: () => permissionsForRole('auditor') },
  prestador: { nome: 'Prestador', descricao: 'Solicitações de autorização, faturamento TISS e a tabela de preços do próprio prestador.', permissions: () => permissionsForRole('prestador') },
  prestadorAdministrativo: { nome: 'Prestador (administrativo)', descricao: 'O do prestador, mais a solicitação de pagamento.', permissions: () => permissionsForRole('prestadorAdministrativo') },
  beneficiario: { nome: 'Beneficiário', descricao: 'Autoatendimento do titular: cadastro, cartão, autorizações, extratos, rede e ouvidoria.', permissions: () => permissionsForRole('beneficiario') },
  dependente: { nome: 'Dependente', descricao: 'Autoatendimento do dependente: cadastro, cartão, autorizações, rede e ouvidoria.', permissions: () => permissionsForRole('dependente') },
  ouvidoria: { nome: 'Ouvidoria', descricao: 'Manifestações, relatórios da ouvidoria e consulta de beneficiários.', permissions: () => permissionsForRole('ouvidoria') },
  ura: { nome: 'URA', descricao: 'Atendimento pela URA (demonstração do redirecionamento).', permissions: () => ['protocolodocumento:ura', 'util:list'] },
};

/** The password groups (spec §4: the strong rule, with expiry, or the simple one). */
export const PASSWORD_GROUPS = { simples: { nome: 'Senha simples', validaSenha: false }, forte: { nome: 'Senha forte', validaSenha: true } } as const;

interface DemoUser {
  login: string;
  nome: string;
  /** The default profile the user holds: its role's, or the URA one. */
  grupo: DefaultProfile;
  /** In the password group that validates passwords. */
  senhaForte?: boolean;
  roles: RoleFlag[];
  senhaExpirada?: boolean;
  uraTerminal?: string | null;
  beneficiarioId?: number;
  prestadorId?: number;
}

/**
 * The demo logins (README lists them). Each holds its role's default profile;
 * 'forte' is in the password group that validates passwords, 'ura' holds protocolodocumento:ura with the URA setting off.
 */
export function demoUsers(links: { titularId: number; dependenteId: number; prestadorId: number }): DemoUser[] {
  return [
    { login: 'admin', nome: 'Administrador do Sistema', grupo: 'admin', roles: ['admin'], uraTerminal: 'URA-01' },
    { login: 'operadora', nome: 'Olívia Operadora', grupo: 'operadora', roles: ['operadora'] },
    { login: 'prestador', nome: 'Paulo Prestador', grupo: 'prestador', roles: ['prestador'], prestadorId: links.prestadorId },
    { login: 'prestadoradm', nome: 'Priscila Administrativo', grupo: 'prestadorAdministrativo', roles: ['prestadorAdministrativo'], prestadorId: links.prestadorId },
    { login: 'beneficiario', nome: 'Beatriz Beneficiária', grupo: 'beneficiario', roles: ['beneficiario'], beneficiarioId: links.titularId },
    { login: 'dependente', nome: 'Davi Dependente', grupo: 'dependente', roles: ['dependente'], beneficiarioId: links.dependenteId },
    { login: 'ouvidoria', nome: 'Otávio Ouvidoria', grupo: 'ouvidoria', roles: ['ouvidoria'] },
    { login: 'auditor', nome: 'Aurora Auditora', grupo: 'auditor', roles: ['auditor'] },
    { login: 'expirado', nome: 'Ernesto Expirado', grupo: 'operadora', roles: ['operadora'], senhaExpirada: true },
    { login: 'forte', nome: 'Fernanda Forte', grupo: 'operadora', senhaForte: true, roles: ['operadora'], senhaExpirada: true },
    { login: 'ura', nome: 'Úrsula URA', grupo: 'ura', roles: ['operadora'], uraTerminal: null },
  ];
}

export async function seedUsers(db: Db, links: { titularId: number; dependenteId: number; prestadorId: number }) {
  const grupoIds = new Map<boolean, number>();
  for (const g of Object.values(PASSWORD_GROUPS)) {
    const [row] = await db.insert(grupos).values(g).returning();
    grupoIds.set(g.validaSenha, row.id);
  }
  const perfilIds = new Map<DefaultProfile, number>();
  for (const [key, p] of Object.entries(DEFAULT_PROFILES) as [DefaultProfile, (typeof DEFAULT_PROFILES)[DefaultProfile]][]) {
    const [row] = await db.insert(perfis).values({ nome: p.nome, descricao: p.descricao }).returning();
    perfilIds.set(key, row.id);
    const permissions = p.permissions();
    if (permissions.length) await db.insert(perfilPermissoes).values(permissions.map((permissao) => ({ perfilId: row.id, permissao })));
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  const past = new Date(Date.now() - 86_400_000);
  for (const u of demoUsers(links)) {
    const [row] = await db
      .insert(usuarios)
      .values({
        login: u.login,
        nome: u.nome,
        email: `${u.login}@operadora.example`,
        senhaHash: hash,
        senhaExpiraEm: u.senhaExpirada ? past : null,
        grupoId: grupoIds.get(!!u.senhaForte)!,
        ...Object.fromEntries(u.roles.map((r) => [r, true])),
        uraTerminal: u.uraTerminal === undefined ? 'URA-01' : u.uraTerminal,
        beneficiarioId: u.beneficiarioId ?? null,
        prestadorId: u.prestadorId ?? null,
      })
      .returning({ id: usuarios.id });
    await db.insert(usuarioPerfis).values({ usuarioId: row.id, perfilId: perfilIds.get(u.grupo)! });
  }
}
