import { registry, type Command } from '../../../commands';
import type { RoleFlag } from '../../shared/api';
import { permissionString } from '../../shared/permissions';
import { impliedPermissions } from '../resources/permissions';

/**
 * The role → permission mapping (the spec leaves it to us), written down once.
 * A role is granted the permission of every command in its scope: under one of its path prefixes (`under`)
 * or at one of its exact paths (`exact`), and neither under an `except` prefix nor at an `exceptExact` path.
 * Manage-on-all is never granted by scope, only as an explicit `extra`.
 * The folders on the way to a granted command are granted too (unless excluded), so its tiles can be reached;
 * screens that happen to have children (e.g. the beneficiary's own record) are not granted on the way.
 */
export interface RoleScope {
  /** Path prefixes: the path itself and everything below it. */
  under: string[];
  /** Exact paths (not their children). */
  exact?: string[];
  /** Path prefixes taken out of the scope. */
  except?: string[];
  /** Exact paths taken out of the scope (their children stay). */
  exceptExact?: string[];
  /** Permission strings granted as they are ('subject:action'). */
  extra?: string[];
}

/** Commands of the beneficiary's or provider's own self-service, which an operator does not use. */
const SELF_SERVICE = [
  '/cadastro/beneficiarios/cartaovirtual',
  '/cadastro/prestadores',
  '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
  '/principal/manutencao-pdvi',
];

/** What a provider asks for: authorization requests and attachments, TISS billing and its own contracted prices. */
const PRESTADOR_BASE = [
  '/cadastro/prestadores',
  '/cadastro/consulta-elegibilidade',
  '/principal/atendimento-autorizacao',
  '/principal/autorizacao/consultas',
  '/principal/autorizacao/sp-sadt',
  '/principal/autorizacao/internacoes',
  '/principal/autorizacao/odontologicos',
  '/principal/autorizacao/orcamento',
  '/principal/autorizacao/prorrogacoes',
  '/principal/autorizacao/autorizacoes',
  '/principal/autorizacao/anexo',
  '/principal/faturamento/faturamentos-prestadores',
  '/principal/faturamento/protocolos-recebimentos-prestadores',
  '/principal/faturamento/atendimento-controle',
  '/principal/tiss',
  '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
  // its own protocols, bills and glosas (the reports' rows are scoped to its own provider)
  '/relatorio/protocolo/prestador',
  '/relatorio/faturamento',
];
/** rep205 is shared with the operator's issued-fees report (cobrança): the provider does not get it by the borderô one. */
const PRESTADOR_FORA = ['/principal/tiss/fechamento-glosa-manual', '/relatorio/protocolo/prestador/protocolo-data-pagamento-bordero'];

export const ROLE_SCOPES: Record<RoleFlag, RoleScope> = {
  admin: { under: [], extra: ['all:manage'] },
  // Everything but access administration and the self-service screens (manage-on-all is never by scope).
  operadora: {
    under: ['/'],
    except: ['/cadastro/acesso', ...SELF_SERVICE],
    exceptExact: ['/cadastro/beneficiarios'],
    // the shared file manager's writes (upload, new folder, rename, move, delete): its command only grants `list`
    // and the additional services' adhesions (join, end): their commands only grant `list` (migration 0053 for old databases)
    extra: ['arquivo:insert', 'arquivo:update', 'arquivo:delete', 'adesaoaeromedico:insert', 'adesaoaeromedico:update', 'adesaoodonto:insert', 'adesaoodonto:update'],
  },
  // Audit lists, the authorizations and attachments they audit, glosa decisions, and beneficiary lookups.
  auditor: {
    under: [
      '/principal/autorizacao/auditoria',
      '/principal/autorizacao/autorizacoes',
      '/principal/autorizacao/anexo',
      '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
      '/principal/autorizacao/pre-autorizacoes',
      // not /prorrogacoes: who lists it also requests extensions; the auditor decides them in the medical queue
      '/principal/faturamento/faturamentos-prestadores',
      '/principal/tiss/fechamento-glosa-manual',
      '/principal/tiss/recurso-glosa-manual',
      '/relatorio/auditoria',
      // the glosas the bill review decided, by reason
      '/relatorio/faturamento/glosas-motivo',
      '/util/analise/lote-integracao-auditoria',
      '/cadastro/consulta-elegibilidade',
      '/cadastro/beneficiarios/consulta',
    ],
  },
  prestador: {
    under: PRESTADOR_BASE,
    except: PRESTADOR_FORA,
  },
  // The provider's administrative staff: the same, plus the payment request of the billing group.
  prestadorAdministrativo: {
    under: [...PRESTADOR_BASE, '/principal/faturamento/solicitacao-pagamento-prestador'],
    except: PRESTADOR_FORA,
  },
  beneficiario: {
    under: [
      '/cadastro/beneficiarios',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/principal/manutencao-pdvi',
      '/relatorio/rede-credenciada/cidadeespecialidade',
      '/relatorio/beneficiario/extratos',
      '/ouvidoria/registro-manifestacao',
      '/ouvidoria/manifestacoes',
      // the titular asks to add a dependent (the dependent's own user does not)
      '/principal/solicitacoes-adesoes',
      // the titular asks reimbursements for the family and follows them (issue 15, flow 7)
      '/principal/faturamento/solicitacoes-reembolso',
    ],
    except: ['/cadastro/beneficiarios/consulta'],
  },
  // A dependent: own record and card, own authorizations, the network guide and the ombudsman form.
  dependente: {
    under: [
      '/cadastro/beneficiarios',
      '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
      '/principal/manutencao-pdvi',
      '/relatorio/rede-credenciada/cidadeespecialidade',
      '/ouvidoria/registro-manifestacao',
      '/ouvidoria/manifestacoes',
    ],
    except: ['/cadastro/beneficiarios/consulta', '/cadastro/beneficiarios/atualizacao-cadastral'],
  },
  ouvidoria: {
    under: ['/ouvidoria', '/relatorio/ouvidoria', '/cadastro/beneficiarios/consulta', '/cadastro/consulta-elegibilidade'],
  },
};

export const isUnder = (path: string, prefix: string) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
export const isManageAll = (c: Pick<Command, 'can'>) => c.can?.[0] === 'manage' && c.can?.[1] === 'all';

/** Whether a path is excluded from a role's scope. */
export function isExcluded(scope: RoleScope, path: string): boolean {
  return !!(scope.except?.some((p) => isUnder(path, p)) || scope.exceptExact?.includes(path));
}

/** Whether a path is in a role's scope (ignoring the folders granted on the way). */
export function inScope(scope: RoleScope, path: string): boolean {
  if (isExcluded(scope, path)) return false;
  return scope.under.some((p) => isUnder(path, p)) || !!scope.exact?.includes(path);
}

/** The permission strings a role gets, computed from the registry. */
export function permissionsForRole(role: RoleFlag): string[] {
  const scope = ROLE_SCOPES[role];
  const out = new Set(scope.extra ?? []);
  for (const cmd of registry.all) {
    if (!cmd.can || isManageAll(cmd) || !inScope(scope, cmd.path)) continue;
    out.add(permissionString(cmd.can[0], cmd.can[1]));
    for (const p of impliedPermissions(cmd)) out.add(p); // write actions of reference tables
    for (const c of registry.trailOf(cmd)) {
      if (c.kind === 'folder' && c.can && !isManageAll(c) && !isExcluded(scope, c.path)) out.add(permissionString(c.can[0], c.can[1]));
    }
  }
  return [...out].sort();
}
