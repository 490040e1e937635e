import { Redirect, useLocation, useSearch } from 'wouter';
import { registry } from '../../../commands';
import { AccountPage } from '../pages/AccountPage';
import { HomePage, NoticesPage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { AccessDeniedPage, NotFoundPage, PublicMessagePage } from '../pages/StatusPages';
import { CommandView } from '../shell/CommandView';
import { Shell } from '../shell/Shell';
import { LOGIN_PATH } from './paths';
import { useGuard } from './useGuard';

const SHELL_PAGES: Record<string, { title: string; render: () => React.ReactNode }> = {
  '/notices': { title: 'Avisos', render: () => <NoticesPage /> },
  '/acesso-negado': { title: 'Acesso negado', render: () => <AccessDeniedPage /> },
  '/conta': { title: 'Configuração da conta', render: () => <AccountPage /> },
};

/** Location → guard → page. Public pages render without the shell. */
export function AppRoutes() {
  const [path] = useLocation();
  const search = useSearch();
  const g = useGuard(path, search);

  if (g.type === 'redirect') return <Redirect to={g.to} replace />;
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
  if (g.type === 'notfound')
    return (
      <Shell title="Página não encontrada">
        <NotFoundPage />
      </Shell>
    );
  const page = SHELL_PAGES[path];
  if (page)
    return (
      <Shell title={page.title}>
        {page.render()}
      </Shell>
    );
  const command = g.command ?? registry.root;
  return <Shell command={command}>{command === registry.root ? <HomePage /> : <CommandView command={command} search={search} />}</Shell>;
}
