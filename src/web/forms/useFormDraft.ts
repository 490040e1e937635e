import { useCallback, useRef, useState } from 'react';
import { useTabState } from '../workspace/hooks';

/**
 * A form's unsaved input kept with its workspace tab, which is saved with the tabs in localStorage: it survives
 * switching tabs, a reload and a lost session (401 → login → back to the same tab). Logout forgets it with the tabs.
 * Outside a workspace tab nothing is kept. `found` is the draft there was when the form opened; `keep` stores the
 * current input, or forgets it with `undefined` (saved, discarded).
 */
export function useFormDraft<D>(key: string): { found: D | undefined; keep(draft: D | undefined): void } {
  const [stored, setStored] = useTabState<D | undefined>(`rascunho:${key}`, undefined);
  const [found] = useState(stored);
  // the workspace is written only when the draft really changes (every keystroke re-renders the form)
  const last = useRef(JSON.stringify(stored ?? null));
  const keep = useCallback(
    (draft: D | undefined) => {
      const json = JSON.stringify(draft ?? null);
      if (json === last.current) return;
      last.current = json;
      setStored(draft);
    },
    [setStored],
  );
  return { found, keep };
}
