import type { ClientCode, FlagKey } from '../src/shared/clients';
import type { IconName } from './icons';

/**
 * A command: one route, folder, report, process, export or link of the product, declared once.
 * It drives the router, the guard, the tile home, folder pages, breadcrumb, palette and server checks.
 */
export type CommandKind = 'folder' | 'route' | 'report' | 'process' | 'export' | 'link';

export interface Command {
  /** Unique, stable id (dotted path of segments, e.g. 'cadastro.pessoa.beneficiarios'). */
  id: string;
  /** Full path in the app. Nesting comes from the path tree. */
  path: string;
  /** Distinguishes two views that share one path (e.g. ?view=segunda-via). */
  query?: Record<string, string>;
  title: string;
  icon: IconName;
  /** [action, subject]; absent = no permission needed. */
  can?: readonly [action: string, subject: string];
  /** Client restriction; absent = every client. */
  clients?: readonly ClientCode[];
  /** Configuration switch that must be on. */
  flag?: FlagKey;
  kind: CommandKind;
  /** Extra words for the palette (synonyms, abbreviations). */
  keywords?: readonly string[];
  hotkey?: string;
  /** Report code (repNNN); reports without a known code keep `rep: undefined` and `repPending: true`. */
  rep?: string;
  repPending?: boolean;
  /** Not shown as a tile (reachable by path or palette only). */
  hidden?: boolean;
  /** Has a side search view. */
  search?: boolean;
  /** External address for kind 'link'. */
  href?: string;
  /** Short description shown on the tile and in the palette. */
  description?: string;
}

/** The shape a module file declares; `id` and `kind` default from the path and children. */
export type CommandDef = Omit<Command, 'id' | 'kind'> & { id?: string; kind?: CommandKind };

/**
 * Declares a module's commands as they are written: the `const` type parameter keeps every path's literal type,
 * so `CommandPath` (commands/index.ts) is the union of the registered paths and a mistyped path fails the type check.
 */
export function commands<const T extends readonly CommandDef[]>(defs: T): T {
  return defs;
}

/** Extra settings a helper (a folder, an export, a process) takes: everything but the path it builds. */
export type CommandExtra = Omit<Partial<CommandDef>, 'path'>;
