import { isoToBr } from '../../shared/dates';
import { formatMoneyPlain, toDecimalString } from '../../shared/money';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { Field, Resource } from '../../shared/resources';
import { displayText } from '../../shared/resources/masks';
import type { Row } from './service';
import { labelKey } from './service';

/**
 * Streams of an exported list: CSV for Excel pt-BR (UTF-8 with BOM, ';' separator, decimal comma, DD/MM/YYYY)
 * and XLSX (a minimal SpreadsheetML workbook written row by row into a streamed zip).
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
      return f.options.find((o) => o.value === v)?.label ?? String(v);
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

// Characters XML 1.0 forbids (control characters other than tab, LF and CR).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const xmlEsc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(CONTROL, '');

function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const serial = (iso: string) => (Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) - EXCEL_EPOCH) / 86_400_000;

// styles: 0 default, 1 header (bold), 2 date, 3 money (R$), 4 decimal, 5 percent-like decimal, 6 integer
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;R$&quot;\\ #,##0.00"/><numFmt numFmtId="166" formatCode="#,##0.00"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
</styleSheet>`;

function xlsxCell(ref: string, c: ExportColumn, row: Row): string {
  const v = row[c.key];
  if (v == null || v === '') return '';
  const f = c.field;
  if (f.kind === 'money') return `<c r="${ref}" s="3"><v>${toDecimalString(Number(v))}</v></c>`;
  if (f.kind === 'decimal') return `<c r="${ref}" s="4"><v>${Number(v)}</v></c>`;
  if (f.kind === 'integer') return `<c r="${ref}" s="6"><v>${Number(v)}</v></c>`;
  if (f.kind === 'date') return `<c r="${ref}" s="2"><v>${serial(String(v))}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEsc(displayValue(c, row))}</t></is></c>`;
}

export function xlsxStream(def: Resource, batches: Batches): Readable {
  const cols = exportColumns(def);
  const out = new PassThrough();
  const zip = new Zip((err, data, final) => {
    if (err) return out.destroy(err);
    out.write(Buffer.from(data));
    if (final) out.end();
  });
  const add = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(strToU8(text), true);
  };
  const sheetName = xmlEsc(def.label.plural.slice(0, 31));
  add(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  );
  add('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  add(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  add(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  );
  add('xl/styles.xml', STYLES);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  (async () => {
    const widths = cols.map((c) => `<col min="${cols.indexOf(c) + 1}" max="${cols.indexOf(c) + 1}" width="${Math.min(60, Math.max(10, c.label.length + 2))}" customWidth="1"/>`).join('');
    const header = `<row r="1">${cols.map((c, i) => `<c r="${colName(i)}1" t="inlineStr" s="1"><is><t>${xmlEsc(c.label)}</t></is></c>`).join('')}</row>`;
    sheet.push(
      strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData>${header}`,
      ),
    );
    let r = 1;
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) {
        r++;
        chunk += `<row r="${r}">${cols.map((c, i) => xlsxCell(`${colName(i)}${r}`, c, row)).join('')}</row>`;
      }
      sheet.push(strToU8(chunk));
      if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
    }
    sheet.push(strToU8(`</sheetData></worksheet>`), true);
    zip.end();
  })().catch((err) => out.destroy(err));
  return out;
}
