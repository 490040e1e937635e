import { sql } from 'drizzle-orm';
import { instantToBr } from '../../shared/dates';
import { formatMoney, sumMoney, type Centavos } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { guiasFaturadas, itensFaturados, protocolosRecebimento } from '../db/schema';
import { query } from '../db/sql';
import { operadoraPropria } from '../pessoas/cadastro';
import { proporGlosas } from './propostas';
import { scopeOf } from '../policy';
import { conferirHash, hashInformado } from '../tiss/hash';
import { CharsetError, decodeXml, type Charset } from '../tiss/latin1';
import { LoteInvalido, TIPO_GUIA_LABEL, TIPOS_IMPORTADOS, lerLote, padraoDeclarado, type LoteTiss } from '../tiss/lote';
import { PADROES_LOTE, validarXml, type VersaoXsd } from '../tiss/xsd';
import { recordTrail, type Actor } from '../trail/record';
import { atualizarTotaisProtocolo } from './totais-protocolo';

/**
 * Receiving a provider's TISS lot (flow 1): everything is checked before anything is written — the encoding, the
 * schema of the version it declares, the epílogo hash, the sender (the logged-in provider's own), the operator it is
 * addressed to, the guide type, and every procedure against the TUSS table. A refused lot writes nothing; an accepted
 * one is stored in one transaction with its protocol number.
 */

export const MSG_RECEBIMENTO = {
  codificacao: 'O arquivo não está em ISO-8859-1 nem em UTF-8 válido: gere o lote em ISO-8859-1, como o padrão TISS pede.',
  semPadrao: 'O arquivo não declara a versão do padrão TISS (cabecalho/Padrao): não é um lote TISS.',
  padrao: (p: string) => `Versão do padrão TISS ${p} não aceita: envie o lote na versão 4.03.00 (ou 4.01.00, no período de transição).`,
  hashAusente: 'O epílogo do lote não traz o hash: o lote não pode ser conferido.',
  hash: 'Código hash inválido (glosa 5014): o hash do epílogo não confere com o conteúdo do lote. O arquivo foi alterado depois de gerado ou o hash foi calculado de outro modo.',
  transacao: (t: string) => `O arquivo é uma transação ${t}; aqui se importa o envio de lote de guias (ENVIO_LOTE_GUIAS).`,
  tipoGuia: (t: string) => `Lotes de guias de ${t} ainda não são recebidos por arquivo; envie guias SP/SADT ou de consulta.`,
  destino: (ans: string) => `O lote é destinado ao registro ANS ${ans}, que não é o desta operadora.`,
  prestadorDesconhecido: 'O prestador que envia o lote (cabecalho/origem) não está cadastrado nesta operadora.',
  outroPrestador: 'O lote é de outro prestador: envie só lotes do seu próprio prestador.',
  semPrestador: 'Este usuário não está ligado a um prestador e não pode enviar lotes.',
  repetido: (lote: string, protocolo: string, em: string) => `O lote ${lote} já foi recebido no protocolo ${protocolo}, em ${em}. Um lote é enviado uma só vez.`,
  tabela: (guia: string, seq: number, t: string) => `Guia ${guia}, item ${seq}: tabela ${t} não aceita neste lote; os procedimentos vêm da tabela TUSS 22.`,
  procedimento: (guia: string, seq: number, c: string) => `Guia ${guia}, item ${seq}: o procedimento ${c} não está na tabela TUSS de procedimentos.`,
  totalGuia: (guia: string, total: string, soma: string) => `Guia ${guia}: o valor total informado (${total}) não é a soma dos itens (${soma}).`,
  totalItem: (guia: string, seq: number) => `Guia ${guia}, item ${seq}: o valor total não é o valor unitário vezes a quantidade.`,
} as const;

export interface LoteConferido {
  lote: LoteTiss;
  prestadorId: number;
  hash: string;
  charset: Charset;
  /** Procedure ids by TUSS code, and beneficiary ids by card number (only the known cards). */
  procedimentos: Map<string, number>;
  beneficiarios: Map<string, number>;
  valorInformado: Centavos;
  itens: number;
}

export type Conferencia = { ok: true; lote: LoteConferido } | { ok: false; erros: string[] };

const recusa = (...erros: string[]): Conferencia => ({ ok: false, erros });
const comLinha = (e: { linha: number; mensagem: string }) => (e.linha > 0 ? `Linha ${e.linha}: ${e.mensagem}` : e.mensagem);

/** The provider a lot's header names (code in the operator, CNPJ or CPF). */
async function prestadorDaOrigem(db: Db, o: LoteTiss['origem']): Promise<number | null> {
  const cond = o.codigo ? sql`codigo = ${o.codigo}` : o.cnpj ? sql`cnpj = ${o.cnpj}` : o.cpf ? sql`cpf = ${o.cpf}` : null;
  if (!cond) return null;
  const rows = await query<{ id: number }>(db, sql`select id from prestadores where ${cond} order by id limit 2`);
  return rows.length === 1 ? rows[0].id : null;
}

/** Every check of a lot, without writing anything (the preview and the run both call it). */
export async function conferirLote(ctx: AppContext, session: RequestSession, bytes: Uint8Array): Promise<Conferencia> {
  let text: string;
  try {
    text = decodeXml(bytes).text;
  } catch (e) {
    if (e instanceof CharsetError) return recusa(MSG_RECEBIMENTO.codificacao);
    throw e;
  }
  const padrao = padraoDeclarado(text);
  if (!padrao) {
    // not even the header: the schema says best what is wrong
    const erros = validarXml(bytes, '4.03.00');
    return recusa(...(erros.length ? erros.slice(0, 50).map(comLinha) : [MSG_RECEBIMENTO.semPadrao]));
  }
  if (!(PADROES_LOTE as readonly string[]).includes(padrao)) return recusa(MSG_RECEBIMENTO.padrao(padrao));
  const erros = validarXml(bytes, padrao as VersaoXsd);
  if (erros.length) return recusa(...erros.slice(0, 50).map(comLinha));

  const informado = hashInformado(text);
  if (!informado) return recusa(MSG_RECEBIMENTO.hashAusente);
  const charset = conferirHash(text, informado);
  if (!charset) return recusa(MSG_RECEBIMENTO.hash);

  let lote: LoteTiss;
  try {
    lote = lerLote(text);
  } catch (e) {
    if (e instanceof LoteInvalido) return recusa(e.message);
    throw e;
  }
  if (lote.tipoTransacao !== 'ENVIO_LOTE_GUIAS') return recusa(MSG_RECEBIMENTO.transacao(lote.tipoTransacao));
  if (!TIPOS_IMPORTADOS.includes(lote.tipoGuia)) return recusa(MSG_RECEBIMENTO.tipoGuia(TIPO_GUIA_LABEL[lote.tipoGuia]));
  const op = await operadoraPropria(ctx.db);
  if (lote.registroANS && op && lote.registroANS !== op.registroAns) return recusa(MSG_RECEBIMENTO.destino(lote.registroANS));

  // the sender: a provider's user only sends its own provider's lots; the operator's staff may receive any provider's
  const scope = await scopeOf(ctx, session, 'protocolorecebimento');
  if (scope.kind === 'none') return recusa(MSG_RECEBIMENTO.semPrestador);
  const prestadorId = await prestadorDaOrigem(ctx.db, lote.origem);
  if (scope.kind === 'provider' && prestadorId !== scope.prestadorId) return recusa(MSG_RECEBIMENTO.outroPrestador);
  if (prestadorId == null) return recusa(MSG_RECEBIMENTO.prestadorDesconhecido);

  const [repetido] = await query<{ numero: string; recebido_em: string }>(
    ctx.db,
    sql`select numero, recebido_em from protocolos_recebimento where prestador_id = ${prestadorId} and numero_lote = ${lote.numeroLote}`,
  );
  if (repetido) return recusa(MSG_RECEBIMENTO.repetido(lote.numeroLote, repetido.numero, instantToBr(repetido.recebido_em).slice(0, 10)));

  const problemas: string[] = [];
  const codigos = new Set<string>();
  for (const g of lote.guias) {
    for (const it of g.itens) {
      if (it.codigoTabela !== '22') problemas.push(MSG_RECEBIMENTO.tabela(g.numeroGuiaPrestador, it.sequencial, it.codigoTabela));
      else codigos.add(it.codigoProcedimento);
      if (it.valorTotal !== it.valorUnitario * it.quantidade) problemas.push(MSG_RECEBIMENTO.totalItem(g.numeroGuiaPrestador, it.sequencial));
    }
    const soma = sumMoney(g.itens.map((i) => i.valorTotal));
    // a consulta's value is its one procedure; an SP/SADT guide may add other expenses the product does not read yet
    if (lote.tipoGuia === 'CONSULTA' ? soma !== g.valorTotal : soma > g.valorTotal) problemas.push(MSG_RECEBIMENTO.totalGuia(g.numeroGuiaPrestador, formatMoney(g.valorTotal), formatMoney(soma)));
  }
  const procedimentos = new Map<string, number>();
  if (codigos.size) {
    const rows = await query<{ id: number; codigo: string }>(ctx.db, sql`select id, codigo from procedimentos where codigo in (${sql.join([...codigos].map((c) => sql`${c}`), sql`, `)})`);
    for (const r of rows) procedimentos.set(r.codigo, r.id);
  }
  for (const g of lote.guias) {
    for (const it of g.itens) {
      if (it.codigoTabela === '22' && !procedimentos.has(it.codigoProcedimento)) problemas.push(MSG_RECEBIMENTO.procedimento(g.numeroGuiaPrestador, it.sequencial, it.codigoProcedimento));
    }
  }
  if (problemas.length) return recusa(...problemas.slice(0, 50));

  const cartoes = [...new Set(lote.guias.map((g) => g.numeroCarteira))];
  const beneficiarios = new Map<string, number>();
  const rows = await query<{ id: number; carteirinha: string }>(ctx.db, sql`select id, carteirinha from beneficiarios where carteirinha in (${sql.join(cartoes.map((c) => sql`${c}`), sql`, `)})`);
  for (const r of rows) beneficiarios.set(r.carteirinha, r.id);

  return {
    ok: true,
    lote: {
      lote,
      prestadorId,
      hash: informado.toLowerCase(),
      charset,
      procedimentos,
      beneficiarios,
      valorInformado: sumMoney(lote.guias.map((g) => g.valorTotal)),
      itens: lote.guias.reduce((s, g) => s + g.itens.length, 0),
    },
  };
}

/** One line saying what a lot holds (the preview's summary, the receipt's log). */
export const resumoLote = (c: LoteConferido) =>
  `Lote ${c.lote.numeroLote} (TISS ${c.lote.padrao}): ${c.lote.guias.length} ${c.lote.guias.length === 1 ? 'guia' : 'guias'} de ${TIPO_GUIA_LABEL[c.lote.tipoGuia]}, ${c.itens} ${c.itens === 1 ? 'item' : 'itens'}, valor informado ${formatMoney(c.valorInformado)}.`;

/** The next protocol number: the year and its sequence, in 12 characters (st_texto12). */
async function proximoNumero(tx: Db, ano: number): Promise<string> {
  const [r] = await query<{ ultimo: number }>(
    tx,
    sql`insert into protocolo_recebimento_numeracao (ano, ultimo) values (${ano}, 1)
      on conflict (ano) do update set ultimo = protocolo_recebimento_numeracao.ultimo + 1 returning ultimo`,
  );
  return `${ano}${String(r.ultimo).padStart(8, '0')}`;
}

export interface ProtocoloGravado {
  id: number;
  numero: string;
  recebidoEm: string;
}

/** A guide to store under a new protocol, with its items (money in centavos). */
export interface GuiaNova {
  numeroGuiaPrestador: string;
  numeroGuiaOperadora: string | null;
  senha: string | null;
  dataAutorizacao: string | null;
  numeroCarteira: string;
  beneficiarioId: number | null;
  dataAtendimento: string;
  valorInformado: Centavos;
  itens: {
    sequencial: number;
    data: string;
    codigoTabela: string;
    codigoProcedimento: string;
    procedimentoId: number;
    descricao: string | null;
    quantidade: number;
    valorUnitario: Centavos;
    valorInformado: Centavos;
  }[];
}

/** A protocol to store: from a lot file (XML) or from bills typed in the portal (PORTAL). */
export interface ProtocoloNovo {
  prestadorId: number;
  /** The provider's lot number; null: the protocol's own number (bills typed in the portal have no lot of their own). */
  numeroLote: string | null;
  padrao: string;
  tipoGuia: string;
  origem: 'XML' | 'PORTAL';
  hash: string | null;
  hashCharset: string | null;
  arquivoId: number | null;
  execucaoId: number | null;
  guias: GuiaNova[];
}

/**
 * Writes a protocol inside the caller's transaction: its number, its guides and items, the automatic checks'
 * proposals and the trail — the one way a lot file and typed bills reach the review. Answers the guides' ids in
 * the order given.
 */
export async function gravarProtocolo(tx: Db, actor: Actor, n: ProtocoloNovo): Promise<ProtocoloGravado & { guiaIds: number[] }> {
  const [{ ano }] = await query<{ ano: number }>(tx, sql`select extract(year from now() at time zone 'America/Sao_Paulo')::int as ano`);
  const numero = await proximoNumero(tx, ano);
  const numeroLote = n.numeroLote ?? numero;
  const valorInformado = sumMoney(n.guias.map((g) => g.valorInformado));
  const [p] = await tx
    .insert(protocolosRecebimento)
    .values({
      numero,
      prestadorId: n.prestadorId,
      numeroLote,
      padrao: n.padrao,
      tipoGuia: n.tipoGuia,
      qtdGuias: n.guias.length,
      valorInformado,
      hash: n.hash,
      hashCharset: n.hashCharset,
      arquivoId: n.arquivoId,
      execucaoId: n.execucaoId,
      origem: n.origem,
      usuarioId: actor.session?.user.id ?? null,
    })
    .returning({ id: protocolosRecebimento.id, recebidoEm: protocolosRecebimento.recebidoEm });
  const guias = await tx
    .insert(guiasFaturadas)
    .values(
      n.guias.map((g, i) => ({
        protocoloId: p.id,
        ordem: i + 1,
        numeroGuiaPrestador: g.numeroGuiaPrestador,
        numeroGuiaOperadora: g.numeroGuiaOperadora,
        senha: g.senha,
        dataAutorizacao: g.dataAutorizacao,
        numeroCarteira: g.numeroCarteira,
        beneficiarioId: g.beneficiarioId,
        dataAtendimento: g.dataAtendimento,
        valorInformado: g.valorInformado,
      })),
    )
    .returning({ id: guiasFaturadas.id, ordem: guiasFaturadas.ordem });
  const idDaOrdem = new Map(guias.map((g) => [g.ordem, g.id]));
  const itens = n.guias.flatMap((g, i) => g.itens.map((it) => ({ ...it, guiaId: idDaOrdem.get(i + 1)!, descricao: it.descricao?.slice(0, 150) ?? null })));
  if (itens.length) await tx.insert(itensFaturados).values(itens);
  await proporGlosas(tx, p.id);
  await atualizarTotaisProtocolo(tx, p.id);
  await recordTrail(tx, actor, {
    entidade: 'protocolorecebimento',
    registroId: p.id,
    acao: 'insert',
    depois: { numero, origem: n.origem, prestadorId: n.prestadorId, numeroLote, padrao: n.padrao, tipoGuia: n.tipoGuia, qtdGuias: n.guias.length, itens: itens.length, valorInformado, arquivoId: n.arquivoId },
  });
  return { id: p.id, numero, recebidoEm: p.recebidoEm.toISOString(), guiaIds: n.guias.map((_, i) => idDaOrdem.get(i + 1)!) };
}

/**
 * Stores a checked lot in one transaction: the protocol, its guides and items, and the trail. A lot repeated in
 * the meantime (two sends at once) meets the unique key and is refused as repeated.
 */
export async function gravarLote(ctx: AppContext, actor: Actor, c: LoteConferido, extra: { arquivoId: number | null; execucaoId: number | null }): Promise<ProtocoloGravado> {
  const { lote } = c;
  return ctx.db.transaction(async (tx) => {
    // the per-provider lock that makes "sent twice" exact: the second waits and then finds the first
    await tx.execute(sql`select id from prestadores where id = ${c.prestadorId} for update`);
    const [repetido] = await query<{ numero: string; recebido_em: string }>(
      tx,
      sql`select numero, recebido_em from protocolos_recebimento where prestador_id = ${c.prestadorId} and numero_lote = ${lote.numeroLote}`,
    );
    if (repetido) throw new LoteRepetido(MSG_RECEBIMENTO.repetido(lote.numeroLote, repetido.numero, instantToBr(repetido.recebido_em).slice(0, 10)));
    const { id, numero, recebidoEm } = await gravarProtocolo(tx, actor, {
      prestadorId: c.prestadorId,
      numeroLote: lote.numeroLote,
      padrao: lote.padrao,
      tipoGuia: lote.tipoGuia,
      origem: 'XML',
      hash: c.hash,
      hashCharset: c.charset,
      arquivoId: extra.arquivoId,
      execucaoId: extra.execucaoId,
      guias: lote.guias.map((g) => ({
        numeroGuiaPrestador: g.numeroGuiaPrestador,
        numeroGuiaOperadora: g.numeroGuiaOperadora,
        senha: g.senha,
        dataAutorizacao: g.dataAutorizacao,
        numeroCarteira: g.numeroCarteira,
        beneficiarioId: c.beneficiarios.get(g.numeroCarteira) ?? null,
        dataAtendimento: g.dataAtendimento,
        valorInformado: g.valorTotal,
        itens: g.itens.map((it) => ({
          sequencial: it.sequencial,
          data: it.data,
          codigoTabela: it.codigoTabela,
          codigoProcedimento: it.codigoProcedimento,
          procedimentoId: c.procedimentos.get(it.codigoProcedimento)!,
          descricao: it.descricao,
          quantidade: it.quantidade,
          valorUnitario: it.valorUnitario,
          valorInformado: it.valorTotal,
        })),
      })),
    });
    return { id, numero, recebidoEm };
  });
}

export class LoteRepetido extends Error {}
