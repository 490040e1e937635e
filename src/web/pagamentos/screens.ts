import type { ScreenMap } from '../screens/types';

/**
 * Paying providers (issue 15, flows 5 and 6): Fatura RPA (the RPAs, issuing one in `?novo=1`, one in `?id=`), the
 * provider's payment request, finance's consolidation per provider and month, and the baixa in borderôs.
 */
export const pagamentosScreens: ScreenMap = {
  '/principal/faturamento/faturamentos-prestadores/busca/rpa': () => import('./RpaScreen'),
  '/principal/faturamento/solicitacao-pagamento-prestador': () => import('./SolicitacaoPagamentoScreen'),
  '/financeiro/pagamento/processo-pagamento/solicitacao-pagamento-prestador': () => import('./ConsolidacaoScreen'),
  '/financeiro/pagamento/bordero-pagamento': () => import('./BorderoScreen'),
};
