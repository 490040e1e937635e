import Mousetrap from 'mousetrap';
import { useEffect } from 'react';
import { registry } from '../../../commands';
import { openPalette, openShortcuts, togglePalette } from '../palette/state';
import { useVisibility } from '../session/useVisibility';
import { hrefOf } from '../shell/Tiles';
import { go, tabActions } from '../workspace/store';
import { hotkeyOf } from './shortcuts';

const isTextField = (el: Element | null) => !!el && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || (el as HTMLElement).isContentEditable);
const WITH_MODIFIER = /(^|\+)(mod|ctrl|alt|meta|command|option)\+/;

/**
 * Keys typed into a field stay there, unless the shortcut carries a modifier (Ctrl+K works inside fields and the
 * palette itself). Alt+arrows keep their word-by-word meaning inside text fields (macOS).
 */
function stopCallback(_e: KeyboardEvent, el: Element, combo: string): boolean {
  if (WITH_MODIFIER.test(combo)) return /^alt\+(left|right)$/.test(combo) && isTextField(el);
  return isTextField(el);
}

let mousetrap: Mousetrap.MousetrapInstance | undefined;
/** One mousetrap on the document (it cannot remove its listeners; bindings are reset instead). */
function keys(): Mousetrap.MousetrapInstance {
  if (!mousetrap) {
    mousetrap = new Mousetrap(document as unknown as Element);
    mousetrap.stopCallback = stopCallback;
  }
  return mousetrap;
}

const run = (fn: () => void) => (e: KeyboardEvent) => {
  e.preventDefault();
  fn();
};

/**
 * The workspace's keyboard, global (mousetrap): chords for the palette and the tabs, `?`, and the go-to
 * sequences (`g` then a letter) of the destinations this user may open. Keys scoped to a screen or dialog
 * belong to that screen (react-hotkeys-hook there).
 */
export function useWorkspaceHotkeys() {
  const { visible } = useVisibility();
  // The go-to sequences this user may use, as a stable value (the session is revalidated on every navigation).
  const gotos = JSON.stringify(
    registry.all.flatMap((c) => {
      const k = hotkeyOf(c);
      return k && visible(c) ? [[k, hrefOf(c)]] : [];
    }),
  );
  useEffect(() => {
    const mt = keys();
    mt.bind('mod+k', run(togglePalette));
    mt.bind('alt+t', run(() => openPalette({ newTab: true })));
    mt.bind('alt+w', run(() => tabActions.close()));
    for (let n = 1; n <= 9; n++) mt.bind(`alt+${n}`, run(() => tabActions.number(n)));
    mt.bind('alt+left', run(() => tabActions.cycle(-1)));
    mt.bind('alt+right', run(() => tabActions.cycle(1)));
    mt.bind('?', run(openShortcuts));
    const bound = new Set<string>();
    for (const [k, href] of JSON.parse(gotos) as [string, string][]) {
      if (bound.has(k)) continue;
      bound.add(k);
      mt.bind(k, run(() => go(href)));
    }
    return () => {
      mt.reset();
    };
  }, [gotos]);
}
