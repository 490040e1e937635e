import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState, type RefCallback } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTabId } from '../workspace/hooks';
import { workspaceAtom } from '../workspace/store';
import { screenShortcutsAtom } from './screenShortcuts';

/** A screen's shortcut: the keys it answers to, how it is written, what it does, and the action. */
export interface ScreenShortcut {
  /** react-hotkeys-hook keys, lower case: 'alt+a', 'arrowdown', 'ctrl+enter'; several for one action. */
  keys: string | string[];
  /** As written for people in the panel and on buttons: 'Alt+A'. */
  label: string;
  description: string;
  run: (e: KeyboardEvent) => void;
}

const activeIdAtom = atom((get) => get(workspaceAtom).activeId);
const MODIFIED = (e: KeyboardEvent) => e.altKey || e.ctrlKey || e.metaKey;
const isTextField = (el: EventTarget | null) => el instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable);

/**
 * The one place a screen declares its keyboard: the same list binds the keys (react-hotkeys-hook) and is shown in
 * the "?" panel, while the screen's tab is in front. Keys without Ctrl/Alt/⌘ never fire while typing in a field;
 * nothing fires while a modal (palette, dialog, the panel itself) is open.
 *
 * `scoped`: the keys answer only while the focus is inside the element the returned ref is put on (a table's
 * ↑/↓/Enter); otherwise anywhere in the document.
 */
export function useScreenShortcuts<T extends HTMLElement = HTMLElement>(title: string, shortcuts: ScreenShortcut[], opts: { scoped?: boolean; enabled?: boolean } = {}): RefCallback<T> {
  const tabId = useTabId();
  const activeId = useAtomValue(activeIdAtom);
  const active = (tabId == null || activeId === tabId) && opts.enabled !== false;
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  const keys = shortcuts.flatMap((s) => (typeof s.keys === 'string' ? [s.keys] : s.keys)).map((k) => k.toLowerCase());

  // scoped keys wait for their element (until then react-hotkeys-hook would listen on the whole document)
  const [el, setEl] = useState<T | null>(null);
  const ref = useHotkeys<T>(
    keys,
    (e, h) => latest.current.find((s) => (typeof s.keys === 'string' ? [s.keys] : s.keys).some((k) => k.toLowerCase() === h.hotkey))?.run(e),
    {
      enabled: active && (!opts.scoped || el != null),
      enableOnFormTags: true,
      preventDefault: true,
      ignoreEventWhen: (e) => (isTextField(e.target) && !MODIFIED(e)) || !!document.querySelector('[aria-modal="true"]'),
    },
  );

  // the panel's list: registered while in front, as plain text (no functions), re-registered only when it changes
  const id = useId();
  const setGroups = useSetAtom(screenShortcutsAtom);
  const listed = JSON.stringify(shortcuts.map((s) => ({ label: s.label, description: s.description })));
  useEffect(() => {
    if (!active) return;
    const group = { id, title, items: JSON.parse(listed) as { label: string; description: string }[] };
    setGroups((gs) => [...gs.filter((g) => g.id !== id), group]);
    return () => setGroups((gs) => gs.filter((g) => g.id !== id));
  }, [active, id, title, listed, setGroups]);

  const scopedRef = useCallback(
    (node: T | null) => {
      ref(node);
      setEl(node);
    },
    [ref],
  );
  return opts.scoped ? scopedRef : noRef;
}

const noRef: RefCallback<HTMLElement> = () => undefined;
