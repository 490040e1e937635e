import type { ScreenMap } from '../screens/types';

export const sessionsScreens: ScreenMap = {
  '/util/analise/fila-sessao': () => import('./FilaSessaoScreen'),
};
