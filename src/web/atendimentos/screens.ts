import type { ScreenMap } from '../screens/types';

/** The service desk: its list, the register form (`?novo=1`) and a contact (`?id=`) on one command. */
export const atendimentosScreens: ScreenMap = {
  '/operadora/atendimentos': () => import('./AtendimentosScreen'),
};
