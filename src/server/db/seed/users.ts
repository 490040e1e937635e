import { ROLE_FLAGS, type RoleFlag } from '../../../shared/api';
import { permissionsForRole } from '../../auth/role-permissions';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import { grupoPermissoes, grupos, usuarios } from '../schema';

export const DEMO_PASSWORD = 'Demo-2026';

interface DemoUser {
  login: string;
  nome: string;
  grupo: string;
  roles: RoleFlag[];
  senhaExpirada?: boolean;
  uraTerminal?: string | null;
  beneficiarioId?: number;
  prestadorId?: number;
}

/**
 * The demo logins (README lists them). Each role has its own permission group;
 * 'forte' is in a group that validates passwords, 'ura' holds protocolodocumento:ura with the URA setting off.
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
    { login: 'forte', nome: 'Fernanda Forte', grupo: 'operadora-senha-forte', roles: ['operadora'], senhaExpirada: true },
    { login: 'ura', nome: 'Úrsula URA', grupo: 'ura', roles: ['operadora'], uraTerminal: null },
  ];
}

export async function seedUsers(db: Db, links: { titularId: number; dependenteId: number; prestadorId: number }) {
  const groupDefs: { nome: string; validaSenha: boolean; permissions: string[] }[] = [
    ...ROLE_FLAGS.map((r) => ({ nome: r, validaSenha: false, permissions: permissionsForRole(r) })),
    { nome: 'operadora-senha-forte', validaSenha: true, permissions: permissionsForRole('operadora') },
    { nome: 'ura', validaSenha: false, permissions: ['protocolodocumento:ura', 'util:list'] },
  ];
  const ids = new Map<string, number>();
  for (const g of groupDefs) {
    const [row] = await db.insert(grupos).values({ nome: g.nome, validaSenha: g.validaSenha }).returning();
    ids.set(g.nome, row.id);
    if (g.permissions.length) await db.insert(grupoPermissoes).values(g.permissions.map((permissao) => ({ grupoId: row.id, permissao })));
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  const past = new Date(Date.now() - 86_400_000);
  for (const u of demoUsers(links)) {
    await db.insert(usuarios).values({
      login: u.login,
      nome: u.nome,
      email: `${u.login}@operadora.example`,
      senhaHash: hash,
      senhaExpiraEm: u.senhaExpirada ? past : null,
      grupoId: ids.get(u.grupo)!,
      ...Object.fromEntries(u.roles.map((r) => [r, true])),
      uraTerminal: u.uraTerminal === undefined ? 'URA-01' : u.uraTerminal,
      beneficiarioId: u.beneficiarioId ?? null,
      prestadorId: u.prestadorId ?? null,
    });
  }
}
