import { commands } from '../types';
import { MANAGE_ALL, list } from './helpers';

/** Spec §2.4, first part: the regulator's (ANS) files the operator sends. Top-level group /ans-operadora. */
export const ansOperadora = commands([
  {
    path: '/ans-operadora',
    title: 'ANS (Operadora)',
    icon: 'landmark',
    can: list('ansoperadora'),
    keywords: ['agência nacional de saúde suplementar', 'regulador'],
  },
  { path: '/ans-operadora/eventos-diops', title: 'Eventos DIOPS', icon: 'list', can: list('eventodiops'), keywords: ['DIOPS'] },
  { path: '/ans-operadora/gerencias-sip', title: 'Gerências SIP', icon: 'chart', can: list('gerenciasip'), keywords: ['SIP', 'itens do SIP', 'metas do SIP'] },
  // the configuration of the TPS (Lei 9.961/2000 art. 20) and of the IDSS that reports rep039, rep038 and rep363 read
  { path: '/ans-operadora/bases-tps', title: 'Bases de Cálculo da TPS', icon: 'calculator', can: list('basetps'), keywords: ['TPS', 'taxa de saúde suplementar'] },
  { path: '/ans-operadora/descontos-tps', title: 'Percentuais da TPS', icon: 'percent', can: list('descontotps'), keywords: ['TPS', 'desconto', 'taxa de saúde suplementar'] },
  { path: '/ans-operadora/indicadores-idss', title: 'Indicadores do IDSS', icon: 'gauge', can: list('indicadoridss'), keywords: ['IDSS', 'índice de desempenho da saúde suplementar', 'qualidade'] },

  { path: '/ans-operadora/monitoramento-tiss', title: 'Monitoramento TISS', icon: 'activity', can: list('monitoramentotiss'), keywords: ['TISS', 'ANS'] },
  {
    path: '/ans-operadora/monitoramento-tiss/remessas-monitoramentos-tiss',
    kind: 'route',
    title: 'Remessas de Monitoramento TISS',
    icon: 'send',
    can: list('remessamonitoramentotiss'),
    keywords: ['TISS', 'XTE'],
  },
  {
    path: '/ans-operadora/monitoramento-tiss/remessas-monitoramentos-tiss/remessa-qualidade',
    title: 'Remessa de Qualidade',
    icon: 'badge-check',
    can: list('remessaqualidade'),
    keywords: ['qualidade TISS'],
  },

  { path: '/ans-operadora/rps', title: 'RPS', icon: 'hospital', can: list('rps'), keywords: ['registro de planos e serviços', 'rede'] },
  { path: '/ans-operadora/rps/movimentos-rps', title: 'Movimentos RPS', icon: 'layers', can: MANAGE_ALL, keywords: ['RPS'] },
  { path: '/ans-operadora/rps/processo-movimento', title: 'Processar Movimento RPS', icon: 'refresh', can: ['insert', 'movimentorps'], keywords: ['RPS'] },
  { path: '/ans-operadora/rps/remessas-movimentos-rps', title: 'Remessas de Movimentos RPS', icon: 'send', can: list('remessamovimentorps'), keywords: ['RPS'] },
]);
