import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { IconName } from '../../../commands/icons';
import { Icon } from '../shell/icons';
import { matchPositions } from './search';
import './palette.css';

/** One row of the palette's list, whatever it stands for (command, action, record). */
export interface PaletteRow {
  key: string;
  title: string;
  icon: IconName;
  /** Group trail, e.g. 'Financeiro › Pagamento'. */
  trail?: string;
  /** Kind label: 'Tela', 'Relatório'… */
  kind?: string;
  /** Extra detail on the right (report code, CPF…). */
  detail?: string;
  hotkey?: string;
  recent?: boolean;
}

export interface PaletteProps {
  query: string;
  onQueryChange: (q: string) => void;
  count: number;
  rowAt: (i: number) => PaletteRow;
  /** The text whose letters are marked in the titles ('' = none). */
  highlight: string;
  /** Shown when there is nothing to list (or while searching). */
  status?: string;
  onPick: (i: number, newTab: boolean) => void;
  onClose: () => void;
  /** Enter opens in a new tab (Alt+T). */
  newTab?: boolean;
  placeholder?: string;
  footer?: ReactNode;
  /** Where the focus goes back on close (default: where it was when the palette mounted). */
  returnFocusTo?: () => HTMLElement | null;
}

export const ROW_HEIGHT = 50;
export const MAX_ROWS = 1000;

/**
 * The command palette's view: a modal dialog with a combobox input and a virtualized listbox
 * (cmdk's accessibility pattern, without cmdk's item registration and scoring). Only visible rows exist
 * in the DOM; the active one is pointed at by aria-activedescendant.
 */
export function Palette({ query, onQueryChange, count: total, rowAt, highlight, status, onPick, onClose, newTab, placeholder, footer, returnFocusTo }: PaletteProps) {
  // The best MAX_ROWS are listed; past them one types more (nobody scrolls through thousands).
  const count = Math.min(total, MAX_ROWS);
  const id = useId();
  const listId = `${id}-lista`;
  const optionId = (i: number) => `${id}-opcao-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [prevQuery, setPrevQuery] = useState(query);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  // Hovering moves the active row, but only when the pointer really moved (not when rows scroll under it).
  const onHover = useCallback((i: number, x: number, y: number) => {
    const p = pointer.current;
    pointer.current = { x, y };
    if (p && (p.x !== x || p.y !== y)) setActive(i);
  }, []);

  // A new query starts at the top of its results.
  let current = active;
  if (prevQuery !== query) {
    setPrevQuery(query);
    setActive(0);
    current = 0;
  }
  if (current >= count && count > 0) current = count - 1;

  // The virtualizer hands out fresh measurements on every render by design; this component is not memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    initialRect: { width: 640, height: 420 },
  });

  // A new query shows its best results: back to the top (only when scrolled: scrolling forces a layout).
  useLayoutEffect(() => {
    if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [query, virtualizer]);

  const returnRef = useRef(returnFocusTo);
  useEffect(() => {
    const previous = returnRef.current?.() ?? (document.activeElement as HTMLElement | null);
    const input = inputRef.current;
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    return () => {
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, []);

  const move = (to: number) => {
    if (!count) return;
    const next = Math.max(0, Math.min(count - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(current + 1 >= count ? 0 : current + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(current - 1 < 0 ? count - 1 : current - 1);
        break;
      case 'PageDown':
        e.preventDefault();
        move(current + page);
        break;
      case 'PageUp':
        e.preventDefault();
        move(current - page);
        break;
      case 'Enter':
        e.preventDefault();
        // Enter here, Ctrl/Cmd+Enter in a new tab (onSelect-style callbacks cannot tell them apart).
        if (count) onPick(current, !!newTab || e.ctrlKey || e.metaKey);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        onClose();
        break;
      case 'Tab':
        e.preventDefault();
        break;
    }
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div className="palette-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label={newTab ? 'Paleta de comandos (abrir em nova aba)' : 'Paleta de comandos'}>
        <div className="palette-input">
          <Icon name="search" size={18} />
          <input
            ref={inputRef}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={count ? optionId(current) : undefined}
            aria-label="Buscar comando, relatório ou registro"
            placeholder={placeholder ?? 'Buscar telas, relatórios… (> ações, # relatórios, @ registros)'}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => onQueryChange(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {newTab && <span className="palette-mode">nova aba</span>}
        </div>
        <div ref={listRef} className="palette-list" id={listId} role="listbox" aria-label="Resultados">
          <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((v) => (
              // keyed by slot in the window: a new query updates the same few nodes instead of replacing them
              <Row
                key={v.index - (items[0]?.index ?? 0)}
                id={optionId(v.index)}
                row={rowAt(v.index)}
                index={v.index}
                top={v.start}
                active={v.index === current}
                highlight={highlight}
                onHover={onHover}
                onPick={onPick}
              />
            ))}
          </div>
        </div>
        {!count && status && (
          <p className="palette-status" role="status">
            {status}
          </p>
        )}
        {total > count && <p className="palette-more">{`Mostrando os ${fmt.format(count)} melhores de ${fmt.format(total)} resultados: continue digitando para refinar.`}</p>}
        <div className="sr-only" aria-live="polite">
          {total ? `${fmt.format(total)} ${total === 1 ? 'resultado' : 'resultados'}` : ''}
        </div>
        <footer className="palette-footer">{footer}</footer>
      </div>
    </div>
  );
}

const fmt = new Intl.NumberFormat('pt-BR');

interface RowProps {
  id: string;
  row: PaletteRow;
  index: number;
  top: number;
  active: boolean;
  highlight: string;
  onHover: (i: number, x: number, y: number) => void;
  onPick: (i: number, newTab: boolean) => void;
}

const Row = memo(function Row({ id, row, index, top, active, highlight, onHover, onPick }: RowProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className="palette-row"
      data-active={active || undefined}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onPointerMove={(e) => !active && onHover(index, e.clientX, e.clientY)}
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => onPick(index, e.ctrlKey || e.metaKey)}
      onAuxClick={(e) => e.button === 1 && (e.preventDefault(), onPick(index, true))}
    >
      <span className="palette-icon">
        <Icon name={row.icon} size={17} />
      </span>
      <span className="palette-text">
        <span className="palette-title">
          <Marked text={row.title} query={highlight} />
          {row.recent && <span className="palette-recent">recente</span>}
        </span>
        {row.trail && <span className="palette-trail">{row.trail}</span>}
      </span>
      {row.detail && <span className="palette-detail">{row.detail}</span>}
      {row.kind && <span className="palette-kind">{row.kind}</span>}
      {row.hotkey && <kbd className="palette-kbd">{row.hotkey}</kbd>}
    </div>
  );
});

/** The title with the letters the query matched in <mark> (runs of letters together). */
function Marked({ text, query }: { text: string; query: string }) {
  const pos = query.trim() ? matchPositions(text, query) : [];
  if (!pos.length) return <>{text}</>;
  const out: ReactNode[] = [];
  let from = 0;
  for (let k = 0; k < pos.length; k++) {
    const start = pos[k];
    while (k + 1 < pos.length && pos[k + 1] === pos[k] + 1) k++;
    const end = pos[k] + 1;
    if (start > from) out.push(text.slice(from, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    from = end;
  }
  if (from < text.length) out.push(text.slice(from));
  return <>{out}</>;
}
