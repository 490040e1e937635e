import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { registry, type Command } from '../../../commands';
import type { ListDef, ListPage } from '../../shared/lists/types';
import { formatMoney } from '../../shared/money';
import { displayValue } from '../../shared/resources/display';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { useVisibility } from '../session/useVisibility';
import { Chip } from '../ui/Chip';
import { comQuebras } from '../ui/comQuebras';
import { Pager } from '../ui/Pager';
import { useTabId, useTabState } from '../workspace/hooks';
import { go, openRecord } from '../workspace/store';
import { listApi, listKeys } from './api';
import { countText } from './count';
import { SearchPanel } from './SearchPanel';
import { useListController } from './useListController';
import { ColumnsMenu, SavedViewsMenu, useViewColumns } from './SavedViews';
import type { VisaoColuna } from '../../shared/lists/views';
import type { ListColumn } from '../../shared/lists/types';
import './lists.css';

export type ListRow = Record<string, unknown> & { id: number };

/** What a domain adds to the generic screen: a cell's own rendering, a row's attributes, the tab's name for a record. */
export interface ListScreenExtras<R extends ListRow> {
  cells?: Partial<Record<string, (row: R) => ReactNode>>;
  /** Rows open their record (`?id=` on the same command): false for a list with no record screen (the trail). */
  opens?: boolean;
  rowAttrs?: (row: R) => Record<string, string | undefined>;
  recordLabel?: (row: R) => string;
  /** Shown under the title, before the search and the table (a screen's own summary or view switch). */
  header?: ReactNode;
}

const int = new Intl.NumberFormat('pt-BR');

/**
 * The generic screen of a list definition: the side search view, the count (exact, or "cerca de" until the summary
 * counts), the summary's totals, the table (↑/↓ choose, Enter opens here, Ctrl+Enter in a new tab) and the pages
 * (keyset under the hood, the offset in the tab's address). Filters, sort and page are the tab's address.
 */
export function ListScreen<R extends ListRow>({ command, search, def, extras = {} }: { command: Command; search: string; def: ListDef; extras?: ListScreenExtras<R> }) {
  const tabId = useTabId();
  const setSearch = (s: string) => go(`${command.path}${s ? `?${s}` : ''}`, { tabId: tabId ?? undefined, replace: true });
  const ctl = useListController<R>(def, { search, setSearch, useStore: useTabState });
  const missing = !!def.requires && !ctl.filters.some((f) => def.requires!.anyOf.includes(f.field));
  const q = ctl.pageQuery(ctl.offset, def.pageSize);
  const page = useQuery({ queryKey: listKeys.page(def.key, q), queryFn: () => ctl.loadPage(ctl.offset, def.pageSize), enabled: !missing, staleTime: 0 });
  // the summary (exact count, totals) once the page is there, and only when the page did not bring them
  const needSummary = !!page.data && ((!page.data.exact && page.data.total != null) || (!!def.summary && !page.data.totals));
  const summary = useQuery({ queryKey: listKeys.summary(def.key, ctl.stateQuery), queryFn: () => listApi.summary(def, ctl.stateQuery), enabled: needSummary && !missing, staleTime: 0 });
  const data: ListPage<R> | undefined = page.data;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const [sel, setSel] = useState(0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { visible } = useVisibility();
  // which columns show, in which order: the tab's (a saved view's when one was opened), else the definition's
  const [cols, setCols] = useTabState<VisaoColuna[] | null>(`lista:${def.key}:colunas`, null);
  useViewColumns(search, setCols);
  const columns = useMemo(() => shownColumns(def.columns, cols), [def.columns, cols]);
  const labelOf = (c: ListColumn) => c.label ?? def.fields[c.field ?? c.key].label;

  const hrefOf = (r: R) => {
    const p = new URLSearchParams(search);
    p.delete('offset');
    p.set('id', String(r.id));
    return `${command.path}?${p.toString()}`;
  };
  const opens = extras.opens !== false;
  function open(r: R, newTab: boolean) {
    if (!opens) return;
    const label = extras.recordLabel?.(r);
    if (newTab) openRecord(hrefOf(r), label ?? `${def.noun.singular} ${r.id}`);
    else go(hrefOf(r), { tabId: tabId ?? undefined });
  }
  const toPage = (delta: number) => ctl.setOffset(Math.max(0, ctl.offset + delta * def.pageSize));

  const tableRef = useScreenShortcuts<HTMLTableElement>(
    `Lista de ${def.noun.plural}`,
    [
      { keys: ['arrowdown', 'arrowup'], label: '↑ ↓', description: `Escolher ${def.noun.gender === 'f' ? 'a' : 'o'} ${def.noun.singular} (com uma linha da tabela em foco)`, run: (e) => rows.length && setSel((s) => (e.key === 'ArrowDown' ? Math.min(rows.length - 1, s + 1) : Math.max(0, s - 1))) },
      // a list without a record screen (the trail) offers no "open"
      ...(opens
        ? [
            { keys: 'enter', label: 'Enter', description: 'Abrir nesta aba', run: () => rows[sel] && open(rows[sel], false) },
            { keys: ['ctrl+enter', 'meta+enter'], label: 'Ctrl+Enter', description: 'Abrir em nova aba', run: () => rows[sel] && open(rows[sel], true) },
          ]
        : []),
    ],
    { scoped: true },
  );
  useScreenShortcuts(`Lista de ${def.noun.plural} — páginas`, [
    { keys: 'alt+period', label: 'Alt+.', description: 'Próxima página', run: () => data?.hasMore && toPage(1) },
    { keys: 'alt+comma', label: 'Alt+,', description: 'Página anterior', run: () => ctl.offset > 0 && toPage(-1) },
  ]);
  useEffect(() => {
    const el = bodyRef.current?.querySelectorAll('tr')[sel] as HTMLElement | undefined;
    if (el && bodyRef.current?.contains(document.activeElement)) el.focus();
  }, [sel]);

  const exact = !!data?.exact || !!summary.data?.exact;
  const count = summary.data?.exact ? summary.data.total : (data?.total ?? 0);
  const of = countText(count, exact);
  const totals = data?.totals ?? summary.data?.totals ?? null;
  const createCmd = def.create ? registry.match(def.create.command) : undefined;
  const createHref = createCmd && visible(createCmd) ? (createCmd.path === command.path ? `${command.path}?novo=1` : createCmd.path) : null;

  return (
    <div className="lista">
      <div className="lista-cab">
        <h1 className="page-title">{command.title}</h1>
        <div className="lista-ferramentas">
          <ColumnsMenu
            columns={def.columns.map((c) => ({ key: c.key, label: labelOf(c), hidden: !columns.includes(c) }))}
            onToggle={(key, hidden) => setCols(toggled(def.columns, cols, key, hidden))}
          />
          <SavedViewsMenu def={def} search={search} consulta={ctl.stateQuery} columns={() => cols} />
        </div>
        {createHref && (
          <a
            className="btn btn-primary"
            href={createHref}
            onClick={(e) => {
              if (e.ctrlKey || e.metaKey || e.button !== 0) return;
              e.preventDefault();
              go(createHref, { tabId: tabId ?? undefined });
            }}
          >
            {def.create!.label}
          </a>
        )}
      </div>
      {extras.header}
      <div className="lista-corpo">
        <SearchPanel def={def} filters={ctl.filters} onSearch={ctl.setFilters} />
        <section className="lista-resultado">
          {missing ? (
            <p className="page-sub">{def.requires!.message.replace(/\.$/, '')} e clique em Buscar.</p>
          ) : (
            <>
              <div className="lista-barra">
                <span data-testid="total" aria-live="polite">
                  {page.isLoading ? 'Carregando…' : countText(count, exact, def.noun)}
                </span>
                {totals && def.summary && (
                  <span className="lista-totais" data-testid="totais">
                    {def.summary.totals
                      .filter((t) => !t.hidden)
                      .map((t) => `${t.label}: ${t.kind === 'money' ? formatMoney(totals[t.key]) : int.format(totals[t.key] ?? 0)}`)
                      .join(' · ')}
                  </span>
                )}
                {def.summary && !totals && summary.data && (
                  <span data-testid="totais-aviso" className="lista-aviso">
                    Totais para até {int.format(def.summary.limit)} {def.noun.plural}: informe o período, o beneficiário ou o prestador.
                  </span>
                )}
                {opens && <span className="lista-dica">↑ ↓ escolhem · Enter abre · Ctrl+Enter abre em nova aba</span>}
              </div>
              {page.isError && <p role="alert">{(page.error as Error).message}</p>}
              <table ref={tableRef} className="lista-tabela tabela-celular" aria-label={command.title}>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.key} className={def.fields[c.field ?? c.key].kind === 'money' ? 'num' : undefined}>
                        {labelOf(c)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody ref={bodyRef}>
                  {rows.map((r, i) => (
                    <tr
                      key={r.id}
                      tabIndex={i === sel ? 0 : -1}
                      aria-selected={i === sel}
                      data-id={r.id}
                      {...extras.rowAttrs?.(r)}
                      onClick={(e) => {
                        setSel(i);
                        // the link in the row opens the record itself: a Ctrl+click on it must not open it twice
                        if ((e.ctrlKey || e.metaKey) && !(e.target as HTMLElement).closest('a')) open(r, true);
                      }}
                      onDoubleClick={() => open(r, false)}
                      onFocus={() => setSel(i)}
                    >
                      {columns.map((c, k) => {
                        const fd = def.fields[c.field ?? c.key];
                        const own = extras.cells?.[c.key];
                        const text = displayValue(fd, r[c.key]);
                        return (
                          // one wrapper per cell: on a phone the cell is a grid of label and value (lists.css)
                          <td key={c.key} className={fd.kind === 'money' ? 'num' : undefined} data-label={c.label ?? fd.label} data-vazio={!own && !text ? '' : undefined}>
                            <div className="lista-cel">
                              {own ? (
                                own(r)
                              ) : c.type === 'tag' ? (
                                text && <Chip tone={c.tones?.[String(r[c.key])]}>{text}</Chip>
                              ) : k === 0 && opens ? (
                                <a
                                  href={hrefOf(r)}
                                  onClick={(e) => {
                                    if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                                    e.preventDefault();
                                    open(r, false);
                                  }}
                                >
                                  {text}
                                </a>
                              ) : (
                                comQuebras(text)
                              )}
                            </div>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              {!page.isLoading && !rows.length && (
                <p className="page-sub">
                  {def.noun.gender === 'f' ? `Nenhuma ${def.noun.singular} encontrada` : `Nenhum ${def.noun.singular} encontrado`} com estes filtros.
                </p>
              )}
              <Pager offset={ctl.offset} shown={rows.length} of={of} hasNext={!!data?.hasMore} onPage={toPage} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The columns to show: the tab's order and choices, and after them any the list gained since they were saved. */
export function shownColumns(all: readonly ListColumn[], cols: readonly VisaoColuna[] | null): ListColumn[] {
  if (!cols) return [...all];
  const byKey = new Map(all.map((c) => [c.key, c]));
  const named = new Set(cols.map((c) => c.key));
  const shown = [...cols.filter((c) => !c.hidden && byKey.has(c.key)).map((c) => byKey.get(c.key)!), ...all.filter((c) => !named.has(c.key))];
  return shown.length ? shown : [...all];
}

/** The columns' state with one shown or hidden. */
function toggled(all: readonly ListColumn[], cols: readonly VisaoColuna[] | null, key: string, hidden: boolean): VisaoColuna[] {
  const base: readonly VisaoColuna[] = cols ?? all.map((c) => ({ key: c.key }));
  const known: readonly VisaoColuna[] = base.some((c) => c.key === key) ? base : [...base, { key }];
  return known.map((c) => (c.key === key ? { key: c.key, ...(c.width ? { width: c.width } : {}), ...(hidden ? { hidden: true } : {}) } : c));
}
