import PDFDocument from 'pdfkit';

/** A valid CPF from its first 9 digits (the two check digits of the Receita's rule). */
export function cpfDeBase(base: string): string {
  const d = [...base].map(Number);
  const dv = (n: number) => ((d.slice(0, n).reduce((s, x, i) => s + x * (n + 1 - i), 0) * 10) % 11) % 10;
  d.push(dv(9));
  d.push(dv(10));
  return d.join('');
}

/**
 * A short A4 PDF for the demo's documents: a title, a line saying whose it is, and paragraphs (a fixed creation date
 * keeps the seed deterministic).
 */
export function pdfCurto(titulo: string, origem: { autor: string; linha: string }, paragrafos: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: titulo, Author: origem.autor, CreationDate: new Date('2025-01-02T12:00:00Z') } });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#0b5cab').text(titulo);
    doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#5b6472').text(origem.linha);
    doc.moveDown(1).fontSize(11).fillColor('#1c2533');
    paragrafos.forEach((p, i) => doc.text(p, { align: 'justify' }).moveDown(i < paragrafos.length - 1 ? 0.8 : 0));
    doc.end();
  });
}
