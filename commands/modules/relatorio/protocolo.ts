import { commands } from '../../types';
import { list, rep } from '../helpers';

/**
 * Spec §2.6: /relatorio/protocolo. rep124 is shared by two provider reports (as the spec says).
 * 'Protocolo por data de pagamento de borderô' (rep205, shared with contraprestações emitidas) is placed
 * under Prestador here: the spec names it without a folder.
 */
export const relatorioProtocolo = commands([
  { path: '/relatorio/protocolo', title: 'Protocolo', icon: 'archive', can: list('relatorioprotocolo'), keywords: ['protocolos'] },

  { path: '/relatorio/protocolo/documento', title: 'Documento', icon: 'files', can: list('relatorioprotocolodocumento') },
  { path: '/relatorio/protocolo/documento/documentos-protocolados', title: 'Documentos Protocolados', icon: 'files', ...rep('rep277') },

  { path: '/relatorio/protocolo/prestador', title: 'Prestador', icon: 'stethoscope', can: list('relatorioprotocoloprestador') },
  {
    path: '/relatorio/protocolo/prestador/abertos-atendimentos-vinculados',
    title: 'Protocolos Abertos com Atendimentos Vinculados',
    icon: 'file-text',
    ...rep('rep124'),
  },
  {
    path: '/relatorio/protocolo/prestador/analitico-prestador-protocolo',
    title: 'Analítico de Protocolo do Prestador',
    icon: 'file-search',
    ...rep('rep060'),
  },
  {
    path: '/relatorio/protocolo/prestador/relatorio-contas-pagar',
    title: 'Contas a Pagar por Protocolo',
    icon: 'receipt',
    ...rep('rep124'),
    keywords: ['contas a pagar'],
  },
  {
    path: '/relatorio/protocolo/prestador/sem-atendimento-vinculado',
    title: 'Protocolos sem Atendimento Vinculado',
    icon: 'file-text',
    ...rep('rep062'),
  },
  { path: '/relatorio/protocolo/prestador/lote-sintetico', title: 'Lote Sintético', icon: 'chart-pie', ...rep('rep061') },
  {
    path: '/relatorio/protocolo/prestador/protocolo-data-pagamento-bordero',
    title: 'Protocolo por Data de Pagamento de Borderô',
    icon: 'calendar',
    ...rep('rep205'),
    keywords: ['bordero'],
  },

  { path: '/relatorio/protocolo/reembolso', title: 'Reembolso', icon: 'banknote', can: list('relatorioprotocoloreembolso') },
  { path: '/relatorio/protocolo/reembolso/analitico-reembolso', title: 'Analítico de Reembolso', icon: 'file-search', ...rep('rep064') },
  { path: '/relatorio/protocolo/reembolso/comprovante-devolucao', title: 'Comprovante de Devolução', icon: 'file-check', ...rep('rep107') },
  {
    path: '/relatorio/protocolo/reembolso/conf-analitico-reembolso',
    title: 'Conferência Analítica de Reembolso',
    icon: 'clipboard-check',
    ...rep('rep066'),
  },
  {
    path: '/relatorio/protocolo/reembolso/conferencia-analitica-procedimento',
    title: 'Conferência Analítica por Procedimento',
    icon: 'clipboard-check',
    ...rep('rep255'),
  },
  {
    path: '/relatorio/protocolo/reembolso/conferencia-processamento-reembolso',
    title: 'Conferência de Processamento de Reembolso',
    icon: 'clipboard-check',
    ...rep('rep269'),
  },
  {
    path: '/relatorio/protocolo/reembolso/devolucao-reembolso-negado-protocolo',
    title: 'Devolução de Reembolso Negado por Protocolo',
    icon: 'file-text',
    ...rep('rep188'),
  },
  {
    path: '/relatorio/protocolo/reembolso/folha-analitico-reembolso',
    title: 'Folha Analítica de Reembolso',
    icon: 'file-text',
    ...rep('rep067'),
  },
  { path: '/relatorio/protocolo/reembolso/protocolado-reembolso', title: 'Reembolsos Protocolados', icon: 'archive', ...rep('rep246') },
  { path: '/relatorio/protocolo/reembolso/sintetico-reembolso', title: 'Sintético de Reembolso', icon: 'chart-pie', ...rep('rep065') },
]);
