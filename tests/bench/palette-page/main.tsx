import { Command } from 'cmdk';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { IconName } from '../../../commands/icons';
import { Palette, type PaletteRow } from '../../../src/web/palette/Palette';
import { buildSearchIndex, type SearchIndex } from '../../../src/web/palette/search';
import { Icon } from '../../../src/web/shell/icons';
import '../../../src/web/styles.css';
import './bench.css';
import { installFrameProbe } from '../frame-probe';

/**
 * The palette bench page (built apart from the product by tests/bench/palette-bench.ts), beside the measure in the
 * product itself: the same items (the real registry) in
 *   ?v=ours       the product's palette alone (own index, own combobox, virtualized list), without the shell;
 *   ?v=cmdk       stock cmdk, built-in filtering (command-score), every item rendered;
 *   ?v=vazio      a bare input (the floor: what a keystroke costs this browser on this machine with no work).
 * Each keystroke's time to the frame after the list changed is recorded in window.__lat (../frame-probe.ts).
 */
export interface BenchItem {
  id: string;
  title: string;
  trail: string;
  path: string;
  rep?: string;
  kind: string;
  icon: IconName;
  keywords?: string[];
}

declare global {
  interface Window {
    __lat: number[];
    __pending: number;
    __ready: boolean;
  }
}

window.__ready = false;
// keydown → the frame after the list changed (./frame-probe.ts, the same probe the product is measured with)
installFrameProbe('.palette-overlay');

/** Each query typed into a fresh palette: an emptied field forgets the cached answers (but the one-letter ones). */
function fresh(index: SearchIndex, query: string) {
  if (!query) index.reset(true);
  return index.search(query);
}

/** As the product does when idle after login: the index, and the one-letter answers ready. */
function useIndex(items: BenchItem[]) {
  return useMemo(() => {
    const ix = buildSearchIndex(items.map((c) => ({ title: c.title, trail: c.trail, path: c.path, code: c.rep, keywords: c.keywords })));
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') ix.search(letter);
    return ix;
  }, [items]);
}

function Ours({ items }: { items: BenchItem[] }) {
  const index = useIndex(items);
  const rows = useMemo(() => items.map((c): PaletteRow => ({ key: c.id, title: c.title, icon: c.icon, trail: c.trail, kind: c.kind, detail: c.rep })), [items]);
  const [query, setQuery] = useState('');
  const hits = useMemo(() => fresh(index, query), [index, query]);
  return (
    <Palette
      query={query}
      onQueryChange={setQuery}
      count={hits.length}
      rowAt={(i) => rows[hits[i]]}
      highlight={query}
      status="Nenhum comando encontrado."
      onPick={() => undefined}
      onClose={() => undefined}
    />
  );
}

function Row({ c }: { c: BenchItem }) {
  return (
    <>
      <span className="palette-icon">
        <Icon name={c.icon} size={17} />
      </span>
      <span className="palette-text">
        <span className="palette-title">{c.title}</span>
        <span className="palette-trail">{c.trail}</span>
      </span>
      {c.rep && <span className="palette-detail">{c.rep}</span>}
      <span className="palette-kind">{c.kind}</span>
    </>
  );
}

function StockCmdk({ items }: { items: BenchItem[] }) {
  return (
    <div className="palette-overlay">
      <Command className="palette cmdk" label="Paleta de comandos" vimBindings={false}>
        <div className="palette-input">
          <Command.Input autoFocus placeholder="Buscar…" />
        </div>
        <Command.List className="palette-list cmdk-list">
          <Command.Empty className="palette-status">Nenhum comando encontrado.</Command.Empty>
          {items.map((c, i) => (
            <Command.Item key={c.id} value={`${c.title} ${c.trail} #${i}`} keywords={[c.path, c.rep ?? '', ...(c.keywords ?? [])]} className="palette-row cmdk-row">
              <Row c={c} />
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </div>
  );
}

const variant = new URLSearchParams(location.search).get('v') ?? 'ours';
const items = (await (await fetch('/items.json')).json()) as BenchItem[];
function Bare() {
  const [q, setQ] = useState('');
  return (
    <div className="palette-overlay">
      <div className="palette">
        <div className="palette-input">
          <input aria-label="Buscar" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>
    </div>
  );
}

const View = variant === 'cmdk' ? StockCmdk : variant === 'vazio' ? Bare : Ours;
createRoot(document.getElementById('root')!).render(<View items={items} />);
// ready once the first render is painted
const waitPaint = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
await waitPaint();
await waitPaint();
window.__ready = true;
