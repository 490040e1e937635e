import PDFDocument from 'pdfkit';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney, sumMoney, type Centavos } from '../../shared/money';
import { TIPO_GUIA_LABEL, type TipoGuia } from '../tiss/lote';

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';

/** What a receipt shows: the protocol and the guides it holds (a lot file's or bills typed in the portal). */
export interface DadosComprovante {
  numero: string;
  recebidoEm: string;
  numeroLote: string;
  padrao: string;
  tipoGuia: string;
  origem: 'XML' | 'PORTAL';
  /** The protocol's situation now (a second copy); absent: 'Recebido', as when it was received. */
  situacao?: string;
  guias: { numeroGuiaPrestador: string; numeroCarteira: string; dataAtendimento: string; itens: number; valorInformado: Centavos }[];
}

/**
 * The receipt of a received protocol (protocolo de recebimento): who sent what, when, under which protocol number,
 * and the guides it holds with their informed values. A4, drawn with pdfkit's primitives. `segundaVia`: the day a
 * second copy was issued, said under the title.
 */
export async function comprovanteRecebimento(
  op: { nome: string; registroAns: string },
  prestador: { nome: string; codigo: string | null },
  p: DadosComprovante,
  segundaVia?: string,
): Promise<Buffer> {
  const itens = p.guias.reduce((n, g) => n + g.itens, 0);
  const tipo = TIPO_GUIA_LABEL[p.tipoGuia as TipoGuia] ?? p.tipoGuia;
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Protocolo de recebimento ${p.numero}`, Author: op.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 96;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text(p.origem === 'PORTAL' ? 'Protocolo de recebimento de faturas digitadas' : 'Protocolo de recebimento de lote TISS', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`${op.nome} · Registro ANS ${op.registroAns}`, { width: W });
  if (segundaVia) doc.font('Helvetica-Bold').fontSize(9).fillColor(CINZA).text(`2ª via emitida em ${segundaVia}`, { width: W });
  doc.moveDown(1);
  const campo = (rotulo: string, valor: string) => {
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(rotulo.toUpperCase(), { width: W });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXTO).text(valor, { width: W });
    doc.moveDown(0.4);
  };
  campo('Número do protocolo', p.numero);
  campo('Recebido em', instantToBr(p.recebidoEm));
  campo('Prestador', prestador.codigo ? `${prestador.codigo} · ${prestador.nome}` : prestador.nome);
  campo(p.origem === 'PORTAL' ? 'Origem' : 'Lote do prestador', p.origem === 'PORTAL' ? 'Faturas digitadas no portal' : `${p.numeroLote} · padrão TISS ${p.padrao}`);
  campo('Guias', `${p.guias.length} de ${tipo} · ${itens} ${itens === 1 ? 'item' : 'itens'}`);
  campo('Valor informado', formatMoney(sumMoney(p.guias.map((g) => g.valorInformado))));
  campo(segundaVia ? 'Situação atual' : 'Situação', p.situacao ?? 'Recebido');
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
  for (const g of p.guias) linha([g.numeroGuiaPrestador, g.numeroCarteira, isoToBr(g.dataAtendimento), String(g.itens), formatMoney(g.valorInformado)]);
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8).fillColor(CINZA).text('O recebimento não é a aprovação das contas: as guias passam pela análise da operadora, que pode glosar itens com os códigos da tabela TUSS 38, informados no demonstrativo de análise.', doc.page.margins.left, doc.y, { width: W });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
