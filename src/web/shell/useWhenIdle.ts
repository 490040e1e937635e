import { useEffect } from 'react';

/** Runs `work` once the browser is idle after the screen appears (at the latest after 2 s), again when deps change. */
export function useWhenIdle(work: () => void, deps: readonly unknown[]) {
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const h = requestIdleCallback(work, { timeout: 2000 });
      return () => cancelIdleCallback(h);
    }
    const t = setTimeout(work, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller says what the work depends on
  }, deps);
}
