import type { ScreenMap } from '../screens/types';

/**
 * TISS billing screens: the received protocols' list and the bill review (both open a protocol's bill). The lot import is a process with a declared run (src/shared/processos/faturamento.ts) whose
 * command sits in the spec's tree as a route (/principal/tiss/relatorio/…, not /util/processo): it is bound here to
 * the job screen (upload, preview, run, and the receipt among the run's files).
 */
export const faturamentoScreens: ScreenMap = {
  '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss': () => import('../jobs/JobScreen'),
  '/principal/tiss/relatorio/importar-arquivo-xml/recurso-glosa': () => import('../jobs/JobScreen'),
  '/principal/faturamento/protocolos-recebimentos-prestadores': () => import('./ProtocolosRecebimentoScreen'),
  '/principal/tiss/recurso-glosa-manual': () => import('./RecursoGlosaScreen'),
  '/principal/faturamento/faturamentos-prestadores': () => import('./ProtocolosRecebimentoScreen'),
  // flow 1 typed in the portal, the second copies, the attendance control and the manual closing of glosas
  '/principal/atendimento-autorizacao': () => import('./AtenderAutorizacaoScreen'),
  '/principal/tiss/atendimento-autorizacao': () => import('./FaturasDigitadasScreen'),
  '/principal/tiss/fatura-protocolo-digitado-prestador': () => import('./EncerrarFaturaScreen'),
  '/principal/tiss/segunda-via': () => import('./SegundaViaScreen'),
  '/principal/faturamento/atendimento-controle': () => import('./AtendimentoControleScreen'),
  '/principal/tiss/fechamento-glosa-manual': () => import('./FechamentoGlosaScreen'),
};
