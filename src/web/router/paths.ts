/** Shell routes that are not commands (spec §2 "general"). */
export const LOGIN_PATH = '/auth';
export const HOME_PATH = '/';
export const DENIED_PATH = '/acesso-negado';
export const URA_PATH = '/util/ura';
/** Public: reachable without a session. */
export const PUBLIC_PATHS = ['/senha-atualizada', '/mensagem-sucesso'] as const;
/** Need a session but no permission. */
export const SESSION_PATHS = ['/notices', DENIED_PATH, '/conta'] as const;

export const isPublicPath = (p: string) => (PUBLIC_PATHS as readonly string[]).includes(p);
export const isSessionPath = (p: string) => (SESSION_PATHS as readonly string[]).includes(p);

/** The login address that brings the user back to `wanted` (path + query) afterwards. */
export function loginWithRedirect(wanted: string): string {
  return wanted && wanted !== '/' && !wanted.startsWith(LOGIN_PATH) ? `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}` : LOGIN_PATH;
}

/** Only same-site paths are accepted as a redirect target. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  return raw;
}
