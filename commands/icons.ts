/** The icon names commands may use; the web maps each to an SVG (src/web/shell/icons.tsx). */
export const ICON_NAMES = [
  'home', 'folder', 'users', 'user', 'user-check', 'id-card', 'building', 'hospital', 'stethoscope', 'pill', 'syringe', 'tooth',
  'file-text', 'file-check', 'file-search', 'files', 'clipboard', 'clipboard-check', 'table', 'list', 'tags', 'book',
  'landmark', 'wallet', 'banknote', 'receipt', 'credit-card', 'calculator', 'percent', 'chart', 'chart-pie', 'trending-up',
  'shield', 'lock', 'key', 'settings', 'sliders', 'map', 'map-pin', 'globe', 'calendar', 'clock', 'bell', 'megaphone',
  'message', 'help', 'info', 'search', 'download', 'upload', 'refresh', 'send', 'printer', 'archive', 'database',
  'activity', 'heart-pulse', 'badge-check', 'scale', 'link', 'phone', 'mail', 'box', 'truck', 'layers', 'gauge', 'cog',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
