import { createGrid, type ColDef } from 'ag-grid-community';
import { GRID_LOCALE_PT_BR } from './locale';
import { registerGridModules } from './modules';
import { GRID_THEME } from './theme';

// column names no real list has: a test or a script looking for a list's cells never meets these
const COLUMNS: ColDef[] = [{ field: 'aquec1' }, { field: 'aquec2', flex: 1 }, { field: 'aquec3' }];
const ROWS = Array.from({ length: 12 }, (_, i) => ({ id: i, aquec1: String(i), aquec2: '·', aquec3: i }));

/**
 * Builds one throw-away grid out of sight, with the product's theme, the server-paged row model and selection, and
 * destroys it once its rows are painted. AG Grid's first instance on a page costs about 300 ms more than the next
 * ones (its theme's CSS is generated and laid out, its code compiled on first call): paid here, while the browser is
 * idle, the first list the user opens paints as fast as the later ones.
 */
let warmed: Promise<void> | undefined;
export function warmGrid(): Promise<void> {
  return (warmed ??= build());
}

function build(): Promise<void> {
  // marks let a benchmark tell a first open that met a warm grid from one that came before it
  performance.mark('grade-aquecimento-inicio');
  registerGridModules();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:1000px;height:400px;visibility:hidden;pointer-events:none';
  document.body.append(host);
  return new Promise((resolve) => {
    const done = () => {
      api.destroy();
      host.remove();
      performance.mark('grade-aquecimento-fim');
      resolve();
    };
    const api = createGrid(host, {
      theme: GRID_THEME,
      localeText: GRID_LOCALE_PT_BR,
      rowModelType: 'infinite',
      datasource: { getRows: (p) => p.successCallback(ROWS.slice(p.startRow, p.endRow), ROWS.length) },
      columnDefs: COLUMNS,
      rowSelection: { mode: 'multiRow', checkboxes: true, headerCheckbox: false },
      getRowId: (p) => String(p.data.id),
      onFirstDataRendered: () => requestAnimationFrame(done),
    });
    // a grid that never paints (hidden tab, no layout) must not stay in the page
    setTimeout(() => host.isConnected && done(), 5000);
  });
}
