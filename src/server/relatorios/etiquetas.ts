import PDFDocument from 'pdfkit';
import { ETIQUETA_A4, type ReportDef } from '../../shared/relatorios/define';
import type { ReportItem } from './itens';

const MM = 72 / 25.4;

/**
 * A label report's PDF: the rows as mailing labels on the A4 sheet of ETIQUETA_A4, left to right and top to bottom,
 * each label's lines fitted to its width (the first, the addressee, in bold). Nothing else is printed: the sheet is
 * the adhesive one.
 */
export async function etiquetasPdf(def: ReportDef, titulo: string, items: AsyncIterable<ReportItem>): Promise<Buffer> {
  const e = ETIQUETA_A4;
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: titulo, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const porFolha = e.colunas * e.linhas;
  const pad = 3 * MM;
  const largura = e.largura * MM - 2 * pad;
  const fit = (t: string) => {
    if (doc.widthOfString(t) <= largura) return t;
    let s = t;
    while (s.length > 1 && doc.widthOfString(`${s}…`) > largura) s = s.slice(0, -1);
    return `${s.trimEnd()}…`;
  };
  let n = 0;
  for await (const it of items) {
    if (it.t !== 'row') continue;
    if (n > 0 && n % porFolha === 0) doc.addPage();
    const k = n % porFolha;
    const x = (e.margemEsquerda + (k % e.colunas) * e.passoHorizontal) * MM + pad;
    let y = (e.margemSuperior + Math.floor(k / e.colunas) * e.passoVertical) * MM + pad + 2;
    def.etiqueta!(it.row).filter(Boolean).slice(0, 6).forEach((linha, i) => {
      doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(i === 0 ? 9 : 8.5).fillColor('#000000');
      doc.text(fit(linha), x, y, { lineBreak: false });
      y += i === 0 ? 12 : 11;
    });
    n++;
  }
  if (!n) doc.font('Helvetica').fontSize(10).text('Nenhum registro com estes filtros.', 20 * MM, 20 * MM, { lineBreak: false });
  doc.end();
  return ended;
}
