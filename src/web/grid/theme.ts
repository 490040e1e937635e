import { themeQuartz } from 'ag-grid-community';

/** The product's grid look: the page's font, the primary blue, compact rows for power users. */
export const GRID_THEME = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  accentColor: '#0b5cab',
  foregroundColor: '#1c2533',
  headerFontWeight: 600,
  headerBackgroundColor: '#eef2f7',
  rowHeight: 36,
  headerHeight: 38,
  borderColor: '#d9dee7',
  wrapperBorderRadius: 8,
  selectedRowBackgroundColor: '#e6f0fa',
  oddRowBackgroundColor: '#fafbfd',
});
