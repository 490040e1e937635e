import type { ReactNode } from 'react';
import type { IconName } from '../../../commands/icons';
import { AccountPage } from '../pages/AccountPage';
import { NoticesPage } from '../pages/HomePage';
import { AccessDeniedPage } from '../pages/StatusPages';

/** Shell routes that are not commands (spec §2 "general"): title, icon and page. */
export const SHELL_PAGES: Record<string, { title: string; icon: IconName; render: () => ReactNode }> = {
  '/notices': { title: 'Avisos', icon: 'bell', render: () => <NoticesPage /> },
  '/acesso-negado': { title: 'Acesso negado', icon: 'lock', render: () => <AccessDeniedPage /> },
  '/conta': { title: 'Configuração da conta', icon: 'user', render: () => <AccountPage /> },
};
