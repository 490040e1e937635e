import { useAtomValue } from 'jotai';
import { RESOURCE_SUBJECTS } from '../../shared/resources/catalog';
import { abilityAtom } from '../session/store';
import { useWhenIdle } from '../shell/useWhenIdle';

const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 4000 }) : setTimeout(work, 300));

/**
 * The list screen and its grid (about 250 KB gzip, kept out of the first load) are fetched and compiled while the
 * browser is idle, and a first grid is built out of sight at the next idle moment, for users who may open a list at
 * all: the first list then opens as fast as the later ones. A beneficiary on a phone, who has no list, never
 * downloads it.
 */
export function useWarmResourceScreen() {
  const ability = useAtomValue(abilityAtom);
  useWhenIdle(() => {
    if (!RESOURCE_SUBJECTS.some((s) => ability.can('list', s))) return;
    void Promise.all([import('./ResourceScreen'), import('../grid/warm')])
      .then(([, m]) => whenIdle(() => void m.warmGrid()))
      .catch(() => undefined);
  }, [ability]);
}
