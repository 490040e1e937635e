import type { ScreenMap } from '../screens/types';

export const usuariosScreens: ScreenMap = {
  '/cadastro/acesso/usuarios': () => import('./UsuariosScreen'),
};
