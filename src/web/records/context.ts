import type { IconName } from '../../../commands/icons';

/** A declared record action bound to the screen's record and handler (./actions.ts). */
export interface BoundAction {
  id: string;
  label: string;
  title: string;
  icon: IconName;
  keywords: readonly string[];
  hotkey?: string;
  tone?: 'primary' | 'danger';
  enabled: boolean;
  run: () => void;
}

/** What the tab in front offers the palette: the record's name and its actions. */
export interface RecordContext {
  label: string;
  actions: readonly BoundAction[];
}

/** Kept apart from ./actions.ts so the palette reads it without the screens' code. */
export const byTab = new Map<string, RecordContext>();
/** The actions of the record shown in a tab (the palette asks for the active tab's when it opens). */
export const recordContextOf = (tabId: string | null | undefined) => (tabId ? byTab.get(tabId) : undefined);
