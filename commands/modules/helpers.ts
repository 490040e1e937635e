import type { CommandDef } from '../types';

/** ['list', subject]: the usual permission of a list screen or a folder (spec §2, §6). */
export const list = (subject: string) => ['list', subject] as const;

/** manage on all: passes only for holders of every permission (spec §6). */
export const MANAGE_ALL = ['manage', 'all'] as const;

/** A leaf report with its code: permission repNNN on report (spec §2.6); kind 'report' is derived. */
export const rep = (code: string): Pick<CommandDef, 'rep' | 'can'> => ({ rep: code, can: [code, 'report'] });

/**
 * A report the spec names without its code: `repPending` and, as our decision, the list permission of
 * its folder (so it is seen exactly by whoever sees the folder, never by everyone).
 */
export const repPending = (folderSubject: string): Pick<CommandDef, 'repPending' | 'can'> => ({
  repPending: true,
  can: list(folderSubject),
});
