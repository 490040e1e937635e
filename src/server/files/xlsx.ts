import { PassThrough, type Readable } from 'node:stream';
import { createDeflateRaw, crc32, type DeflateRaw } from 'node:zlib';
import { Zip, ZipPassThrough, strToU8 } from 'fflate';
import { toDecimalString } from '../../shared/money';

/**
 * A streamed XLSX workbook of one sheet (minimal SpreadsheetML written row by row into a streamed zip): typed cells
 * — numbers as numbers, dates as dates, money in centavos written with the BRL format — and a frozen header row.
 * Memory stays flat however many rows are written; the grid exports and the reports both write through it.
 */

export type XlsxCell =
  | null
  | { t: 'text'; v: string; bold?: boolean }
  /** money: integer centavos; date: 'YYYY-MM-DD'; decimal and integer: the number. */
  | { t: 'money' | 'decimal' | 'integer'; v: number; bold?: boolean }
  | { t: 'date'; v: string; bold?: boolean };

// Characters XML 1.0 forbids (control characters other than tab, LF and CR) and the noncharacters U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const xmlEsc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(FORBIDDEN, '');

export function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const serial = (iso: string) => (Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) - EXCEL_EPOCH) / 86_400_000;

// cell styles by index: 0 text, 1 bold text, 2 date, 3 money, 4 decimal, 5 integer; bold: 6 date, 7 money, 8 decimal, 9 integer
const XF = (fmt: number, font: number) => `<xf numFmtId="${fmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${fmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;R$&quot;\\ #,##0.00"/><numFmt numFmtId="166" formatCode="#,##0.00"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="10">${XF(0, 0)}${XF(0, 1)}${XF(164, 0)}${XF(165, 0)}${XF(166, 0)}${XF(1, 0)}${XF(164, 1)}${XF(165, 1)}${XF(166, 1)}${XF(1, 1)}</cellXfs>
</styleSheet>`;
const STYLE: Record<Exclude<XlsxCell, null>['t'], number> = { text: 0, date: 2, money: 3, decimal: 4, integer: 5 };

function cellXml(ref: string, c: XlsxCell): string {
  if (c == null) return '';
  const s = c.t === 'text' ? (c.bold ? 1 : 0) : STYLE[c.t] + (c.bold ? 4 : 0);
  const st = s ? ` s="${s}"` : '';
  switch (c.t) {
    case 'text':
      return c.v === '' ? '' : `<c r="${ref}"${st} t="inlineStr"><is><t xml:space="preserve">${xmlEsc(c.v)}</t></is></c>`;
    case 'money':
      return `<c r="${ref}"${st}><v>${toDecimalString(c.v)}</v></c>`;
    case 'date':
      return `<c r="${ref}"${st}><v>${serial(c.v)}</v></c>`;
    default:
      return Number.isFinite(c.v) ? `<c r="${ref}"${st}><v>${c.v}</v></c>` : '';
  }
}

/**
 * A zip entry deflated by Node's zlib, which works on the thread pool: fflate's deflate, in JavaScript on the event
 * loop that serves everyone else, was half the time of a 200,000-row sheet. fflate still lays out the archive.
 */
class NativeDeflate extends ZipPassThrough {
  readonly z: DeflateRaw = createDeflateRaw({ level: 6 });
  private sum = 0;
  constructor(name: string) {
    super(name);
    this.compression = 8;
    this.z.on('data', (d: Buffer) => this.ondata(null, new Uint8Array(d.buffer as ArrayBuffer, d.byteOffset, d.length), false));
    this.z.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.z.on('error', (e) => this.ondata(Object.assign(e, { code: 0 }), new Uint8Array(0), true));
  }
  push(chunk: Uint8Array, final?: boolean) {
    this.sum = crc32(chunk, this.sum);
    this.size += chunk.length;
    if (!final) {
      this.z.write(chunk);
      return;
    }
    this.crc = this.sum;
    this.z.end(chunk);
  }
}

export interface XlsxWriter {
  /** The workbook's bytes, as they are compressed. */
  out: Readable;
  /** Appends a row; waits when the reader is behind. */
  row(cells: readonly XlsxCell[]): Promise<void>;
  end(): void;
}

/** A workbook whose first row is `header` (bold, frozen); `widths` in characters, by column. */
export function xlsxWriter(opts: { sheet: string; header: readonly string[]; widths?: readonly number[] }): XlsxWriter {
  const out = new PassThrough();
  const zip = new Zip((err, data, final) => {
    if (err) return out.destroy(err);
    out.write(Buffer.from(data));
    if (final) out.end();
  });
  const add = (name: string, text: string) => {
    const f = new NativeDeflate(name);
    zip.add(f);
    f.push(strToU8(text), true);
  };
  // a sheet name may not hold []:*?/\ and has at most 31 characters
  const sheetName = xmlEsc(opts.sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Planilha');
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
  const sheet = new NativeDeflate('xl/worksheets/sheet1.xml');
  zip.add(sheet);
  const widths = opts.header.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(60, Math.max(10, opts.widths?.[i] ?? h.length + 2))}" customWidth="1"/>`).join('');
  const header = `<row r="1">${opts.header.map((h, i) => `<c r="${colName(i)}1" t="inlineStr" s="1"><is><t>${xmlEsc(h)}</t></is></c>`).join('')}</row>`;
  sheet.push(
    strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData>${header}`,
    ),
  );
  let r = 1;
  let pending = '';
  const names = opts.header.map((_, i) => colName(i));
  const flush = async () => {
    if (!pending) return;
    sheet.push(strToU8(pending));
    pending = '';
    if (sheet.z.writableNeedDrain) await new Promise((res) => sheet.z.once('drain', res));
    if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
  };
  return {
    out,
    async row(cells) {
      r++;
      let xml = `<row r="${r}">`;
      for (let i = 0; i < cells.length; i++) xml += cellXml(`${names[i] ?? colName(i)}${r}`, cells[i]);
      pending += `${xml}</row>`;
      if (pending.length > 64_000) await flush();
    },
    end() {
      sheet.push(strToU8(`${pending}</sheetData></worksheet>`), true);
      pending = '';
      zip.end();
    },
  };
}
