import PDFDocument from 'pdfkit';
import { instantToBr } from '../../shared/dates';
import { RESULTADO_RECURSO_LABEL, type RecursoLinha } from '../../shared/faturamento/recursos';
import { formatMoney } from '../../shared/money';

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';

/**
 * The receipt of an appeal (protocolo do recurso de glosa): its number, the protocol it appeals, when and how it was
 * received, and each appealed item with the glosa code, the value appealed and — once decided — the answer. A4, drawn
 * with pdfkit's primitives, as the lot's receipt.
 */
export async function comprovanteRecurso(op: { nome: string; registroAns: string }, r: RecursoLinha): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Recurso de glosa ${r.numero}`, Author: op.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 96;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Protocolo de recurso de glosa', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`${op.nome} · Registro ANS ${op.registroAns}`, { width: W });
  doc.moveDown(1);
  const campo = (rotulo: string, valor: string) => {
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(rotulo.toUpperCase(), { width: W });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXTO).text(valor, { width: W });
    doc.moveDown(0.4);
  };
  campo('Número do recurso', r.numero);
  campo('Recebido em', `${instantToBr(r.criadoEm)} · ${r.origem === 'XML' ? 'arquivo TISS (RECURSO_GLOSA)' : 'digitado no portal'}`);
  campo('Prestador', r.prestadorNome);
  campo('Protocolo recorrido', `${r.protocolo} · lote ${r.numeroLote}`);
  campo('Valor recursado', formatMoney(r.valorRecursado));
  if (r.situacao === '3') campo('Valor acatado', formatMoney(r.valorAcatado));
  campo('Situação', r.situacao === '3' ? 'Respondido' : r.situacao === '2' ? 'Em análise' : 'Recebido');
  doc.moveDown(0.6);

  const cols = [
    { t: 'Guia', w: 0.17 },
    { t: 'Item', w: 0.06 },
    { t: 'Procedimento', w: 0.14 },
    { t: 'Glosa', w: 0.08 },
    { t: 'Recursado', w: 0.15, right: true },
    { t: 'Resposta', w: 0.25 },
    { t: 'Acatado', w: 0.15, right: true },
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
  for (const i of r.itens) {
    linha([
      i.numeroGuiaPrestador,
      String(i.sequencial),
      i.codigoProcedimento,
      i.codigoGlosa,
      formatMoney(i.valorRecursado),
      i.resultado ? `${i.resultado} · ${RESULTADO_RECURSO_LABEL[i.resultado]}` : 'Aguardando análise',
      i.valorAcatado == null ? '' : formatMoney(i.valorAcatado),
    ]);
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8).fillColor(CINZA).text('O recebimento do recurso não é o seu acatamento: cada item é analisado pela operadora, que responde com o código 3092 (acatado), 3095 (acatado parcialmente) ou 2902 (glosa mantida) e a justificativa.', doc.page.margins.left, doc.y, { width: W });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
