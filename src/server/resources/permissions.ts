import type { Command } from '../../../commands/types';
import { resourceByCommand } from '../../shared/resources';
import { permissionString } from '../../shared/permissions';

/** Write actions of resource endpoints (list is the command's own `can`); `manage` covers them all in CASL. */
export const WRITE_ACTIONS = { insert: 'insert', update: 'update', delete: 'delete' } as const;

/**
 * Permissions a role gets along with a resource command it may list: the write actions on the same subject.
 * Used by auth/role-permissions.ts, so operators who can open a reference table can also maintain it.
 */
export function impliedPermissions(cmd: Pick<Command, 'path' | 'can'>): string[] {
  const def = resourceByCommand.get(cmd.path);
  if (!def || !cmd.can || cmd.can[0] !== 'list' || cmd.can[1] !== def.name) return [];
  return Object.values(WRITE_ACTIONS).map((a) => permissionString(a, def.name));
}
