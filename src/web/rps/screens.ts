import type { ScreenMap } from '../screens/types';

export const rpsScreens: ScreenMap = {
  '/ans-operadora/rps/movimentos-rps': () => import('./MovimentosRpsScreen'),
};
