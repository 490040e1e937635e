/** Column widths, order, visibility and sort of a grid, kept per user and resource in localStorage. */
export interface SavedColumns {
  columns: { colId: string; width?: number; hide?: boolean }[];
  sort: { field: string; dir: 'asc' | 'desc' }[];
}

const key = (user: string, resource: string) => `grade:${user}:${resource}`;

export function loadColumnState(user: string, resource: string): SavedColumns | null {
  try {
    const raw = localStorage.getItem(key(user, resource));
    if (!raw) return null;
    const v = JSON.parse(raw) as SavedColumns;
    return Array.isArray(v.columns) && Array.isArray(v.sort) ? v : null;
  } catch {
    return null;
  }
}

export function saveColumnState(user: string, resource: string, state: SavedColumns) {
  try {
    localStorage.setItem(key(user, resource), JSON.stringify(state));
  } catch {
    // storage full or disabled: the grid still works, it just forgets
  }
}
