import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Command } from '../../../commands';
import { readListQuery, writeListQuery } from '../../shared/lists/query';
import type { ListDef } from '../../shared/lists/types';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { listApi, listKeys } from './api';
import './lists.css';

/**
 * A record opened from a list (`?id=` on the list's command) knows its previous and next in the whole list, with that
 * list's filters and order from the tab's address, not only in the page that was loaded. `move(-1 | 1)` opens it in
 * the same tab; null when there is none.
 */
export function useListNeighbors(def: ListDef | null | undefined, command: Command, search: string, id: number) {
  const tabId = useTabId();
  const estado = useMemo(() => {
    if (!def) return '';
    const { filters, sort } = readListQuery(def, new URLSearchParams(search)).query;
    return writeListQuery(def, { filters, sort }).toString();
  }, [def, search]);
  const q = useQuery({ queryKey: listKeys.neighbors(def?.key ?? '', estado, id), queryFn: () => listApi.neighbors(def!, estado, id), enabled: !!def });
  const previous = q.data?.previous ?? null;
  const next = q.data?.next ?? null;
  function move(delta: -1 | 1) {
    const alvo = delta < 0 ? previous : next;
    if (alvo == null) return;
    const p = new URLSearchParams(search);
    p.set('id', String(alvo));
    go(`${command.path}?${p.toString()}`, { tabId: tabId ?? undefined, replace: true });
  }
  return { previous, next, move };
}

/** The "‹ Anterior / Próximo ›" pair of a record (Alt+, and Alt+. are bound by the screen), in the noun's gender. */
export function ListNav({ def, nav }: { def: ListDef; nav: ReturnType<typeof useListNeighbors> }) {
  const proximo = def.noun.gender === 'f' ? 'Próxima' : 'Próximo';
  return (
    <span className="lista-nav" aria-label="Navegar na lista">
      <button type="button" className="btn" disabled={nav.previous == null} onClick={() => nav.move(-1)} title="Anterior na lista (Alt+,)">
        ‹ Anterior
      </button>
      <button type="button" className="btn" disabled={nav.next == null} onClick={() => nav.move(1)} title={`${proximo} na lista (Alt+.)`}>
        {proximo} ›
      </button>
    </span>
  );
}
