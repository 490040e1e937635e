import PDFDocument from 'pdfkit';
import { isoToBr } from '../../shared/dates';
import { barrasI25, type Boleto } from '../../shared/financeiro/boleto';
import { formatMoney } from '../../shared/money';
import { competenciaBr } from '../../shared/processos/folha';

/** What one printed boleto shows. */
export interface BoletoImpresso {
  id: number;
  nossoNumero: string;
  banco: string;
  agencia: string;
  conta: string;
  carteira: string;
  convenio: string;
  emissao: string;
  vencimento: string;
  competencia: string;
  mensalidade: number;
  subsidio: number;
  coparticipacao: number;
  valor: number;
  plano: string;
  pagador: { nome: string; cpf: string | null; matricula: string; endereco: string; bairro: string | null; cep: string | null; cidade: string | null; uf: string | null };
  boleto: Boleto;
}

const MM = 72 / 25.4;
const A4 = { w: 595.28, h: 841.89 };
const X0 = 12 * MM;
const LARGURA = A4.w - 2 * X0;
const TEXTO = '#111111';
const CINZA = '#555555';

const cpfImpresso = (c: string | null) => (c && /^\d{11}$/.test(c) ? `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}` : 'não informado');
const cnpjImpresso = (c: string) => (/^\d{14}$/.test(c) ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}` : c);
const cepImpresso = (c: string | null) => (c && /^\d{8}$/.test(c) ? `${c.slice(0, 5)}-${c.slice(5)}` : (c ?? ''));

/**
 * Boletos as a PDF, one per A4 page: the payer's receipt (recibo do pagador) on top, a cut line, and the
 * compensation slip (ficha de compensação) with the linha digitável and the Interleaved 2 of 5 barcode at
 * FEBRABAN's size (103 mm × 13 mm: 405 narrow units of 0.254 mm, wide bars three times as wide).
 */
export function paginaDeBoletos(cedente: { nome: string; cnpj: string }, titulo: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: titulo, Author: cedente.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  /** A labelled box of the slip: label small on top, value below. */
  function caixa(x: number, y: number, w: number, h: number, rotulo: string, valor: string, o: { bold?: boolean; alinhar?: 'left' | 'right'; tamanho?: number } = {}) {
    doc.lineWidth(0.5).strokeColor('#000').rect(x, y, w, h).stroke();
    doc.font('Helvetica').fontSize(5.8).fillColor(CINZA).text(rotulo, x + 2, y + 1.5, { width: w - 4, lineBreak: false });
    doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(o.tamanho ?? 8.5).fillColor(TEXTO).text(valor, x + 2, y + h - 11, { width: w - 4, align: o.alinhar ?? 'left', lineBreak: false, ellipsis: true });
  }

  function cabecalho(y: number, b: BoletoImpresso, linha: string) {
    doc.font('Helvetica-Bold').fontSize(13).fillColor(TEXTO).text('Banco do Brasil', X0, y + 4, { lineBreak: false });
    doc.lineWidth(1.5).moveTo(X0 + 108, y).lineTo(X0 + 108, y + 22).stroke();
    doc.font('Helvetica-Bold').fontSize(14).text(`${b.banco}-9`, X0 + 114, y + 4, { lineBreak: false });
    doc.moveTo(X0 + 160, y).lineTo(X0 + 160, y + 22).stroke();
    doc.font('Helvetica-Bold').fontSize(linha.length > 30 ? 10.2 : 11).text(linha, X0 + 166, y + 6, { width: LARGURA - 166, align: 'right', lineBreak: false });
    doc.lineWidth(1.5).moveTo(X0, y + 22).lineTo(X0 + LARGURA, y + 22).stroke();
  }

  const agenciaCodigo = (b: BoletoImpresso) => `${b.agencia} / ${b.conta}`;
  const nossoNumero = (b: BoletoImpresso) => b.nossoNumero;

  function recibo(b: BoletoImpresso) {
    let y = 16 * MM;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXTO).text(cedente.nome, X0, y, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(CINZA).text(`CNPJ ${cnpjImpresso(cedente.cnpj)} · Contribuição de ${competenciaBr(b.competencia)} · ${b.plano}`, X0, y + 14, { width: LARGURA, lineBreak: false, ellipsis: true });
    y += 30;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(TEXTO).text('Demonstrativo', X0, y);
    y += 13;
    const linhas: [string, string][] = [
      ['Mensalidades do grupo familiar (faixa etária)', formatMoney(b.mensalidade)],
      ['Subsídio da empresa', b.subsidio ? `- ${formatMoney(b.subsidio)}` : formatMoney(0)],
      ['Coparticipação dos eventos autorizados no mês', formatMoney(b.coparticipacao)],
      ['Total a pagar', formatMoney(b.valor)],
    ];
    for (const [i, [r, v]] of linhas.entries()) {
      const bold = i === linhas.length - 1;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(TEXTO).text(r, X0, y, { width: LARGURA - 120, lineBreak: false });
      doc.text(v, X0 + LARGURA - 120, y, { width: 120, align: 'right', lineBreak: false });
      y += 12;
    }
    y += 8;
    doc.font('Helvetica-Bold').fontSize(9).text('Recibo do pagador', X0, y);
    y += 14;
    cabecalho(y, b, b.boleto.linhaFormatada);
    y += 24;
    const c3 = LARGURA / 3;
    caixa(X0, y, c3 * 2, 22, 'Beneficiário', `${cedente.nome} · CNPJ ${cnpjImpresso(cedente.cnpj)}`);
    caixa(X0 + c3 * 2, y, c3, 22, 'Agência / Código do beneficiário', agenciaCodigo(b), { alinhar: 'right' });
    y += 22;
    caixa(X0, y, c3 * 2, 22, 'Pagador', `${b.pagador.nome} · CPF ${cpfImpresso(b.pagador.cpf)}`);
    caixa(X0 + c3 * 2, y, c3, 22, 'Nosso número', nossoNumero(b), { alinhar: 'right' });
    y += 22;
    caixa(X0, y, c3, 22, 'Vencimento', isoToBr(b.vencimento), { bold: true });
    caixa(X0 + c3, y, c3, 22, 'Matrícula do titular', b.pagador.matricula);
    caixa(X0 + c3 * 2, y, c3, 22, 'Valor do documento', formatMoney(b.valor), { bold: true, alinhar: 'right' });
    y += 22;
    doc.font('Helvetica').fontSize(6.5).fillColor(CINZA).text('Autenticação mecânica', X0 + LARGURA - 100, y + 3, { width: 100, align: 'right' });
    return y + 30;
  }

  function ficha(b: BoletoImpresso, topo: number) {
    // the cut line
    doc.save().lineWidth(0.6).dash(3, { space: 3 }).strokeColor('#777').moveTo(X0, topo).lineTo(X0 + LARGURA, topo).stroke().restore();
    doc.font('Helvetica').fontSize(6).fillColor(CINZA).text('Corte na linha pontilhada', X0 + LARGURA - 100, topo + 2, { width: 100, align: 'right' });
    let y = topo + 14;
    cabecalho(y, b, b.boleto.linhaFormatada);
    y += 24;
    const dir = 150;
    const esq = LARGURA - dir;
    caixa(X0, y, esq, 22, 'Local de pagamento', 'Pagável em qualquer banco até o vencimento');
    caixa(X0 + esq, y, dir, 22, 'Vencimento', isoToBr(b.vencimento), { bold: true, alinhar: 'right' });
    y += 22;
    caixa(X0, y, esq, 22, 'Beneficiário', `${cedente.nome} · CNPJ ${cnpjImpresso(cedente.cnpj)}`);
    caixa(X0 + esq, y, dir, 22, 'Agência / Código do beneficiário', agenciaCodigo(b), { alinhar: 'right' });
    y += 22;
    const q = esq / 5;
    caixa(X0, y, q, 22, 'Data do documento', isoToBr(b.emissao));
    caixa(X0 + q, y, q, 22, 'Nº do documento', String(b.id));
    caixa(X0 + 2 * q, y, q, 22, 'Espécie doc.', 'DS');
    caixa(X0 + 3 * q, y, q, 22, 'Aceite', 'N');
    caixa(X0 + 4 * q, y, q, 22, 'Data do processamento', isoToBr(b.emissao));
    caixa(X0 + esq, y, dir, 22, 'Nosso número', nossoNumero(b), { alinhar: 'right' });
    y += 22;
    caixa(X0, y, q, 22, 'Uso do banco', '');
    caixa(X0 + q, y, q, 22, 'Carteira', b.carteira);
    caixa(X0 + 2 * q, y, q, 22, 'Espécie', 'R$');
    caixa(X0 + 3 * q, y, q, 22, 'Quantidade', '');
    caixa(X0 + 4 * q, y, q, 22, 'Valor', '');
    caixa(X0 + esq, y, dir, 22, '(=) Valor do documento', formatMoney(b.valor), { bold: true, alinhar: 'right' });
    y += 22;
    doc.lineWidth(0.5).rect(X0, y, esq, 88).stroke();
    doc.font('Helvetica').fontSize(5.8).fillColor(CINZA).text('Instruções (texto de responsabilidade do beneficiário)', X0 + 2, y + 1.5);
    doc.font('Helvetica').fontSize(8).fillColor(TEXTO).text(
      `Contribuição ao plano de saúde, competência ${competenciaBr(b.competencia)}.\nNão receber após 60 dias do vencimento.\nDúvidas: central de atendimento da operadora.`,
      X0 + 4,
      y + 12,
      { width: esq - 8 },
    );
    for (const [i, r] of ['(-) Desconto / Abatimento', '(+) Mora / Multa', '(=) Valor cobrado', ''].entries()) caixa(X0 + esq, y + i * 22, dir, 22, r, '');
    y += 88;
    doc.lineWidth(0.5).rect(X0, y, LARGURA, 40).stroke();
    doc.font('Helvetica').fontSize(5.8).fillColor(CINZA).text('Pagador', X0 + 2, y + 1.5);
    const p = b.pagador;
    doc.font('Helvetica').fontSize(8).fillColor(TEXTO).text(`${p.nome} · CPF ${cpfImpresso(p.cpf)}`, X0 + 4, y + 10, { width: LARGURA - 8, lineBreak: false, ellipsis: true });
    doc.text([p.endereco, p.bairro].filter(Boolean).join(' · ') || 'Endereço não informado', X0 + 4, y + 20, { width: LARGURA - 8, lineBreak: false, ellipsis: true });
    doc.text([cepImpresso(p.cep), [p.cidade, p.uf].filter(Boolean).join('/')].filter(Boolean).join(' · '), X0 + 4, y + 30, { width: LARGURA - 8, lineBreak: false, ellipsis: true });
    y += 44;
    doc.font('Helvetica').fontSize(6.5).fillColor(CINZA).text('Autenticação mecânica — Ficha de compensação', X0 + LARGURA - 200, y, { width: 200, align: 'right' });
    barras(b.boleto.codigoBarras, X0, y + 4);
  }

  function barras(codigo: string, x: number, y: number) {
    const larguras = barrasI25(codigo);
    const total = larguras.reduce((s, w) => s + w, 0);
    const unidade = (103 * MM) / total;
    const altura = 13 * MM;
    doc.fillColor('#000');
    let at = x;
    for (const [i, w] of larguras.entries()) {
      if (i % 2 === 0) doc.rect(at, y, w * unidade, altura).fill();
      at += w * unidade;
    }
  }

  return {
    add(b: BoletoImpresso) {
      doc.addPage();
      const fim = recibo(b);
      ficha(b, Math.max(fim, A4.h * 0.42));
    },
    async end(): Promise<Uint8Array> {
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
