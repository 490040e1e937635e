import { useAtomValue } from 'jotai';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Icon } from '../shell/icons';
import { openPalette } from '../palette/state';
import { describeLocation } from './describe';
import { panelDomId, tabDomId } from './ids';
import { dirtyTabsAtom, tabActions, tabsViewAtom } from './store';


/**
 * The tab strip, a WAI-ARIA tab list: each tab a `tab` (aria-selected, controlling its `tabpanel`), one stop in the
 * tab order (the active tab); ← → move between tabs and show them, Home and End go to the first and the last, Delete
 * closes the focused tab (the ✕ beside each tab is the mouse's way, out of the tab order). Title and icon per tab,
 * scrolls sideways when full; middle click closes a tab.
 */
export function TabStrip() {
  const ws = useAtomValue(tabsViewAtom);
  const dirty = useAtomValue(dirtyTabsAtom);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [ws.activeId, ws.tabs.length]);

  const focusTab = (id: string) => requestAnimationFrame(() => document.getElementById(tabDomId(id))?.focus());

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const ids = ws.tabs.map((t) => t.id);
    const at = ids.indexOf((e.target as HTMLElement).closest('[role=tab]')?.getAttribute('data-tab-id') ?? '');
    if (at < 0) return;
    let to: number | null = null;
    if (e.key === 'ArrowRight') to = (at + 1) % ids.length;
    else if (e.key === 'ArrowLeft') to = (at - 1 + ids.length) % ids.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = ids.length - 1;
    else if (e.key === 'Delete') {
      e.preventDefault();
      const next = ids[at + 1] ?? ids[at - 1];
      tabActions.close(ids[at]);
      if (next) focusTab(next);
      return;
    }
    if (to == null) return;
    e.preventDefault();
    // automatic activation: every panel stays mounted, so showing a tab costs nothing
    tabActions.activate(ids[to]);
    focusTab(ids[to]);
  }

  return (
    <nav className="tabstrip" aria-label="Abas de trabalho" data-single={ws.tabs.length === 1 || undefined}>
      <ul ref={listRef} role="tablist" aria-label="Abas de trabalho" onKeyDown={onKeyDown}>
        {ws.tabs.map((t, i) => {
          const info = describeLocation(t);
          const active = t.id === ws.activeId;
          const shortcut = i < 8 ? `Alt+${i + 1}` : i === ws.tabs.length - 1 ? 'Alt+9' : '';
          return (
            <li key={t.id} role="presentation" className={active ? 'active' : undefined} data-tab={t.id}>
              <button
                type="button"
                role="tab"
                id={tabDomId(t.id)}
                data-tab-id={t.id}
                className="tab"
                aria-selected={active}
                aria-controls={panelDomId(t.id)}
                tabIndex={active ? 0 : -1}
                title={shortcut ? `${info.title} (${shortcut})` : info.title}
                onClick={() => tabActions.activate(t.id)}
                onAuxClick={(e) => e.button === 1 && (e.preventDefault(), tabActions.close(t.id))}
              >
                <Icon name={info.icon} size={15} />
                <span className="tab-title">{info.title}</span>
                {dirty.has(t.id) && (
                  <span className="tab-dirty" title="Alterações não salvas">
                    <span className="sr-only">(alterações não salvas)</span>
                  </span>
                )}
              </button>
              {/* out of the tab list's semantics and of the tab order: the keyboard closes with Delete or Alt+W */}
              <button type="button" className="tab-close" aria-hidden="true" tabIndex={-1} title={`Fechar aba ${info.title} (Alt+W)`} onClick={() => tabActions.close(t.id)}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="tab-new" aria-label="Nova aba" title="Nova aba (Alt+T)" onClick={() => openPalette({ newTab: true })}>
        <Plus size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
