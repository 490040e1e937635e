/**
 * Workspace tabs as plain data and pure transitions (no React, no storage), so they are easy to test.
 * Each tab has its own location (path + query), an optional label (a record's name), the window scroll it
 * was left at, and small per-tab state that screens keep across reloads (typed filters…).
 */

export interface TabLocation {
  path: string;
  /** Query string without '?'. */
  search: string;
}

export interface Tab extends TabLocation {
  id: string;
  /** Shown instead of the command title (e.g. the record opened from the palette). */
  label?: string;
  scrollY?: number;
  /** Per-tab state screens choose to keep (useTabState). */
  state?: Record<string, unknown>;
}

export interface Workspace {
  /** The user the tabs belong to (null before login). */
  owner: string | null;
  tabs: Tab[];
  activeId: string | null;
  /** Next tab number (ids are 't1', 't2'…, never reused within a workspace). */
  seq: number;
}

export const MAX_TABS = 30;
export const HOME: TabLocation = { path: '/', search: '' };

export const emptyWorkspace = (owner: string | null = null): Workspace => ({ owner, tabs: [], activeId: null, seq: 1 });

/** '/a/b?x=1' → { path: '/a/b', search: 'x=1' } (a trailing slash is dropped). */
export function parseLocation(to: string): TabLocation {
  const hash = to.indexOf('#');
  const clean = hash >= 0 ? to.slice(0, hash) : to;
  const q = clean.indexOf('?');
  let path = q >= 0 ? clean.slice(0, q) : clean;
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  return { path, search: q >= 0 ? clean.slice(q + 1) : '' };
}

export const hrefOfLocation = (l: TabLocation) => (l.search ? `${l.path}?${l.search}` : l.path);
export const sameLocation = (a: TabLocation, b: TabLocation) => a.path === b.path && a.search === b.search;

export const activeTab = (ws: Workspace): Tab | undefined => ws.tabs.find((t) => t.id === ws.activeId);

/** Opens a tab right after the active one (or at the end); it becomes active unless told otherwise. */
export function openTab(ws: Workspace, loc: TabLocation, opts: { activate?: boolean; label?: string } = {}): Workspace {
  const id = `t${ws.seq}`;
  const tab: Tab = { id, path: loc.path, search: loc.search, ...(opts.label ? { label: opts.label } : {}) };
  const at = ws.tabs.findIndex((t) => t.id === ws.activeId);
  let tabs = at >= 0 ? [...ws.tabs.slice(0, at + 1), tab, ...ws.tabs.slice(at + 1)] : [...ws.tabs, tab];
  // Past the limit, the oldest tab that is not active goes.
  if (tabs.length > MAX_TABS) {
    const drop = tabs.find((t) => t.id !== ws.activeId && t.id !== id);
    tabs = tabs.filter((t) => t !== drop);
  }
  return { ...ws, tabs, seq: ws.seq + 1, activeId: opts.activate === false && ws.activeId ? ws.activeId : id };
}

/** Closes a tab; the one to its right (or left) becomes active. The last tab closed leaves a home tab. */
export function closeTab(ws: Workspace, id: string): Workspace {
  const at = ws.tabs.findIndex((t) => t.id === id);
  if (at < 0) return ws;
  const tabs = ws.tabs.filter((t) => t.id !== id);
  if (!tabs.length) return openTab({ ...ws, tabs: [], activeId: null }, HOME);
  const activeId = ws.activeId === id ? tabs[Math.min(at, tabs.length - 1)].id : ws.activeId;
  return { ...ws, tabs, activeId };
}

export function activateTab(ws: Workspace, id: string): Workspace {
  return ws.activeId === id || !ws.tabs.some((t) => t.id === id) ? ws : { ...ws, activeId: id };
}

/** Alt+1…8 go to that tab; 9 always goes to the last one (as browsers do). */
export function activateNumber(ws: Workspace, n: number): Workspace {
  if (!ws.tabs.length) return ws;
  const tab = n >= 9 ? ws.tabs[ws.tabs.length - 1] : ws.tabs[n - 1];
  return tab ? activateTab(ws, tab.id) : ws;
}

/** Next (+1) or previous (−1) tab, wrapping around. */
export function cycleTab(ws: Workspace, delta: number): Workspace {
  if (ws.tabs.length < 2) return ws;
  const at = ws.tabs.findIndex((t) => t.id === ws.activeId);
  const next = (at + delta + ws.tabs.length) % ws.tabs.length;
  return activateTab(ws, ws.tabs[next].id);
}

export function updateTab(ws: Workspace, id: string, change: (t: Tab) => Tab): Workspace {
  let changed = false;
  const tabs = ws.tabs.map((t) => {
    if (t.id !== id) return t;
    const n = change(t);
    if (n !== t) changed = true;
    return n;
  });
  return changed ? { ...ws, tabs } : ws;
}

/** A tab goes somewhere else: new location; a record label and the scroll belong to the old place. */
export function navigateTab(ws: Workspace, id: string, loc: TabLocation): Workspace {
  return updateTab(ws, id, (t) => {
    if (sameLocation(t, loc)) return t;
    const samePath = t.path === loc.path;
    const { label: _label, scrollY: _scroll, ...rest } = t;
    // A query change on the same screen (filters, paging) keeps the screen's state, and the label while it shows
    // the same record (`id`): back from a request to its list, the tab is the list's again.
    if (!samePath) return { ...rest, path: loc.path, search: loc.search, state: undefined };
    // (the record read-only, `ver`, with its form over it, `id`, is still that record)
    const recordOf = (q: string) => new URLSearchParams(q).get('id') ?? new URLSearchParams(q).get('ver');
    const sameRecord = recordOf(t.search) === recordOf(loc.search);
    return sameRecord ? { ...t, search: loc.search } : { ...t, label: undefined, search: loc.search };
  });
}

/**
 * The browser arrived at a location (start-up, typed address, back/forward): the tab already there becomes
 * active; otherwise the active tab goes there (the address bar belongs to the active tab). With no tab, one opens.
 */
export function arrive(ws: Workspace, loc: TabLocation): Workspace {
  const current = activeTab(ws);
  if (current && sameLocation(current, loc)) return ws;
  const there = ws.tabs.find((t) => sameLocation(t, loc));
  if (there) return activateTab(ws, there.id);
  if (!current) return openTab(ws, loc);
  return navigateTab(ws, current.id, loc);
}

export function setTabState(ws: Workspace, id: string, key: string, value: unknown): Workspace {
  return updateTab(ws, id, (t) => (t.state?.[key] === value ? t : { ...t, state: { ...t.state, [key]: value } }));
}

/** What is kept in localStorage; anything malformed is dropped (deny by default). */
export function deserializeWorkspace(owner: string, raw: string | null): Workspace {
  const ws = emptyWorkspace(owner);
  if (!raw) return ws;
  try {
    const data = JSON.parse(raw) as { tabs?: unknown; activeId?: unknown; seq?: unknown };
    const tabs: Tab[] = [];
    if (Array.isArray(data.tabs)) {
      for (const t of data.tabs.slice(0, MAX_TABS) as Record<string, unknown>[]) {
        if (!t || typeof t.id !== 'string' || typeof t.path !== 'string' || !t.path.startsWith('/') || t.path.startsWith('//')) continue;
        if (tabs.some((x) => x.id === t.id)) continue;
        tabs.push({
          id: t.id,
          path: t.path,
          search: typeof t.search === 'string' ? t.search : '',
          ...(typeof t.label === 'string' ? { label: t.label } : {}),
          ...(typeof t.scrollY === 'number' && t.scrollY >= 0 ? { scrollY: t.scrollY } : {}),
          ...(t.state && typeof t.state === 'object' && !Array.isArray(t.state) ? { state: t.state as Record<string, unknown> } : {}),
        });
      }
    }
    const maxSeq = tabs.reduce((m, t) => Math.max(m, Number(t.id.slice(1)) || 0), 0);
    const seq = Math.max(typeof data.seq === 'number' ? data.seq : 1, maxSeq + 1);
    const activeId = tabs.find((t) => t.id === data.activeId)?.id ?? tabs[0]?.id ?? null;
    return { owner, tabs, activeId, seq };
  } catch {
    return ws;
  }
}

export function serializeWorkspace(ws: Workspace): string {
  return JSON.stringify({ tabs: ws.tabs, activeId: ws.activeId, seq: ws.seq });
}
