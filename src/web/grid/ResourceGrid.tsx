import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import { type CellKeyDownEvent, type ColDef, type GridApi, type GridReadyEvent, type IDatasource, type SortModelItem } from 'ag-grid-community';
import type { Sort } from '../../shared/lists/types';
import type { Resource } from '../../shared/resources/define';
import { columnsOf, optionsColumn, type GridContext, type Row } from './columns';
import { loadColumnState, saveColumnState } from './columnState';
import { GRID_LOCALE_PT_BR } from './locale';
import { LOADING_ROWS, returningFocus, TAB_LEAVES } from './options';
import { registerGridModules } from './modules';
import { GRID_THEME as theme } from './theme';
import type { ListController, SelectedRow } from '../lists/useListController';
import './grid.css';

registerGridModules();

export const BLOCK_SIZE = 100;

// Grid options as constants: a new object on every render would make the grid reprocess its columns.
// headers wrap between words (a column's floor fits its longest word: columns.ts) instead of ending in "…"
const DEFAULT_COL: ColDef<Row> = { sortable: true, resizable: true, suppressHeaderMenuButton: true, wrapHeaderText: true, autoHeaderHeight: true };
// a row whose block is still loading has no data: no checkbox to tick on it (it shows the loading row instead)
const ROW_SELECTION = { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false, isRowSelectable: (n: { data?: Row }) => !!n.data, hideDisabledCheckboxes: true } as const;

/** Spec §9: selection column 55 px. */
const SELECTION_COLUMN = { width: 55, minWidth: 55, maxWidth: 55, pinned: 'left', resizable: false, suppressMovable: true, headerName: '' } as const;
const rowId = (p: { data: Row }) => String(p.data.id);

/** The sort the grid starts with: the URL's, else the user's saved one, else the definition's. */
export function initialSort(def: Resource, userKey: string, urlSort: Sort[]): Sort[] {
  return urlSort.length ? urlSort : (loadColumnState(userKey, def.name)?.sort ?? [def.sort]);
}

interface Props {
  /** The resource (its columns); the rows come from the controller of its list. */
  def: Resource;
  controller: ListController<Row>;
  context: GridContext;
  userKey: string;
  /** Delete key on the grid: ask to delete the selection (the grid's latest, which may be newer than the last render). */
  onDeleteKey(selection: SelectedRow[]): void;
  /** The grid API, for the screen's tests and actions (refresh a row after an edit). */
  onApi?(api: GridApi<Row>): void;
  height?: number | string;
}

/** Server-paged grid of a resource: infinite row model, server sort, selection, pt-BR, column state per user. */
export function ResourceGrid({ def, controller, context, userKey, onDeleteKey, onApi, height = '100%' }: Props) {
  const apiRef = useRef<GridApi<Row> | null>(null);
  const ctl = useRef(controller);
  const [roving] = useState(returningFocus);
  // the selection as the grid last reported it: Space then Delete can come before React renders the new state
  const latestSelection = useRef(controller.selection);
  useLayoutEffect(() => {
    ctl.current = controller;
    latestSelection.current = controller.selection;
  });
  const filtersKey = JSON.stringify(controller.filters);

  // the starting sort goes into the column definitions (no sort-changed round at start-up)
  const [startSort] = useState(() => initialSort(def, userKey, controller.sort));
  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const sort = startSort;
    return [
      ...columnsOf(def).map((c) => {
        const i = sort.findIndex((s) => s.field === c.colId);
        return i >= 0 ? { ...c, initialSort: sort[i].dir, initialSortIndex: i } : c;
      }),
      optionsColumn(),
    ];
  }, [def, startSort]);

  const datasource = useMemo<IDatasource>(() => {
    return {
      rowCount: undefined,
      getRows: (p) => {
        const sort = (p.sortModel as SortModelItem[]).map((s) => ({ field: s.colId, dir: s.sort }));
        const limit = p.endRow - p.startRow;
        // a block after one already read continues by its keyset cursor; a jump (the scrollbar dragged) by offset
        ctl.current
          .fetchPage(p.startRow, limit, sort)
          .then((r) => {
            const short = r.rows.length < limit;
            const last = short ? p.startRow + r.rows.length : r.exact && r.total != null ? r.total : -1;
            // rows first: the screen's own update (the total) must not delay their paint
            p.successCallback(r.rows as Row[], last);
            if (p.startRow === 0 && !r.exact && r.total != null && !short) apiRef.current?.setRowCount(r.total, false);
            if (p.startRow === 0) {
              reselect();
              ctl.current.setTotal(r.total, r.exact);
            }
          })
          .catch(() => p.failCallback());
      },
    };
    // filters and version (a refresh): a new datasource
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, controller.version]);

  /** Rows the controller holds as selected get their checkbox back when their block loads. */
  const reselect = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const ids = new Set(ctl.current.selection.map((s) => String(s.id)));
    if (!ids.size) return;
    api.forEachNode((n) => {
      if (n.id && ids.has(n.id) && !n.isSelected()) n.setSelected(true, false, 'api');
    });
  }, []);

  const onGridReady = useCallback(
    (e: GridReadyEvent<Row>) => {
      performance.mark('grade:pronta');
      apiRef.current = e.api;
      onApi?.(e.api);
      const saved = loadColumnState(userKey, def.name);
      if (saved?.columns.length) e.api.applyColumnState({ state: saved.columns.map((c) => ({ colId: c.colId, width: c.width, hide: !!c.hide })), applyOrder: true });
      if (ctl.current.topRow > 0) setTimeout(() => e.api.ensureIndexVisible(ctl.current.topRow, 'top'), 50);
    },
    [def, userKey, onApi],
  );

  const persist = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const st = api.getColumnState();
    const sort = st.filter((c) => c.sort).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0)).map((c) => ({ field: c.colId, dir: c.sort as 'asc' | 'desc' }));
    saveColumnState(userKey, def.name, { columns: st.map((c) => ({ colId: c.colId, width: c.width ?? undefined, ...(c.hide ? { hide: true } : {}) })), sort });
    return sort;
  }, [def.name, userKey]);

  useEffect(() => () => void (apiRef.current = null), []);

  return (
    <div className="rg-wrap" style={{ height }} data-testid="grade">
      <AgGridReact<Row>
        theme={theme}
        localeText={GRID_LOCALE_PT_BR}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK_SIZE}
        maxBlocksInCache={40}
        blockLoadDebounceMillis={0}
        maxConcurrentDatasourceRequests={2}
        infiniteInitialRowCount={1}
        rowBuffer={6}
        debounceVerticalScrollbar
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL}
        context={context}
        getRowId={rowId}
        rowSelection={ROW_SELECTION}
        selectionColumnDef={SELECTION_COLUMN}
        rowClassRules={LOADING_ROWS}
        tabToNextCell={TAB_LEAVES}
        tabToNextHeader={TAB_LEAVES}
        onCellFocused={roving.onCellFocused}
        focusGridInnerElement={roving.focusGridInnerElement}
        tooltipShowDelay={400}
        tooltipShowMode="whenTruncated"
        suppressCellFocus={false}
        animateRows={false}
        onGridReady={onGridReady}
        onSortChanged={() => {
          const sort = persist();
          if (sort) ctl.current.setSort(sort);
        }}
        onColumnResized={(e) => e.finished && persist()}
        onColumnMoved={(e) => e.finished && persist()}
        onColumnVisible={() => persist()}
        onSelectionChanged={(e) => {
          if (e.source === 'api') return;
          // a row still loading has no data (and shows no checkbox): never part of the selection
          const rows = e.api.getSelectedRows().filter(Boolean);
          latestSelection.current = rows.map((r) => ({ id: r.id, version: r.version, label: String(r[def.display] ?? r.id) }));
          ctl.current.setSelection(latestSelection.current);
        }}
        onBodyScrollEnd={(e) => ctl.current.setTopRow(e.api.getFirstDisplayedRowIndex())}
        onCellKeyDown={(e: CellKeyDownEvent<Row>) => {
          const ev = e.event as KeyboardEvent | undefined;
          if (!ev || (ev.target as HTMLElement).closest('input, select, textarea')) return;
          if (ev.key === 'Enter' && e.data) {
            ev.preventDefault();
            context.open(e.data);
          } else if (ev.key === 'Delete') {
            ev.preventDefault();
            onDeleteKey(latestSelection.current);
          }
        }}
        onCellDoubleClicked={(e) => e.data && (e.event?.target as HTMLElement | null)?.closest('input, select, button, a') == null && context.open(e.data)}
        overlayNoRowsTemplate={`<span class="rg-empty">Nenhum registro encontrado com estes filtros.</span>`}
      />
    </div>
  );
}
