/** Behaviour both grids share (the resource grid and the read-only list grid), as constants the grid does not re-read. */

/** Rows of a block not read yet: "Carregando…" and a shimmer in their cells (grid.css), instead of blank rows. */
export const LOADING_ROWS = { 'rg-carregando': (p: { data?: unknown }) => !p.data };

/**
 * Tab leaves the grid (to the next control of the page) instead of walking cell by cell through every row; the arrows
 * move inside it, and Tab back into it returns to the cell last focused (the grid keeps one cell in the tab order).
 */
export const TAB_LEAVES = () => false as const;

interface FocusApi {
  getDisplayedRowCount(): number;
  ensureIndexVisible(index: number): void;
  setFocusedCell(rowIndex: number, colKey: string): void;
}
/**
 * One stop in the page's tab order for the whole grid: Tab (or Shift+Tab) back into it lands on the cell it left, not
 * on its first or last cell. One instance per grid (it remembers that grid's cell).
 */
export function returningFocus() {
  let last: { rowIndex: number; colId: string } | null = null;
  return {
    onCellFocused: (e: { rowIndex: number | null; rowPinned?: string | null; column: unknown }) => {
      const col = e.column as { getColId?: () => string } | null;
      if (e.rowIndex != null && !e.rowPinned && col?.getColId) last = { rowIndex: e.rowIndex, colId: col.getColId() };
    },
    focusGridInnerElement: (p: { api: FocusApi }) => {
      if (!last || last.rowIndex >= p.api.getDisplayedRowCount()) return false;
      p.api.ensureIndexVisible(last.rowIndex);
      p.api.setFocusedCell(last.rowIndex, last.colId);
      return true;
    },
  };
}
