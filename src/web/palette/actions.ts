import { atom } from 'jotai';
import type { IconName } from '../../../commands/icons';
import type { ClientInfo } from '../../shared/api';
import { openPasswordDialog } from '../session/actions';
import { store } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { go, tabActions } from '../workspace/store';
import { clearRecents } from './recents';
import { openPalette, openShortcuts } from './state';

/** The logout confirmation (user menu and the palette's "Sair"). */
export const logoutConfirmAtom = atom(false);

export interface PaletteAction {
  id: string;
  title: string;
  icon: IconName;
  hotkey?: string;
  keywords: string[];
  run: () => void;
}

/** The `>` scope: things to do rather than places to go. */
export function paletteActions(ctx: { owner?: string; client: ClientInfo | null }): PaletteAction[] {
  const list: PaletteAction[] = [
    { id: 'fechar-aba', title: 'Fechar aba', icon: 'archive', hotkey: 'Alt+W', keywords: ['fechar', 'aba', 'guia'], run: () => tabActions.close() },
    { id: 'proxima-aba', title: 'Próxima aba', icon: 'layers', hotkey: 'Alt+→', keywords: ['aba', 'seguinte', 'avançar'], run: () => tabActions.cycle(1) },
    { id: 'aba-anterior', title: 'Aba anterior', icon: 'layers', hotkey: 'Alt+←', keywords: ['aba', 'voltar'], run: () => tabActions.cycle(-1) },
    { id: 'nova-aba', title: 'Nova aba', icon: 'files', hotkey: 'Alt+T', keywords: ['abrir', 'aba'], run: () => openPalette({ newTab: true }) },
    { id: 'inicio', title: 'Ir para o início', icon: 'home', hotkey: 'G H', keywords: ['home', 'tela inicial'], run: () => go('/') },
  ];
  if (ctx.client?.flags['usuario.alterarsenha']?.enable === true)
    list.push({ id: 'alterar-senha', title: 'Alterar senha', icon: 'key', keywords: ['senha', 'trocar senha'], run: openPasswordDialog });
  list.push(
    { id: 'atalhos', title: 'Mostrar atalhos de teclado', icon: 'help', hotkey: '?', keywords: ['ajuda', 'teclas', 'atalhos'], run: openShortcuts },
    {
      id: 'limpar-recentes',
      title: 'Limpar recentes',
      icon: 'refresh',
      keywords: ['histórico', 'recentes', 'apagar'],
      run: () => {
        clearRecents(ctx.owner);
        showAlerts([{ type: 'success', value: 'Lista de recentes apagada.' }]);
      },
    },
    { id: 'sair', title: 'Sair', icon: 'lock', keywords: ['logout', 'encerrar sessão', 'desconectar'], run: () => store.set(logoutConfirmAtom, true) },
  );
  return list;
}
