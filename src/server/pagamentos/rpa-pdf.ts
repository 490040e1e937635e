import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { instantToBr, isoToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { competenciaBr, statusPagamentoLabel, type RpaDetalhe } from '../../shared/pagamentos';
import { valorPorExtenso } from '../../shared/pagamentos/extenso';
import { formatDocument } from '../../shared/validation/br';
import type { Db } from '../db/client';
import { query } from '../db/sql';

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';

/**
 * The Recibo de Pagamento a Autônomo as the provider signs it: the paying source (the operator), the autonomous
 * professional (CPF, PIS, council), the services (the protocols paid), the gross amount, each withholding with its
 * base and rate, the net amount in figures and in words, and the signature line. A4, pdfkit's primitives.
 */
export async function rpaPdf(db: Db, r: RpaDetalhe): Promise<{ nome: string; conteudo: Buffer }> {
  const [op] = await query<{ razao: string; cnpj: string; registro_ans: string }>(db, sql`select razao_social as razao, cnpj, registro_ans from operadoras order by id limit 1`);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `RPA ${r.numero}`, Author: op?.razao ?? '', Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 96;
  const X = doc.page.margins.left;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Recibo de Pagamento a Autônomo (RPA)', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`Nº ${r.numero} · emitido em ${isoToBr(r.dataEmissao)} · competência ${competenciaBr(r.competencia)} · situação de pagamento: ${statusPagamentoLabel(r.statusPagamento)}`, { width: W });
  doc.moveDown(0.8);

  const bloco = (titulo: string, linhas: [string, string][]) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(AZUL).text(titulo.toUpperCase(), X, doc.y, { width: W });
    doc.moveDown(0.2);
    for (const [k, v] of linhas) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(k, X, y, { width: 130 });
      doc.font('Helvetica').fontSize(9.5).fillColor(TEXTO).text(v, X + 130, y, { width: W - 130 });
      doc.y = Math.max(doc.y, y + 12);
    }
    doc.moveDown(0.6);
  };
  bloco('Fonte pagadora', [
    ['Razão social', op?.razao ?? ''],
    ['CNPJ', op ? formatDocument('cnpj', op.cnpj) : ''],
    ['Registro ANS', op?.registro_ans ?? ''],
  ]);
  const p = r.prestador;
  bloco('Autônomo (prestador pessoa física)', [
    ['Nome', p.codigo ? `${p.nome} (código ${p.codigo})` : p.nome],
    ['CPF', p.cpf ? formatDocument('cpf', p.cpf) : '—'],
    ['PIS/PASEP/NIT', p.pis ? formatDocument('pis', p.pis) : '—'],
    ['Conselho', p.conselho ? `${p.conselho} ${p.numeroConselho ?? ''}/${p.ufConselho ?? ''}` : '—'],
  ]);

  doc.font('Helvetica-Bold').fontSize(10).fillColor(AZUL).text('SERVIÇOS PRESTADOS (PROTOCOLOS DE FATURAMENTO)', X, doc.y, { width: W });
  doc.moveDown(0.2);
  const tabela = (cols: { t: string; w: number; right?: boolean }[], linhas: string[][], negritoUltima = false) => {
    const linha = (vals: string[], bold: boolean, cor = TEXTO) => {
      if (doc.y > doc.page.height - 90) doc.addPage();
      const y = doc.y;
      let x = X;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(cor);
      cols.forEach((c, i) => {
        doc.text(vals[i], x, y, { width: c.w * W - 4, align: c.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
        x += c.w * W;
      });
      doc.x = X;
      doc.y = y + 13;
    };
    linha(cols.map((c) => c.t), true, CINZA);
    linhas.forEach((l, i) => linha(l, negritoUltima && i === linhas.length - 1));
    doc.moveDown(0.6);
  };
  tabela(
    [
      { t: 'Protocolo', w: 0.25 },
      { t: 'Lote do prestador', w: 0.25 },
      { t: 'Recebido em', w: 0.25 },
      { t: 'Valor liberado', w: 0.25, right: true },
    ],
    r.protocolos.map((x) => [x.numero, x.numeroLote, instantToBr(x.recebidoEm).slice(0, 10), formatMoney(x.valorLiberado)]),
  );

  doc.font('Helvetica-Bold').fontSize(10).fillColor(AZUL).text('VALORES E RETENÇÕES', X, doc.y, { width: W });
  doc.moveDown(0.2);
  tabela(
    [
      { t: 'Descrição', w: 0.34 },
      { t: 'Base de cálculo', w: 0.19, right: true },
      { t: 'Alíquota', w: 0.29, right: true },
      { t: 'Valor', w: 0.18, right: true },
    ],
    r.calculo.linhas.map((l) => [l.rotulo, l.base == null ? '' : formatMoney(l.base), l.fator === '—' ? '' : l.fator, formatMoney(l.valor)]),
    true,
  );
  for (const n of r.calculo.notas) doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(n, X, doc.y, { width: W });
  doc.moveDown(1);

  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(TEXTO)
    .text(
      `Recebi de ${op?.razao ?? 'a operadora'} a importância líquida de ${formatMoney(r.valorLiquido)} (${valorPorExtenso(r.valorLiquido)}), referente aos serviços profissionais acima, prestados como autônomo, sem vínculo empregatício, já deduzidas as retenções legais.`,
      X,
      doc.y,
      { width: W, align: 'justify' },
    );
  doc.moveDown(3);
  const y = doc.y;
  doc.moveTo(X + W * 0.2, y).lineTo(X + W * 0.8, y).strokeColor(CINZA).lineWidth(0.5).stroke();
  doc.font('Helvetica').fontSize(9).fillColor(TEXTO).text(p.nome, X, y + 4, { width: W, align: 'center' });
  doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(`CPF ${p.cpf ? formatDocument('cpf', p.cpf) : '—'}`, X, doc.y, { width: W, align: 'center' });
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text(`Emitido por ${r.emitidoPor} em ${instantToBr(r.emitidoEm)}.`, X, doc.y, { width: W });
  doc.end();
  await ended;
  return { nome: `rpa-${r.numero}.pdf`, conteudo: Buffer.concat(chunks) };
}
