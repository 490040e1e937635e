import { formatCarteirinha } from '../../shared/text';
import PDFDocument from 'pdfkit';
import { isoToBr } from '../../shared/dates';

/** What one printed card shows. */
export interface CartaoImpresso {
  nome: string;
  carteirinha: string;
  plano: string;
  registroAnsPlano: string;
  acomodacao: string;
  abrangencia: string;
  contratacao: string;
  empresa: string | null;
  dataNascimento: string;
  validade: string;
  cns: string | null;
  via: number;
  relacao: string;
  titular: boolean;
  cpt: boolean;
}

// ISO/IEC 7810 ID-1 (a bank card): 85.60 × 53.98 mm, in points (1 mm = 72 / 25.4 pt)
const MM = 72 / 25.4;
const W = 85.6 * MM;
const H = 53.98 * MM;
const COLS = 2;
const ROWS = 5;
const GAP_X = 6 * MM;
const GAP_Y = 3 * MM;
const A4 = { w: 595.28, h: 841.89 };
const LEFT = (A4.w - COLS * W - (COLS - 1) * GAP_X) / 2;
const TOP = (A4.h - ROWS * H - (ROWS - 1) * GAP_Y) / 2;
export const CARTOES_POR_FOLHA = COLS * ROWS;

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';

const cnsImpresso = (n: string) => n.replace(/^(\d{3})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4');

/**
 * The cards as a printable PDF: A4 sheets of ten cards at their real size, with cutting guides, drawn with
 * pdfkit's own primitives (its table helpers are an order of magnitude slower on thousands of cards). Pages are
 * added as cards come, so a run writes batch by batch; `end()` returns the file.
 */
export function folhaDeCartoes(operadora: { nome: string; registroAns: string }, titulo: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: titulo, Author: operadora.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  let n = 0;

  function campo(x: number, y: number, w: number, rotulo: string, valor: string) {
    doc.font('Helvetica').fontSize(5.5).fillColor(CINZA).text(rotulo.toUpperCase(), x, y, { width: w, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(7.2).fillColor(TEXTO).text(valor || '—', x, y + 6.5, { width: w, height: 9, ellipsis: true, lineBreak: false });
  }

  function cartao(c: CartaoImpresso) {
    if (n % CARTOES_POR_FOLHA === 0) doc.addPage();
    const i = n % CARTOES_POR_FOLHA;
    const x = LEFT + (i % COLS) * (W + GAP_X);
    const y = TOP + Math.floor(i / COLS) * (H + GAP_Y);
    n++;
    // cutting guide and the card's face
    doc.save().roundedRect(x, y, W, H, 9).lineWidth(0.4).dash(2, { space: 2 }).strokeColor('#9aa3b0').stroke().restore();
    doc.save().roundedRect(x, y, W, 30, 9).clip().rect(x, y, W, 30).fill(AZUL).restore();
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#ffffff').text(operadora.nome, x + 10, y + 7, { width: W - 80, height: 12, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(6.5).fillColor('#dbe7f5').text('Cartão do beneficiário', x + 10, y + 19, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(7).fillColor('#ffffff').text(`ANS nº ${operadora.registroAns}`, x + W - 75, y + 8, { width: 65, align: 'right', lineBreak: false });
    doc.font('Helvetica').fontSize(6).fillColor('#dbe7f5').text(`${c.via}ª via`, x + W - 75, y + 19, { width: 65, align: 'right', lineBreak: false });

    const ix = x + 10;
    const iw = W - 20;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(TEXTO).text(c.nome, ix, y + 36, { width: iw, height: 11, ellipsis: true, lineBreak: false });
    doc.font('Courier-Bold').fontSize(11.5).fillColor(AZUL).text(formatCarteirinha(c.carteirinha), ix, y + 48, { characterSpacing: 0.6, lineBreak: false });
    const half = (iw - 8) / 2;
    const third = (iw - 12) / 3;
    campo(ix, y + 63, half, 'Plano', c.plano);
    campo(ix + half + 8, y + 63, half, 'Registro ANS do plano', c.registroAnsPlano);
    campo(ix, y + 81, third, 'Acomodação', c.acomodacao);
    campo(ix + third + 6, y + 81, third, 'Abrangência', c.abrangencia);
    campo(ix + 2 * (third + 6), y + 81, third, 'Validade', isoToBr(c.validade));
    campo(ix, y + 99, third, 'Nascimento', isoToBr(c.dataNascimento));
    campo(ix + third + 6, y + 99, 2 * third + 6, 'CNS', c.cns ? cnsImpresso(c.cns) : '');
    campo(ix, y + 117, iw, c.empresa ? 'Empresa contratante' : 'Contratação', c.empresa ?? c.contratacao);
    const rodape = `${c.titular ? 'Titular' : `Dependente · ${c.relacao}`}${c.cpt ? ' · Cobertura parcial temporária' : ''}`;
    doc.font('Helvetica').fontSize(6).fillColor(CINZA).text(rodape, ix, y + H - 11, { width: iw, lineBreak: false });
  }

  return {
    cartao,
    get quantidade() {
      return n;
    },
    async end(): Promise<Uint8Array> {
      // an empty run still gives a readable file: one page saying so
      if (n === 0) doc.addPage().font('Helvetica').fontSize(12).fillColor(TEXTO).text('Nenhum cartão emitido nesta execução.', 60, 80);
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
