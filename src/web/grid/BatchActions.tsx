import type { SelectedRow } from '../lists/useListController';

/**
 * Batch actions as data (spec §4: disabled until at least one row is selected). `enabled` may also ask CASL;
 * a disabled button shows why in its tooltip.
 */
export interface BatchAction {
  id: string;
  label: string;
  danger?: boolean;
  enabled(selection: readonly SelectedRow[]): boolean;
  /** Why the action is disabled (shown as the tooltip). */
  reason?(selection: readonly SelectedRow[]): string;
  run(selection: readonly SelectedRow[]): void;
}

export const NEEDS_SELECTION = 'Selecione ao menos um registro.';

export function BatchActions({ actions, selection }: { actions: readonly BatchAction[]; selection: readonly SelectedRow[] }) {
  return (
    <>
      {actions.map((a) => {
        const ok = a.enabled(selection);
        const why = ok ? undefined : (a.reason?.(selection) ?? NEEDS_SELECTION);
        return (
          // the title sits on a wrapper: a disabled button gets no mouse events in some browsers
          <span key={a.id} title={why} className="rg-batch" data-testid={`lote-${a.id}`}>
            <button type="button" className={`btn ${a.danger ? 'btn-danger-outline' : ''}`} disabled={!ok} aria-disabled={!ok} aria-description={why} onClick={() => a.run(selection)}>
              {a.label}
              {selection.length > 0 && ok ? ` (${selection.length})` : ''}
            </button>
          </span>
        );
      })}
    </>
  );
}
