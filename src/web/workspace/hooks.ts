import { atom, useAtomValue, type Atom } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import { usePathname } from 'wouter/use-browser-location';
import { go, markDirty, tabActions, workspaceAtom } from './store';

/** The tab a component renders in (null outside the workspace). */
export const TabIdContext = createContext<string | null>(null);
export const useTabId = () => useContext(TabIdContext);

const pathAtoms = new Map<string, Atom<string>>();
const searchAtoms = new Map<string, Atom<string>>();
const stateAtoms = new Map<string, Atom<unknown>>();
function cached<T>(map: Map<string, Atom<T>>, key: string, make: () => Atom<T>): Atom<T> {
  let a = map.get(key);
  if (!a) map.set(key, (a = make()));
  return a;
}
const pathAtom = (id: string) => cached(pathAtoms, id, () => atom((get) => get(workspaceAtom).tabs.find((t) => t.id === id)?.path ?? '/'));
const searchAtom = (id: string) => cached(searchAtoms, id, () => atom((get) => get(workspaceAtom).tabs.find((t) => t.id === id)?.search ?? ''));

/**
 * wouter location hook of a tab: its own path, and navigation that moves this tab only.
 * Outside a tab (header, breadcrumb, palette) it is the browser's path, and navigation moves the active tab.
 */
export function useTabLocation(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  const id = useTabId();
  const browserPath = usePathname();
  const tabPath = useAtomValue(pathAtom(id ?? ''));
  const navigate = useCallback((to: string, opts?: { replace?: boolean }) => go(to, { replace: opts?.replace, tabId: id ?? undefined }), [id]);
  return [id ? tabPath : browserPath, navigate];
}

export function useTabSearch(): string {
  const id = useTabId();
  return useAtomValue(searchAtom(id ?? ''));
}

/**
 * State kept with the tab: it survives switching tabs and reloading (e.g. a typed filter).
 * Outside a tab it behaves as plain, unsaved state with the initial value.
 */
export function useTabState<T>(key: string, initial: T): [T, (v: T) => void] {
  const id = useTabId();
  const a = useMemo(
    () => cached(stateAtoms, `${id}\u0000${key}`, () => atom((get) => get(workspaceAtom).tabs.find((t) => t.id === id)?.state?.[key])),
    [id, key],
  );
  const stored = useAtomValue(a) as T | undefined;
  const set = useCallback((v: T) => id && tabActions.setState(id, key, v), [id, key]);
  return [stored === undefined ? initial : stored, set];
}

/** Declares unsaved input in the current tab: closing it then asks first (Alt+W, close button). */
export function useUnsavedChanges(dirty: boolean) {
  const id = useTabId();
  useEffect(() => {
    if (!id) return;
    markDirty(id, dirty);
    return () => markDirty(id, false);
  }, [id, dirty]);
}

/** Forgets the cached per-tab atoms of closed tabs. */
export function forgetTab(id: string) {
  pathAtoms.delete(id);
  searchAtoms.delete(id);
  for (const k of [...stateAtoms.keys()]) if (k.startsWith(`${id}\u0000`)) stateAtoms.delete(k);
}

