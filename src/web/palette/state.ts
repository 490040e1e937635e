import { atom } from 'jotai';
import { store } from '../session/store';

export interface PaletteState {
  open: boolean;
  /** Enter opens in a new tab (Alt+T, the "+" of the tab strip). */
  newTab: boolean;
  /** Text the palette opens with (e.g. '>' for actions). */
  query: string;
}

export const paletteAtom = atom<PaletteState>({ open: false, newTab: false, query: '' });
/** The "?" panel listing every shortcut. */
export const shortcutsOpenAtom = atom(false);

/** Where the focus was when the palette opened: it goes back there when the palette closes. */
export let focusOrigin: HTMLElement | null = null;
export const openPalette = (o: { newTab?: boolean; query?: string } = {}) => {
  if (!store.get(paletteAtom).open) focusOrigin = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  store.set(paletteAtom, { open: true, newTab: !!o.newTab, query: o.query ?? '' });
};
/** Text typed before the palette's code arrived (the first Ctrl+K right after login). */
export const setPaletteQuery = (query: string) => store.set(paletteAtom, (s) => ({ ...s, query }));
export const closePalette = () => store.set(paletteAtom, (s) => (s.open ? { ...s, open: false } : s));
/** Ctrl+K: opens, or closes when open (also from inside the palette's own input). */
export const togglePalette = () => (store.get(paletteAtom).open ? closePalette() : openPalette());
export const openShortcuts = () => {
  closePalette();
  store.set(shortcutsOpenAtom, true);
};
