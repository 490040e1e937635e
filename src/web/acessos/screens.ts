import type { ScreenMap } from '../screens/types';

export const acessosScreens: ScreenMap = {
  '/cadastro/acesso/log-acessos': () => import('./LogAcessosScreen'),
  '/cadastro/acesso/quem-ve-o-que': () => import('./QuemVeScreen'),
};
