import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { STATUS_PROTOCOLO } from '../../shared/faturamento';
import { instantToBr, isoToBr, todayIso } from '../../shared/dates';
import { formatMoney, toDecimalString } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { escreverMensagem, type No } from '../tiss/escrita';
import { lerConta } from './conta';
import { PADRAO_DEMONSTRATIVO } from './demonstrativo';
import type { ContaProtocolo } from '../../shared/faturamento/conta';

/**
 * The demonstrativo de pagamento of a protocol whose review is closed with a released value (flow 3): the TISS
 * 4.03.00 message (operadoraParaPrestador/demonstrativosRetorno/demonstrativoPagamento, ISO-8859-1, epílogo hash) and
 * its PDF, from the released values the review (and the appeals accepted since) fixed. The payment date is the day
 * the review released them; the provider's bank account is the one in its registry. There are no debits or credits
 * (retentions) yet: the liquid value is the released one.
 */

export const MSG_DEMONSTRATIVO_PAGAMENTO = {
  indisponivel: 'O demonstrativo de pagamento sai depois de encerrada a análise do protocolo com valor liberado.',
} as const;

/** Protocol statuses that carry a payment: 5 analysed (released, awaiting payment), 3 released, 6 paid. */
const COM_PAGAMENTO: readonly string[] = ['3', '5', '6'];
const SEM_CNES = '9999999';

interface Partes {
  conta: ContaProtocolo;
  dataPagamento: string;
  op: { registroAns: string; nome: string; cnpj: string };
  prest: { codigo: string | null; cnpj: string | null; cpf: string | null; cnes: string | null; banco: string | null; agencia: string | null; conta: string | null };
}

async function partes(ctx: AppContext, s: RequestSession, id: number): Promise<Partes> {
  const conta = await lerConta(ctx.db, ctx, s, id);
  const [p] = await query<{ pagamento: string | null }>(
    ctx.db,
    sql`select to_char(analise_encerrada_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as pagamento from protocolos_recebimento where id = ${id}`,
  );
  if (!COM_PAGAMENTO.includes(conta.status) || !p?.pagamento || conta.totais.valorLiberado <= 0) throw AppError.of(409, MSG_DEMONSTRATIVO_PAGAMENTO.indisponivel);
  const [op] = await query<{ registro_ans: string; nome: string; cnpj: string }>(
    ctx.db,
    sql`select registro_ans, coalesce(nome_fantasia, razao_social) as nome, cnpj from operadoras order by id limit 1`,
  );
  const [prest] = await query<Partes['prest']>(
    ctx.db,
    sql`select p.codigo, p.cnpj, p.cpf, p.cnes, b.codigo as banco, p.agencia, p.conta from prestadores p left join bancos b on b.id = p.banco where p.id = ${conta.prestadorId}`,
  );
  return { conta, dataPagamento: p.pagamento, op: { registroAns: op.registro_ans, nome: op.nome, cnpj: op.cnpj.replace(/\D/g, '') }, prest };
}

const dec = toDecimalString;
const texto = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);

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

/** The observation the demonstrativo carries: where its date comes from. */
const observacao = (dataPagamento: string) =>
  `Valores liberados na análise do protocolo, encerrada em ${isoToBr(dataPagamento)}; a forma de pagamento é o depósito na conta cadastrada do prestador.`;

/** The message's element tree (schema order). */
export function filhosDemonstrativoPagamento({ conta, dataPagamento, op, prest }: Partes, agora = new Date()): No[] {
  const hoje = todayIso(agora);
  const hora = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(agora);
  const t = conta.totais;
  const banco = prest.banco && prest.agencia && prest.conta;
  return [
    [
      'cabecalho',
      [
        ['identificacaoTransacao', [['tipoTransacao', 'DEMONSTRATIVO_PAGAMENTO'], ['sequencialTransacao', conta.numero], ['dataRegistroTransacao', hoje], ['horaRegistroTransacao', hora]]],
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
              'demonstrativoPagamento',
              [
                ['cabecalhoDemonstrativo', [['registroANS', op.registroAns], ['numeroDemonstrativo', `P${conta.numero}`], ['nomeOperadora', texto(op.nome, 70)], ['numeroCNPJ', op.cnpj], ['dataEmissao', hoje]]],
                ['dadosContratado', [['dadosPrestador', [contratado(prest)]], ['CNES', prest.cnes ? texto(prest.cnes, 7) : SEM_CNES]]],
                [
                  'pagamentos',
                  [
                    [
                      'pagamentosPorData',
                      [
                        [
                          'dadosPagamento',
                          [
                            ['dataPagamento', dataPagamento],
                            ['formaPagamento', '1'],
                            banco ? ['banco', texto(prest.banco!, 4)] : null,
                            banco ? ['agencia', texto(prest.agencia!, 7)] : null,
                            banco ? ['nrContaCheque', texto(prest.conta!, 20)] : null,
                          ],
                        ],
                        [
                          'dadosResumo',
                          [
                            [
                              'relacaoProtocolos',
                              [
                                ['dataProtocolo', conta.recebidoEm.slice(0, 10)],
                                ['numeroProtocolo', conta.numero],
                                ['numeroLote', conta.numeroLote],
                                ['valorInformado', dec(t.valorInformado)],
                                ['valorProcessado', dec(t.valorProcessado)],
                                ['valorLiberado', dec(t.valorLiberado)],
                                ['valorGlosa', dec(t.valorGlosa)],
                                ...conta.guias.map(
                                  (g): No => [
                                    'guiasDoLote',
                                    [
                                      ['numeroGuiaPrestador', g.numeroGuiaPrestador],
                                      g.numeroGuiaOperadora ? ['numeroGuiaOperadora', g.numeroGuiaOperadora] : null,
                                      g.senha ? ['senha', g.senha] : null,
                                      ['tipoPagamento', '1'],
                                      ['valorProcessadoGuia', dec(g.valorProcessado)],
                                      ['valorLiberadoGuia', dec(g.valorLiberado)],
                                      ['valorGlosaGuia', dec(g.valorGlosa)],
                                    ],
                                  ],
                                ),
                              ],
                            ],
                          ],
                        ],
                        [
                          'totaisBrutosPorData',
                          [
                            ['totalInformadoPorData', dec(t.valorInformado)],
                            ['totalProcessadoPorData', dec(t.valorProcessado)],
                            ['totaLiberadoPorData', dec(t.valorLiberado)],
                            ['totalGlosaPorData', dec(t.valorGlosa)],
                          ],
                        ],
                        ['totaisLiquidosPorData', [['totalDebitosPorData', dec(0)], ['totalCreditosPorData', dec(0)], ['liquidoPorData', dec(t.valorLiberado)]]],
                      ],
                    ],
                  ],
                ],
                [
                  'totaisDemonstrativo',
                  [
                    [
                      'totaisBrutosDemonstrativo',
                      [
                        ['valorInformadoBruto', dec(t.valorInformado)],
                        ['valorProcessadoBruto', dec(t.valorProcessado)],
                        ['valorLiberadoBruto', dec(t.valorLiberado)],
                        ['valorGlosaBruto', dec(t.valorGlosa)],
                      ],
                    ],
                    ['totaisLiquidosDemonstrativo', [['totalDebitosDemonstrativo', dec(0)], ['totalCreditosdemonstrativo', dec(0)], ['valorLiberadoDemonstrativo', dec(t.valorLiberado)]]],
                  ],
                ],
                ['observacao', observacao(dataPagamento)],
              ],
            ],
          ],
        ],
      ],
    ],
  ];
}

export async function demonstrativoPagamentoXml(ctx: AppContext, s: RequestSession, id: number): Promise<{ nome: string; conteudo: Buffer }> {
  const p = await partes(ctx, s, id);
  return { nome: `demonstrativo-pagamento-${p.conta.numero}.xml`, conteudo: escreverMensagem(filhosDemonstrativoPagamento(p)) };
}

const AZUL = '#0b5cab';
const CINZA = '#5b6472';
const TEXTO = '#1c2533';
const statusLabel = (s: string) => STATUS_PROTOCOLO.find(([c]) => c === s)?.[1] ?? s;

/** The demonstrativo de pagamento as a PDF (A4): payment data, the protocol, each guide's released value, the totals. */
export async function demonstrativoPagamentoPdf(ctx: AppContext, s: RequestSession, id: number): Promise<{ nome: string; conteudo: Buffer }> {
  const { conta, dataPagamento, op, prest } = await partes(ctx, s, id);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Demonstrativo de pagamento ${conta.numero}`, Author: op.nome, Creator: 'Portal da operadora' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const L = doc.page.margins.left;
  const W = doc.page.width - 80;
  const t = conta.totais;

  doc.font('Helvetica-Bold').fontSize(15).fillColor(AZUL).text('Demonstrativo de pagamento', { width: W });
  doc.font('Helvetica').fontSize(9).fillColor(CINZA).text(`${op.nome} · Registro ANS ${op.registroAns} · emitido em ${isoToBr(todayIso())} · padrão TISS ${PADRAO_DEMONSTRATIVO}`, { width: W });
  doc.moveDown(0.8);
  const pares: [string, string][] = [
    ['Demonstrativo', `P${conta.numero}`],
    ['Data do pagamento (liberação)', isoToBr(dataPagamento)],
    ['Prestador', conta.prestadorCodigo ? `${conta.prestadorCodigo} · ${conta.prestadorNome}` : conta.prestadorNome],
    ['Forma de pagamento', prest.banco && prest.agencia && prest.conta ? `Depósito · banco ${prest.banco} · agência ${prest.agencia} · conta ${prest.conta}` : 'Depósito (conta bancária não cadastrada)'],
    ['Protocolo', `${conta.numero} · recebido em ${instantToBr(conta.recebidoEm).slice(0, 10)}`],
    ['Situação do protocolo', statusLabel(conta.status)],
  ];
  const y0 = doc.y;
  pares.forEach(([r, v], i) => {
    const x = L + (i % 2) * (W / 2);
    const y = y0 + Math.floor(i / 2) * 28;
    doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text(r.toUpperCase(), x, y, { width: W / 2 - 8 });
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXTO).text(v, x, y + 10, { width: W / 2 - 8, lineBreak: false, ellipsis: true });
  });
  doc.x = L;
  doc.y = y0 + Math.ceil(pares.length / 2) * 28 + 10;

  const cols = [
    { t: 'Guia do prestador', w: 0.2 },
    { t: 'Guia da operadora', w: 0.16 },
    { t: 'Senha', w: 0.14 },
    { t: 'Processado', w: 0.16, right: true },
    { t: 'Glosa', w: 0.16, right: true },
    { t: 'Liberado', w: 0.18, right: true },
  ];
  const linha = (vals: string[], o: { bold?: boolean; cor?: string; fundo?: string } = {}) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    if (o.fundo) doc.rect(L - 2, y - 2, W + 4, 13).fill(o.fundo);
    let x = L;
    doc.font(o.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(o.cor ?? TEXTO);
    cols.forEach((col, i) => {
      doc.text(vals[i] ?? '', x, y, { width: col.w * W - 4, height: 11, align: col.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += col.w * W;
    });
    doc.x = L;
    doc.y = y + 14;
  };
  linha(cols.map((c) => c.t), { bold: true, cor: CINZA });
  for (const g of conta.guias) linha([g.numeroGuiaPrestador, g.numeroGuiaOperadora ?? '', g.senha ?? '', formatMoney(g.valorProcessado), formatMoney(g.valorGlosa), formatMoney(g.valorLiberado)]);
  linha(['Total do protocolo', '', '', formatMoney(t.valorProcessado), formatMoney(t.valorGlosa), formatMoney(t.valorLiberado)], { bold: true, fundo: '#eef3fa' });

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(AZUL).text('Totais', L, doc.y, { width: W });
  doc.moveDown(0.3);
  for (const [r, v] of [
    ['Valor informado', t.valorInformado],
    ['Valor processado', t.valorProcessado],
    ['Valor glosado', t.valorGlosa],
    ['Valor liberado (bruto)', t.valorLiberado],
    ['Débitos', 0],
    ['Créditos', 0],
    ['Valor líquido a pagar', t.valorLiberado],
  ] as const) {
    const y = doc.y;
    doc.font(r.startsWith('Valor líquido') ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(TEXTO).text(r, L, y, { width: W / 2 });
    doc.font('Helvetica-Bold').text(formatMoney(v), L + W / 2, y, { width: W / 2, align: 'right' });
    doc.x = L;
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(7.5).fillColor(CINZA).text(`${observacao(dataPagamento)} Os códigos de glosa e o detalhe por item estão no demonstrativo de análise de conta.`, L, doc.y, { width: W });
  doc.end();
  await ended;
  return { nome: `demonstrativo-pagamento-${conta.numero}.pdf`, conteudo: Buffer.concat(chunks) };
}
