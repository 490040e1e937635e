import { registry, type Command } from '../../../commands';
import type { IconName } from '../../../commands/icons';
import { SHELL_PAGES } from '../router/shellPages';
import type { TabLocation } from './tabs';

export interface LocationInfo {
  title: string;
  icon: IconName;
  command?: Command;
}

/** What a location shows, for tab titles and the breadcrumb: a command, a shell page, or not found. */
export function describeLocation(loc: TabLocation & { label?: string }): LocationInfo {
  const page = SHELL_PAGES[loc.path];
  if (page) return { title: loc.label ?? page.title, icon: page.icon };
  const command = registry.match(loc.path, new URLSearchParams(loc.search));
  if (command) return { title: loc.label ?? command.title, icon: command.icon, command };
  return { title: 'Página não encontrada', icon: 'search' };
}
