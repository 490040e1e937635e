import type { ScreenMap } from '../screens/types';

/** Adesão Dependente Familiar: the list, the request form (`?novo=1`) and a request (`?id=`) on one command. */
export const adesoesScreens: ScreenMap = {
  '/principal/solicitacoes-adesoes': () => import('./AdesoesScreen'),
};
