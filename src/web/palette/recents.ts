/**
 * The user's recent and frequent commands, kept per user in localStorage (not cleared at logout: it is a
 * preference, not session data). `boost` turns them into the 0–99 tie-breaker the search index ranks with.
 */
export interface Use {
  /** times used */
  n: number;
  /** last use (ms) */
  t: number;
}
export type Recents = Record<string, Use>;

const MAX_ENTRIES = 200;
const key = (owner: string) => `paleta:recentes:${owner}`;

export function loadRecents(owner: string | undefined): Recents {
  if (!owner) return {};
  try {
    const raw = JSON.parse(localStorage.getItem(key(owner)) ?? '{}') as Record<string, unknown>;
    const out: Recents = {};
    for (const [id, u] of Object.entries(raw)) {
      const v = u as Partial<Use> | null;
      if (v && typeof v.n === 'number' && typeof v.t === 'number') out[id] = { n: v.n, t: v.t };
    }
    return out;
  } catch {
    return {};
  }
}

/** Adds one use; the oldest entries go past the limit. Returns the new map. */
export function recordUse(owner: string | undefined, id: string, now = Date.now()): Recents {
  const r = loadRecents(owner);
  r[id] = { n: (r[id]?.n ?? 0) + 1, t: now };
  const entries = Object.entries(r);
  const kept = entries.length > MAX_ENTRIES ? Object.fromEntries(entries.sort((a, b) => b[1].t - a[1].t).slice(0, MAX_ENTRIES)) : r;
  if (owner) {
    try {
      localStorage.setItem(key(owner), JSON.stringify(kept));
    } catch {
      // storage full or disabled
    }
  }
  return kept;
}

export function clearRecents(owner: string | undefined) {
  if (!owner) return;
  try {
    localStorage.removeItem(key(owner));
  } catch {
    // storage disabled
  }
}

const HALF_LIFE_MS = 3 * 24 * 3600 * 1000;

/** 1–99 for a used entry (recency, halving every three days, plus frequency), 0 otherwise. */
export function frecency(u: Use | undefined, now = Date.now()): number {
  if (!u) return 0;
  const recency = 2 ** (-Math.max(0, now - u.t) / HALF_LIFE_MS);
  const frequency = Math.min(1, Math.log2(1 + u.n) / Math.log2(51));
  return Math.max(1, Math.round(60 * recency + 39 * frequency));
}

/** Per-entry boosts: frecency for ranking matches; for the empty query, the most recent first. */
export function boosts(ids: readonly string[], recents: Recents, now = Date.now()): { match: Uint8Array; recent: Uint8Array } {
  const match = new Uint8Array(ids.length);
  const recent = new Uint8Array(ids.length);
  const used: [number, number][] = [];
  ids.forEach((id, i) => {
    const u = recents[id];
    if (!u) return;
    match[i] = frecency(u, now);
    used.push([i, u.t]);
  });
  used.sort((a, b) => b[1] - a[1]);
  used.slice(0, 99).forEach(([i], rank) => (recent[i] = 99 - rank));
  return { match, recent };
}
