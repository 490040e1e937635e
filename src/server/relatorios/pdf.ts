import PDFDocument from 'pdfkit';
import { totalText, type ReportDef } from '../../shared/relatorios/define';
import { cellText, reportColumns, type ReportColumn, type ReportItem } from './itens';
import { reportCount } from './saidas';
import { cellFont, pdfNumber, pdfRgb } from './texto-pdf';
import { endInSlices } from './pdf-end';

/**
 * A report as an A4 PDF drawn row by row with pdfkit's own primitives (its table module is 10–100× slower): on every
 * page the operator's mark and name, the title and rep code, the filters used, when and by whom it was generated,
 * and the column headers; group headings and subtotals, the grand total, "Página x de y" at the foot. Helvetica's
 * WinAnsi encoding carries every Portuguese letter. The rows, nearly all of the file, are written as one text object
 * each (texto-pdf.ts); headings and totals go through pdfkit's text().
 */

export interface PdfHeader {
  operadora: { nome: string; registroAns: string };
  titulo: string;
  filtros: string;
  geradoEm: string;
  geradoPor: string;
}

const M = 28;
const ROW = 13;
const TEXTO = '#1c2533';
const CINZA = '#5b6472';
const AZUL = '#0b5cab';
const FUNDO = '#e8eef6';

export async function reportPdf(def: ReportDef, h: PdfHeader, items: AsyncIterable<ReportItem>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: def.orientation, margin: M, bufferPages: true, info: { Title: h.titulo, Author: h.operadora.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const W = doc.page.width;
  const H = doc.page.height;
  const cols = reportColumns(def);
  const weights = cols.map((c) => def.widths?.[c.key] ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => ((W - 2 * M) * w) / sum);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const bottom = H - M - 16;
  let y = 0;
  let first = true;
  const rowFont = cellFont(doc, 'Helvetica', 7.5);
  const rowStart = `q 0.3 w ${pdfRgb('#d9dee7')} RG`;
  const rowText = `1 0 0 -1 0 ${H} cm BT ${pdfRgb(TEXTO)} rg`;

  // pdfkit's own wrapping (width, ellipsis) measures every cell several times: fitting the text here, with one
  // measurement, and drawing it at a computed x is what makes 10,000 rows fit the budget
  const cell = (text: string, i: number, yy: number, o: { bold?: boolean; size?: number; color?: string } = {}) => {
    doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(o.size ?? 7.5).fillColor(o.color ?? TEXTO);
    const room = widths[i] - 6;
    let t = text;
    let w = doc.widthOfString(t);
    if (w > room) {
      // cut by the proportion that fits, then a character at a time until the ellipsis fits too
      t = t.slice(0, Math.max(1, Math.floor((t.length * room) / w)));
      while (t.length > 1 && doc.widthOfString(`${t}…`) > room) t = t.slice(0, -1);
      t = `${t.trimEnd()}…`;
      w = doc.widthOfString(t);
    }
    doc.text(t, cols[i].num ? xs[i] + 3 + room - w : xs[i] + 3, yy, { lineBreak: false });
  };

  function page() {
    if (!first) doc.addPage();
    first = false;
    // the operator's mark: its initial on the brand's colour (no image is stored for the operator)
    doc.roundedRect(M, M, 26, 26, 5).fill(AZUL);
    doc.font('Helvetica-Bold').fontSize(14).fillColor('#ffffff').text((h.operadora.nome.trim()[0] ?? 'O').toUpperCase(), M, M + 6, { width: 26, align: 'center', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXTO).text(h.operadora.nome, M + 34, M + 1, { width: W - 2 * M - 120, height: 13, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(h.operadora.registroAns ? `Registro ANS nº ${h.operadora.registroAns}` : '', M + 34, M + 15, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(9).fillColor(AZUL).text(def.code ?? '', W - M - 80, M + 2, { width: 80, align: 'right', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(13).fillColor(TEXTO).text(h.titulo, M, M + 34, { width: W - 2 * M, height: 16, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(`Filtros: ${h.filtros}`, M, M + 52, { width: W - 2 * M, height: 10, ellipsis: true, lineBreak: false });
    doc.text(`Gerado em ${h.geradoEm} por ${h.geradoPor}`, M, M + 63, { width: W - 2 * M, lineBreak: false });
    y = M + 78;
    doc.rect(M, y, W - 2 * M, 15).fill(FUNDO);
    cols.forEach((c, i) => cell(c.label, i, y + 4, { bold: true, size: 7.5 }));
    y += 17;
  }
  const room = (lines: number) => {
    if (y + lines * ROW > bottom) page();
  };
  const totalsLine = (label: string, n: number, totais: Record<string, number>, strong: boolean) => {
    room(1);
    doc.rect(M, y - 1, W - 2 * M, ROW).fill(strong ? FUNDO : '#f4f6f9');
    const firstTotal = Math.min(...(def.totals ?? []).map((t) => cols.findIndex((c) => c.key === t.key)).filter((i) => i >= 0), cols.length);
    const span = xs[firstTotal] ?? W - M;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(TEXTO).text(`${label}: ${reportCount(def, n)}`, M + 3, y + 2, { width: span - M - 6, height: 9, ellipsis: true, lineBreak: false });
    for (const t of def.totals ?? []) {
      const i = cols.findIndex((c) => c.key === t.key);
      if (i >= 0) cell(totalText(t, totais[t.key]), i, y + 2, { bold: true });
    }
    y += ROW + (strong ? 0 : 4);
  };

  page();
  let rows = 0;
  for await (const it of items) {
    if (it.t === 'head') {
      room(3);
      doc.font('Helvetica-Bold').fontSize(9).fillColor(AZUL).text(it.rotulo || '—', M, y + 2, { width: W - 2 * M, height: 11, ellipsis: true, lineBreak: false });
      y += ROW + 1;
    } else if (it.t === 'row') {
      room(1);
      // the rule under the row and its cells, in one write
      const rule = pdfNumber(y + ROW - 1);
      let ops = `${rowStart} ${M} ${rule} m ${W - M} ${rule} l S ${rowText}`;
      cols.forEach((c: ReportColumn, i) => {
        const room = widths[i] - 6;
        const { text, width } = rowFont.fit(cellText(c, it.row), room);
        ops += ` ${rowFont.cell(text, c.num ? xs[i] + 3 + room - width : xs[i] + 3, y + 2)}`;
      });
      doc.addContent(`${ops} ET Q`);
      y += ROW;
      rows++;
    } else if (it.t === 'sub') totalsLine(`Subtotal de ${it.rotulo || '—'}`, it.n, it.totais, false);
    else {
      if (!rows) {
        doc.font('Helvetica').fontSize(9).fillColor(CINZA).text('Nenhum registro com estes filtros.', M, y + 4, { lineBreak: false });
        y += ROW + 4;
      }
      totalsLine('Total geral', it.n, it.totais, true);
    }
  }
  // the foot of every page, now that the count of pages is known (drawn inside the bottom margin)
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(CINZA);
    doc.text(`${h.operadora.nome}${def.code ? ` · ${def.code}` : ''}`, M, H - M + 2, { width: (W - 2 * M) / 2, lineBreak: false });
    doc.text(`Página ${i + 1} de ${range.count}`, W / 2, H - M + 2, { width: W / 2 - M, align: 'right', lineBreak: false });
  }
  await endInSlices(doc);
  return ended;
}
