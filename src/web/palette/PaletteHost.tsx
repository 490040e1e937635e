import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useVisibility } from '../session/useVisibility';
import { useWhenIdle } from '../shell/useWhenIdle';
import { closePalette, paletteAtom, setPaletteQuery } from './state';

// The palette (its index, virtualized list, actions and record search) is not needed for the first paint:
// it loads on its own, as soon as the browser is idle after the shell appears, so Ctrl+K finds it ready.
const loadPalette = () => import('./ProductPalette');
const ProductPalette = lazy(loadPalette);

/** Mounted in the workspace: fetches the palette when idle, renders it while open. */
export function PaletteHost() {
  const state = useAtomValue(paletteAtom);
  const vis = useVisibility();
  useWhenIdle(() => void loadPalette().then((m) => m.warmIndex(vis)), [vis]);
  if (!state.open) return null;
  return (
    <Suspense fallback={<PaletteLoading query={state.query} />}>
      <ProductPalette initialQuery={state.query} newTab={state.newTab} />
    </Suspense>
  );
}

/** Until the palette's code arrives: the same field, so what is typed meanwhile is kept (and Escape closes). */
function PaletteLoading({ query }: { query: string }) {
  return (
    <div className="palette-overlay">
      <div className="palette" role="dialog" aria-modal="true" aria-label="Paleta de comandos" aria-busy="true">
        <div className="palette-input">
          <input
            autoFocus
            aria-label="Buscar comando, relatório ou registro"
            value={query}
            onChange={(e) => setPaletteQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && closePalette()}
          />
        </div>
        <p className="palette-status">Carregando…</p>
      </div>
    </div>
  );
}
