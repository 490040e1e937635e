import type { ScreenMap } from '../screens/types';

/** The lists over runs (src/shared/jobs-lists.ts); the administrator's queue lives with the sessions (Fila de Sessões). */
export const jobsScreens: ScreenMap = {
  '/util/importacoes': () => import('./ImportacoesScreen'),
  '/util/analise/log-importacao': () => import('./LogImportacaoScreen'),
  '/util/exportacao/arquivos-gerados': () => import('./ArquivosGeradosScreen'),
};
