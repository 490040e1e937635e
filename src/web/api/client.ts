import { navigate } from 'wouter/use-browser-location';
import type { Alert } from '../../shared/api';
import { MSG } from '../../shared/messages';
import { clearSession, loginNoticeAtom, store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';

/** A failed call: HTTP status (0 = network failure) and the server's alerts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly alerts: Alert[],
  ) {
    super(alerts[0]?.value ?? `HTTP ${status}`);
  }
  /** Field errors keyed by field name (for react-hook-form setError). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const a of this.alerts) if (a.field && !out[a.field]) out[a.field] = a.value;
    return out;
  }
}

export interface CallOptions {
  /** Do not show the answer's alerts as toasts (the caller shows them beside fields). */
  quiet?: boolean;
  /** Do not treat 401 as a lost session (the login call itself). */
  no401Redirect?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key of a form's submission). */
  headers?: Record<string, string>;
}

function alertsOf(body: unknown): Alert[] {
  if (Array.isArray(body)) return body.filter((s) => typeof s === 'string').map((value) => ({ type: 'error', value }));
  const b = body as { messages?: { alerts?: Alert[] }; result?: { messages?: { alerts?: Alert[] } } } | null;
  return [...(b?.messages?.alerts ?? []), ...(b?.result?.messages?.alerts ?? [])];
}

/** The one API client: Authorization header, alerts to toasts, 401 to login, network failure message (spec §7, §8). */
export async function call<T>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const token = store.get(tokenAtom);
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const alert: Alert = { type: 'error', value: MSG.falhaConexao };
    showAlerts([alert]);
    throw new ApiError(0, [alert]);
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  const alerts = alertsOf(data);
  if (res.status === 401 && !opts.no401Redirect) {
    const wanted = location.pathname + location.search;
    keepLoginNotice(alerts);
    clearSession('perdida');
    navigate(`/auth${wanted && !wanted.startsWith('/auth') ? `?redirect=${encodeURIComponent(wanted)}` : ''}`, { replace: true });
    throw new ApiError(401, alerts);
  }
  if (alerts.length && !opts.quiet) showAlerts(alerts);
  if (!res.ok) throw new ApiError(res.status, alerts.length ? alerts : [{ type: 'error', value: `Erro ${res.status}` }]);
  return (data as { result: T }).result;
}

/** A titled refusal of a session (an access rule) is kept for the login page, which says why the user was sent there. */
export function keepLoginNotice(alerts: Alert[]) {
  const titled = alerts.find((a) => a.title);
  if (titled) store.set(loginNoticeAtom, titled.value);
}

export const api = {
  get: <T>(path: string, opts?: CallOptions) => call<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>('POST', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>('PUT', path, body ?? {}, opts),
  del: <T>(path: string, opts?: CallOptions) => call<T>('DELETE', path, undefined, opts),
};
