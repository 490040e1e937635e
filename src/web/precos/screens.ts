import type { ScreenMap } from '../screens/types';

/** Prices: the calculation screen (the price processes and exports open the job screen, by kind). */
export const precosScreens: ScreenMap = {
  '/util/analise/calculo-procedimento': () => import('./CalculoScreen'),
};
