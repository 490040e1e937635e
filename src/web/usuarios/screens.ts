import type { ScreenMap } from '../screens/types';

export const usuariosScreens: ScreenMap = {
  '/cadastro/acesso/usuarios': () => import('./UsuariosScreen'),
  '/cadastro/acesso/config-permissoes': () => import('./PerfisScreen'),
  '/cadastro/acesso/regras': () => import('./RegrasScreen'),
  '/cadastro/acesso/clonar-usuario': () => import('./ClonarUsuarioScreen'),
  '/cadastro/acesso/migracao-usuario': () => import('./MigracaoUsuarioScreen'),
};
