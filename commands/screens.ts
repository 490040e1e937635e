import { RESOURCE_SUBJECTS } from '../src/shared/resources/catalog';
import type { Command } from './types';
import type { Registry } from './registry';

/** The generic list/search/form screen of a resource, loaded lazily with the grid and the definitions. */
const resourceScreen = () => import('../src/web/resources/ResourceScreen');

/** Attaches screens to registered commands: the command that lists a resource subject opens the resource screen. */
export function attachScreens(registry: Registry): Registry {
  const subjects = new Set(RESOURCE_SUBJECTS);
  for (const cmd of registry.all as Command[]) {
    if (!cmd.screen && cmd.kind === 'route' && cmd.can?.[0] === 'list' && subjects.has(cmd.can[1])) cmd.screen = resourceScreen;
  }
  return registry;
}
