import type PDFDocument from 'pdfkit';

/**
 * Table cells written straight into the page's content, one text object per row. pdfkit's text() costs eight content
 * writes (each its own buffer) and a kerning lookup per pair of letters for every cell: two thirds of the time of a
 * 10,000-row report. Only for pdfkit's standard fonts, whose encoding is WinAnsi; cells are not kerned. The font must
 * also be used through text() on the page (the report's header does), which is what lists it in the page's resources.
 */

type Doc = typeof PDFDocument.prototype;
/** pdfkit keeps the current font's resource name and metrics here; no public accessor exists. */
interface CurrentFont {
  _font: { id: string; ascender: number };
}

/** WinAnsi codes of the characters outside Latin-1 that text may carry (the rest of Latin-1 maps to itself). */
const WIN_ANSI = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);
/** A character's WinAnsi code; one the encoding lacks is drawn as '?' (pdfkit draws nothing). */
const winAnsi = (c: number) => (c < 0x7f || (c >= 0xa0 && c <= 0xff) ? c : (WIN_ANSI.get(c) ?? 0x3f));

export const pdfNumber = (n: number) => String(Math.round(n * 100) / 100);
/** A #rrggbb colour as the three numbers of the rg/RG operators. */
export const pdfRgb = (hex: string) => [1, 3, 5].map((i) => pdfNumber(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');

export interface CellFont {
  /** The text's width in points at the font's size. */
  width(text: string): number;
  /** The text cut with an ellipsis to fit `room` points, and its width. */
  fit(text: string, room: number): { text: string; width: number };
  /** The operators of one cell whose top-left is (x, y) in pdfkit's top-down coordinates, for a BT … ET block drawn
   *  with the page flipped back (1 0 0 -1 0 height cm), as pdfkit's own text() draws. */
  cell(text: string, x: number, y: number): string;
}

export function cellFont(doc: Doc, name: string, size: number): CellFont {
  const current = (doc.font(name) as unknown as CurrentFont)._font;
  const { id } = current;
  const widths = new Float64Array(256);
  for (let c = 32; c < 256; c++) if (c !== 0x7f) widths[c] = doc.fontSize(size).widthOfString(String.fromCharCode(c));
  // text() puts the top of the text at y: the baseline is one ascender below it
  const baseline = doc.page.height - (current.ascender / 1000) * size;
  const width = (text: string) => {
    let w = 0;
    for (let i = 0; i < text.length; i++) w += widths[winAnsi(text.charCodeAt(i))];
    return w;
  };
  const literal = (text: string) => {
    let s = '';
    for (let i = 0; i < text.length; i++) {
      const c = winAnsi(text.charCodeAt(i));
      if (c < 32) continue;
      if (c === 0x28 || c === 0x29 || c === 0x5c) s += `\\${String.fromCharCode(c)}`;
      else s += c < 0x80 ? String.fromCharCode(c) : `\\${c.toString(8)}`;
    }
    return s;
  };
  return {
    width,
    fit(text, room) {
      let t = text;
      const w = width(t);
      if (w <= room) return { text: t, width: w };
      // cut by the proportion that fits, then a character at a time until the ellipsis fits too
      t = t.slice(0, Math.max(1, Math.floor((t.length * room) / w)));
      while (t.length > 1 && width(`${t}…`) > room) t = t.slice(0, -1);
      t = `${t.trimEnd()}…`;
      return { text: t, width: width(t) };
    },
    cell: (text, x, y) => `/${id} ${size} Tf 1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline - y)} Tm (${literal(text)}) Tj`,
  };
}
