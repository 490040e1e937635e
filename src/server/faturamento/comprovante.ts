import PDFDocument from 'pdfkit';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { TIPO_GUIA_LABEL } from '../tiss/lote';
import type { LoteConferido, ProtocoloGravado } from './recebimento';

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';

/**
 * The receipt of a received lot (protocolo de recebimento): who sent what, when, under which protocol number, and
 * the guides it holds with their informed values. A4, drawn with pdfkit's primitives.
 */
export async function comprovanteRecebimento(
  op: { nome: string; registroAns: string },
  prestador: { nome: string; codigo: string | null },
  c: LoteConferido,
  p: ProtocoloGravado,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Protocolo de recebimento ${p.numero}`, Author: op.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 96;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Protocolo de recebimento de lote TISS', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`${op.nome} · Registro ANS ${op.registroAns}`, { width: W });
  doc.moveDown(1);
  const campo = (rotulo: string, valor: string) => {
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(rotulo.toUpperCase(), { width: W });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXTO).text(valor, { width: W });
    doc.moveDown(0.4);
  };
  campo('Número do protocolo', p.numero);
  campo('Recebido em', instantToBr(p.recebidoEm));
  campo('Prestador', prestador.codigo ? `${prestador.codigo} · ${prestador.nome}` : prestador.nome);
  campo('Lote do prestador', `${c.lote.numeroLote} · padrão TISS ${c.lote.padrao}`);
  campo('Guias', `${c.lote.guias.length} de ${TIPO_GUIA_LABEL[c.lote.tipoGuia]} · ${c.itens} ${c.itens === 1 ? 'item' : 'itens'}`);
  campo('Valor informado', formatMoney(c.valorInformado));
  campo('Situação', 'Recebido');
  doc.moveDown(0.6);

  const cols = [
    { t: 'Guia do prestador', w: 0.3 },
    { t: 'Carteira', w: 0.28 },
    { t: 'Atendimento', w: 0.16 },
    { t: 'Itens', w: 0.08 },
    { t: 'Valor informado', w: 0.18, right: true },
  ];
  const linha = (vals: string[], bold = false) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(bold ? CINZA : TEXTO);
    cols.forEach((col, i) => {
      doc.text(vals[i], x, y, { width: col.w * W - 4, align: col.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += col.w * W;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + 13;
  };
  linha(cols.map((col) => col.t), true);
  for (const g of c.lote.guias) linha([g.numeroGuiaPrestador, g.numeroCarteira, isoToBr(g.dataAtendimento), String(g.itens.length), formatMoney(g.valorTotal)]);
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8).fillColor(CINZA).text('O recebimento não é a aprovação das contas: as guias passam pela análise da operadora, que pode glosar itens com os códigos da tabela TUSS 38, informados no demonstrativo de análise.', doc.page.margins.left, doc.y, { width: W });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
