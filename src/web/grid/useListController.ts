import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Resource } from '../../shared/resources/define';
import { encodeList, parseList, type Filter, type Sort } from '../../shared/resources/query';

/**
 * The headless list controller: filters, sort, selection and the total, apart from the grid that renders them.
 * Its state is plain, serializable data; filters and sort live in the URL query (a link or a tab reproduces the
 * list), selection and the scroll position in `ListState` so a workspace tab can keep them.
 */

export interface SelectedRow {
  id: number;
  version: number;
  label?: string;
}

export interface ListState {
  filters: Filter[];
  sort: Sort[];
  selection: SelectedRow[];
  /** First visible row index (restored when the list reopens). */
  topRow: number;
}

export interface ListControllerOptions {
  /** The URL query of the screen (the source of filters and sort). */
  search: string;
  /** Writes a new URL query (replace, no history entry per keystroke). */
  setSearch(search: string): void;
  /** Where selection and scroll are kept (defaults to component state). */
  useStore?: <T>(key: string, initial: T) => [T, (v: T) => void];
}

/** Pluggable state hook: the workspace may provide one that keeps the state with the tab. */
let defaultStore: <T>(key: string, initial: T) => [T, (v: T) => void] = useLocalStore;
export function provideListStore(hook: <T>(key: string, initial: T) => [T, (v: T) => void]) {
  defaultStore = hook;
}

function useLocalStore<T>(_key: string, initial: T): [T, (v: T) => void] {
  const [v, set] = useState<T>(initial);
  return [v, set];
}

export interface ListController {
  def: Resource;
  state: ListState;
  /** Bumped to ask the grid to reload from the server (filters changed, rows written). */
  version: number;
  total: number | null;
  exact: boolean;
  setFilters(filters: Filter[]): void;
  setSort(sort: Sort[]): void;
  setSelection(rows: SelectedRow[]): void;
  setTopRow(n: number): void;
  setTotal(total: number | null, exact: boolean): void;
  refresh(): void;
  /** Query string of the current filters and sort (for the API, the export and links). */
  query(): URLSearchParams;
}

export function useListController(def: Resource, opts: ListControllerOptions): ListController {
  const useStore = opts.useStore ?? defaultStore;
  const parsed = useMemo(() => parseList(def, new URLSearchParams(opts.search)).params, [def, opts.search]);
  const [selection, setSelectionState] = useStore<SelectedRow[]>(`lista:${def.name}:selecao`, []);
  const [topRow, setTopRowState] = useStore<number>(`lista:${def.name}:topo`, 0);
  const [version, setVersion] = useState(0);
  const [count, setCount] = useState<{ total: number | null; exact: boolean }>({ total: null, exact: true });
  const setSearch = useRef(opts.setSearch);
  const search = useRef(opts.search);
  useLayoutEffect(() => {
    setSearch.current = opts.setSearch;
    search.current = opts.search;
  });

  const write = useCallback(
    (filters: Filter[], sort: Sort[]) => {
      // keep unrelated query parameters (view, tab markers), replace list state
      const q = new URLSearchParams(search.current);
      for (const k of [...q.keys()]) if (k === 'sort' || k === 'offset' || k === 'limit' || /\.(eq|contains|startsWith|gte|lte)$/.test(k)) q.delete(k);
      setSearch.current(encodeList({ filters, sort }, q).toString());
    },
    [],
  );

  return {
    def,
    state: { filters: parsed.filters, sort: parsed.sort, selection, topRow },
    version,
    total: count.total,
    exact: count.exact,
    setFilters: (filters) => {
      setSelectionState([]);
      setTopRowState(0);
      write(filters, parsed.sort);
    },
    setSort: (sort) => write(parsed.filters, sort),
    setSelection: setSelectionState,
    setTopRow: setTopRowState,
    setTotal: (total, exact) => setCount((c) => (c.total === total && c.exact === exact ? c : { total, exact })),
    refresh: () => setVersion((v) => v + 1),
    query: () => encodeList({ filters: parsed.filters, sort: parsed.sort }),
  };
}
