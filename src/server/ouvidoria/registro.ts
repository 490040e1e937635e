import { sql } from 'drizzle-orm';
import { diaDoProtocolo, hojeSaoPaulo } from '../../shared/atendimentos';
import {
  FAMILIA_ACOES,
  FLUXO,
  PRAZO_DIAS_UTEIS,
  PRAZO_REABERTURA_DIAS,
  STATUS_EM_PRAZO,
  type Acao,
  type Area,
  type ManifestacaoDetalhe,
  type ManifestacaoHistorico,
  type ManifestacaoLinha,
  type Registro,
  type Status,
} from '../../shared/ouvidoria';
import { somarDias } from '../../shared/dias-uteis';
import { proximoProtocolo, registroAnsDaOperadora } from '../atendimentos/registro';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { manifestacaoAnexos, manifestacaoHistorico, manifestacoes } from '../db/schema';
import { query } from '../db/sql';
import { badRequest, forbidden } from '../http/errors';
import { criaUmaVez, criadoAntes } from '../http/idempotencia';
import { hasBeneficiarioRole, inScope, MSG_MANIFESTACAO, scopeOf, type Scope } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';
import { prazoApos, restantes } from './prazos';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The related authorization: it exists and is the beneficiary's own. */
async function autorizacaoDe(db: Db, body: Registro): Promise<number | null> {
  if (!body.autorizacao) return null;
  const [a] = await query<{ id: number; beneficiario_id: number }>(db, sql`select id, beneficiario_id from autorizacoes where numero = ${body.autorizacao}`);
  if (!a) throw badRequest(`Autorização nº ${body.autorizacao} não encontrada.`, 'autorizacao');
  if (a.beneficiario_id !== body.beneficiarioId) throw badRequest(`A autorização nº ${body.autorizacao} é de outro beneficiário.`, 'autorizacao');
  return a.id;
}

/** The first-instance contact, when the protocol is one of the service desk's (it must then be about the same beneficiary). */
async function atendimentoDe(db: Db, body: Registro): Promise<number | null> {
  if (!body.protocoloPrimeiraInstancia) return null;
  const [a] = await query<{ id: number; beneficiario_id: number | null }>(db, sql`select id, beneficiario_id from atendimentos where protocolo = ${body.protocoloPrimeiraInstancia}`);
  if (!a) return null;
  if (a.beneficiario_id !== body.beneficiarioId) throw badRequest(`O protocolo nº ${body.protocoloPrimeiraInstancia} é de um atendimento de outro beneficiário.`, 'protocoloPrimeiraInstancia');
  return a.id;
}

/** The attachments: files this user sent (POST /api/arquivos) and no manifestação carries yet. */
async function anexosDe(db: Db, s: RequestSession, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await query<{ id: number }>(
    db,
    sql`select a.id from arquivos a where a.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and a.contexto = 'envio' and a.dono_id = ${s.user.id} and not exists (select 1 from manifestacao_anexos m where m.arquivo_id = a.id)`,
  );
  if (rows.length !== ids.length) throw badRequest('Anexo não encontrado: envie o arquivo de novo.', 'anexos');
  return ids;
}

/**
 * Registers a manifestação: whose (a beneficiary of the family, or anyone for the ombudsman's staff), the RN 623
 * protocol from the operator's daily counter, the deadline (7 business days after today), the record, its first
 * step, its attachments and the trail entry, in one transaction.
 */
export async function registrar(ctx: AppContext, actor: SessionActor, body: Registro, chave?: string): Promise<{ detalhe: ManifestacaoDetalhe; repetida: boolean }> {
  const { db } = ctx;
  const s = actor.session;
  // the same submission again (Idempotency-Key, per user): the manifestação the first one registered, nothing new
  const ja = await criadoAntes(db, s.user.id, 'manifestacao', chave);
  if (ja != null) return { detalhe: (await detalhe(ctx, s, ja))!, repetida: true };
  const escopo = await scopeOf(ctx, s, 'manifestacao');
  if (escopo.kind === 'none') throw forbidden(escopo.reason);
  if (!inScope(escopo, 'manifestacao', { beneficiario_id: body.beneficiarioId })) throw forbidden(MSG_MANIFESTACAO);
  const [b] = await query<{ nome: string }>(db, sql`select nome from beneficiarios where id = ${body.beneficiarioId}`);
  if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
  const autorizacaoId = await autorizacaoDe(db, body);
  const atendimentoId = await atendimentoDe(db, body);
  const anexos = await anexosDe(db, s, body.anexos);
  const registroAns = await registroAnsDaOperadora(db);
  const nome = await userName(db, s);
  const dia = hojeSaoPaulo();
  const prazo = await prazoApos(db, dia, PRAZO_DIAS_UTEIS);
  // a beneficiary's own registration came through the portal, whatever the body says
  const canal = hasBeneficiarioRole(s) && !s.user.admin ? 'PORTAL' : body.canal;

  const { id, repetida } = await criaUmaVez(db, s.user.id, 'manifestacao', chave, async (t) => {
    const protocolo = await proximoProtocolo(t, registroAns, dia);
    const row = {
      protocolo,
      status: 'REGISTRADA' as Status,
      beneficiarioId: body.beneficiarioId,
      beneficiarioNome: b.nome,
      tipo: body.tipo,
      assunto: body.assunto,
      descricao: body.descricao,
      canal,
      contato: body.contato,
      contatoValor: body.contatoValor,
      protocoloPrimeiraInstancia: body.protocoloPrimeiraInstancia,
      atendimentoId,
      autorizacaoId,
      prazo,
      registradaPorId: s.user.id,
      registradaPor: nome,
    };
    const [{ id }] = await t.insert(manifestacoes).values(row).returning({ id: manifestacoes.id });
    await t.insert(manifestacaoHistorico).values({ manifestacaoId: id, usuarioId: s.user.id, usuarioNome: nome, acao: 'registrar', de: null, para: 'REGISTRADA' });
    if (anexos.length) await t.insert(manifestacaoAnexos).values(anexos.map((arquivoId) => ({ manifestacaoId: id, arquivoId })));
    await recordTrail(t, actor, { entidade: 'manifestacao', registroId: id, acao: 'insert', depois: { id, ...row, anexos } });
    return id;
  });
  return { detalhe: (await detalhe(ctx, s, id))!, repetida };
}

export interface LinhaRow {
  id: number;
  protocolo: string;
  status: Status;
  tipo: string;
  assunto: string;
  beneficiario_nome: string;
  carteirinha: string | null;
  criado_em: unknown;
  prazo: string;
  prorrogada: boolean;
  version: number;
}

export const COLUNAS_LINHA = sql`m.id, m.protocolo, m.status, m.tipo, m.assunto, m.beneficiario_nome, b.carteirinha, m.criado_em,
  to_char(m.prazo, 'YYYY-MM-DD') as prazo, m.justificativa_prorrogacao is not null as prorrogada, m.version`;
export const JUNTA_BENEFICIARIO = sql`left join beneficiarios b on b.id = m.beneficiario_id`;

/** The rows with their business days left (one read of the holidays for the page). */
export async function linhas(db: Db, rows: LinhaRow[]): Promise<ManifestacaoLinha[]> {
  const hoje = hojeSaoPaulo();
  const emPrazo = (st: Status) => STATUS_EM_PRAZO.includes(st);
  const faltam = await restantes(
    db,
    hoje,
    rows.filter((r) => emPrazo(r.status)).map((r) => r.prazo),
  );
  return rows.map((r) => {
    const dias = emPrazo(r.status) ? faltam(r.prazo) : null;
    return {
      id: r.id,
      protocolo: r.protocolo,
      status: r.status,
      tipo: r.tipo as ManifestacaoLinha['tipo'],
      assunto: r.assunto as ManifestacaoLinha['assunto'],
      beneficiarioNome: r.beneficiario_nome,
      carteirinha: r.carteirinha ?? null,
      registradaEm: iso(r.criado_em)!,
      prazo: r.prazo,
      prorrogada: !!r.prorrogada,
      diasRestantes: dias,
      atrasada: dias != null && dias < 0,
      version: r.version,
    };
  });
}

/** The last day an answered manifestação may be reopened. */
export const reabrirAte = (respondidaEm: string | null) => (respondidaEm ? somarDias(hojeSaoPaulo(new Date(respondidaEm)), PRAZO_REABERTURA_DIAS) : null);

/** The steps a session may take now: the staff every step the status allows; the family rating and reopening. */
function acoesDe(escopo: Scope, status: Status, reabrir: string | null): Acao[] {
  return FLUXO.actionsFrom(status).filter((a) => {
    if (escopo.kind !== 'all' && !FAMILIA_ACOES.includes(a)) return false;
    return a !== 'reabrir' || (reabrir != null && hojeSaoPaulo() <= reabrir);
  });
}

/**
 * One manifestação as this session may read it (undefined when missing or out of its scope): a family never
 * receives the internal steps' notes nor the area it was routed to.
 */
export async function detalhe(ctx: AppContext, s: RequestSession, id: number): Promise<ManifestacaoDetalhe | undefined> {
  const { db } = ctx;
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select ${COLUNAS_LINHA}, m.beneficiario_id, m.descricao, m.canal, m.contato, m.contato_valor, m.protocolo_primeira_instancia,
        m.atendimento_id, at.protocolo as atendimento_protocolo, m.autorizacao_id, au.numero as autorizacao_numero, m.justificativa_prorrogacao,
        m.area, m.resposta, m.respondida_em, m.satisfacao, m.registrada_por
      from manifestacoes m ${JUNTA_BENEFICIARIO}
      left join atendimentos at on at.id = m.atendimento_id left join autorizacoes au on au.id = m.autorizacao_id
      where m.id = ${id}`,
  );
  const escopo = await scopeOf(ctx, s, 'manifestacao');
  if (!r || !inScope(escopo, 'manifestacao', { beneficiario_id: r.beneficiario_id })) return undefined;
  const equipe = escopo.kind === 'all';
  const hist = await query<Record<string, unknown>>(
    db,
    sql`select id, em, usuario_nome, acao, de, para, area, interna, nota from manifestacao_historico where manifestacao_id = ${id} order by em, id`,
  );
  const historico: ManifestacaoHistorico[] = hist.map((h) => {
    const oculto = !equipe && (h.interna as boolean);
    return {
      id: h.id as number,
      em: iso(h.em)!,
      // the family reads "Ouvidoria" for the staff's steps: who worked it inside is the operator's business
      usuario: !equipe && h.acao !== 'registrar' && !FAMILIA_ACOES.includes(h.acao as Acao) ? 'Ouvidoria' : (h.usuario_nome as string),
      acao: h.acao as ManifestacaoHistorico['acao'],
      de: (h.de as Status | null) ?? null,
      para: h.para as Status,
      area: oculto ? null : ((h.area as Area | null) ?? null),
      nota: oculto ? null : ((h.nota as string | null) ?? null),
    };
  });
  const anexos = await query<{ id: number; nome: string; tamanho: number }>(
    db,
    sql`select a.id, a.nome, a.tamanho from manifestacao_anexos m join arquivos a on a.id = m.arquivo_id where m.manifestacao_id = ${id} order by a.id`,
  );
  const [linha] = await linhas(db, [r]);
  const respondidaEm = iso(r.respondida_em);
  const ate = reabrirAte(respondidaEm);
  return {
    ...linha,
    beneficiarioId: r.beneficiario_id as number,
    descricao: r.descricao as string,
    canal: r.canal as ManifestacaoDetalhe['canal'],
    contato: r.contato as ManifestacaoDetalhe['contato'],
    contatoValor: (r.contato_valor as string | null) ?? null,
    protocoloPrimeiraInstancia: (r.protocolo_primeira_instancia as string | null) ?? null,
    atendimento: r.atendimento_id && equipe ? { id: r.atendimento_id as number, protocolo: r.atendimento_protocolo as string } : null,
    autorizacao: r.autorizacao_id ? { id: r.autorizacao_id as number, numero: r.autorizacao_numero as string } : null,
    justificativaProrrogacao: (r.justificativa_prorrogacao as string | null) ?? null,
    area: equipe ? ((r.area as Area | null) ?? null) : null,
    resposta: (r.resposta as string | null) ?? null,
    respondidaEm,
    satisfacao: (r.satisfacao as number | null) ?? null,
    reabrirAte: ate,
    registradaPor: equipe || r.canal === 'PORTAL' ? (r.registrada_por as string) : 'Ouvidoria',
    anexos,
    historico,
    acoes: acoesDe(escopo, linha.status, ate),
    podeProrrogar: equipe && STATUS_EM_PRAZO.includes(linha.status) && !linha.prorrogada,
  };
}

/** The day a manifestação was registered: the one its protocol carries. */
export const diaDoRegistro = diaDoProtocolo;
