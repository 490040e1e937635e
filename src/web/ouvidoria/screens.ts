import type { ScreenMap } from '../screens/types';

/** Ouvidoria: the register form (with its receipt) and the desk (list, `?id=` a manifestação). */
export const ouvidoriaScreens: ScreenMap = {
  '/ouvidoria/registro-manifestacao': () => import('./RegistroManifestacaoScreen'),
  '/ouvidoria/manifestacoes': () => import('./ManifestacoesScreen'),
};
