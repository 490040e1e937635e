import { AG_GRID_LOCALE_BR } from '@ag-grid-community/locale';

/** pt-BR grid texts: AG Grid's own Brazilian locale, with the product's wording where it differs. */
export const GRID_LOCALE_PT_BR: Record<string, string> = {
  ...AG_GRID_LOCALE_BR,
  loadingOoo: 'Carregando…',
  noRowsToShow: 'Nenhum registro encontrado',
  selectAll: 'Selecionar todos',
  ariaRowSelect: 'Pressione Espaço para selecionar esta linha',
  ariaRowDeselect: 'Pressione Espaço para desmarcar esta linha',
  ariaChecked: 'marcado',
  ariaUnchecked: 'desmarcado',
};
