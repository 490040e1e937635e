import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ListPage } from '../../shared/lists/types';
import { reportByCommand } from '../../shared/relatorios';
import { MAX_CHART_GROUPS, REPORT_FORMAT_LABEL, totalText, type ReportDef, type ReportSummary } from '../../shared/relatorios/define';
import { displayValue } from '../../shared/resources/display';
import { api } from '../api/client';
import { SearchPanel } from '../lists/SearchPanel';
import { useListController } from '../lists/useListController';
import type { ScreenProps } from '../screens/types';
import { abilityAtom } from '../session/store';
import { useTabId, useTabState } from '../workspace/hooks';
import { go } from '../workspace/store';
import { REPORT_ACTIONS } from './acoes';
import { useReportFile } from './useReportFile';
import '../lists/lists.css';
import './relatorios.css';

type Row = Record<string, unknown> & { id: number };
type Grupo = NonNullable<ReportSummary['grupos']>[number];
/** What the virtual list shows, in order: a group's heading, a row (by its position in the report), a subtotal, the total. */
type Item = { t: 'head'; rotulo: string } | { t: 'row'; at: number } | { t: 'sub'; rotulo: string; n: number; totais: Record<string, number> } | { t: 'total' };

const PAGE = 200;
const int = new Intl.NumberFormat('pt-BR');

function itemsOf(s: ReportSummary | undefined): Item[] {
  if (!s) return [];
  const out: Item[] = [];
  let at = 0;
  if (s.grupos)
    for (const g of s.grupos) {
      out.push({ t: 'head', rotulo: g.rotulo });
      for (let i = 0; i < g.n; i++) out.push({ t: 'row', at: at++ });
      out.push({ t: 'sub', ...g });
    }
  else for (let i = 0; i < s.total; i++) out.push({ t: 'row', at: i });
  if (s.total) out.push({ t: 'total' });
  return out;
}

/**
 * The report screen of every declared report (src/shared/relatorios): filters on the side (kept in the tab's
 * address, so a link reproduces the report), the count and totals, every row in a virtualized list — read 200 at a
 * time as it scrolls — with group headings and subtotals, and the files (PDF, XLSX, CSV) made on the server.
 */
export default function ReportScreen({ command, search }: ScreenProps) {
  const def = reportByCommand.get(command.path)!;
  return <Report def={def} command={command} search={search} />;
}

function Report({ def, command, search }: { def: ReportDef } & ScreenProps) {
  const tabId = useTabId();
  const setSearch = (s: string) => go(`${command.path}${s ? `?${s}` : ''}`, { tabId: tabId ?? undefined, replace: true });
  const ctl = useListController<Row>(def.list, { search, setSearch, useStore: useTabState });
  const summary = useQuery({ queryKey: ['relatorio', def.id, 'grupos', ctl.stateQuery], queryFn: () => api.get<ReportSummary>(`${def.list.endpoint}/grupos?${ctl.stateQuery}`, { quiet: true }), staleTime: 30_000 });
  const items = useMemo(() => itemsOf(summary.data), [summary.data]);
  // the rows read so far, by page, for one query: a page that arrives after the filters changed is dropped
  const [pages, setPages] = useState<{ q: string; map: Map<number, Row[]> }>({ q: ctl.stateQuery, map: new Map() });
  const asked = useRef(new Set<number>());
  useEffect(() => {
    setPages({ q: ctl.stateQuery, map: new Map() });
    asked.current = new Set();
  }, [ctl.stateQuery]);
  const files = useReportFile(command.path, ctl.stateQuery);
  const Acao = REPORT_ACTIONS[def.id];
  // a lookup the user cannot search is not offered (a provider's price table is its own: the server fills it in)
  const ability = useAtomValue(abilityAtom);
  const omit = def.list.search.filter((x) => {
    const fd = def.list.fields[x.field];
    if (x.lookup) return !ability.can('list', x.lookup);
    return fd.kind === 'ref' && !ability.can('list', fd.resource);
  }).map((x) => x.field);

  const scrollRef = useRef<HTMLDivElement>(null);
  // the virtualizer hands out fresh measurements on every render by design; this screen is not memoized
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.t === 'row' ? 30 : 34),
    overscan: 12,
  });
  const visible = v.getVirtualItems();
  // the pages the visible rows need, read once each (keyset when the page before is known, else by offset)
  const first = visible.find((x) => items[x.index]?.t === 'row');
  const last = [...visible].reverse().find((x) => items[x.index]?.t === 'row');
  const from = first ? Math.floor((items[first.index] as { at: number }).at / PAGE) : -1;
  const to = last ? Math.floor((items[last.index] as { at: number }).at / PAGE) : -1;
  useEffect(() => {
    if (from < 0) return;
    for (let p = from; p <= to; p++) {
      if (asked.current.has(p)) continue;
      asked.current.add(p);
      const q = ctl.stateQuery;
      ctl.fetchPage(p * PAGE, PAGE).then(
        (r: ListPage<Row>) => setPages((cur) => (cur.q === q ? { q, map: new Map(cur.map).set(p, r.rows) } : cur)),
        () => asked.current.delete(p),
      );
    }
  }, [from, to, ctl]);
  const rowAt = (at: number) => (pages.q === ctl.stateQuery ? pages.map.get(Math.floor(at / PAGE))?.[at % PAGE] : undefined);

  // the chart's bars change only with the summary (the screen re-renders on every scroll)
  const grafico = useMemo(() => {
    const grupos = summary.data?.grupos ?? [];
    const value = def.chart?.value ?? 'count';
    const of = (g: Grupo) => (value === 'count' ? g.n : (g.totais[value] ?? 0));
    const max = Math.max(1, ...grupos.map(of));
    const t = def.totals?.find((x) => x.key === value);
    return grupos.map((g) => ({ rotulo: g.rotulo, pct: (of(g) / max) * 100, texto: t ? totalText(t, of(g)) : int.format(of(g)) }));
  }, [summary.data, def]);
  const cols = def.list.columns.map((c) => ({ ...c, fd: def.list.fields[c.field ?? c.key] }));
  // a value in reais is never cut (R$ 999.999,99 at the grid's size): its column keeps that width; text columns give way
  const template = cols.map((c) => `minmax(${c.fd.kind === 'money' ? '6.5rem' : '0'}, ${def.widths?.[c.key] ?? 1}fr)`).join(' ');
  const s = summary.data;
  const noun = (n: number) => `${int.format(n)} ${n === 1 ? def.list.noun.singular : def.list.noun.plural}`;
  const totalsText = (totais: Record<string, number>) =>
    (def.totals ?? []).map((t) => `${t.label}: ${totalText(t, totais[t.key])}`).join(' · ');

  return (
    <div className="lista relatorio" data-testid="relatorio" data-codigo={def.code ?? undefined}>
      <div className="lista-cab">
        <h1 className="page-title">
          {command.title} {def.code && <span className="rel-codigo">{def.code}</span>}
        </h1>
      </div>
      <p className="page-sub">{def.about}</p>
      {s?.nota && (
        <p className="rel-nota" data-testid="rel-nota">
          {s.nota}
        </p>
      )}
      <div className="lista-corpo">
        <div className="rel-filtros">
          <SearchPanel def={def.list} filters={ctl.filters} title="Filtros" omit={omit} startOpen={!ctl.filters.length} onSearch={ctl.setFilters} />
        </div>
        <section className="lista-resultado" aria-label="Resultado do relatório">
          <div className="lista-barra rel-barra">
            <span data-testid="total" aria-live="polite">
              {summary.isLoading ? 'Calculando…' : s ? `${noun(s.total)}${s.grupos && def.group ? ` em ${int.format(s.grupos.length)} ${s.grupos.length === 1 ? def.group.label.toLowerCase() : def.group.plural}` : ''}` : ''}
            </span>
            {s && def.totals?.length ? <span className="lista-totais">{totalsText(s.totais)}</span> : null}
            <span className="rel-arquivos" role="group" aria-label="Gerar arquivo">
              {def.formats.map((f) => (
                <button key={f} type="button" className="btn" disabled={!!files.busy || !s?.total} onClick={() => void files.gerar(f)}>
                  {files.busy === f ? 'Gerando…' : REPORT_FORMAT_LABEL[f]}
                </button>
              ))}
              {Acao && <Acao stateQuery={ctl.stateQuery} total={s?.total ?? 0} />}
            </span>
          </div>
          {summary.isError && <p role="alert">{(summary.error as Error).message}</p>}
          {def.chart && s?.grupos && s.grupos.length > 0 && s.grupos.length <= MAX_CHART_GROUPS && (
            // horizontal bars: a group's whole label fits beside its bar, on a phone too, and no chart library is needed
            <details className="rel-grafico" open>
              <summary>{def.chart.title}</summary>
              <ul className="rel-barras" role="img" aria-label={def.chart.title}>
                {grafico.map((g) => (
                  <li key={g.rotulo}>
                    <span className="rel-barra-rotulo">{g.rotulo}</span>
                    <span className="rel-barra-trilho">
                      <span className="rel-barra-valor" style={{ width: `${g.pct}%` }} />
                    </span>
                    <span className="rel-barra-numero">{g.texto}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
          {s && !s.total && <p className="page-sub">{def.list.noun.gender === 'f' ? 'Nenhuma' : 'Nenhum'} {def.list.noun.singular} com estes filtros.</p>}
          {s && s.total > 0 && (
            <div className="rel-grade" role="table" aria-label={command.title} aria-rowcount={s.total + 1}>
              <div className="rel-cab" role="row" style={{ gridTemplateColumns: template }}>
                {cols.map((c) => (
                  <span key={c.key} role="columnheader" className={c.fd.kind === 'money' || c.fd.kind === 'integer' ? 'num' : undefined}>
                    {c.label ?? c.fd.label}
                  </span>
                ))}
              </div>
              <div ref={scrollRef} className="rel-rolagem" tabIndex={0} aria-label="Linhas do relatório (role com as setas)">
                <div style={{ height: v.getTotalSize(), position: 'relative' }}>
                  {visible.map((x) => {
                    const it = items[x.index];
                    const style = { position: 'absolute' as const, top: 0, left: 0, width: '100%', transform: `translateY(${x.start}px)` };
                    if (it.t === 'head')
                      return (
                        <div key={x.key} ref={v.measureElement} data-index={x.index} style={style} className="rel-grupo" role="row">
                          {it.rotulo}
                        </div>
                      );
                    if (it.t === 'sub')
                      return (
                        <div key={x.key} ref={v.measureElement} data-index={x.index} style={style} className="rel-sub" role="row">
                          Subtotal de {it.rotulo}: {noun(it.n)}
                          {def.totals?.length ? ` · ${totalsText(it.totais)}` : ''}
                        </div>
                      );
                    if (it.t === 'total')
                      return (
                        <div key={x.key} ref={v.measureElement} data-index={x.index} style={style} className="rel-total" role="row">
                          Total geral: {noun(s.total)}
                          {def.totals?.length ? ` · ${totalsText(s.totais)}` : ''}
                        </div>
                      );
                    const r = rowAt(it.at);
                    return (
                      <div key={x.key} ref={v.measureElement} data-index={x.index} style={{ ...style, gridTemplateColumns: template }} className="rel-linha" role="row" aria-rowindex={it.at + 2} data-carregando={r ? undefined : ''}>
                        {cols.map((c, k) => {
                          const text = r ? displayValue(c.fd, r[c.key], r, c.key) : '';
                          return (
                            <span key={c.key} role="cell" className={c.fd.kind === 'money' || c.fd.kind === 'integer' ? 'num' : undefined} data-label={c.label ?? c.fd.label} data-vazio={r && !text ? '' : undefined} title={text.length > 24 ? text : undefined}>
                              {r ? text : k === 0 ? 'Carregando…' : ''}
                            </span>
                          );
                        })}
                      </div>
                    );
                  })}
                </div>
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
