import { registry, type Command } from '../../../commands';
import type { RoleFlag } from '../../shared/api';
import { permissionString } from '../../shared/permissions';

/**
 * The role → permission mapping (the spec leaves it to us), written down once.
 * A role is granted every command permission under its path prefixes (minus exclusions and manage-on-all),
 * plus explicit extras. Folders on the way to a granted command are granted too, so its tiles can be reached.
 */
interface RoleScope {
  under: string[];
  except?: string[];
  extra?: string[];
}

export const ROLE_SCOPES: Record<RoleFlag, RoleScope> = {
  admin: { under: [], extra: ['all:manage'] },
  operadora: {
    under: ['/'],
    except: ['/cadastro/acesso', '/cadastro/beneficiarios/cartaovirtual', '/principal/autorizacao/acompanhar-autorizacoes-beneficiario'],
  },
  auditor: {
    under: ['/principal/autorizacao', '/principal/faturamento', '/relatorio/auditoria', '/cadastro/consulta-elegibilidade', '/cadastro/beneficiarios/consulta'],
    except: ['/principal/autorizacao/acompanhar-autorizacoes-beneficiario'],
  },
  prestador: {
    under: [
      '/cadastro/prestadores',
      '/cadastro/consulta-elegibilidade',
      '/principal/atendimento-autorizacao',
      '/principal/autorizacao/consultas',
      '/principal/autorizacao/sp-sadt',
      '/principal/autorizacao/internacoes',
      '/principal/autorizacao/odontologicos',
      '/principal/autorizacao/prorrogacoes',
      '/principal/autorizacao/autorizacoes',
      '/principal/tiss',
      '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
    ],
  },
  prestadorAdministrativo: {
    under: [
      '/cadastro/prestadores',
      '/cadastro/consulta-elegibilidade',
      '/principal/atendimento-autorizacao',
      '/principal/autorizacao/autorizacoes',
      '/principal/faturamento',
      '/principal/tiss',
      '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
    ],
  },
  beneficiario: {
    under: [
      '/cadastro/beneficiarios',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/relatorio/rede-credenciada/cidadeespecialidade',
      '/relatorio/beneficiario/extratos',
      '/ouvidoria/registro-manifestacao',
    ],
    except: ['/cadastro/beneficiarios/consulta'],
  },
  dependente: {
    under: [
      '/cadastro/beneficiarios',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/relatorio/rede-credenciada/cidadeespecialidade',
      '/ouvidoria/registro-manifestacao',
    ],
    except: ['/cadastro/beneficiarios/consulta', '/cadastro/beneficiarios/atualizacao-cadastral'],
  },
  ouvidoria: {
    under: ['/ouvidoria', '/relatorio/ouvidoria', '/cadastro/beneficiarios/consulta', '/cadastro/consulta-elegibilidade'],
  },
};

const isUnder = (path: string, prefix: string) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
const isManageAll = (c: Command) => c.can?.[0] === 'manage' && c.can?.[1] === 'all';

/** The permission strings a role gets, computed from the registry. */
export function permissionsForRole(role: RoleFlag): string[] {
  const scope = ROLE_SCOPES[role];
  const out = new Set(scope.extra ?? []);
  for (const cmd of registry.all) {
    if (!cmd.can || isManageAll(cmd)) continue;
    if (!scope.under.some((p) => isUnder(cmd.path, p))) continue;
    if (scope.except?.some((p) => isUnder(cmd.path, p))) continue;
    for (const c of registry.trailOf(cmd)) if (c.can && !isManageAll(c)) out.add(permissionString(c.can[0], c.can[1]));
  }
  return [...out].sort();
}
