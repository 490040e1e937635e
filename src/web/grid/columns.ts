import type { ColDef, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import type { EnumField, Field, GridColumn, Resource } from '../../shared/resources/define';
import { formatMoneyPlain, parseMoney } from '../../shared/money';
import { displayValue } from '../../shared/resources/display';
import { applyMask } from '../../shared/resources/masks';
import { parseNumber } from '../../shared/resources/schema';
import { sanitizeHtml } from './sanitize';

/**
 * Spec §3 column types → AG Grid column definitions. Formatting uses valueFormatter (no React renderers in cells:
 * those are the usual cause of slow scrolling); the few interactive types use small DOM renderers.
 */

export type Row = Record<string, unknown> & { id: number; version: number };

/** What cells can ask of the screen: inline edits, opening a row, filtering by a value, row actions. */
export interface GridContext {
  def: Resource;
  canUpdate: boolean;
  canDelete: boolean;
  edit(row: Row, field: string, value: unknown): void;
  open(row: Row): void;
  remove(rows: Row[]): void;
  duplicate(row: Row): void;
  filterBy(field: string, value: unknown): void;
}

/** Cells whose value a cut would change (numbers, money, dates, statuses): the layout test checks they are whole. */
const INTEIRO = 'rg-inteiro';

const numberFmt = (scale: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: scale, maximumFractionDigits: scale });

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) e.append(c);
  return e;
}

type R = ICellRendererParams<Row, unknown, GridContext>;

/**
 * A DOM cell renderer as an AG Grid JS component (a class with getGui): ag-grid-react would treat a plain
 * function as a React component, and React renderers in every cell are what makes scrolling slow.
 */
function dom(render: (p: R) => Node | string) {
  return class DomCell {
    private gui!: HTMLElement;
    init(p: R) {
      const out = render(p);
      this.gui = typeof out === 'string' ? el('span', { textContent: out }) : (out as HTMLElement);
    }
    getGui() {
      return this.gui;
    }
    refresh() {
      return false;
    }
  };
}

function safeUrl(v: string, image = false): string | null {
  if (/^https?:\/\//i.test(v)) return v;
  if (image && /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,/i.test(v)) return v;
  return null;
}

const renderers = {
  search: (p: R) => {
    const text = displayValue(p.context.def.fields[p.colDef!.field!], p.value, p.data, p.colDef!.field);
    if (!text) return '';
    const b = el('button', { type: 'button', className: 'rg-cell-btn', title: `Filtrar por ${text}`, tabIndex: -1, textContent: '⌕' });
    b.setAttribute('aria-label', `Filtrar por ${text}`);
    b.addEventListener('click', (e) => {
      e.stopPropagation();
      p.context.filterBy(p.colDef!.field!, p.value);
    });
    return el('span', { className: 'rg-search' }, el('span', { textContent: text }), b);
  },
  image: (p: R) => {
    const src = typeof p.value === 'string' ? safeUrl(p.value, true) : null;
    return src ? el('img', { src, alt: '', className: 'rg-img', loading: 'lazy' }) : '';
  },
  icon: (p: R, col: GridColumn) => {
    const f = p.context.def.fields[col.field] as EnumField;
    if (p.value == null) return '';
    const label = displayValue(f, p.value);
    const s = el('span', { className: 'rg-icon', textContent: col.icons?.[String(p.value)] ?? '•', title: label });
    s.setAttribute('role', 'img');
    s.setAttribute('aria-label', label);
    return s;
  },
  link: (p: R) => {
    if (typeof p.value !== 'string' || !p.value) return '';
    const email = /^[^\s@]+@[^\s@]+$/.test(p.value);
    const href = email ? `mailto:${p.value}` : safeUrl(p.value);
    if (!href) return p.value;
    const a = el('a', { href, textContent: p.value.replace(/^https?:\/\//, ''), tabIndex: -1 });
    if (!email) Object.assign(a, { target: '_blank', rel: 'noopener noreferrer' });
    return a;
  },
  tag: (p: R) => {
    if (p.value == null) return '';
    const f = p.context.def.fields[p.colDef!.field!] as EnumField;
    const i = f.options.findIndex((o) => o.value === p.value);
    const label = displayValue(f, p.value);
    return el('span', { className: `rg-tag rg-tag-${i % 6}`, textContent: label, title: label });
  },
  html: (p: R) => {
    if (typeof p.value !== 'string') return '';
    const d = el('div', { className: 'rg-html' });
    d.appendChild(sanitizeHtml(p.value));
    return d;
  },
  checkbox: (p: R) => {
    const key = p.colDef!.field!;
    const c = el('input', { type: 'checkbox', checked: !!p.value, disabled: !p.context.canUpdate, tabIndex: -1, className: 'rg-check' });
    c.setAttribute('aria-label', p.context.def.fields[key].label);
    c.addEventListener('change', () => p.data && p.context.edit(p.data, key, c.checked));
    return c;
  },
  select: (p: R) => {
    const key = p.colDef!.field!;
    const f = p.context.def.fields[key] as EnumField;
    const s = el('select', { className: 'rg-select', disabled: !p.context.canUpdate, tabIndex: -1 });
    s.setAttribute('aria-label', f.label);
    if (!f.required) s.append(el('option', { value: '', textContent: '—' }));
    for (const o of f.options) s.append(el('option', { value: o.value, textContent: o.label, selected: o.value === p.value }));
    s.addEventListener('change', () => p.data && p.context.edit(p.data, key, s.value || null));
    return s;
  },
  radio: (p: R) => {
    const key = p.colDef!.field!;
    const f = p.context.def.fields[key] as EnumField;
    const group = el('span', { className: 'rg-radio' });
    group.setAttribute('role', 'radiogroup');
    group.setAttribute('aria-label', f.label);
    const name = `r-${key}-${p.data?.id}`;
    for (const o of f.options) {
      const input = el('input', { type: 'radio', name, value: o.value, checked: o.value === p.value, disabled: !p.context.canUpdate, tabIndex: -1 });
      input.addEventListener('change', () => p.data && p.context.edit(p.data, key, o.value));
      group.append(el('label', {}, input, o.label));
    }
    return group;
  },
  /** Inline money/mask input: a look-alike span until clicked (an <input> per row costs too much while scrolling). */
  input: (p: R) => {
    const key = p.colDef!.field!;
    const f = p.context.def.fields[key];
    const shown =
      f.kind === 'decimal' ? (p.value == null ? '' : numberFmt(f.scale).format(Number(p.value))) : f.kind === 'money' ? formatMoneyPlain(p.value as number | null) : displayValue(f, p.value, p.data, key);
    const look = el('span', { className: `rg-input rg-input-look${p.context.canUpdate ? '' : ' rg-disabled'}`, textContent: shown, title: p.context.canUpdate ? `Clique para alterar ${f.label}` : f.label });
    if (!p.context.canUpdate) return look;
    look.addEventListener('click', (e) => {
      e.stopPropagation();
      const i = el('input', { className: 'rg-input', value: shown, inputMode: f.kind === 'text' ? 'text' : 'decimal' });
      i.setAttribute('aria-label', f.label);
      if (f.kind === 'text' && f.mask) i.addEventListener('input', () => (i.value = applyMask(f.mask!, i.value)));
      let done = false;
      const finish = (commit: boolean) => {
        if (done) return;
        done = true;
        i.replaceWith(look);
        if (commit && p.data && i.value !== shown) p.context.edit(p.data, key, f.kind === 'decimal' ? (parseNumber(i.value) ?? i.value) : f.kind === 'money' ? (parseMoney(i.value) ?? i.value) : i.value);
      };
      i.addEventListener('keydown', (ev) => {
        ev.stopPropagation();
        if (ev.key === 'Enter') finish(true);
        if (ev.key === 'Escape') finish(false);
      });
      i.addEventListener('blur', () => finish(true));
      look.replaceWith(i);
      i.focus();
      i.select();
    });
    return look;
  },
  button: (p: R) => {
    const b = el('button', { type: 'button', className: 'rg-cell-btn rg-cell-btn-text', textContent: 'Abrir', tabIndex: -1 });
    b.addEventListener('click', (e) => {
      e.stopPropagation();
      if (p.data) p.context.open(p.data);
    });
    return b;
  },
};

const templates = new Map<boolean, HTMLElement>();
/** The options cell, built once and cloned per row (cheap while scrolling). */
function optionsTemplate(canDelete: boolean): HTMLElement {
  let t = templates.get(canDelete);
  if (!t) {
    t = el('span', { className: 'rg-opts' });
    t.innerHTML =
      '<button type="button" class="rg-opt" data-acao="editar" title="Editar" tabindex="-1">Editar</button>' +
      `<button type="button" class="rg-opt rg-opt-danger" data-acao="excluir" title="Excluir" tabindex="-1"${canDelete ? '' : ' disabled'}>Excluir</button>` +
      '<details class="rg-more"><summary title="Mais ações" aria-label="Mais ações">⋯</summary><div class="rg-menu">' +
      '<button type="button" class="rg-opt" data-acao="duplicar" title="Duplicar" tabindex="-1">Duplicar</button>' +
      '<button type="button" class="rg-opt" data-acao="copiar" title="Copiar código do registro" tabindex="-1">Copiar ID</button></div></details>';
    templates.set(canDelete, t);
  }
  return t;
}

/** The options column (spec §9: 160 px, 'Opções'): edit and delete buttons plus a dropdown of more actions. */
export function optionsColumn(): ColDef<Row> {
  return {
    colId: '__opcoes',
    headerName: 'Opções',
    width: 160,
    minWidth: 160,
    maxWidth: 160,
    sortable: false,
    resizable: false,
    suppressMovable: true,
    pinned: 'right',
    lockPinned: true,
    cellClass: 'rg-options',
    cellRenderer: dom((p: R) => {
      if (!p.data) return '';
      const row = p.data;
      const wrap = optionsTemplate(p.context.canDelete).cloneNode(true) as HTMLElement;
      for (const b of wrap.querySelectorAll<HTMLButtonElement>('button[data-acao="editar"], button[data-acao="excluir"]')) b.setAttribute('aria-label', `${b.title} ${row.id}`);
      wrap.addEventListener('click', (e) => {
        const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-acao]');
        if (!b || b.disabled) return;
        e.stopPropagation();
        const acao = b.dataset.acao;
        if (acao === 'editar') p.context.open(row);
        else if (acao === 'excluir') p.context.remove([row]);
        else if (acao === 'duplicar') p.context.duplicate(row);
        else if (acao === 'copiar') void navigator.clipboard?.writeText(String(row.id));
        b.closest('details')?.removeAttribute('open');
      });
      return wrap;
    }),
  };
}

/**
 * Short codes and documents get the width of their longest value (a mask's digits in the grid's font, or the longest
 * code); longer text shares the free space and may shrink to its header's floor (columnsOf), showing the whole
 * value in a tooltip when it is cut: at a desk's width every column is in sight (tests/e2e/desktop.test.ts).
 */
function textWidth(f: Field, col: GridColumn): Partial<ColDef<Row>> {
  if (col.width) return { width: col.width };
  if (f.kind === 'ref') return { flex: 2 };
  if (f.kind !== 'text') return { width: 120 };
  if (f.mask) return { width: Math.max(90, textPx(f.mask.replace(/[#XSAa]/g, '0'), '13px') + 36 || f.mask.length * 8 + 40) };
  // a code's column limit (20) is rarely its length: past 13 characters it shows what fits and the rest in its tooltip
  if (f.max <= 20) return { width: Math.max(90, Math.min(130, f.max * 7 + 36)) };
  return { flex: f.max > 100 ? 3 : 2 };
}

/** Radio buttons side by side: each option's label and its button (13 px + 3 px), 10 px between them, the padding. */
function radioWidth(f: Field): number {
  if (f.kind !== 'enum') return 300;
  const labels = f.options.reduce((w, o) => w + textPx(o.label, '13px') + 20, 0);
  return labels ? labels + 10 * (f.options.length - 1) + 36 : 300;
}

/** A number column fits values up to a million (money: R$ 999.999,99), in the grid's font with the cell's padding. */
function numberWidth(f: Field): number {
  const sample = f.kind === 'money' ? 'R$ 999.999,99' : f.kind === 'decimal' ? '999.999,99' : '9.999.999';
  return Math.max(80, textPx(sample, '13px') + 36 || 130);
}

let measureCtx: CanvasRenderingContext2D | null | undefined;
/** The width of a text in the page's font (the grid's font is the page's): 0 where there is no canvas (unit tests). */
function textPx(text: string, font: string): number {
  if (measureCtx === undefined) measureCtx = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
  if (!measureCtx) return 0;
  measureCtx.font = `${font} ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(measureCtx.measureText(text).width);
}
/**
 * Cell padding on both sides (the theme's 16 px) plus the sort arrow a sorted header shows beside its text: a 16 px icon
 * with 4 px before it (grid.css narrows the theme's 8) and 2 px for sub-pixel text widths.
 */
const HEADER_ROOM = 32 + 22;
/**
 * The narrowest a column may be: its header wraps between words (wrapHeaderText) but a word is never cut, so the
 * longest word of the header, with the padding and the sort arrow, sets the floor.
 */
export function headerMinWidth(label: string): number {
  const longest = Math.max(0, ...label.split(/\s+/).map((w) => textPx(w, '600 13px')));
  return longest ? longest + HEADER_ROOM : 70;
}
/**
 * A status column as wide as its longest chip (12 px semibold, 9 px of padding each side) and the cell's padding, up
 * to 150 px: a longer label ("Companheiro(a) ou cônjuge") ends in "…" inside its chip, whole in the chip's tooltip.
 */
function tagWidth(f: Field): number {
  if (f.kind !== 'enum') return 150;
  const longest = Math.max(0, ...f.options.map((o) => textPx(o.label, '600 12px')));
  return longest ? Math.min(150, Math.max(90, longest + 18 + 32 + 4)) : 150;
}

function searchWidth(f: Field, col: GridColumn): Partial<ColDef<Row>> {
  const w = textWidth(f, col);
  return w.width ? { width: w.width + 28 } : w;
}

/** Column definitions of a resource grid from its definition. */
export function columnsOf(def: Resource): ColDef<Row>[] {
  return def.grid.map((col): ColDef<Row> => {
    const f = def.fields[col.field];
    const minWidth = headerMinWidth(f.label);
    const typed = columnOf(def, col, { colId: col.field, field: col.field, headerName: f.label, headerTooltip: f.label, sortable: true, resizable: true, width: col.width, minWidth });
    // a width below the header's floor would cut a word of it: the floor wins (a flex column keeps its own minimum too)
    return { ...typed, minWidth: Math.max(minWidth, typed.minWidth ?? 0), ...(typed.width != null ? { width: Math.max(typed.width, minWidth) } : {}) };
  });
}

/** One column by its type (spec §3): how it renders and how wide it starts. */
function columnOf(def: Resource, col: GridColumn, base: ColDef<Row>): ColDef<Row> {
  const f = def.fields[col.field];
  const fmt = (p: ValueFormatterParams<Row>) => displayValue(f, p.value, p.data, col.field);
  switch (col.type) {
    case 'text':
    case 'sort':
      return { ...base, valueFormatter: fmt, tooltipValueGetter: (p) => fmt(p as ValueFormatterParams<Row>), ...textWidth(f, col) };
    case 'tooltip':
      return { ...base, valueFormatter: fmt, tooltipValueGetter: (p) => displayValue(f, p.value, p.data as Row, col.field), flex: col.width ? undefined : 3 };
    case 'double':
      return { ...base, valueFormatter: fmt, type: 'rightAligned', cellClass: ['rg-num', INTEIRO], width: col.width ?? numberWidth(f) };
    case 'date':
      return { ...base, valueFormatter: fmt, cellClass: INTEIRO, width: col.width ?? 115 };
    case 'boolean':
      return { ...base, valueFormatter: fmt, cellClass: INTEIRO, width: col.width ?? 90 };
    case 'icon':
      return { ...base, cellRenderer: dom((p: R) => renderers.icon(p, col)), width: col.width ?? 80, cellClass: 'rg-center' };
    case 'image':
      return { ...base, sortable: false, cellRenderer: dom(renderers.image), width: col.width ?? 90, cellClass: 'rg-center' };
    case 'html':
      return { ...base, sortable: false, cellRenderer: dom(renderers.html), flex: 3, tooltipValueGetter: (p) => displayValue(f, p.value) };
    case 'checkbox':
      return { ...base, cellRenderer: dom(renderers.checkbox), width: col.width ?? 100, cellClass: 'rg-center' };
    case 'input':
      return { ...base, cellRenderer: dom(renderers.input), width: col.width ?? 140, cellClass: ['rg-edit', INTEIRO] };
    case 'select':
      return { ...base, cellRenderer: dom(renderers.select), width: col.width ?? 200, cellClass: 'rg-edit' };
    case 'radio':
      return { ...base, cellRenderer: dom(renderers.radio), width: col.width ?? radioWidth(f), cellClass: 'rg-edit' };
    case 'search':
    case 'tag':
    case 'link':
    case 'button':
      return {
        ...base,
        cellRenderer: dom(renderers[col.type]),
        flex: col.type === 'link' ? 1 : undefined,
        width: col.width ?? (col.type === 'tag' ? tagWidth(f) : undefined),
        ...(col.type === 'search' ? searchWidth(f, col) : {}),
      };
    case 'dropdown':
      return { ...base, valueFormatter: fmt };
  }
}
