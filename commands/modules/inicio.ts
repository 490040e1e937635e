import { commands } from '../types';

/** The root and the top-level groups shown as tiles on the home. */
export const inicio = commands([
  { path: '/', title: 'Início', icon: 'home', kind: 'folder', keywords: ['home', 'tela inicial'] },
]);
