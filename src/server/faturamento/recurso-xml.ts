import { XMLParser } from 'fast-xml-parser';
import { sql } from 'drizzle-orm';
import { instantToBr } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import { query } from '../db/sql';
import { operadoraPropria } from '../pessoas/cadastro';
import { scopeOf, scopeWhere } from '../policy';
import { conferirHash, hashInformado } from '../tiss/hash';
import { CharsetError, decodeXml } from '../tiss/latin1';
import { centavosDe, LoteInvalido, padraoDeclarado } from '../tiss/lote';
import { PADROES_LOTE, validarXml, type VersaoXsd } from '../tiss/xsd';
import { MSG_RECEBIMENTO } from './recebimento';
import { conferirRecurso, type ConferenciaRecurso, type PedidoRecurso } from './recursos';

/**
 * Reading a RECURSO_GLOSA message (TISS 4.03.00, or 4.01.00 in the transition): the same order of checks as a lot —
 * encoding, the schema of the version it declares, the epílogo hash, the transaction, the operator it is addressed
 * to, the sender (the provider's own) — then the appeal itself goes through the portal's checks (its protocol, guides,
 * items, values, 2904, 2907). A file sent twice is recognised by its numeroGuiaRecGlosaPrestador.
 */

export const MSG_RECURSO_XML = {
  transacao: (t: string) => `O arquivo é uma transação ${t}; aqui se importa o recurso de glosa (RECURSO_GLOSA).`,
  odonto: 'Recurso de glosa odontológico ainda não é recebido por arquivo; envie o recurso de guias médicas (guiaRecursoGlosa).',
  protocoloInteiro: 'Recurso do protocolo inteiro (objetoRecurso 1) não é recebido: recorra das guias ou dos itens glosados (objetoRecurso 2).',
  lote: (lote: string, protocolo: string, doProtocolo: string) => `O recurso informa o lote ${lote}, mas o protocolo ${protocolo} é do lote ${doProtocolo}.`,
  contratado: 'O prestador do recurso (dadosContratado) não é o que envia o arquivo.',
  repetido: (guia: string, numero: string, em: string) => `O recurso ${guia} já foi recebido no protocolo ${numero}, em ${em}. Um recurso é enviado uma só vez.`,
  total: (informado: string, soma: string) => `O valor total recursado informado (${informado}) não é a soma dos itens (${soma}).`,
} as const;

const REPETIDOS = new Set(['recursoGuia', 'recursoGuiaCompleta', 'itensGuia']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPETIDOS.has(name),
});

type El = Record<string, unknown>;
const el = (o: unknown, k: string): El => {
  const v = (o as El | undefined)?.[k];
  if (v == null || typeof v !== 'object') throw new LoteInvalido(`Elemento ${k} ausente.`);
  return v as El;
};
const opt = (o: unknown, k: string): string | null => {
  const v = (o as El | undefined)?.[k];
  return v == null || v === '' ? null : String(v);
};
const txt = (o: unknown, k: string): string => {
  const v = opt(o, k);
  if (v == null) throw new LoteInvalido(`Elemento ${k} ausente.`);
  return v;
};
const lst = (o: unknown, k: string): El[] => ((o as El | undefined)?.[k] as El[] | undefined) ?? [];

export interface RecursoTiss {
  padrao: string;
  tipoTransacao: string;
  registroANS: string;
  origem: { cnpj?: string; cpf?: string; codigo?: string };
  contratado: { cnpj?: string; cpf?: string; codigo?: string };
  numeroLote: string;
  objeto: string;
  odonto: boolean;
  valorTotal: number;
  pedido: PedidoRecurso;
}

const ident = (o: El) => ({ cnpj: opt(o, 'CNPJ') ?? opt(o, 'cnpjContratado') ?? undefined, cpf: opt(o, 'CPF') ?? opt(o, 'cpfContratado') ?? undefined, codigo: opt(o, 'codigoPrestadorNaOperadora') ?? undefined });

/** The appeal of a schema-valid message (its decoded text). */
export function lerRecurso(xml: string): RecursoTiss {
  const msg = el(parser.parse(xml) as El, 'mensagemTISS');
  const cab = el(msg, 'cabecalho');
  const origem = (el(cab, 'origem').identificacaoPrestador as El | undefined) ?? {};
  const p2o = (msg.prestadorParaOperadora as El | undefined) ?? {};
  const lote = p2o.recursoGlosa as El | undefined;
  const base = { padrao: txt(cab, 'Padrao'), tipoTransacao: txt(el(cab, 'identificacaoTransacao'), 'tipoTransacao'), origem: ident(origem) };
  if (!lote) return { ...base, registroANS: opt(el(cab, 'destino'), 'registroANS') ?? '', contratado: {}, numeroLote: '', objeto: '', odonto: false, valorTotal: 0, pedido: { protocolo: '', numeroGuiaRecurso: null, guias: [] } };
  const r = lote.guiaRecursoGlosa as El | undefined;
  if (!r) return { ...base, registroANS: opt(el(cab, 'destino'), 'registroANS') ?? '', contratado: {}, numeroLote: '', objeto: '', odonto: true, valorTotal: 0, pedido: { protocolo: '', numeroGuiaRecurso: null, guias: [] } };
  const opcao = el(r, 'opcaoRecurso');
  const guias = lst(opcao, 'recursoGuia').map((g) => {
    const op = el(g, 'opcaoRecursoGuia');
    const completas = lst(op, 'recursoGuiaCompleta');
    return {
      numeroGuiaPrestador: txt(g, 'numeroGuiaOrigem'),
      ...(completas.length ? { justificativaGuia: completas.map((c) => txt(c, 'justificativaGuia')).join(' '), codigoGlosaGuia: completas.length === 1 ? txt(completas[0], 'codGlosaGuia') : undefined } : {}),
      ...(lst(op, 'itensGuia').length
        ? { itens: lst(op, 'itensGuia').map((i) => ({ sequencial: Number(txt(i, 'sequencialItem')), codigoGlosa: txt(i, 'codGlosaItem'), valorRecursado: centavosDe(txt(i, 'valorRecursado')), justificativa: txt(i, 'justificativaItem') })) }
        : {}),
    };
  });
  return {
    ...base,
    registroANS: txt(r, 'registroANS'),
    contratado: ident(el(r, 'dadosContratado')),
    numeroLote: txt(r, 'numeroLote'),
    objeto: txt(r, 'objetoRecurso'),
    odonto: false,
    valorTotal: centavosDe(txt(r, 'valorTotalRecursado')),
    pedido: { protocolo: txt(r, 'numeroProtocolo'), numeroGuiaRecurso: txt(r, 'numeroGuiaRecGlosaPrestador'), guias },
  };
}

export type ConferenciaRecursoXml = (ConferenciaRecurso & { ok: false }) | (Extract<ConferenciaRecurso, { ok: true }> & { recurso: RecursoTiss; hash: string });

const recusa = (...erros: string[]): ConferenciaRecursoXml => ({ ok: false, erros });
const comLinha = (e: { linha: number; mensagem: string }) => (e.linha > 0 ? `Linha ${e.linha}: ${e.mensagem}` : e.mensagem);

const mesmo = (a: RecursoTiss['origem'], b: { codigo: string | null; cnpj: string | null; cpf: string | null }) =>
  (a.codigo != null && a.codigo === b.codigo) || (a.cnpj != null && a.cnpj === b.cnpj) || (a.cpf != null && a.cpf === b.cpf);

/** Every check of a RECURSO_GLOSA file, without writing anything. */
export async function conferirRecursoXml(ctx: AppContext, session: RequestSession, bytes: Uint8Array): Promise<ConferenciaRecursoXml> {
  let text: string;
  try {
    text = decodeXml(bytes).text;
  } catch (e) {
    if (e instanceof CharsetError) return recusa(MSG_RECEBIMENTO.codificacao);
    throw e;
  }
  const padrao = padraoDeclarado(text);
  if (!padrao) {
    const erros = validarXml(bytes, '4.03.00');
    return recusa(...(erros.length ? erros.slice(0, 50).map(comLinha) : [MSG_RECEBIMENTO.semPadrao]));
  }
  if (!(PADROES_LOTE as readonly string[]).includes(padrao)) return recusa(MSG_RECEBIMENTO.padrao(padrao).replace('o lote', 'o recurso'));
  const erros = validarXml(bytes, padrao as VersaoXsd);
  if (erros.length) return recusa(...erros.slice(0, 50).map(comLinha));
  const informado = hashInformado(text);
  if (!informado) return recusa(MSG_RECEBIMENTO.hashAusente.replace('do lote', 'do recurso').replace('o lote', 'o recurso'));
  if (!conferirHash(text, informado)) return recusa(MSG_RECEBIMENTO.hash.replace('do lote', 'do recurso'));

  let r: RecursoTiss;
  try {
    r = lerRecurso(text);
  } catch (e) {
    if (e instanceof LoteInvalido) return recusa(e.message);
    throw e;
  }
  if (r.tipoTransacao !== 'RECURSO_GLOSA') return recusa(MSG_RECURSO_XML.transacao(r.tipoTransacao));
  if (r.odonto) return recusa(MSG_RECURSO_XML.odonto);
  if (r.objeto !== '2') return recusa(MSG_RECURSO_XML.protocoloInteiro);
  const op = await operadoraPropria(ctx.db);
  if (op && r.registroANS !== op.registroAns) return recusa(MSG_RECEBIMENTO.destino(r.registroANS).replace('O lote', 'O recurso'));

  const scope = await scopeOf(ctx, session, 'protocolorecebimento');
  if (scope.kind === 'none') return recusa(scope.reason);
  if (scope.kind === 'provider') {
    const [eu] = await query<{ codigo: string | null; cnpj: string | null; cpf: string | null }>(ctx.db, sql`select codigo, cnpj, cpf from prestadores where id = ${scope.prestadorId}`);
    if (!eu || !mesmo(r.origem, eu)) return recusa(MSG_RECEBIMENTO.outroPrestador.replace('O lote', 'O recurso').replace('lotes', 'recursos'));
  }
  // a file sent twice: its appeal guide number was already received for that protocol's provider
  const [repetido] = await query<{ numero: string; criado_em: string }>(
    ctx.db,
    sql`select r.numero, r.criado_em from recursos_glosa r join protocolos_recebimento p on p.id = r.protocolo_id
        where p.numero = ${r.pedido.protocolo} and r.numero_guia_recurso = ${r.pedido.numeroGuiaRecurso} and ${scopeWhere(scope, 'protocolorecebimento', 'r')}`,
  );
  if (repetido) return recusa(MSG_RECURSO_XML.repetido(r.pedido.numeroGuiaRecurso!, repetido.numero, instantToBr(repetido.criado_em).slice(0, 10)));
  const c = await conferirRecurso(ctx.db, scope, r.pedido);
  if (!c.ok) return c;
  const [prest] = await query<{ codigo: string | null; cnpj: string | null; cpf: string | null; numero_lote: string }>(
    ctx.db,
    sql`select pr.codigo, pr.cnpj, pr.cpf, p.numero_lote from protocolos_recebimento p join prestadores pr on pr.id = p.prestador_id where p.id = ${c.protocolo.id}`,
  );
  if (!mesmo(r.contratado, prest)) return recusa(MSG_RECURSO_XML.contratado);
  if (prest.numero_lote !== r.numeroLote) return recusa(MSG_RECURSO_XML.lote(r.numeroLote, c.protocolo.numero, prest.numero_lote));
  if (r.valorTotal !== c.valorRecursado) return recusa(MSG_RECURSO_XML.total(formatMoney(r.valorTotal), formatMoney(c.valorRecursado)));
  return { ...c, recurso: r, hash: informado.toLowerCase() };
}
