import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { isVisible, registry, type Command } from '../../../commands';
import type { ClientCode } from '../../shared/clients';
import { abilityAtom, clientAtom } from './store';

/** The visibility predicate bound to the current session, plus tree helpers that use it. */
export function useVisibility() {
  const ability = useAtomValue(abilityAtom);
  const client = useAtomValue(clientAtom);
  return useMemo(() => {
    const ctx = client ? { ability, client: client.id as ClientCode, flags: client.flags } : null;
    const visible = (c: Command) => ctx != null && isVisible(c, ctx);
    /**
     * What a folder shows as tiles: its visible children; a folder only when something inside can be opened.
     * A child the user cannot see that still holds visible commands (the beneficiary's own record holds the
     * operator's beneficiary lookup) is passed through: its visible children take its place.
     */
    const children = (folder: Command): Command[] =>
      registry.childrenOf(folder).flatMap((c) => {
        if (c.hidden) return [];
        if (!visible(c)) return children(c);
        if (c.kind === 'folder' && children(c).length === 0) return [];
        return [c];
      });
    /**
     * Tiles for a folder: its children, where a folder holding a single tile gives way to that tile,
     * so a casual user (a beneficiary with four things to do) does not click through one-item groups.
     */
    const tiles = (folder: Command): Command[] =>
      children(folder).map((c) => {
        let x = c;
        for (let inner = children(x); x.kind === 'folder' && inner.length === 1; inner = children(x)) x = inner[0];
        return x;
      });
    return { visible, children, tiles };
  }, [ability, client]);
}
