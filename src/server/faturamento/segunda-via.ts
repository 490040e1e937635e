import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { STATUS_PROTOCOLO } from '../../shared/faturamento';
import { instantToBr, isoToBr, todayIso } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { operadoraPropria } from '../pessoas/cadastro';
import { assertRecord } from '../policy';
import { TIPO_GUIA_LABEL, type TipoGuia } from '../tiss/lote';
import { comprovanteRecebimento } from './comprovante';
import { lerConta } from './conta';

/**
 * 2ª via (flow 3): the protocol's receipt read back from what was stored (a lot file's or typed bills'), and the
 * conta médica — the bill as the provider presented it, guide by guide and item by item, with the review's outcome
 * once closed. The provider gets its own protocols' only; the staff every one (the policy's `protocolorecebimento`).
 */

const NAO_ENCONTRADO = 'Protocolo não encontrado.';
const statusLabel = (s: string) => STATUS_PROTOCOLO.find(([c]) => c === s)?.[1] ?? s;

export const MSG_SEGUNDA_VIA = {
  soDigitadas: 'Este protocolo não é de faturas digitadas no portal: a 2ª via do comprovante está em 2ª Via de Protocolo.',
} as const;

/**
 * The receipt of a stored protocol: `segundaVia` writes the issue day and the situation now; `soPortal` (the closing
 * screen's download) serves only protocols of typed bills.
 */
export async function comprovanteProtocolo(ctx: AppContext, s: RequestSession, id: number, o: { segundaVia: boolean; soPortal?: boolean }): Promise<{ nome: string; conteudo: Buffer }> {
  const [p] = await query<{ numero: string; recebido_em: string; prestador_id: number; numero_lote: string; padrao: string; tipo_guia: string; origem: 'XML' | 'PORTAL'; status: string; nome: string; codigo: string | null }>(
    ctx.db,
    sql`select p.numero, p.recebido_em, p.prestador_id, p.numero_lote, p.padrao, p.tipo_guia, p.origem, p.status, pr.nome, pr.codigo
        from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id where p.id = ${id}`,
  );
  if (!p) throw AppError.of(404, NAO_ENCONTRADO);
  await assertRecord(ctx, s, 'protocolorecebimento', { prestador_id: p.prestador_id });
  if (o.soPortal && p.origem !== 'PORTAL') throw AppError.of(404, MSG_SEGUNDA_VIA.soDigitadas);
  const guias = await query<{ numero_guia_prestador: string; numero_carteira: string; data_atendimento: string; itens: number; valor: string }>(
    ctx.db,
    sql`select g.numero_guia_prestador, g.numero_carteira, g.data_atendimento::text as data_atendimento, g.valor_informado_centavos::text as valor,
          (select count(*)::int from itens_faturados i where i.guia_id = g.id) as itens
        from guias_faturadas g where g.protocolo_id = ${id} order by g.ordem`,
  );
  const op = await operadoraPropria(ctx.db);
  const conteudo = await comprovanteRecebimento(
    { nome: op?.nome ?? op?.razao ?? 'Operadora', registroAns: op?.registroAns ?? '' },
    { nome: p.nome, codigo: p.codigo },
    {
      numero: p.numero,
      recebidoEm: new Date(p.recebido_em).toISOString(),
      numeroLote: p.numero_lote,
      padrao: p.padrao,
      tipoGuia: p.tipo_guia,
      origem: p.origem,
      ...(o.segundaVia ? { situacao: statusLabel(p.status) } : {}),
      guias: guias.map((g) => ({ numeroGuiaPrestador: g.numero_guia_prestador, numeroCarteira: g.numero_carteira, dataAtendimento: g.data_atendimento, itens: g.itens, valorInformado: Number(g.valor) })),
    },
    o.segundaVia ? instantToBr(new Date().toISOString()) : undefined,
  );
  return { nome: `protocolo-${p.numero}${o.segundaVia ? '-2via' : ''}.pdf`, conteudo };
}

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';
const VERMELHO = '#a4262c';

/** The conta médica (A4, landscape): each guide with its beneficiary, senha and items, informed values and, once reviewed, the outcome. */
export async function contaMedicaPdf(ctx: AppContext, s: RequestSession, id: number): Promise<{ nome: string; conteudo: Buffer }> {
  const conta = await lerConta(ctx.db, ctx, s, id);
  const op = await operadoraPropria(ctx.db);
  const revisada = !conta.emAnalise;
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: `Conta médica do protocolo ${conta.numero}`, Author: op?.nome ?? op?.razao ?? 'Operadora', Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const L = doc.page.margins.left;
  const W = doc.page.width - 72;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Conta médica', { width: W });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(CINZA)
    .text(
      `${op?.nome ?? op?.razao ?? ''} · Registro ANS ${op?.registroAns ?? ''} · protocolo ${conta.numero} · ${conta.prestadorCodigo ? `${conta.prestadorCodigo} · ` : ''}${conta.prestadorNome} · ${TIPO_GUIA_LABEL[conta.tipoGuia as TipoGuia] ?? conta.tipoGuia} · recebido em ${instantToBr(conta.recebidoEm)} · situação: ${statusLabel(conta.status)} · emitida em ${isoToBr(todayIso())}`,
      { width: W },
    );
  doc.moveDown(0.6);

  const cols = [
    { t: 'Item', w: 0.04 },
    { t: 'Realização', w: 0.08 },
    { t: 'Procedimento', w: 0.36 },
    { t: 'Qtd.', w: 0.05, right: true },
    { t: 'Unitário', w: 0.1, right: true },
    { t: 'Informado', w: 0.1, right: true },
    { t: revisada ? 'Liberado' : '', w: 0.1, right: true },
    { t: revisada ? 'Glosa' : '', w: 0.1, right: true },
    { t: revisada ? 'Código' : '', w: 0.07 },
  ];
  const linha = (vals: string[], o: { bold?: boolean; cor?: string; fundo?: string } = {}) => {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    if (o.fundo) doc.rect(L - 2, y - 2, W + 4, 13).fill(o.fundo);
    let x = L;
    doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor(o.cor ?? TEXTO);
    cols.forEach((col, i) => {
      doc.text(vals[i] ?? '', x, y, { width: col.w * W - 4, height: 11, align: col.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += col.w * W;
    });
    doc.x = L;
    doc.y = y + 13;
  };
  for (const g of conta.guias) {
    if (doc.y > doc.page.height - 100) doc.addPage();
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(AZUL).text(`Guia ${g.numeroGuiaPrestador}`, L, doc.y, { continued: true });
    doc
      .font('Helvetica')
      .fillColor(CINZA)
      .text(
        `  ·  carteira ${g.numeroCarteira}${g.beneficiarioNome ? ` (${g.beneficiarioNome})` : ' (não cadastrada)'}  ·  atendimento ${isoToBr(g.dataAtendimento)}${g.senha ? `  ·  senha ${g.senha}` : '  ·  sem senha'}${g.numeroGuiaOperadora ? `  ·  guia da operadora ${g.numeroGuiaOperadora}` : ''}`,
        { width: W },
      );
    doc.moveDown(0.2);
    linha(cols.map((c) => c.t), { bold: true, cor: CINZA });
    for (const i of g.itens)
      linha(
        [
          String(i.sequencial),
          isoToBr(i.data),
          `${i.codigoProcedimento} ${i.descricao}`,
          String(i.quantidade),
          formatMoney(i.valorUnitario),
          formatMoney(i.valorInformado),
          revisada ? formatMoney(i.valorLiberado ?? 0) : '',
          revisada && i.valorGlosa ? formatMoney(i.valorGlosa) : '',
          revisada ? (i.glosaCodigo ?? '') : '',
        ],
        { cor: revisada && i.valorGlosa ? VERMELHO : TEXTO },
      );
    linha(['', '', 'Total da guia', '', '', formatMoney(g.valorInformado), revisada ? formatMoney(g.valorLiberado) : '', revisada ? formatMoney(g.valorGlosa) : '', ''], { bold: true, fundo: '#eef3fa' });
  }
  doc.moveDown(0.8);
  const t = conta.totais;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(TEXTO)
    .text(
      `Total da conta: ${conta.guias.length} ${conta.guias.length === 1 ? 'guia' : 'guias'}, ${t.itens} ${t.itens === 1 ? 'item' : 'itens'}, informado ${formatMoney(t.valorInformado)}${revisada ? ` · liberado ${formatMoney(t.valorLiberado)} · glosado ${formatMoney(t.valorGlosa)}` : ' · em análise'}`,
      L,
      doc.y,
      { width: W },
    );
  doc.end();
  await ended;
  return { nome: `conta-medica-${conta.numero}.pdf`, conteudo: Buffer.concat(chunks) };
}
