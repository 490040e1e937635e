import type { ScreenMap } from '../screens/types';

/** Both services' adhesions open the same screen; it finds its service by the command (src/shared/servicos). */
export const servicosScreens: ScreenMap = {
  '/operadora/adesao-aeromedico': () => import('./AdesoesServicoScreen'),
  '/operadora/adesao-odonto': () => import('./AdesoesServicoScreen'),
};
