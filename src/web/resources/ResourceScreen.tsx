import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'wouter';
import type { GridApi } from 'ag-grid-community';
import { resourceByCommand } from '../../shared/resources';
import { listOfResource } from '../../shared/lists/resource';
import { recordSchema } from '../../shared/resources/schema';
import { ApiError } from '../api/client';
import { BatchActions, NEEDS_SELECTION, type BatchAction } from '../grid/BatchActions';
import type { GridContext, Row } from '../grid/columns';
import { BLOCK_SIZE, initialSort, ResourceGrid } from '../grid/ResourceGrid';
import { listKeys } from '../lists/api';
import { countText } from '../lists/count';
import { SearchPanel } from '../lists/SearchPanel';
import { useListController, type SelectedRow } from '../lists/useListController';
import { abilityAtom, userAtom } from '../session/store';
import type { ScreenProps } from '../screens/types';
import { ConfirmDialog } from '../ui/Dialog';
import { useTabId, useTabState } from '../workspace/hooks';
import { showAlerts, showError, showUndoable } from '../ui/toasts';
import { displayValue } from '../../shared/resources/display';
import { DESFAZER_OFERTA_MS, undoable } from '../../shared/resources/undo';
import { resourceApi, resourceKeys } from './api';
import { downloadExport, type DownloadProgress } from './download';
import { jobsApi, openJobsPanel, watchJob } from '../jobs/api';
import { ColumnsMenu, SavedViewsMenu, useViewColumns } from '../lists/SavedViews';
import type { VisaoColuna } from '../../shared/lists/views';

/**
 * A list whose count is exact (the list engine counts exactly up to 1,000 rows) downloads at once; a longer one
 * (TUSS, 200,000 beneficiaries) runs as a job on the server.
 */
const INLINE_EXPORT_MAX = 1000;
import { ResourceForm } from './ResourceForm';
import { RECORD_VIEWS, type RecordViewProps } from './recordViews';

/** The read-only view of a resource's records, when it has one (its code loads with the first record opened). */
const VIEWS = new Map<string, LazyExoticComponent<ComponentType<RecordViewProps>>>(Object.entries(RECORD_VIEWS).map(([name, load]) => [name, lazy(load!)]));

const int = new Intl.NumberFormat('pt-BR');

/** List state kept with the workspace tab (selection, scroll) so it survives switching tabs; plain state outside one. */
function useScreenStore<T>(key: string, initial: T): [T, (v: T) => void] {
  const tabId = useTabId();
  const [local, setLocal] = useState(initial);
  const [kept, keep] = useTabState<T>(key, initial);
  return tabId ? [kept, keep] : [local, setLocal];
}

/**
 * The generic screen of a reference table: title and total, the side search view, the grid toolbar
 * (Novo, Excluir selecionados, Exportar CSV/XLSX with progress), the server-paged grid and the form.
 */
export default function ResourceScreen({ command, search }: ScreenProps) {
  const def = resourceByCommand.get(command.path);
  if (!def) return <p className="card">Esta tela não tem definição de recurso.</p>;
  return <Screen key={def.name} command={command} search={search} />;
}

function Screen({ command, search }: ScreenProps) {
  const def = resourceByCommand.get(command.path)!;
  const [, navigate] = useLocation();
  const ability = useAtomValue(abilityAtom);
  const user = useAtomValue(userAtom);
  const qc = useQueryClient();
  const can = (a: string) => ability.can(a, def.name);
  const canInsert = can('insert');
  const canUpdate = can('update');
  const canDelete = can('delete');

  const list = listOfResource(def);
  const controller = useListController<Row>(list, {
    search,
    setSearch: (s) => navigate(`${command.path}${s ? `?${s}` : ''}`, { replace: true }),
    useStore: useScreenStore,
  });
  const apiRef = useRef<GridApi<Row> | null>(null);
  // the grid's columns (shown, order, width) for the columns chooser and saved views; re-read after each change
  const [gridReady, setGridReady] = useState(false);
  const [hiddenCols, setHiddenCols] = useState<ReadonlySet<string>>(new Set());
  const readHidden = () => setHiddenCols(new Set(apiRef.current?.getColumnState().filter((c) => c.hide).map((c) => c.colId) ?? []));
  const gridKeys = useMemo(() => new Set(list.columns.map((c) => c.key)), [list]);
  const gridColumns = (): VisaoColuna[] | null =>
    apiRef.current
      ?.getColumnState()
      .filter((c) => gridKeys.has(c.colId))
      .map((c) => ({ key: c.colId, ...(c.width ? { width: Math.max(20, Math.min(2000, Math.round(c.width))) } : {}), ...(c.hide ? { hidden: true } : {}) })) ?? null;
  useViewColumns(
    search,
    (cols) => {
      apiRef.current?.applyColumnState({ state: cols.map((c) => ({ colId: c.key, width: c.width, hide: !!c.hidden })), applyOrder: true });
      readHidden();
    },
    gridReady,
  );
  const [form, setForm] = useState<{ row?: Row; initial?: Record<string, unknown> } | null>(null);
  const [confirm, setConfirm] = useState<SelectedRow[] | null>(null);
  const [progress, setProgress] = useState<(DownloadProgress & { kind: string }) | null>(null);
  const exportAbort = useRef<AbortController | null>(null);

  // `?id=N` opens that record's form (links from the palette's @ search, or a shared address);
  // opening a row writes it, closing the form takes it away, so the tab's address reproduces what is shown.
  const idParam = new URLSearchParams(search).get('id');
  const openId: number | 'novo' | null = idParam === 'novo' ? 'novo' : Number(idParam) || null;
  const searchRef = useRef(search);
  useLayoutEffect(() => {
    searchRef.current = search;
  });
  const setOpenId = useCallback(
    (id: number | 'novo' | null) => {
      const q = new URLSearchParams(searchRef.current);
      if (id == null) q.delete('id');
      else q.set('id', String(id));
      const s = q.toString();
      navigate(`${command.path}${s ? `?${s}` : ''}`, { replace: true });
    },
    [command.path, navigate],
  );
  useEffect(() => {
    if (openId == null || (form?.row && form.row.id === openId)) return;
    if (openId === 'novo') {
      if (!form || form.row) setForm({});
      return;
    }
    let live = true;
    resourceApi.get(def, openId).then(
      (row) => live && setForm({ row }),
      () => {
        if (!live) return;
        showError(`${def.label.singular} não encontrad${def.label.gender === 'f' ? 'a' : 'o'}.`);
        setOpenId(null);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new id in the address opens a record
  }, [openId, def]);
  const closeForm = useCallback(() => {
    setForm(null);
    if (openId != null) setOpenId(null);
  }, [openId, setOpenId]);

  // The first page is asked for as the screen mounts, while the grid is still being built: the grid's own request
  // for it is the same query, so the cache hands it the answer in flight.
  // (performance marks 'recurso:tela' and 'grade:pronta' let the bench split the opening time)
  useState(() => {
    performance.mark('recurso:tela');
    return controller.fetchPage(0, BLOCK_SIZE, initialSort(def, user?.principal ?? 'anonimo', controller.sort)).catch(() => undefined);
  });
  const ctlRef = useRef(controller);
  useLayoutEffect(() => {
    ctlRef.current = controller;
  });
  const edit = useCallback(
    async (row: Row, field: string, value: unknown) => {
      const body: Record<string, unknown> = { ...row, [field]: value };
      const parsed = recordSchema(def).safeParse(body);
      if (!parsed.success) {
        showError(parsed.error.issues[0]?.message ?? 'Valor inválido.');
        apiRef.current?.refreshCells({ force: true });
        return;
      }
      try {
        const saved = await resourceApi.update(def, row.id, { ...parsed.data, version: row.version });
        apiRef.current?.getRowNode(String(row.id))?.setData(saved);
        void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
        void qc.invalidateQueries({ queryKey: listKeys.list(list.key) });
        // a click saved it: say what changed, and offer to take it back for a few seconds
        const fd = def.fields[field];
        const shown = (r: Row) => displayValue(fd, r[field], r, field) || 'vazio';
        const what = `${def.label.singular} “${String(saved[def.display] ?? saved.id)}” — ${fd.label}: ${shown(row)} → ${shown(saved)}.`;
        if (!undoable(def)) return showAlerts([{ type: 'success', value: what }]);
        showUndoable(
          what,
          () =>
            void resourceApi.undo(def, saved.id as number, saved.version as number).then(
              (back) => {
                apiRef.current?.getRowNode(String(back.id))?.setData(back);
                void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
                void qc.invalidateQueries({ queryKey: listKeys.list(list.key) });
              },
              () => ctlRef.current.refresh(),
            ),
          DESFAZER_OFERTA_MS,
        );
      } catch (err) {
        if (err instanceof ApiError) showAlerts(err.alerts);
        ctlRef.current.refresh();
      }
    },
    [def, qc, list.key],
  );

  const context = useMemo<GridContext>(
    () => ({
      def,
      canUpdate,
      canDelete,
      edit: (row, field, value) => void edit(row, field, value),
      open: (row) => {
        setForm({ row });
        setOpenId(row.id);
      },
      remove: (rows) => setConfirm(rows.map((r) => ({ id: r.id, version: r.version, label: String(r[def.display] ?? r.id) }))),
      duplicate: (row) => {
        const copy: Record<string, unknown> = {};
        for (const k of def.keys) if (!def.fields[k].unique && !(k === 'id' && def.naturalId)) copy[k] = row[k];
        setForm({ initial: copy });
        setOpenId('novo');
      },
      filterBy: (field, value) => {
        const c = ctlRef.current;
        c.setFilters([...c.filters.filter((f) => f.field !== field), { field, op: 'eq', value: value as string }]);
      },
    }),
    [def, canUpdate, canDelete, edit, setOpenId],
  );

  const selection = controller.selection;
  const batch: BatchAction[] = [
    {
      id: 'excluir',
      label: 'Excluir selecionados',
      danger: true,
      enabled: (sel) => sel.length > 0 && canDelete,
      reason: (sel) => (!canDelete ? 'Você não tem permissão para excluir.' : sel.length === 0 ? NEEDS_SELECTION : ''),
      run: (sel) => setConfirm([...sel]),
    },
  ];

  async function doDelete(rows: SelectedRow[]) {
    setConfirm(null);
    try {
      await resourceApi.removeMany(def, rows.map((r) => ({ id: r.id, version: r.version })));
      controller.setSelection([]);
      apiRef.current?.deselectAll();
      controller.refresh();
      void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
      const a = def.label.gender === 'f' ? 'a' : 'o';
      const what = rows.length === 1 ? `${def.label.singular} “${rows[0].label ?? rows[0].id}” excluíd${a}.` : `${rows.length} ${def.label.plural.toLowerCase()} excluíd${a}s.`;
      // the trail keeps every field of what was deleted: the deletion can be taken back
      if (!undoable(def)) return showAlerts([{ type: 'success', value: what }]);
      showUndoable(
        what,
        () =>
          void resourceApi.restore(def, rows.map((r) => r.id)).then(
            () => {
              controller.refresh();
              void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
            },
            () => undefined,
          ),
        DESFAZER_OFERTA_MS,
      );
    } catch (err) {
      // record in use, changed by someone else (a network failure was already shown by the client)
      if (err instanceof ApiError && err.status !== 0) showAlerts(err.alerts);
      controller.refresh();
    }
  }

  async function doExport(kind: 'csv' | 'xlsx') {
    // a long list is exported by a run on the server (progress in Meus processos); a short one comes at once
    if (!controller.exact || (controller.total ?? 0) > INLINE_EXPORT_MAX) {
      const job = await jobsApi.queue('exportacao-lista', command.path, { formato: kind, consulta: controller.stateQuery }).catch(() => null);
      if (job) {
        watchJob(job.id);
        openJobsPanel();
      }
      return;
    }
    exportAbort.current?.abort();
    const ac = new AbortController();
    exportAbort.current = ac;
    setProgress({ kind, rows: 0, total: controller.total, bytes: 0 });
    try {
      await downloadExport(`/recursos/${def.slug}/exportar.${kind}?${controller.stateQuery}`, (p) => setProgress({ ...p, kind }), ac.signal);
    } catch {
      // shown by downloadExport
    } finally {
      if (exportAbort.current === ac) setProgress(null);
    }
  }

  // `?ver=N`: the record read-only (people: where the palette's @ opens them), Editar puts the form over it
  const verId = Number(new URLSearchParams(search).get('ver')) || null;
  const View = verId ? VIEWS.get(def.name) : undefined;
  if (verId && View) {
    const closeView = () => {
      const q = new URLSearchParams(searchRef.current);
      q.delete('ver');
      q.delete('id');
      const s = q.toString();
      setForm(null);
      navigate(`${command.path}${s ? `?${s}` : ''}`);
    };
    return (
      <>
        <Suspense fallback={<p className="splash">Carregando…</p>}>
          {/* eslint-disable-next-line react-hooks/static-components -- the same module-level component every render */}
          <View key={verId} def={def} id={verId} onEdit={() => setOpenId(verId)} onClose={closeView} />
        </Suspense>
        {form && (
          <ResourceForm
            def={def}
            row={form.row}
            initial={form.initial}
            canSave={form.row ? canUpdate : canInsert}
            onClose={closeForm}
            onSaved={() => {
              closeForm();
              // the view reads the record (and its history) again
              void qc.invalidateQueries({ queryKey: ['pessoas'] });
              void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
              controller.refresh();
            }}
          />
        )}
      </>
    );
  }

  const total = controller.total;
  const totalText = total == null ? 'Carregando…' : countText(total, controller.exact, { singular: 'registro', plural: 'registros' });

  return (
    <div className="rs" data-recurso={def.name}>
      <div className="rs-head">
        <h1 className="page-title">{command.title}</h1>
        <span className="rs-count" data-testid="total" aria-live="polite">
          {totalText}
        </span>
      </div>
      <div className="rs-body">
        <SearchPanel def={list} filters={controller.filters} onSearch={controller.setFilters} />
        <div className="rs-main">
          <div className="rs-toolbar" role="toolbar" aria-label="Ações da lista">
            <span title={canInsert ? undefined : 'Você não tem permissão para incluir.'} style={{ display: 'inline-flex' }}>
              <button type="button" className="btn btn-primary" disabled={!canInsert} onClick={() => {
                  setForm({});
                  setOpenId('novo');
                }}>
                {def.label.gender === 'f' ? 'Nova' : 'Novo'}
              </button>
            </span>
            <BatchActions actions={batch} selection={selection} />
            <ColumnsMenu
              columns={list.columns.map((c) => ({ key: c.key, label: def.fields[c.key]?.label ?? c.key, hidden: hiddenCols.has(c.key) }))}
              onToggle={(key, hidden) => {
                apiRef.current?.setColumnsVisible([key], !hidden);
                readHidden();
              }}
            />
            <SavedViewsMenu def={list} search={search} consulta={controller.stateQuery} columns={gridColumns} />
            <span className="spacer" />
            {progress && (
              <span className="rs-progress" role="status" data-testid="progresso">
                {progress.rows != null && progress.total ? (
                  <>
                    <progress max={progress.total} value={progress.rows} />
                    {int.format(progress.rows)} de {int.format(progress.total)}
                  </>
                ) : (
                  <>
                    <progress />
                    {`${(progress.bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`}
                  </>
                )}
                <button type="button" className="btn btn-ghost" onClick={() => exportAbort.current?.abort()}>
                  Cancelar
                </button>
              </span>
            )}
            <button type="button" className="btn" disabled={!!progress} onClick={() => doExport('csv')}>
              Exportar CSV
            </button>
            <button type="button" className="btn" disabled={!!progress} onClick={() => doExport('xlsx')}>
              Exportar XLSX
            </button>
          </div>
          <div className="rs-grid">
            <ResourceGrid
              def={def}
              controller={controller}
              context={context}
              userKey={user?.principal ?? 'anonimo'}
              onApi={(a) => {
                apiRef.current = a;
                setGridReady(true);
                readHidden();
              }}
              onDeleteKey={(sel) => sel.length && canDelete && setConfirm(sel)}
            />
          </div>
        </div>
      </div>
      {form && (
        <ResourceForm
          def={def}
          row={form.row}
          initial={form.initial}
          canSave={form.row ? canUpdate : canInsert}
          onClose={closeForm}
          onSaved={(row, created) => {
            closeForm();
            if (created) controller.refresh();
            else apiRef.current?.getRowNode(String(row.id))?.setData(row);
            void qc.invalidateQueries({ queryKey: resourceKeys.all(def.slug) });
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          title="Confirmação"
          message={confirm.length === 1 ? `Excluir ${def.label.singular.toLowerCase()} “${confirm[0].label ?? confirm[0].id}”?` : `Excluir ${confirm.length} ${def.label.plural.toLowerCase()} selecionad${def.label.gender === 'f' ? 'a' : 'o'}s?`}
          onNo={() => setConfirm(null)}
          onYes={() => void doDelete(confirm)}
        />
      )}
    </div>
  );
}
