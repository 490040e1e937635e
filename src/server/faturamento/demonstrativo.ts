import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { STATUS_PROTOCOLO } from '../../shared/faturamento';
import { ENCERRAMENTO_MSG, type ContaProtocolo } from '../../shared/faturamento/conta';
import { isoToBr, instantToBr, todayIso } from '../../shared/dates';
import { formatMoney, toDecimalString } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { escreverMensagem, type No } from '../tiss/escrita';
import { TIPO_GUIA_LABEL, type TipoGuia } from '../tiss/lote';
import { lerConta } from './conta';

/**
 * The demonstrativo de análise de conta (flow 3) of a protocol whose review is closed: the TISS 4.03.00 message
 * (operadoraParaPrestador/demonstrativosRetorno/demonstrativoAnaliseConta, ISO-8859-1, with the epílogo hash) and
 * its PDF. The provider gets its own protocols' only; the operator's billing staff every one.
 */

export const PADRAO_DEMONSTRATIVO = '4.03.00';
/** CNES of a provider without one, as the TISS manual asks ("9999999"). */
const SEM_CNES = '9999999';

interface Partes {
  conta: ContaProtocolo;
  op: { registroAns: string; nome: string; cnpj: string };
  prest: { codigo: string | null; cnpj: string | null; cpf: string | null; cnes: string | null };
}

async function partes(ctx: AppContext, s: RequestSession, id: number): Promise<Partes> {
  const conta = await lerConta(ctx.db, ctx, s, id);
  if (!conta.demonstrativo) throw AppError.of(409, ENCERRAMENTO_MSG.semDemonstrativo);
  const [op] = await query<{ registro_ans: string; nome: string; cnpj: string }>(
    ctx.db,
    sql`select registro_ans, coalesce(nome_fantasia, razao_social) as nome, cnpj from operadoras order by id limit 1`,
  );
  const [prest] = await query<{ codigo: string | null; cnpj: string | null; cpf: string | null; cnes: string | null }>(
    ctx.db,
    sql`select codigo, cnpj, cpf, cnes from prestadores where id = ${conta.prestadorId}`,
  );
  return { conta, op: { registroAns: op.registro_ans, nome: op.nome, cnpj: op.cnpj.replace(/\D/g, '') }, prest };
}

const dec = toDecimalString;
const texto = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);

/** How the provider is named in the message: its code at the operator, else its CNPJ or CPF. */
function contratado(p: Partes['prest']): No {
  if (p.codigo) return ['codigoPrestadorNaOperadora', texto(p.codigo, 14)];
  if (p.cnpj) return ['cnpjContratado', p.cnpj.replace(/\D/g, '')];
  return ['cpfContratado', (p.cpf ?? '').replace(/\D/g, '')];
}
function identificacao(p: Partes['prest']): No {
  if (p.codigo) return ['codigoPrestadorNaOperadora', texto(p.codigo, 14)];
  if (p.cnpj) return ['CNPJ', p.cnpj.replace(/\D/g, '')];
  return ['CPF', (p.cpf ?? '').replace(/\D/g, '')];
}

/** The message's element tree (schema order). */
export function filhosDemonstrativo({ conta, op, prest }: Partes, agora = new Date()): No[] {
  const hoje = todayIso(agora);
  const hora = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(agora);
  const t = conta.totais;
  const guias: No[] = conta.guias.map((g) => [
    'relacaoGuias',
    [
      ['numeroGuiaPrestador', g.numeroGuiaPrestador],
      g.numeroGuiaOperadora ? ['numeroGuiaOperadora', g.numeroGuiaOperadora] : null,
      g.senha ? ['senha', g.senha] : null,
      ['numeroCarteira', g.numeroCarteira],
      ['dataInicioFat', g.dataAtendimento],
      ['situacaoGuia', g.status],
      ...g.itens.map(
        (i): No => [
          'detalhesGuia',
          [
            ['sequencialItem', i.sequencial],
            ['dataRealizacao', i.data],
            ['procedimento', [['codigoTabela', i.codigoTabela], ['codigoProcedimento', i.codigoProcedimento], ['descricaoProcedimento', texto(i.descricao, 150) || i.codigoProcedimento]]],
            ['valorInformado', dec(i.valorInformado)],
            ['qtdExecutada', i.quantidade],
            ['valorProcessado', dec(i.valorProcessado)],
            ['valorLiberado', dec(i.valorLiberado ?? 0)],
            i.glosaCodigo && i.valorGlosa > 0 ? ['relacaoGlosa', [['valorGlosa', dec(i.valorGlosa)], ['tipoGlosa', i.glosaCodigo]]] : null,
          ],
        ],
      ),
      ['valorInformadoGuia', dec(g.valorInformado)],
      ['valorProcessadoGuia', dec(g.valorProcessado)],
      ['valorLiberadoGuia', dec(g.valorLiberado)],
      ['valorGlosaGuia', dec(g.valorGlosa)],
    ],
  ]);
  return [
    [
      'cabecalho',
      [
        ['identificacaoTransacao', [['tipoTransacao', 'DEMONSTRATIVO_ANALISE_CONTA'], ['sequencialTransacao', conta.numero], ['dataRegistroTransacao', hoje], ['horaRegistroTransacao', hora]]],
        ['origem', [['registroANS', op.registroAns]]],
        ['destino', [['identificacaoPrestador', [identificacao(prest)]]]],
        ['Padrao', PADRAO_DEMONSTRATIVO],
      ],
    ],
    [
      'operadoraParaPrestador',
      [
        [
          'demonstrativosRetorno',
          [
            [
              'demonstrativoAnaliseConta',
              [
                ['cabecalhoDemonstrativo', [['registroANS', op.registroAns], ['numeroDemonstrativo', conta.numero], ['nomeOperadora', texto(op.nome, 70)], ['numeroCNPJ', op.cnpj], ['dataEmissao', hoje]]],
                ['dadosPrestador', [['dadosContratado', [contratado(prest)]], ['CNES', prest.cnes ? texto(prest.cnes, 7) : SEM_CNES]]],
                [
                  'dadosConta',
                  [
                    [
                      'dadosProtocolo',
                      [
                        ['numeroLotePrestador', conta.numeroLote],
                        ['numeroProtocolo', conta.numero],
                        ['dataProtocolo', conta.recebidoEm.slice(0, 10)],
                        ['situacaoProtocolo', conta.status],
                        ...guias,
                        ['valorInformadoProtocolo', dec(t.valorInformado)],
                        ['valorProcessadoProtocolo', dec(t.valorProcessado)],
                        ['valorLiberadoProtocolo', dec(t.valorLiberado)],
                        ['valorGlosaProtocolo', dec(t.valorGlosa)],
                      ],
                    ],
                  ],
                ],
                ['valorInformadoGeral', dec(t.valorInformado)],
                ['valorProcessadoGeral', dec(t.valorProcessado)],
                ['valorLiberadoGeral', dec(t.valorLiberado)],
                ['valorGlosaGeral', dec(t.valorGlosa)],
              ],
            ],
          ],
        ],
      ],
    ],
  ];
}

export async function demonstrativoXml(ctx: AppContext, s: RequestSession, id: number): Promise<{ nome: string; conteudo: Buffer }> {
  const p = await partes(ctx, s, id);
  return { nome: `demonstrativo-analise-${p.conta.numero}.xml`, conteudo: escreverMensagem(filhosDemonstrativo(p)) };
}

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';
const VERMELHO = '#a4262c';
const statusLabel = (s: string) => STATUS_PROTOCOLO.find(([c]) => c === s)?.[1] ?? s;

/** The demonstrativo as a PDF (A4): the protocol, each guide with its items and glosas, and the totals. */
export async function demonstrativoPdf(ctx: AppContext, s: RequestSession, id: number): Promise<{ nome: string; conteudo: Buffer }> {
  const { conta, op, prest } = await partes(ctx, s, id);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Demonstrativo de análise de conta ${conta.numero}`, Author: op.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const L = doc.page.margins.left;
  const W = doc.page.width - 80;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Demonstrativo de análise de conta', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`${op.nome} · Registro ANS ${op.registroAns} · emitido em ${isoToBr(todayIso())} · padrão TISS ${PADRAO_DEMONSTRATIVO}`, { width: W });
  doc.moveDown(0.8);
  const pares: [string, string][] = [
    ['Protocolo', conta.numero],
    ['Recebido em', instantToBr(conta.recebidoEm)],
    ['Prestador', conta.prestadorCodigo ? `${conta.prestadorCodigo} · ${conta.prestadorNome}` : conta.prestadorNome],
    ['CNES', prest.cnes ?? 'não informado'],
    ['Lote do prestador', `${conta.numeroLote} · ${TIPO_GUIA_LABEL[conta.tipoGuia as TipoGuia] ?? conta.tipoGuia}`],
    ['Situação', statusLabel(conta.status)],
  ];
  const y0 = doc.y;
  pares.forEach(([r, v], i) => {
    const x = L + (i % 2) * (W / 2);
    const y = y0 + Math.floor(i / 2) * 28;
    doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text(r.toUpperCase(), x, y, { width: W / 2 - 8 });
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXTO).text(v, x, y + 10, { width: W / 2 - 8, lineBreak: false, ellipsis: true });
  });
  doc.x = L;
  doc.y = y0 + Math.ceil(pares.length / 2) * 28 + 6;

  const cols = [
    { t: 'Item', w: 0.05 },
    { t: 'Data', w: 0.1 },
    { t: 'Procedimento', w: 0.33 },
    { t: 'Qtd.', w: 0.05, right: true },
    { t: 'Informado', w: 0.12, right: true },
    { t: 'Liberado', w: 0.12, right: true },
    { t: 'Glosa', w: 0.12, right: true },
    { t: 'Código', w: 0.11 },
  ];
  const linha = (vals: string[], o: { bold?: boolean; cor?: string; fundo?: string } = {}) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    if (o.fundo) doc.rect(L - 2, y - 2, W + 4, 13).fill(o.fundo);
    let x = L;
    doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor(o.cor ?? TEXTO);
    cols.forEach((col, i) => {
      doc.text(vals[i] ?? '', x, y, { width: col.w * W - 4, align: col.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += col.w * W;
    });
    doc.x = L;
    doc.y = y + 13;
  };
  for (const g of conta.guias) {
    if (doc.y > doc.page.height - 110) doc.addPage();
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(AZUL).text(`Guia ${g.numeroGuiaPrestador}`, L, doc.y, { continued: true });
    doc.font('Helvetica').fillColor(CINZA).text(`  ·  carteira ${g.numeroCarteira}${g.beneficiarioNome ? ` (${g.beneficiarioNome})` : ''}  ·  atendimento ${isoToBr(g.dataAtendimento)}${g.senha ? `  ·  senha ${g.senha}` : ''}`, { width: W });
    doc.moveDown(0.2);
    linha(cols.map((c) => c.t), { bold: true, cor: CINZA });
    for (const i of g.itens) {
      linha([
        String(i.sequencial),
        isoToBr(i.data),
        `${i.codigoProcedimento} ${i.descricao}`,
        String(i.quantidade),
        formatMoney(i.valorInformado),
        formatMoney(i.valorLiberado ?? 0),
        i.valorGlosa ? formatMoney(i.valorGlosa) : '',
        i.glosaCodigo ?? '',
      ], { cor: i.valorGlosa ? VERMELHO : TEXTO });
      if (i.glosaCodigo) {
        doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text(`Glosa ${i.glosaCodigo}: ${i.glosaDescricao ?? ''}${i.justificativa ? ` — ${i.justificativa}` : ''}`, L + 0.15 * W, doc.y, { width: 0.85 * W });
        doc.x = L;
      }
    }
    linha(['', '', 'Total da guia', '', formatMoney(g.valorInformado), formatMoney(g.valorLiberado), formatMoney(g.valorGlosa), ''], { bold: true, fundo: '#eef3fa' });
  }
  doc.moveDown(1);
  if (doc.y > doc.page.height - 120) doc.addPage();
  const t = conta.totais;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(AZUL).text('Totais do protocolo', L, doc.y, { width: W });
  doc.moveDown(0.3);
  for (const [r, v] of [
    ['Valor informado', t.valorInformado],
    ['Valor processado', t.valorProcessado],
    ['Valor glosado', t.valorGlosa],
    ['Valor liberado', t.valorLiberado],
  ] as const) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(TEXTO).text(r, L, y, { width: W / 2 });
    doc.font('Helvetica-Bold').text(formatMoney(v), L + W / 2, y, { width: W / 2, align: 'right' });
    doc.x = L;
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text('Os códigos de glosa são os da tabela TUSS 38. O prestador pode recorrer de uma glosa pelo recurso de glosa, no prazo do contrato.', L, doc.y, { width: W });
  doc.end();
  await ended;
  return { nome: `demonstrativo-analise-${conta.numero}.pdf`, conteudo: Buffer.concat(chunks) };
}
