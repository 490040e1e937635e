import { registry, type Command } from '../../../commands';
import { permissionString } from '../../shared/permissions';
import type { PermissaoNo } from '../../shared/usuarios/perfis';
import { isManageAll, ROLE_SCOPES } from '../auth/role-permissions';
import { MANAGE_ALL } from '../auth/permissions';
import { impliedPermissions } from '../resources/permissions';

/**
 * The permissions a profile may hold, as the command tree: each command with the permission that opens it and the
 * other actions that exist on its subject (a table's writes, the file manager's writes). Manage-on-all is not here:
 * it comes only with the Administrador role. Built once from the registry.
 */

/** Actions granted beside the commands (role-permissions.ts `extra`), by subject. */
function extrasBySubject(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const scope of Object.values(ROLE_SCOPES)) {
    for (const p of scope.extra ?? []) {
      if (p === MANAGE_ALL) continue;
      const subject = p.slice(0, p.lastIndexOf(':'));
      out.set(subject, [...new Set([...(out.get(subject) ?? []), p])]);
    }
  }
  return out;
}

function build(): { tree: PermissaoNo[]; all: Set<string> } {
  const extras = extrasBySubject();
  const all = new Set<string>();
  const node = (c: Command): PermissaoNo => {
    const grants = c.can && !isManageAll(c);
    const abre = grants ? permissionString(c.can![0], c.can![1]) : null;
    const acoes = grants ? [...new Set([...impliedPermissions(c), ...(c.can![0] === 'list' ? (extras.get(c.can![1]) ?? []) : [])])].filter((p) => p !== abre) : [];
    if (abre) all.add(abre);
    for (const a of acoes) all.add(a);
    return { path: c.path, title: c.title, kind: c.kind, abre, acoes, filhos: registry.childrenOf(c).map(node) };
  };
  return { tree: registry.childrenOf(registry.root).map(node), all };
}

let cached: ReturnType<typeof build> | undefined;
export function permissionCatalog() {
  return (cached ??= build());
}
