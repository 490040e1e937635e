import { atom } from 'jotai';
import { navigate } from 'wouter/use-browser-location';
import type { LoginResponse, MeResponse } from '../../shared/api';
import { api } from '../api/client';
import { LOGIN_PATH } from '../router/paths';
import { applyUser, clearSession, setSession, store } from './store';

export async function login(userId: string, password: string): Promise<LoginResponse> {
  // the login page shows the refusal beside the form: no toast repeating it
  const r = await api.post<LoginResponse>('/auth/token/issue', { userId, password }, { no401Redirect: true, quiet: true });
  setSession(r.token, r.user, r.client);
  return r;
}

/** Fetches the user again (after a password change, or when the guard validates). */
export async function reloadUser(): Promise<MeResponse> {
  const r = await api.get<MeResponse>('/auth/me', { quiet: true });
  applyUser(r.user, r.client);
  return r;
}

/** Revokes the token on the server, then clears everything locally. */
export async function logout() {
  try {
    await api.post('/auth/token/revoke', undefined, { quiet: true, no401Redirect: true });
  } catch {
    // The local session is cleared whatever the server answered.
  }
  clearSession();
  navigate(LOGIN_PATH, { replace: true });
}

/**
 * "Sair de todos os dispositivos": the server ends every session of the user, this one included. Only then is the
 * local session cleared: if the call fails the user is told (the client's alert) and stays, since the others go on.
 */
export async function logoutEverywhere() {
  await api.post('/auth/token/revoke-all');
  clearSession();
  navigate(LOGIN_PATH, { replace: true });
}

/** The voluntary password dialog (user menu); an expired password opens it by itself. */
export const passwordDialogOpenAtom = atom(false);
export const openPasswordDialog = () => store.set(passwordDialogOpenAtom, true);
