import type { ScreenMap } from '../screens/types';

/** Solicitações de Verbas: the list, the register form (`?novo=1`) and one request (`?id=`) on one command. */
export const verbasScreens: ScreenMap = {
  '/financeiro/recebimento/processo-recebimento/solicitacoes-verbas': () => import('./VerbasScreen'),
};
