import type { ScreenMap } from '../screens/types';

/**
 * Reimbursement (issue 15, flow 7): the requests (the family's own, with the form in `?novo=1`), the receiving desk's
 * protocols and the billing staff's analysis, each a list that opens a request (`?id=`) with that screen's steps.
 */
export const reembolsosScreens: ScreenMap = {
  '/principal/faturamento/solicitacoes-reembolso': () => import('./ReembolsosScreen'),
  '/principal/faturamento/protocolos-recebimentos-reembolsos': () => import('./ReembolsosScreen'),
  '/principal/faturamento/faturamentos-reembolsos': () => import('./ReembolsosScreen'),
};
