import { isVisible, registry, type Command } from '../../../commands';
import type { ClientInfo, SessionUser } from '../../shared/api';
import type { ClientCode } from '../../shared/clients';
import type { AppAbility } from '../../shared/permissions';
import { DENIED_PATH, HOME_PATH, LOGIN_PATH, URA_PATH, isPublicPath, isSessionPath, loginWithRedirect, safeRedirect } from './paths';

export type GuardDecision =
  | { type: 'allow'; command?: Command }
  | { type: 'redirect'; to: string }
  | { type: 'validate' }
  | { type: 'notfound' };

export interface GuardInput {
  path: string;
  search: string;
  hasToken: boolean;
  /** The user as last validated by the server; null before validation or after it failed. */
  user: SessionUser | null;
  client: ClientInfo | null;
  ability: AppAbility;
  /** The server said the session is gone (401 or no user). */
  validationFailed: boolean;
}

/** The route guard in the spec's order (§4 steps 1–6), then the URA redirect. Pure, for tests. */
export function decide(i: GuardInput): GuardDecision {
  const wanted = i.path + (i.search ? `?${i.search.replace(/^\?/, '')}` : '');
  const isLogin = i.path === LOGIN_PATH;
  // 1. Public routes and the login route pass when no session is stored.
  if (!i.hasToken) return isLogin || isPublicPath(i.path) ? { type: 'allow' } : { type: 'redirect', to: loginWithRedirect(wanted) };
  // 6. A validation failure goes to login with the full path wanted.
  if (i.validationFailed) return { type: 'redirect', to: loginWithRedirect(isLogin ? '' : wanted) };
  // 2. The stored token is validated with the server (permissions refreshed) before anything else.
  if (!i.user || !i.client) return { type: 'validate' };
  // 4. A logged-in user on the login route goes home (or where the redirect query asked).
  if (isLogin) return { type: 'redirect', to: safeRedirect(new URLSearchParams(i.search).get('redirect')) };
  const ura = uraRedirect(i);
  if (isPublicPath(i.path) || isSessionPath(i.path)) return ura ?? { type: 'allow' };
  const command = registry.match(i.path, new URLSearchParams(i.search));
  if (!command) return { type: 'notfound' };
  // 5. Permission (with client and switch, the one visibility predicate).
  if (!isVisible(command, { ability: i.ability, client: i.client.id as ClientCode, flags: i.client.flags })) return { type: 'redirect', to: DENIED_PATH };
  return ura ?? { type: 'allow', command };
}

/** After each navigation: ura holder, not admin, URA setting off → the ura route (unless there). */
function uraRedirect(i: GuardInput): GuardDecision | undefined {
  if (i.path === URA_PATH || !i.user) return undefined;
  if (i.ability.can('ura', 'protocolodocumento') && !i.user.admin && !i.user.uraHabilitada) return { type: 'redirect', to: URA_PATH };
  return undefined;
}

export { HOME_PATH };
