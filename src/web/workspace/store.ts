import { atom } from 'jotai';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { LOGIN_PATH, isPublicPath } from '../router/paths';
import { onSessionClear, store, userAtom } from '../session/store';
import {
  activateNumber,
  activateTab,
  activeTab,
  arrive,
  closeTab,
  cycleTab,
  deserializeWorkspace,
  emptyWorkspace,
  hrefOfLocation,
  navigateTab,
  openTab,
  parseLocation,
  serializeWorkspace,
  setTabState,
  updateTab,
  type Workspace,
} from './tabs';

/**
 * The workspace at run time: the tabs live in one jotai atom, are saved per user in localStorage and cleared
 * at logout. The browser address always shows the active tab; `go` is the one way to move anywhere.
 */
export const workspaceAtom = atom<Workspace>(emptyWorkspace());
/** What the frame shows of the tabs (not their kept state or scroll, which screens update as often as they like). */
export interface TabsView {
  activeId: string | null;
  tabs: { id: string; path: string; search: string; label?: string }[];
}
let lastView: TabsView | null = null;
export const tabsViewAtom = atom((get): TabsView => {
  const ws = get(workspaceAtom);
  const prev = lastView;
  if (
    prev &&
    prev.activeId === ws.activeId &&
    prev.tabs.length === ws.tabs.length &&
    prev.tabs.every((t, i) => t.id === ws.tabs[i].id && t.path === ws.tabs[i].path && t.search === ws.tabs[i].search && t.label === ws.tabs[i].label)
  )
    return prev;
  return (lastView = { activeId: ws.activeId, tabs: ws.tabs.map(({ id, path, search, label }) => ({ id, path, search, label })) });
});
/** Tabs with unsaved form input (memory only: a reload loses the input anyway). */
export const dirtyTabsAtom = atom<ReadonlySet<string>>(new Set<string>());
/** A tab waiting for "close anyway?" (Alt+W or its close button on unsaved input). */
export const closeConfirmAtom = atom<string | null>(null);

const KEY_PREFIX = 'workspace:';
const storageKey = (owner: string) => `${KEY_PREFIX}${owner}`;

/** Pages outside the workspace: login and the public messages. */
export const isOutsidePath = (path: string) => path === LOGIN_PATH || isPublicPath(path);
const browserHref = () => location.pathname + location.search;

let saveTimer: ReturnType<typeof setTimeout> | undefined;
function save() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const ws = store.get(workspaceAtom);
  if (!ws.owner) return;
  try {
    localStorage.setItem(storageKey(ws.owner), serializeWorkspace(ws));
  } catch {
    // storage full or disabled: tabs simply do not survive a reload
  }
}
const scheduleSave = () => {
  if (!saveTimer) saveTimer = setTimeout(save, 250);
};

type HistoryMode = 'push' | 'replace' | 'none';

/** Sets the workspace; remembers the scroll of a tab being left; shows the active tab in the address bar. */
function commit(next: Workspace, history: HistoryMode) {
  const prev = store.get(workspaceAtom);
  if (next === prev) return;
  if (prev.activeId && prev.activeId !== next.activeId && typeof window !== 'undefined') {
    const y = window.scrollY;
    next = updateTab(next, prev.activeId, (t) => (t.scrollY === y ? t : { ...t, scrollY: y }));
  }
  store.set(workspaceAtom, next);
  scheduleSave();
  const a = activeTab(next);
  if (a && history !== 'none' && typeof location !== 'undefined') {
    const href = hrefOfLocation(a);
    if (href !== browserHref()) browserNavigate(href, { replace: history === 'replace' });
  }
}

export interface GoOptions {
  replace?: boolean;
  /** Navigate this tab (a screen inside a tab); default: the active one. */
  tabId?: string;
  /** Open in a new tab. */
  newTab?: boolean;
  /** With newTab: keep the current tab in front (Ctrl+click, middle click). */
  background?: boolean;
  /** A name for the tab (a record opened from the palette). */
  label?: string;
}

/** The one way to move: login and public pages by the browser, everything else inside a workspace tab. */
export function go(to: string, opts: GoOptions = {}) {
  const loc = parseLocation(to);
  const ws = store.get(workspaceAtom);
  if (isOutsidePath(loc.path) || !ws.owner) {
    browserNavigate(hrefOfLocation(loc), { replace: opts.replace });
    return;
  }
  if (opts.newTab) return commit(openTab(ws, loc, { label: opts.label, activate: !opts.background }), 'push');
  const id = opts.tabId ?? ws.activeId;
  // From login (or with no tab yet) the address is where the user arrives.
  if (!id || (!opts.tabId && isOutsidePath(location.pathname))) {
    const next = arrive(ws, loc);
    // back from login to the tab already in front: no tab changes, but the address bar must leave the login page
    if (next === ws && isOutsidePath(location.pathname)) return browserNavigate(hrefOfLocation(loc), { replace: true });
    return commit(next, opts.replace || isOutsidePath(location.pathname) ? 'replace' : 'push');
  }
  const mode: HistoryMode = id === ws.activeId ? (opts.replace ? 'replace' : 'push') : 'none';
  let next = navigateTab(ws, id, loc);
  if (opts.label) next = updateTab(next, id, (t) => ({ ...t, label: opts.label }));
  commit(next, mode);
}

/** Opens a record: its tab comes to the front if it is already open, else it opens in a new tab. */
export function openRecord(to: string, label: string) {
  const loc = parseLocation(to);
  const ws = store.get(workspaceAtom);
  // the screen may have added its own state to the query (filters, sort): the record's own keys must match
  const wanted = [...new URLSearchParams(loc.search)];
  const there = ws.tabs.find((t) => {
    if (t.path !== loc.path) return false;
    const q = new URLSearchParams(t.search);
    return wanted.every(([k, v]) => q.get(k) === v);
  });
  if (there) commit(activateTab(ws, there.id), 'replace');
  else go(to, { newTab: true, label });
}

export const tabActions = {
  activate: (id: string) => commit(activateTab(store.get(workspaceAtom), id), 'replace'),
  number: (n: number) => commit(activateNumber(store.get(workspaceAtom), n), 'replace'),
  cycle: (delta: number) => commit(cycleTab(store.get(workspaceAtom), delta), 'replace'),
  /** Closes at once (no question). */
  closeNow(id: string) {
    commit(closeTab(store.get(workspaceAtom), id), 'replace');
    declared.delete(id);
    typedForms.delete(id);
    refreshDirty(id);
  },
  /** Closes, asking first when the tab holds unsaved input. */
  close(id?: string) {
    const tid = id ?? store.get(workspaceAtom).activeId;
    if (!tid) return;
    if (store.get(dirtyTabsAtom).has(tid)) store.set(closeConfirmAtom, tid);
    else tabActions.closeNow(tid);
  },
  setState: (id: string, key: string, value: unknown) => commit(setTabState(store.get(workspaceAtom), id, key, value), 'none'),
  /** Names the tab after the record it shows (once the record has loaded). */
  setLabel: (id: string, label: string) => commit(updateTab(store.get(workspaceAtom), id, (t) => (t.label === label ? t : { ...t, label })), 'none'),
};

/** Why a tab holds unsaved input: screens that said so (useUnsavedChanges), and forms typed into. */
const declared = new Set<string>();
const typedForms = new Set<string>();
function refreshDirty(id: string) {
  const dirty = declared.has(id) || typedForms.has(id);
  const cur = store.get(dirtyTabsAtom);
  if (cur.has(id) === dirty) return;
  const next = new Set(cur);
  if (dirty) next.add(id);
  else next.delete(id);
  store.set(dirtyTabsAtom, next);
}
export function markDirty(id: string, dirty: boolean) {
  if (dirty) declared.add(id);
  else declared.delete(id);
  refreshDirty(id);
}
export function markFormsDirty(id: string, dirty: boolean) {
  if (dirty) typedForms.add(id);
  else typedForms.delete(id);
  refreshDirty(id);
}

/** Loads the user's tabs when a user appears, and brings the address bar in (start-up, login). */
function ensureOwner() {
  const user = store.get(userAtom);
  if (!user) return;
  const ws = store.get(workspaceAtom);
  if (ws.owner === user.principal) return;
  let loaded = emptyWorkspace(user.principal);
  try {
    loaded = deserializeWorkspace(user.principal, localStorage.getItem(storageKey(user.principal)));
  } catch {
    // storage disabled
  }
  store.set(workspaceAtom, loaded);
  if (!isOutsidePath(location.pathname)) commit(arrive(loaded, parseLocation(browserHref())), 'none');
}

/** Back and forward: the tab at that address comes to the front, or the active tab goes there. */
function onPopState() {
  const ws = store.get(workspaceAtom);
  if (!ws.owner || isOutsidePath(location.pathname)) return;
  commit(arrive(ws, parseLocation(browserHref())), 'none');
}

if (typeof window !== 'undefined') {
  store.sub(userAtom, ensureOwner);
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pagehide', () => {
    const ws = store.get(workspaceAtom);
    if (ws.activeId) store.set(workspaceAtom, updateTab(ws, ws.activeId, (t) => ({ ...t, scrollY: window.scrollY })));
    save();
  });
}

// Logout clears the user's tabs, here and in storage. A lost session (401) saves them first and only clears
// memory: the same user logging in again gets the same tabs, with their form drafts, back.
onSessionClear((why) => {
  const ws = store.get(workspaceAtom);
  if (why === 'perdida') save();
  clearTimeout(saveTimer);
  saveTimer = undefined;
  if (ws.owner && why === 'logout') {
    try {
      localStorage.removeItem(storageKey(ws.owner));
    } catch {
      // storage disabled
    }
  }
  store.set(workspaceAtom, emptyWorkspace());
  declared.clear();
  typedForms.clear();
  store.set(dirtyTabsAtom, new Set<string>());
  store.set(closeConfirmAtom, null);
});
