import type { ComponentType } from 'react';
import type { Command, CommandPath } from '../../../commands';

/** What every screen receives: its command and the tab's query string. */
export interface ScreenProps {
  command: Command;
  search: string;
}

/** A screen's module, loaded when its command is first opened (its default export is the screen). */
export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** A domain's screens, keyed by command path (a mistyped path fails the type check). */
export type ScreenMap = Partial<Record<CommandPath, ScreenLoader>>;
