import type { ScreenMap } from '../screens/types';

/**
 * Help (one screen for the index and every page: the help commands share its path, told apart by `?view=`) and the
 * configuration screens of /cadastro/configuracoes (spec §2.1, issue 17).
 */
export const ajudaScreens: ScreenMap = {
  '/cadastro/ajuda': () => import('./AjudaScreen'),
  '/cadastro/configuracoes/about': () => import('./SobreScreen'),
  '/cadastro/configuracoes/icons': () => import('./IconesScreen'),
};
