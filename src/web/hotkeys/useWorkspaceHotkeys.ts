import Mousetrap from 'mousetrap';
import { useEffect } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { registry } from '../../../commands';
import { openPalette, openShortcuts, togglePalette } from '../palette/state';
import { useVisibility } from '../session/useVisibility';
import { hrefOf } from '../shell/Tiles';
import { go, tabActions } from '../workspace/store';
import { hotkeyOf } from './shortcuts';

const TEXT_INPUT = /^(INPUT|TEXTAREA|SELECT)$/;
const isTextField = (e: KeyboardEvent) => {
  const t = e.target as HTMLElement | null;
  return !!t && (TEXT_INPUT.test(t.tagName) || t.isContentEditable);
};

let mousetrap: Mousetrap.MousetrapInstance | undefined;
/** One mousetrap on the document (it has no way to remove its listeners; bindings are reset instead). */
// On the document (not an element) so that mousetrap's own rule skips keys typed into fields.
const sequences = () => (mousetrap ??= new Mousetrap(document as unknown as Element));

/** Chords with a modifier work everywhere, inside fields and the palette too. */
const everywhere = { enableOnFormTags: true, enableOnContentEditable: true, preventDefault: true } as const;

/**
 * The workspace's keyboard: chords (react-hotkeys-hook) for the palette and tabs, and sequences (mousetrap)
 * for going places. Sequences and '?' never fire while typing: mousetrap ignores fields.
 */
export function useWorkspaceHotkeys() {
  useHotkeys(['ctrl+k', 'meta+k'], () => togglePalette(), everywhere);
  useHotkeys('alt+t', () => openPalette({ newTab: true }), everywhere);
  useHotkeys('alt+w', () => tabActions.close(), everywhere);
  useHotkeys(['alt+1', 'alt+2', 'alt+3', 'alt+4', 'alt+5', 'alt+6', 'alt+7', 'alt+8', 'alt+9'], (e) => tabActions.number(Number(e.code.replace(/\D/g, ''))), everywhere);
  // Alt+arrows keep their word-by-word meaning inside text fields (macOS).
  useHotkeys('alt+left', () => tabActions.cycle(-1), { ...everywhere, ignoreEventWhen: isTextField });
  useHotkeys('alt+right', () => tabActions.cycle(1), { ...everywhere, ignoreEventWhen: isTextField });

  const { visible } = useVisibility();
  useEffect(() => {
    const mt = sequences();
    mt.bind('?', (e) => {
      e.preventDefault();
      openShortcuts();
    });
    const bound = new Set<string>();
    for (const c of registry.all) {
      const keys = hotkeyOf(c);
      if (!keys || bound.has(keys) || !visible(c)) continue;
      bound.add(keys);
      mt.bind(keys, (e) => {
        e.preventDefault();
        go(hrefOf(c));
      });
    }
    return () => {
      mt.reset();
    };
  }, [visible]);
}
