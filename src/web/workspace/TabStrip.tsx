import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { Plus, X } from 'lucide-react';
import { Icon } from '../shell/icons';
import { openPalette } from '../palette/state';
import { describeLocation } from './describe';
import { dirtyTabsAtom, tabActions, tabsViewAtom } from './store';

/** The tab strip: title and icon per tab, scrolls sideways when full; middle click closes a tab. */
export function TabStrip() {
  const ws = useAtomValue(tabsViewAtom);
  const dirty = useAtomValue(dirtyTabsAtom);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [ws.activeId, ws.tabs.length]);

  return (
    <nav className="tabstrip" aria-label="Abas de trabalho" data-single={ws.tabs.length === 1 || undefined}>
      <ul ref={listRef}>
        {ws.tabs.map((t, i) => {
          const info = describeLocation(t);
          const active = t.id === ws.activeId;
          const shortcut = i < 8 ? `Alt+${i + 1}` : i === ws.tabs.length - 1 ? 'Alt+9' : '';
          return (
            <li key={t.id} className={active ? 'active' : undefined} data-tab={t.id}>
              <button
                type="button"
                className="tab"
                aria-current={active ? 'page' : undefined}
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
              <button type="button" className="tab-close" aria-label={`Fechar aba ${info.title}`} title="Fechar aba (Alt+W)" onClick={() => tabActions.close(t.id)}>
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
