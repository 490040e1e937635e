import type { ScreenMap } from '../screens/types';

export const trailScreens: ScreenMap = {
  '/cadastro/acesso/trilha-auditoria': () => import('./TrailScreen'),
};
