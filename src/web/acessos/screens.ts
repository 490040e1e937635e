import type { ScreenMap } from '../screens/types';

export const acessosScreens: ScreenMap = {
  '/cadastro/acesso/log-acessos': () => import('./LogAcessosScreen'),
};
