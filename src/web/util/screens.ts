import type { ScreenMap } from '../screens/types';

/** Utilities with a hand-written screen (the processes and exports open the job screen, by kind). */
export const utilScreens: ScreenMap = {
  '/util/ura': () => import('./UraScreen'),
  // the file manager's code lives in its own domain folder (gerenciador), as the sessions queue lives in sessions
  '/util/gerenciador/arquivo': () => import('../gerenciador/GerenciadorScreen'),
  // the analyses of spec §2.7 built for issue 13, each in its domain's folder
  '/util/analise/beneficiarios-integracoes': () => import('../integracoes/IntegracoesScreen'),
  '/util/analise/atendimentos-integracoes': () => import('../integracoes/IntegracoesScreen'),
  '/util/analise/lote-integracao-auditoria': () => import('../auditoria-externa/LotesAuditoriaScreen'),
  '/util/analise/autorizacoes-intercambio': () => import('../intercambio/AutorizacoesIntercambioScreen'),
  '/util/analise/analise-sip': () => import('../sip/AnaliseSipScreen'),
  '/util/analise/saldo-consignado': () => import('../consignado/SaldoConsignadoScreen'),
  '/util/integracao-cmis': () => import('../cmis/IntegracaoCmisScreen'),
};
