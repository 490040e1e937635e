import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { readListQuery, withoutListState, writeListQuery } from '../../shared/lists/query';
import type { Filter, ListDef, ListPage, Sort } from '../../shared/lists/types';
import { listApi, listKeys } from './api';

/**
 * The headless list controller (the grid, the table and the report screens render it): filters and sort live in
 * the tab's address, in the definition's one URL format (a link or a tab reproduces the list); selection and the
 * scroll position live with the tab; pages come through TanStack Query under one key factory, by keyset cursor
 * when the previous page is known and by offset for a jump (a scrollbar dragged, a reloaded tab at page 5).
 */

export interface SelectedRow {
  id: number;
  version: number;
  label?: string;
}

export interface ListControllerOptions {
  /** The tab's query string (the source of filters and sort). */
  search: string;
  /** Writes a new query string (replace: no history entry per search). */
  setSearch(search: string): void;
  /** Where selection and scroll are kept (the workspace keeps them with the tab). */
  useStore?: <T>(key: string, initial: T) => [T, (v: T) => void];
}

export interface ListController<R = Record<string, unknown>> {
  def: ListDef;
  filters: Filter[];
  sort: Sort[];
  /** The offset of the address (the table's page). */
  offset: number;
  /** Filters and sort as a query string (the summary, the neighbours, exports, links). */
  stateQuery: string;
  setFilters(filters: Filter[]): void;
  setSort(sort: Sort[]): void;
  setOffset(offset: number): void;
  selection: SelectedRow[];
  setSelection(rows: SelectedRow[]): void;
  topRow: number;
  setTopRow(n: number): void;
  /** The total the first page reported (the grid's header). */
  total: number | null;
  exact: boolean;
  setTotal(total: number | null, exact: boolean): void;
  /** Bumped to make views reload from the server (rows written). */
  version: number;
  refresh(): void;
  /** A page of `limit` rows from `offset`, in the given sort (the grid's own) or the address's, through the query cache. */
  fetchPage(offset: number, limit: number, sort?: Sort[]): Promise<ListPage<R>>;
  /** The call itself, for a query of the page (`pageQuery` is its key): reads the page and keeps its cursors. */
  loadPage(offset: number, limit: number, sort?: Sort[]): Promise<ListPage<R>>;
  /** The query string of a page: the cache key and the call. */
  pageQuery(offset: number, limit: number, sort?: Sort[]): string;
}

function useLocalStore<T>(_key: string, initial: T): [T, (v: T) => void] {
  const [v, set] = useState<T>(initial);
  return [v, set];
}

/** The address a list starts from: the definition's initial one (spec §2.5's audit query) when it applies. */
export function initialSearch(def: ListDef, search: string): string {
  const next = def.initial?.(new URLSearchParams(search), new Date());
  return next ? next.toString() : search;
}

export function useListController<R = Record<string, unknown>>(def: ListDef, opts: ListControllerOptions): ListController<R> {
  const qc = useQueryClient();
  const useStore = opts.useStore ?? useLocalStore;
  // a list opened without its initial address goes there first (a replace, as the spec's redirect)
  const effective = useMemo(() => initialSearch(def, opts.search), [def, opts.search]);
  const parsed = useMemo(() => readListQuery(def, new URLSearchParams(effective)).query, [def, effective]);
  const [selection, setSelection] = useStore<SelectedRow[]>(`lista:${def.key}:selecao`, []);
  const [topRow, setTopRow] = useStore<number>(`lista:${def.key}:topo`, 0);
  const [version, setVersion] = useState(0);
  const [count, setCount] = useState<{ total: number | null; exact: boolean }>({ total: null, exact: true });
  const searchRef = useRef(effective);
  const setSearchRef = useRef(opts.setSearch);
  useLayoutEffect(() => {
    searchRef.current = effective;
    setSearchRef.current = opts.setSearch;
  });
  useEffect(() => {
    if (effective !== opts.search) setSearchRef.current(effective);
  }, [effective, opts.search]);
  const stateQuery = useMemo(() => writeListQuery(def, { filters: parsed.filters, sort: parsed.sort }).toString(), [def, parsed]);

  // keyset cursors known for this filter and sort: the row offset a cursor leads to
  const cursors = useRef(new Map<string, Map<number, { after?: string; before?: string }>>());
  const pageQuery = useCallback(
    (offset: number, limit: number, sort?: Sort[]) => {
      const s = sort ?? parsed.sort;
      const base = writeListQuery(def, { filters: parsed.filters, sort: s }).toString();
      const c = cursors.current.get(base)?.get(offset);
      const page = c ? { limit, ...c, count: offset === 0 } : { limit, offset, count: offset === 0 };
      return writeListQuery(def, { filters: parsed.filters, sort: s, page }).toString();
    },
    [def, parsed],
  );
  const loadPage = useCallback(
    async (offset: number, limit: number, sort?: Sort[]) => {
      const r = await listApi.page<R>(def, pageQuery(offset, limit, sort));
      const base = writeListQuery(def, { filters: parsed.filters, sort: sort ?? parsed.sort }).toString();
      let known = cursors.current.get(base);
      if (!known) cursors.current.set(base, (known = new Map()));
      if (r.next) known.set(offset + r.rows.length, { after: r.next });
      if (r.prev && offset - limit >= 0) known.set(offset - limit, { before: r.prev });
      return r;
    },
    [def, parsed, pageQuery],
  );
  const fetchPage = useCallback(
    (offset: number, limit: number, sort?: Sort[]) => qc.fetchQuery({ queryKey: listKeys.page(def.key, pageQuery(offset, limit, sort)), queryFn: () => loadPage(offset, limit, sort), staleTime: 5_000 }),
    [qc, def, pageQuery, loadPage],
  );

  const write = useCallback(
    (state: { filters: Filter[]; sort: Sort[]; offset?: number }) => {
      const q = writeListQuery(def, { filters: state.filters, sort: state.sort, page: { offset: state.offset } }, withoutListState(def, new URLSearchParams(searchRef.current)));
      setSearchRef.current(q.toString());
    },
    [def],
  );

  return {
    def,
    filters: parsed.filters,
    sort: parsed.sort,
    offset: parsed.page.offset,
    stateQuery,
    setFilters: (filters) => {
      setSelection([]);
      setTopRow(0);
      write({ filters, sort: parsed.sort });
    },
    setSort: (sort) => write({ filters: parsed.filters, sort }),
    setOffset: (offset) => write({ filters: parsed.filters, sort: parsed.sort, offset }),
    selection,
    setSelection,
    topRow,
    setTopRow,
    total: count.total,
    exact: count.exact,
    setTotal: (total, exact) => setCount((c) => (c.total === total && c.exact === exact ? c : { total, exact })),
    version,
    refresh: () => {
      // rows were written: cached pages of this list are stale
      void qc.invalidateQueries({ queryKey: listKeys.list(def.key) });
      setVersion((v) => v + 1);
    },
    fetchPage,
    loadPage,
    pageQuery,
  };
}
