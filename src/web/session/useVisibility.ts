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
    /** A folder is shown only when something inside it can be opened. */
    const reachable = (c: Command): boolean =>
      visible(c) && !c.hidden && (c.kind !== 'folder' || registry.childrenOf(c).some(reachable));
    return { visible, reachable, children: (c: Command) => registry.childrenOf(c).filter(reachable) };
  }, [ability, client]);
}
