import type { Command, CommandDef } from './types';

/** Key of a command's location: path plus the view query that tells apart two views on one path. */
export function locationKey(path: string, query?: Record<string, string>): string {
  if (!query || Object.keys(query).length === 0) return path;
  const q = Object.keys(query).sort().map((k) => `${k}=${query[k]}`).join('&');
  return `${path}?${q}`;
}

function idFromPath(path: string, query?: Record<string, string>): string {
  const base = path === '/' ? 'inicio' : path.slice(1).replace(/\//g, '.');
  return query?.view ? `${base}~${query.view}` : base;
}

function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export interface Registry {
  all: readonly Command[];
  byId: ReadonlyMap<string, Command>;
  /** Nearest registered ancestor (by path), or undefined for the root. */
  parentOf(cmd: Command): Command | undefined;
  childrenOf(cmd: Command): readonly Command[];
  /** Root first, the command last. */
  trailOf(cmd: Command): Command[];
  /** The command for a location; a view query selects among commands sharing a path. */
  match(path: string, search?: URLSearchParams | Record<string, string>): Command | undefined;
  root: Command;
}

/** Builds the registry once: ids and kinds derived from the path tree, indexes for lookups. */
export function buildRegistry(defs: readonly CommandDef[]): Registry {
  const paths = new Set(defs.map((d) => d.path));
  const hasChildren = new Set<string>();
  for (const d of defs) if (d.path !== '/') hasChildren.add(nearestAncestor(d.path, paths));

  const all: Command[] = defs.map((d) => ({
    ...d,
    id: d.id ?? idFromPath(d.path, d.query),
    kind: d.kind ?? (hasChildren.has(d.path) ? 'folder' : d.rep || d.repPending ? 'report' : 'route'),
  }));
  const byId = new Map(all.map((c) => [c.id, c]));
  const byPath = new Map<string, Command[]>();
  for (const c of all) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  const primary = (p: string) => byPath.get(p)?.find((c) => !c.query) ?? byPath.get(p)?.[0];

  const parent = new Map<Command, Command | undefined>();
  const children = new Map<Command, Command[]>();
  for (const c of all) {
    const p = c.path === '/' ? undefined : primary(nearestAncestor(c.path, paths));
    const par = p === c ? undefined : p;
    parent.set(c, par);
    if (par) children.set(par, [...(children.get(par) ?? []), c]);
  }
  const root = primary('/');
  if (!root) throw new Error('registry: the root command (/) is missing');

  return {
    all,
    byId,
    root,
    parentOf: (c) => parent.get(c),
    childrenOf: (c) => children.get(c) ?? [],
    trailOf(c) {
      const trail: Command[] = [];
      for (let x: Command | undefined = c; x; x = parent.get(x)) trail.unshift(x);
      return trail;
    },
    match(path, search) {
      const list = byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
      if (!list) return undefined;
      const get = (k: string) => (search instanceof URLSearchParams ? search.get(k) : search?.[k]) ?? undefined;
      return list.find((c) => c.query && Object.entries(c.query).every(([k, v]) => get(k) === v)) ?? list.find((c) => !c.query);
    },
  };
}

function nearestAncestor(path: string, paths: Set<string>): string {
  let p = parentPath(path);
  while (p !== '/' && !paths.has(p)) p = parentPath(p);
  return p;
}
