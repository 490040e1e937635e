import PDFDocument from 'pdfkit';
import { isoToBr } from '../../shared/dates';
import { formatMoneyPlain, timesQuantity } from '../../shared/money';
import type { LinhaRecalculo } from './recalculo';

const A4L = { w: 841.89, h: 595.28 };
const M = 32;
const TEXTO = '#1c2533';
const CINZA = '#5b6472';
const AZUL = '#0b5cab';

/** Columns of the printed report: title, width, right-aligned (money and counts). */
const COLS: [string, number, boolean][] = [
  ['Guia', 92, false],
  ['Solicitação', 58, false],
  ['Prestador', 150, false],
  ['Código', 52, false],
  ['Descrição', 178, false],
  ['Qtd.', 28, true],
  ['Unitário antes', 70, true],
  ['Unitário depois', 70, true],
  ['Diferença', 80, true],
];

/**
 * The before/after report of a repricing as a PDF (A4 landscape), drawn row by row with pdfkit's own primitives
 * (as the cards are): a header with the period and the summary, then one row per item, a new page as rows fill one.
 */
export function relatorioRecalculoPdf(linhas: readonly LinhaRecalculo[], info: { periodo: string; resumo: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: M, info: { Title: `Recálculo de Atendimento – ${info.periodo}`, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  let pagina = 0;
  let y = 0;

  function cabecalho() {
    pagina++;
    if (pagina > 1) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).fillColor(AZUL).text('Recálculo de Atendimento – relatório antes e depois', M, M, { lineBreak: false });
    doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`Autorizações abertas solicitadas de ${info.periodo} · página ${pagina}`, M, M + 19, { lineBreak: false });
    y = M + 34;
    if (pagina === 1) {
      doc.font('Helvetica').fontSize(9.5).fillColor(TEXTO).text(info.resumo, M, y, { width: A4L.w - 2 * M });
      y = doc.y + 8;
    }
    let x = M;
    doc.rect(M, y, A4L.w - 2 * M, 16).fill('#e8eef6');
    for (const [t, w, dir] of COLS) {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(TEXTO).text(t, x + 3, y + 4, { width: w - 6, align: dir ? 'right' : 'left', lineBreak: false });
      x += w;
    }
    y += 18;
  }

  cabecalho();
  if (!linhas.length) doc.font('Helvetica').fontSize(9).fillColor(CINZA).text('Nenhum item mudou de valor.', M, y + 4, { lineBreak: false });
  for (const l of linhas) {
    if (y > A4L.h - M - 14) cabecalho();
    const dif = timesQuantity(l.depois - l.antes, l.quantidade);
    // an item kept for lack of a price shows why in place of its description (the code is beside it)
    const celulas = [l.numero, isoToBr(l.data), l.prestador, l.codigo, l.observacao || l.descricao, String(l.quantidade), formatMoneyPlain(l.antes), formatMoneyPlain(l.depois), `${dif > 0 ? '+' : ''}${formatMoneyPlain(dif)}`];
    let x = M;
    COLS.forEach(([, w, dir], i) => {
      doc.font('Helvetica').fontSize(7.5).fillColor(i === 8 && dif < 0 ? '#b42318' : TEXTO).text(celulas[i], x + 3, y + 2, { width: w - 6, height: 9, ellipsis: true, align: dir ? 'right' : 'left', lineBreak: false });
      x += w;
    });
    doc.moveTo(M, y + 13).lineTo(A4L.w - M, y + 13).lineWidth(0.3).strokeColor('#d9dee7').stroke();
    y += 14;
  }
  doc.end();
  return ended;
}
