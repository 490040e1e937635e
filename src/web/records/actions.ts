import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { registry, type CommandPath } from '../../../commands';
import type { IconName } from '../../../commands/icons';
import { useScreenShortcuts } from '../hotkeys/useScreenShortcuts';
import { abilityAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { useTabId } from '../workspace/hooks';
import { byTab, type BoundAction } from './context';

/**
 * Actions on the record a tab shows (a request, a beneficiary), declared once: the same declaration draws the screen's
 * buttons, binds their keys (and lists them in the "?" panel), and offers them in the palette's `>` while that tab is
 * in front. Who may take one is the session's visibility of its command (the server guards the same command);
 * whether it applies now (the record's status, the screen's mode) is the declaration's `when`.
 */

export interface RecordActionDecl<C> {
  id: string;
  /** The button's text on the screen. */
  label: string;
  /** What the palette lists: "Autorizar esta guia". */
  title: string;
  icon: IconName;
  keywords?: readonly string[];
  /** A key on the screen (react-hotkeys-hook: 'alt+a') and how it is written ('Alt+A'). */
  hotkey?: { keys: string; label: string };
  /** The command the session must be allowed to open (the one the server's route is guarded by); several: any of them. */
  command?: CommandPath | readonly CommandPath[];
  /** A permission beyond the command (CASL action and subject: 'update' on 'beneficiario'). */
  can?: readonly [string, string];
  /** Whether the action is offered for this record now (omitted: always). */
  offered?: (c: C) => boolean;
  /** Whether it can be taken now (a button shown but disabled: the record's status does not allow it). */
  enabled?: (c: C) => boolean;
  tone?: 'primary' | 'danger';
}

export const defineRecordActions = <C>(decls: readonly RecordActionDecl<C>[]) => decls;

export type { BoundAction };


/**
 * The declared actions offered on a record: those with a handler on the screen, that the session may take (`allowed`:
 * its command and permission) and that the declaration offers for the record now; each enabled or not.
 */
export function bindActions<C>(decls: readonly RecordActionDecl<C>[], record: { ctx: C } | null, handlers: Partial<Record<string, () => void>>, allowed: (d: RecordActionDecl<C>) => boolean): BoundAction[] {
  if (!record) return [];
  return decls
    .filter((d) => handlers[d.id] && allowed(d) && (d.offered?.(record.ctx) ?? true))
    .map((d) => ({
      id: d.id,
      label: d.label,
      title: d.title,
      icon: d.icon,
      keywords: d.keywords ?? [],
      hotkey: d.hotkey?.label,
      tone: d.tone,
      enabled: d.enabled?.(record.ctx) ?? true,
      run: handlers[d.id]!,
    }));
}

/**
 * Binds the declarations to a screen's record: those the session may take and that are offered now, with their
 * handlers; binds their keys; registers them for the palette on the tab. Returns them for the screen's buttons.
 */
export function useRecordActions<C>(
  title: string,
  decls: readonly RecordActionDecl<C>[],
  record: { label: string; ctx: C } | null,
  handlers: Partial<Record<string, () => void>>,
  opts: { keys?: boolean } = {},
): BoundAction[] {
  const { visible } = useVisibility();
  const ability = useAtomValue(abilityAtom);
  const tabId = useTabId();
  const actions = useMemo(
    () =>
      bindActions(decls, record, handlers, (d) => {
        const cmds = d.command == null ? [] : typeof d.command === 'string' ? [d.command] : d.command;
        const opens = !cmds.length || cmds.some((p) => {
          const c = registry.match(p);
          return !!c && visible(c);
        });
        return opens && (!d.can || ability.can(d.can[0], d.can[1]));
      }),
    [decls, record, handlers, visible, ability],
  );

  useScreenShortcuts(
    title,
    actions.flatMap((a) => {
      const d = decls.find((x) => x.id === a.id)!;
      return d.hotkey ? [{ keys: d.hotkey.keys, label: d.hotkey.label, description: d.label.replace(/…$/, ''), run: () => a.run() }] : [];
    }),
    { enabled: opts.keys !== false && actions.length > 0 },
  );

  // the palette reads the tab's record and actions when it opens (no re-render of the shell on every change)
  const label = record?.label;
  useEffect(() => {
    if (!tabId || label == null) return;
    byTab.set(tabId, { label, actions });
  }, [tabId, label, actions]);
  useEffect(() => {
    if (!tabId) return;
    return () => void byTab.delete(tabId);
  }, [tabId]);
  return actions;
}
