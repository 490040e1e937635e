import PDFDocument from 'pdfkit';
import type { ReportDef } from '../../shared/relatorios/define';
import type { ReportItem } from './itens';
import type { PdfHeader } from './pdf';
import { endInSlices } from './pdf-end';

const M = 48;
const TEXTO = '#1c2533';
const CINZA = '#5b6472';
const AZUL = '#0b5cab';
const FUNDO = '#e8eef6';

/**
 * A document report's PDF (a receipt, a letter): one A4 page per row — the operator's mark, name and ANS register,
 * the document's title, its labelled fields, the highlighted line, the paragraphs and the places to sign — and the
 * foot with "Página x de y" and when and by whom it was generated. Helvetica's WinAnsi carries the accents.
 */
export async function documentosPdf(def: ReportDef, h: PdfHeader, items: AsyncIterable<ReportItem>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: M, bufferPages: true, info: { Title: h.titulo, Author: h.operadora.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const W = doc.page.width;
  const H = doc.page.height;
  const largura = W - 2 * M;
  let n = 0;

  const cabecalho = () => {
    doc.roundedRect(M, M, 30, 30, 6).fill(AZUL);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#ffffff').text((h.operadora.nome.trim()[0] ?? 'O').toUpperCase(), M, M + 7, { width: 30, align: 'center', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(12).fillColor(TEXTO).text(h.operadora.nome, M + 40, M + 2, { width: largura - 140, height: 14, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(8.5).fillColor(CINZA).text(h.operadora.registroAns ? `Registro ANS nº ${h.operadora.registroAns}` : '', M + 40, M + 18, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(9).fillColor(AZUL).text(def.code ?? '', W - M - 90, M + 4, { width: 90, align: 'right', lineBreak: false });
    doc.moveTo(M, M + 42).lineTo(W - M, M + 42).lineWidth(0.6).strokeColor('#d9dee7').stroke();
  };

  for await (const it of items) {
    if (it.t !== 'row') continue;
    if (n > 0) doc.addPage();
    n++;
    const d = def.documento!(it.row);
    cabecalho();
    let y = M + 58;
    doc.font('Helvetica-Bold').fontSize(15).fillColor(TEXTO).text(d.titulo, M, y, { width: largura, align: 'center' });
    y = doc.y + 18;
    // the fields as a two-column table: label on the left, value beside it (wrapped when long)
    const rotulo = 170;
    for (const [k, v] of d.campos) {
      doc.font('Helvetica').fontSize(10);
      const alto = Math.max(doc.heightOfString(v, { width: largura - rotulo - 12 }), 12) + 8;
      doc.rect(M, y, rotulo, alto).fill(FUNDO);
      doc.font('Helvetica-Bold').fontSize(9).fillColor(CINZA).text(k, M + 6, y + 5, { width: rotulo - 12 });
      doc.font('Helvetica').fontSize(10).fillColor(TEXTO).text(v, M + rotulo + 8, y + 4, { width: largura - rotulo - 12 });
      doc.moveTo(M, y + alto).lineTo(W - M, y + alto).lineWidth(0.4).strokeColor('#d9dee7').stroke();
      y += alto;
    }
    y += 16;
    if (d.destaque) {
      doc.font('Helvetica-Bold').fontSize(12);
      const alto = doc.heightOfString(d.destaque, { width: largura - 20 }) + 14;
      doc.roundedRect(M, y, largura, alto, 4).lineWidth(1).strokeColor(AZUL).stroke();
      doc.fillColor(AZUL).text(d.destaque, M + 10, y + 7, { width: largura - 20 });
      y += alto + 14;
    }
    doc.font('Helvetica').fontSize(10.5).fillColor(TEXTO);
    for (const p of d.texto) {
      doc.text(p, M, y, { width: largura, align: 'justify', lineGap: 2 });
      y = doc.y + 8;
    }
    // the places to sign, side by side near the foot
    const yAss = Math.max(y + 50, H - M - 110);
    const cada = largura / d.assinaturas.length;
    d.assinaturas.forEach((a, i) => {
      const x = M + i * cada + 16;
      doc.moveTo(x, yAss).lineTo(x + cada - 32, yAss).lineWidth(0.6).strokeColor(TEXTO).stroke();
      doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(a, x, yAss + 5, { width: cada - 32, align: 'center' });
    });
    doc.font('Helvetica').fontSize(9).fillColor(CINZA).text('Local e data: ______________________________, ____/____/________', M, yAss + 30, { width: largura, align: 'center' });
  }
  if (!n) {
    cabecalho();
    doc.font('Helvetica-Bold').fontSize(13).fillColor(TEXTO).text(h.titulo, M, M + 58, { width: largura });
    doc.font('Helvetica').fontSize(10).fillColor(CINZA).text(`Filtros: ${h.filtros}`, M, M + 80, { width: largura });
    doc.text('Nenhum registro com estes filtros.', M, M + 100, { width: largura });
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(CINZA);
    doc.text(`${h.titulo}${def.code ? ` · ${def.code}` : ''} · gerado em ${h.geradoEm} por ${h.geradoPor}`, M, H - M + 14, { width: largura * 0.75, height: 10, ellipsis: true, lineBreak: false });
    doc.text(`Página ${i + 1} de ${range.count}`, M + largura * 0.75, H - M + 14, { width: largura * 0.25, align: 'right', lineBreak: false });
  }
  await endInSlices(doc);
  return ended;
}
