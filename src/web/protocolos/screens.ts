import type { ScreenMap } from '../screens/types';

/** The document desk: its list, the register form (`?novo=1`) and a protocol (`?id=`) on one command. */
export const protocolosScreens: ScreenMap = {
  '/principal/protocolos-documentos': () => import('./ProtocolosScreen'),
};
