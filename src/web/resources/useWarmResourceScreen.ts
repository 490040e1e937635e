import { useAtomValue } from 'jotai';
import { RESOURCE_SUBJECTS } from '../../shared/resources/catalog';
import { abilityAtom } from '../session/store';
import { useWhenIdle } from '../shell/useWhenIdle';

/**
 * The list screen and its grid (about 250 KB gzip, kept out of the first load) are fetched and compiled while the
 * browser is idle, for users who may open a list at all: the first list then opens as fast as the later ones.
 * A beneficiary on a phone, who has no list, never downloads it.
 */
export function useWarmResourceScreen() {
  const ability = useAtomValue(abilityAtom);
  useWhenIdle(() => {
    if (RESOURCE_SUBJECTS.some((s) => ability.can('list', s))) void import('./ResourceScreen').catch(() => undefined);
  }, [ability]);
}
