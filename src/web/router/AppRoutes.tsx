import { Redirect, useLocation, useSearch } from 'wouter';
import { LoginPage } from '../pages/LoginPage';
import { PublicMessagePage } from '../pages/StatusPages';
import { Workspace } from '../workspace/Workspace';
import { isOutsidePath } from '../workspace/store';
import { parseLocation } from '../workspace/tabs';
import { LOGIN_PATH } from './paths';
import { useGuard } from './useGuard';

/**
 * The browser's location → the session part of the guard (token validated with the server on every
 * navigation, login and public pages) → the workspace, where each tab runs the rest of the guard
 * (permission, URA, not found) for its own location.
 */
export function AppRoutes() {
  const [path] = useLocation();
  const search = useSearch();
  const g = useGuard(path, search);

  // To login (session missing or refused), and from login to where the user wanted to go.
  if (g.type === 'redirect' && (isOutsidePath(parseLocation(g.to).path) || path === LOGIN_PATH)) return <Redirect to={g.to} replace />;
  if (g.type === 'validate') return <div className="splash">Carregando…</div>;
  if (g.type === 'offline')
    return (
      <div className="splash" role="alert">
        {g.message}
      </div>
    );
  if (path === LOGIN_PATH) return <LoginPage />;
  if (path === '/senha-atualizada') return <PublicMessagePage title="Senha atualizada" message="Sua senha foi atualizada com sucesso. Entre novamente com a nova senha." />;
  if (path === '/mensagem-sucesso') return <PublicMessagePage title="Tudo certo" message="Sua solicitação foi registrada com sucesso." />;
  return <Workspace />;
}
