import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import './util.css';

/**
 * The views of one §2.7 utility screen as tabs under its title (the received records and the import of a file; the
 * lots and the return): each view is the command's address with its own query, so a tab or a link reopens it.
 */
export function Vistas({ path, atual, vistas }: { path: string; atual: string; vistas: readonly (readonly [string, string, string])[] }) {
  const tabId = useTabId();
  return (
    <div className="util-vistas" role="tablist" aria-label="O que mostrar">
      {vistas.map(([v, label, query]) => (
        <button key={v} type="button" role="tab" aria-selected={atual === v} onClick={() => atual !== v && go(`${path}${query ? `?${query}` : ''}`, { tabId: tabId ?? undefined, replace: true })}>
          {label}
        </button>
      ))}
    </div>
  );
}
