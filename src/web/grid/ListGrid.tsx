import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GridApi, ICellRendererParams, IDatasource, SortModelItem } from 'ag-grid-community';
import type { ListDef } from '../../shared/lists/types';
import { displayValue } from '../../shared/resources/display';
import type { ListController } from '../lists/useListController';
import { headerMinWidth } from './columns';
import { LOADING_ROWS, returningFocus, TAB_LEAVES } from './options';
import { GRID_LOCALE_PT_BR } from './locale';
import { registerGridModules } from './modules';
import { GRID_THEME as theme } from './theme';
import './grid.css';

registerGridModules();

type Row = Record<string, unknown> & { id: number };
const DEFAULT_COL: ColDef<Row> = { resizable: true, suppressHeaderMenuButton: true, wrapHeaderText: true, autoHeaderHeight: true };
const rowId = (p: { data: Row }) => String(p.data.id);

/** A status chip as a DOM cell (the same classes as the Chip component): no React in the cells, for fast scrolling. */
function chipCell(tones: Readonly<Record<string, string>> | undefined) {
  return class ChipCell {
    private gui!: HTMLElement;
    init(p: ICellRendererParams<Row>) {
      this.gui = document.createElement('span');
      const text = p.valueFormatted ?? String(p.value ?? '');
      if (!text) return;
      this.gui.className = `chip chip-${tones?.[String(p.value)] ?? 'neutral'}`;
      this.gui.textContent = text;
    }
    getGui() {
      return this.gui;
    }
    refresh() {
      return false;
    }
  };
}

/**
 * A read-only, virtualized grid over a list definition (the log of imports: thousands of lines scrolled, not paged):
 * the infinite row model reads blocks through the list controller (keyset after a block already read, offset for a
 * jump), sorts on the server by the definition's sortable fields, and formats cells from the definition's fields.
 */
export function ListGrid({ def, controller, height = '100%' }: { def: ListDef; controller: ListController<Row>; height?: number | string }) {
  const apiRef = useRef<GridApi<Row> | null>(null);
  const ctl = useRef(controller);
  const [roving] = useState(returningFocus);
  useLayoutEffect(() => {
    ctl.current = controller;
  });
  const filtersKey = JSON.stringify(controller.filters);

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      def.columns.map((c) => {
        const fd = def.fields[c.field ?? c.key];
        const sortable = def.sortable.includes(c.sort ?? c.key);
        const i = controller.sort.findIndex((s) => s.field === (c.sort ?? c.key));
        return {
          colId: c.sort ?? c.key,
          field: c.key,
          headerName: c.label ?? fd.label,
          width: c.width,
          minWidth: headerMinWidth(c.label ?? fd.label),
          flex: c.width ? undefined : 1,
          sortable,
          ...(i >= 0 ? { initialSort: controller.sort[i].dir, initialSortIndex: i } : {}),
          valueFormatter: (p) => displayValue(fd, p.value),
          tooltipValueGetter: (p) => displayValue(fd, p.value),
          ...(c.type === 'tag' ? { cellRenderer: chipCell(c.tones) } : {}),
        } satisfies ColDef<Row>;
      }),
    // the starting sort only: later sorts come from the grid itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [def],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      rowCount: undefined,
      getRows: (p) => {
        const sort = (p.sortModel as SortModelItem[]).map((s) => ({ field: s.colId, dir: s.sort }));
        const limit = p.endRow - p.startRow;
        ctl.current
          .fetchPage(p.startRow, limit, sort.length ? sort : undefined)
          .then((r) => {
            const short = r.rows.length < limit;
            const last = short ? p.startRow + r.rows.length : r.exact && r.total != null ? r.total : -1;
            p.successCallback(r.rows as Row[], last);
            if (p.startRow === 0) ctl.current.setTotal(r.total, r.exact);
          })
          .catch(() => p.failCallback());
      },
    }),
    // filters and version (a refresh): a new datasource
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtersKey, controller.version],
  );

  const onSortChanged = useCallback(() => {
    const st = apiRef.current?.getColumnState() ?? [];
    const sort = st.filter((c) => c.sort).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0)).map((c) => ({ field: c.colId, dir: c.sort as 'asc' | 'desc' }));
    ctl.current.setSort(sort);
  }, []);

  return (
    <div className="rg-wrap" style={{ height }} data-testid="grade">
      <AgGridReact<Row>
        theme={theme}
        localeText={GRID_LOCALE_PT_BR}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={def.pageSize}
        maxBlocksInCache={40}
        blockLoadDebounceMillis={0}
        maxConcurrentDatasourceRequests={2}
        infiniteInitialRowCount={1}
        rowBuffer={6}
        debounceVerticalScrollbar
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL}
        getRowId={rowId}
        rowClassRules={LOADING_ROWS}
        tabToNextCell={TAB_LEAVES}
        tabToNextHeader={TAB_LEAVES}
        onCellFocused={roving.onCellFocused}
        focusGridInnerElement={roving.focusGridInnerElement}
        tooltipShowDelay={400}
        animateRows={false}
        onGridReady={(e) => (apiRef.current = e.api)}
        onSortChanged={onSortChanged}
        overlayNoRowsTemplate={`<span class="rg-empty">${def.noun.gender === 'f' ? `Nenhuma ${def.noun.singular} encontrada` : `Nenhum ${def.noun.singular} encontrado`} com estes filtros.</span>`}
      />
    </div>
  );
}
