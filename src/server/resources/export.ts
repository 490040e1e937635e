import { isoToBr } from '../../shared/dates';
import { formatMoneyPlain } from '../../shared/money';
import { PassThrough, type Readable } from 'node:stream';
import type { Field, Resource } from '../../shared/resources';
import { displayText } from '../../shared/resources/masks';
import { xlsxWriter, type XlsxCell } from '../files/xlsx';
import type { Row } from './service';
import { labelKey } from './service';

/**
 * Streams of an exported list: CSV for Excel pt-BR (UTF-8 with BOM, ';' separator, decimal comma, DD/MM/YYYY)
 * and XLSX (src/server/files/xlsx.ts).
 * `batches` yields rows in list order, a batch at a time, so memory stays flat for a million rows.
 */

export type Batches = AsyncIterable<Row[]>;

export interface ExportColumn {
  key: string;
  label: string;
  field: Field;
}

/** Every field of the definition, grid columns first. */
export function exportColumns(def: Resource): ExportColumn[] {
  const keys = [...new Set([...def.grid.map((g) => g.field), ...def.keys])];
  return keys.map((key) => ({ key, label: def.fields[key].label, field: def.fields[key] }));
}

const dec = (scale: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: scale, maximumFractionDigits: scale, useGrouping: false });

/** A cell as the user reads it in the grid (labels for enums and references, masks applied). */
export function displayValue(c: ExportColumn, row: Row): string {
  const v = row[c.key];
  if (v == null || v === '') return '';
  const f = c.field;
  switch (f.kind) {
    case 'text':
      return f.format === 'html' ? String(v).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : displayText(f, String(v));
    case 'integer':
      return String(v);
    case 'decimal':
      return dec(f.scale).format(Number(v));
    case 'money':
      return formatMoneyPlain(Number(v)).replace(/\./g, '');
    case 'date':
      return isoToBr(String(v));
    case 'boolean':
      return v ? 'Sim' : 'Não';
    case 'enum':
      return f.options.find((o) => o.value === String(v))?.label ?? String(v);
    case 'ref':
      return String(row[labelKey(c.key)] ?? v);
  }
}

/**
 * Cells that show text someone typed: the field's own text, and the label of a referenced record or of an option
 * (a bank's name shown in the bank column). Numbers and dates are written by us and may start with '-'.
 */
const TYPED_TEXT = new Set<Field['kind']>(['text', 'ref', 'enum']);

/** One CSV cell (";" separated, as Excel in pt-BR reads it), quoted when needed. */
export function csvText(s: string, typed = true): string {
  // Formula injection: text that Excel would evaluate is prefixed with an apostrophe.
  if (typed && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** A line of text cells (a process's own CSV result). */
export const csvLine = (cells: readonly string[]) => cells.map((c) => csvText(c)).join(';');

const csvCell = (c: ExportColumn, row: Row): string => csvText(displayValue(c, row), TYPED_TEXT.has(c.field.kind));

export function csvStream(def: Resource, batches: Batches): Readable {
  const cols = exportColumns(def);
  const out = new PassThrough();
  (async () => {
    out.write(`\uFEFF${cols.map((c) => csvCell({ ...c, field: { kind: 'text', label: '', max: 999 } }, { [c.key]: c.label })).join(';')}\r\n`);
    for await (const rows of batches) {
      let chunk = '';
      for (const r of rows) chunk += `${cols.map((c) => csvCell(c, r)).join(';')}\r\n`;
      if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    }
    out.end();
  })().catch((err) => out.destroy(err));
  return out;
}

// ---- XLSX --------------------------------------------------------------------------------------------------------

/** A field's value as a typed XLSX cell: money, numbers and dates as such; the rest as the text the grid shows. */
export function xlsxCellOf(c: ExportColumn, row: Row): XlsxCell {
  const v = row[c.key];
  if (v == null || v === '') return null;
  const f = c.field;
  if (f.kind === 'money') return { t: 'money', v: Number(v) };
  if (f.kind === 'decimal') return { t: 'decimal', v: Number(v) };
  if (f.kind === 'integer') return { t: 'integer', v: Number(v) };
  if (f.kind === 'date') return { t: 'date', v: String(v) };
  return { t: 'text', v: displayValue(c, row) };
}

export function xlsxStream(def: Resource, batches: Batches): Readable {
  const cols = exportColumns(def);
  const w = xlsxWriter({ sheet: def.label.plural, header: cols.map((c) => c.label) });
  (async () => {
    for await (const rows of batches) for (const row of rows) await w.row(cols.map((c) => xlsxCellOf(c, row)));
    w.end();
  })().catch((err) => w.out.destroy(err));
  return w.out;
}
