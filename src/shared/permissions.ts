import { createMongoAbility, type MongoAbility } from '@casl/ability';

/** A permission as the server sends it: 'subject:action' (spec §3). */
export type PermissionString = `${string}:${string}`;
export type AppAbility = MongoAbility<[string, string]>;

/** Parses 'subject:action' strings into CASL rules; malformed entries are ignored (deny by default). */
export function buildAbility(permissions: readonly string[]): AppAbility {
  const rules = [] as { action: string; subject: string }[];
  for (const p of permissions) {
    const i = p.lastIndexOf(':');
    if (i <= 0 || i === p.length - 1) continue;
    rules.push({ subject: p.slice(0, i), action: p.slice(i + 1) });
  }
  return createMongoAbility<[string, string]>(rules);
}

export function permissionString(action: string, subject: string): PermissionString {
  return `${subject}:${action}`;
}

/** `manage` on `all` passes every check (CASL's own keywords). */
export function isSuperUser(ability: AppAbility): boolean {
  return ability.can('manage', 'all');
}
