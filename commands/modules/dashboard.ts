import { commands } from '../types';
import { list } from './helpers';

const COPASS = ['copass'] as const;
/** Every analytics screen needs analisecomsc on autorizacao (spec §2.2). */
const ANALISE = ['analisecomsc', 'autorizacao'] as const;

/**
 * Spec §2.2: the hospital analytics dashboard, client copass only.
 * The spec marks only /readmissoes-30dias as having no search panel; the others get `search`.
 */
export const dashboard = commands([
  { path: '/dashboard', title: 'Dashboard', icon: 'gauge', can: list('dashboard'), clients: COPASS, keywords: ['painel', 'indicadores', 'análise'] },
  { path: '/dashboard/drg', title: 'DRG', icon: 'chart', can: ANALISE, clients: COPASS, search: true, keywords: ['grupo de diagnóstico'] },
  { path: '/dashboard/eventos-adversos', title: 'Eventos Adversos', icon: 'activity', can: ANALISE, clients: COPASS, search: true },
  { path: '/dashboard/icsap', title: 'ICSAP', icon: 'chart', can: ANALISE, clients: COPASS, search: true, keywords: ['internações sensíveis à atenção primária'] },
  { path: '/dashboard/permanencia-media', title: 'Permanência Média', icon: 'clock', can: ANALISE, clients: COPASS, search: true, keywords: ['tempo de internação'] },
  { path: '/dashboard/permanencia-performane', title: 'Permanência e Performance', icon: 'trending-up', can: ANALISE, clients: COPASS, search: true },
  { path: '/dashboard/procedimentos-relevantes', title: 'Procedimentos Relevantes', icon: 'stethoscope', can: ANALISE, clients: COPASS, search: true },
  { path: '/dashboard/ranking-eventos-adversos', title: 'Ranking de Eventos Adversos', icon: 'chart-pie', can: ANALISE, clients: COPASS, search: true },
  {
    path: '/dashboard/ranking-oportunidade-melhoria',
    title: 'Ranking de Oportunidades de Melhoria',
    icon: 'chart-pie',
    can: ANALISE,
    clients: COPASS,
    search: true,
  },
  { path: '/dashboard/ranking-readmissoes', title: 'Ranking de Readmissões', icon: 'chart-pie', can: ANALISE, clients: COPASS, search: true },
  { path: '/dashboard/readmissoes-30dias', title: 'Readmissões em 30 Dias', icon: 'refresh', can: ANALISE, clients: COPASS, keywords: ['reinternação'] },
]);
