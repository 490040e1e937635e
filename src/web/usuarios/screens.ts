import type { ScreenMap } from '../screens/types';

export const usuariosScreens: ScreenMap = {
  '/cadastro/acesso/usuarios': () => import('./UsuariosScreen'),
  '/cadastro/acesso/config-permissoes': () => import('./PerfisScreen'),
};
