import { atom, createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { ClientInfo, SessionUser } from '../../shared/api';
import { ROLE_FLAGS, type RoleFlag } from '../../shared/roles';
import { buildAbility } from '../../shared/permissions';

/** The app's one jotai store, so the API client (outside React) reads and clears the session too. */
export const store = createStore();

const opts = { getOnInit: true } as const;
/** Kept in localStorage (spec §9): token, permissions, role flags. */
export const tokenAtom = atomWithStorage<string | null>('token', null, undefined, opts);
export const permissionsAtom = atomWithStorage<string[]>('permissions', [], undefined, opts);
export const roleFlagsAtom = atomWithStorage<Partial<Record<RoleFlag, boolean>>>('roleFlags', {}, undefined, opts);

/**
 * Why the server ended the way in, when it said so with a titled refusal (an access rule: outside the hours, another
 * network): the login page shows it until the next attempt. Memory only.
 */
export const loginNoticeAtom = atom<string | null>(null);

/** Loaded from the server at login or start-up; memory only. */
export const userAtom = atom<SessionUser | null>(null);
export const clientAtom = atom<ClientInfo | null>(null);

export const abilityAtom = atom((get) => buildAbility(get(permissionsAtom)));

export function setSession(token: string, user: SessionUser, client: ClientInfo) {
  store.set(tokenAtom, token);
  applyUser(user, client);
}

export function applyUser(user: SessionUser, client?: ClientInfo) {
  store.set(userAtom, user);
  if (client) store.set(clientAtom, client);
  store.set(permissionsAtom, user.permissions);
  store.set(roleFlagsAtom, Object.fromEntries(ROLE_FLAGS.map((r) => [r, user[r]])));
}

/**
 * Why a session ends: 'logout' (the user left: everything of theirs goes, spec §4) or 'perdida' (the server
 * answered 401: the token expired or was revoked; the user's tabs and drafts stay saved for their next login).
 */
export type SessionEnd = 'logout' | 'perdida';

/** Logout clears token, user, client, role flags and permissions (spec §4). */
export function clearSession(why: SessionEnd = 'logout') {
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(clientAtom, null);
  store.set(permissionsAtom, []);
  store.set(roleFlagsAtom, {});
  for (const hook of onClear) hook(why);
}

const onClear: ((why: SessionEnd) => void)[] = [];
/** Other per-user state (workspace tabs, query cache) registers its own clearing here. */
export function onSessionClear(hook: (why: SessionEnd) => void) {
  onClear.push(hook);
}
