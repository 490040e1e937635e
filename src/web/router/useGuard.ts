import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { MeResponse } from '../../shared/api';
import { MSG } from '../../shared/messages';
import { ApiError, api, keepLoginNotice } from '../api/client';
import { abilityAtom, applyUser, clearSession, clientAtom, tokenAtom, userAtom } from '../session/store';
import { decide, type GuardDecision } from './decide';

export type GuardState = GuardDecision | { type: 'offline'; message: string };

/**
 * Runs the guard for a location: validates the stored token with the server on every navigation
 * (GET /auth/me refreshes permissions), then decides. A network failure keeps the user where they are
 * and retries; a refused token clears the session and goes to login with the wanted path.
 */
export function useGuard(path: string, search: string): GuardState {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userAtom);
  const client = useAtomValue(clientAtom);
  const ability = useAtomValue(abilityAtom);
  const [failed, setFailed] = useState(false);
  const [offline, setOffline] = useState(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    api
      .get<MeResponse>('/auth/me', { quiet: true, no401Redirect: true })
      .then((r) => {
        if (cancelled) return;
        applyUser(r.user, r.client);
        setFailed(false);
        setOffline(false);
      })
      .catch((err) => {
        if (cancelled) return;
        // Only the server saying the session is gone (401) ends it; no answer, or a passing server error, is tried
        // again in a moment with the network message, without throwing the user's work away.
        if (!(err instanceof ApiError && err.status === 401)) {
          setOffline(true);
          setTimeout(() => setRetry((n) => n + 1), 3000);
          return;
        }
        keepLoginNotice(err.alerts);
        clearSession('perdida');
        setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [token, path, retry]);

  const d = decide({ path, search, hasToken: !!token, user, client, ability, validationFailed: failed && !!token });
  if (d.type === 'validate' && offline) return { type: 'offline', message: MSG.falhaConexao };
  return d;
}
