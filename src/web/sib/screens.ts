import type { ScreenMap } from '../screens/types';

export const sibScreens: ScreenMap = {
  '/util/analise/analise-sib': () => import('./AnaliseSibScreen'),
};
