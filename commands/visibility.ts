import type { AppAbility } from '../src/shared/permissions';
import type { ClientCode, FeatureFlag, FlagKey } from '../src/shared/clients';
import type { Command } from './types';

export interface VisibilityContext {
  ability: AppAbility;
  client: ClientCode;
  flags: Partial<Record<FlagKey, FeatureFlag>> | Record<string, FeatureFlag>;
}

/**
 * The one predicate for visibility (spec §6): permission + client + switch.
 * Used by tiles, folder pages, breadcrumb, palette, route guard and the server.
 */
export function isVisible(cmd: Pick<Command, 'can' | 'clients' | 'flag'>, ctx: VisibilityContext): boolean {
  if (cmd.clients && !cmd.clients.includes(ctx.client)) return false;
  if (cmd.flag && (ctx.flags as Record<string, FeatureFlag | undefined>)[cmd.flag]?.enable !== true) return false;
  if (cmd.can && !ctx.ability.can(cmd.can[0], cmd.can[1])) return false;
  return true;
}
