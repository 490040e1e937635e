import type { ScreenMap } from '../screens/types';

export const trilhaScreens: ScreenMap = {
  '/cadastro/acesso/trilha-auditoria': () => import('./TrilhaAuditoria'),
};
