import {
  CellStyleModule,
  ColumnApiModule,
  RenderApiModule,
  ColumnAutoSizeModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

/**
 * AG Grid community modules, registered one by one (not AllCommunityModule): server paging (infinite row model),
 * selection, pt-BR locale, tooltips, cell and row styles, row and scroll APIs (column resize and move are core).
 * Imported only by the lazily loaded grid, so none of this is in the initial bundle.
 */
let done = false;
export function registerGridModules() {
  if (done) return;
  done = true;
  ModuleRegistry.registerModules([
    InfiniteRowModelModule,
    RowSelectionModule,
    LocaleModule,
    TooltipModule,
    ColumnAutoSizeModule,
    CellStyleModule,
    ColumnApiModule,
    RenderApiModule,
    RowStyleModule,
    RowApiModule,
    ScrollApiModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}
