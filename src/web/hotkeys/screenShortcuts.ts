import { atom } from 'jotai';

/** One shortcut as the "?" panel lists it. */
export interface ShortcutInfo {
  /** As written for people: 'Alt+A', '↑ ↓'. */
  label: string;
  /** What it does. */
  description: string;
}

/** The shortcuts a screen of the active tab declared (useScreenShortcuts), under the screen's title. */
export interface ScreenShortcutGroup {
  id: string;
  title: string;
  items: ShortcutInfo[];
}

/**
 * The screen shortcuts in force now, for the "?" panel: a screen registers its group while its tab is in front
 * and takes it back when it leaves or unmounts. Kept apart from the hook (and react-hotkeys-hook) so the panel,
 * in the first bundle, does not pull the screens' keyboard code.
 */
export const screenShortcutsAtom = atom<ScreenShortcutGroup[]>([]);
