import { sql } from 'drizzle-orm';
import {
  duracaoMinutos,
  formatProtocolo,
  hojeSaoPaulo,
  type AtendimentoDetalhe,
  type AtendimentoHistorico,
  type AtendimentoLinha,
  type Registro,
  type Resultado,
  type Status,
} from '../../shared/atendimentos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { atendimentoHistorico, atendimentos } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, forbidden } from '../http/errors';
import { operadoraPropria } from '../pessoas/cadastro';
import { beneficiarioLookup, inScope, MSG_FAMILIA, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from '../workflow/actor';

export const MSG_SEM_REGISTRO_ANS = 'Cadastre o registro ANS da operadora (Configurações › Operadoras) antes de registrar atendimentos.';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The operator's ANS registration for the protocols: the same record the virtual card prints. */
export async function registroAnsDaOperadora(db: Db): Promise<string> {
  const op = await operadoraPropria(db);
  if (!op || !/^\d{6}$/.test(op.registroAns ?? '')) throw AppError.of(422, MSG_SEM_REGISTRO_ANS);
  return op.registroAns;
}

/**
 * The next protocol of a day: the day's counter row is created or incremented in the caller's transaction, and the row
 * lock the increment takes holds any other registration of that day until this one commits (or rolls back, giving the
 * number back): unique and without gaps with many attendants at once.
 */
export async function proximoProtocolo(t: Db, registroAns: string, dia: string): Promise<string> {
  const [{ ultimo }] = await query<{ ultimo: number }>(
    t,
    sql`insert into atendimento_numeracao (dia, ultimo) values (${dia}, 1)
      on conflict (dia) do update set ultimo = atendimento_numeracao.ultimo + 1 returning ultimo`,
  );
  if (Number(ultimo) > 999_999) throw AppError.of(422, 'Limite de 999.999 atendimentos no dia atingido.');
  return formatProtocolo(registroAns, dia, Number(ultimo));
}

/** The person read from its registry: a beneficiary by the policy's lookup rule, or a provider. */
async function pessoaDe(ctx: AppContext, s: RequestSession, body: Registro): Promise<{ nome: string }> {
  if (body.pessoaTipo === 'BENEFICIARIO') {
    const { mode, scope } = await beneficiarioLookup(ctx, s);
    if (mode === 'none' || (mode === 'family' && !inScope(scope, 'beneficiario', { id: body.beneficiarioId }))) throw forbidden(MSG_FAMILIA);
    const [b] = await query<{ nome: string }>(ctx.db, sql`select nome from beneficiarios where id = ${body.beneficiarioId}`);
    if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
    return b;
  }
  const [p] = await query<{ nome: string }>(ctx.db, sql`select nome from prestadores where id = ${body.prestadorId}`);
  if (!p) throw badRequest('Prestador não encontrado.', 'prestadorId');
  return p;
}

/** The related authorization: it exists and is the person's own (their request, or one the provider asked or executes). */
async function autorizacaoDe(db: Db, body: Registro): Promise<number | null> {
  if (!body.autorizacao) return null;
  const [a] = await query<{ id: number; beneficiario_id: number; prestador_id: number; prestador_executante_id: number | null }>(
    db,
    sql`select id, beneficiario_id, prestador_id, prestador_executante_id from autorizacoes where numero = ${body.autorizacao}`,
  );
  if (!a) throw badRequest(`Autorização nº ${body.autorizacao} não encontrada.`, 'autorizacao');
  if (body.beneficiarioId != null && a.beneficiario_id !== body.beneficiarioId) throw badRequest(`A autorização nº ${body.autorizacao} é de outro beneficiário.`, 'autorizacao');
  if (body.prestadorId != null && a.prestador_id !== body.prestadorId && a.prestador_executante_id !== body.prestadorId)
    throw badRequest(`A autorização nº ${body.autorizacao} não foi solicitada nem executada por este prestador.`, 'autorizacao');
  return a.id;
}

async function protocoloDocumentoDe(db: Db, body: Registro): Promise<number | null> {
  if (!body.protocoloDocumento) return null;
  const [p] = await query<{ id: number }>(db, sql`select id from protocolos_documentos where numero = ${body.protocoloDocumento}`);
  if (!p) throw badRequest(`Protocolo de documento nº ${body.protocoloDocumento} não encontrado.`, 'protocoloDocumento');
  return p.id;
}

/**
 * Registers a contact: the person, channel, reason, description, references, times; the protocol number, the record,
 * its first history step and the trail entry, in one transaction. The attendant is the session's user.
 */
export async function registrar(ctx: AppContext, actor: SessionActor, body: Registro): Promise<AtendimentoDetalhe> {
  const { db } = ctx;
  const s = actor.session;
  // registering is the desk's: a beneficiary or provider who could list their own contacts still may not open one
  const escopo = await scopeOf(ctx, s, 'atendimento');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
  const pessoa = await pessoaDe(ctx, s, body);
  const autorizacaoId = await autorizacaoDe(db, body);
  const protocoloDocumentoId = await protocoloDocumentoDe(db, body);
  const registroAns = await registroAnsDaOperadora(db);
  const nome = await userName(db, s);
  // the protocol carries the day it is given (RN 623: at the start of the contact, i.e. now), whatever start was typed
  const dia = hojeSaoPaulo();

  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const protocolo = await proximoProtocolo(t, registroAns, dia);
    const row = {
      protocolo,
      status: 'EM_ANDAMENTO' as Status,
      pessoaTipo: body.pessoaTipo,
      beneficiarioId: body.beneficiarioId,
      prestadorId: body.prestadorId,
      pessoaNome: pessoa.nome,
      canal: body.canal,
      motivo: body.motivo,
      descricao: body.descricao,
      autorizacaoId,
      protocoloDocumentoId,
      inicio: new Date(body.inicio),
      fim: body.fim ? new Date(body.fim) : null,
      atendenteId: s.user.id,
      atendenteNome: nome,
    };
    const [{ id }] = await t.insert(atendimentos).values(row).returning({ id: atendimentos.id });
    await t.insert(atendimentoHistorico).values({ atendimentoId: id, usuarioId: s.user.id, usuarioNome: nome, acao: 'registrar', de: null, para: 'EM_ANDAMENTO' });
    await recordTrail(t, actor, { entidade: 'atendimento', registroId: id, acao: 'insert', depois: { id, ...row } });
    return id;
  });
  return (await detalhe(db, id))!;
}

export interface LinhaRow {
  id: number;
  protocolo: string;
  status: Status;
  pessoa_tipo: string;
  pessoa_nome: string;
  pessoa_codigo: string | null;
  canal: string;
  motivo: string;
  inicio: unknown;
  fim: unknown;
  resultado: string | null;
  atendente_nome: string;
  version: number;
}

/** The row's columns over `atendimentos a` left-joined to `beneficiarios b` and `prestadores pr` (the person's code). */
export const COLUNAS_LINHA = sql`a.id, a.protocolo, a.status, a.pessoa_tipo, a.pessoa_nome, coalesce(b.carteirinha, pr.codigo) as pessoa_codigo,
  a.canal, a.motivo, a.inicio, a.fim, a.resultado, a.atendente_nome, a.version`;
export const JUNTA_PESSOA = sql`left join beneficiarios b on b.id = a.beneficiario_id left join prestadores pr on pr.id = a.prestador_id`;

export function linha(r: LinhaRow): AtendimentoLinha {
  const inicio = iso(r.inicio)!;
  const fim = iso(r.fim);
  return {
    id: r.id,
    protocolo: r.protocolo,
    status: r.status,
    pessoaTipo: r.pessoa_tipo as AtendimentoLinha['pessoaTipo'],
    pessoaNome: r.pessoa_nome,
    pessoaCodigo: r.pessoa_codigo ?? null,
    canal: r.canal as AtendimentoLinha['canal'],
    motivo: r.motivo as AtendimentoLinha['motivo'],
    inicio,
    fim,
    duracao: duracaoMinutos(inicio, fim),
    resultado: (r.resultado as Resultado | null) ?? null,
    atendenteNome: r.atendente_nome,
    version: r.version,
  };
}

/** One contact with its references and history, or undefined. */
export async function detalhe(db: Db, id: number): Promise<AtendimentoDetalhe | undefined> {
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select ${COLUNAS_LINHA}, a.beneficiario_id, a.prestador_id, a.descricao, a.justificativa, a.criado_em,
        a.autorizacao_id, au.numero as autorizacao_numero, a.protocolo_documento_id, pd.numero as protocolo_documento_numero
      from atendimentos a ${JUNTA_PESSOA}
      left join autorizacoes au on au.id = a.autorizacao_id left join protocolos_documentos pd on pd.id = a.protocolo_documento_id
      where a.id = ${id}`,
  );
  if (!r) return undefined;
  const hist = await query<Record<string, unknown>>(
    db,
    sql`select id, em, usuario_nome, acao, de, para, resultado, nota from atendimento_historico where atendimento_id = ${id} order by em, id`,
  );
  const historico: AtendimentoHistorico[] = hist.map((h) => ({
    id: h.id as number,
    em: iso(h.em)!,
    usuario: h.usuario_nome as string,
    acao: h.acao as AtendimentoHistorico['acao'],
    de: (h.de as Status | null) ?? null,
    para: h.para as Status,
    resultado: (h.resultado as Resultado | null) ?? null,
    nota: (h.nota as string | null) ?? null,
  }));
  return {
    ...linha(r),
    beneficiarioId: (r.beneficiario_id as number | null) ?? null,
    prestadorId: (r.prestador_id as number | null) ?? null,
    descricao: r.descricao as string,
    autorizacao: r.autorizacao_id ? { id: r.autorizacao_id as number, numero: r.autorizacao_numero as string } : null,
    protocoloDocumento: r.protocolo_documento_id ? { id: r.protocolo_documento_id as number, numero: r.protocolo_documento_numero as string } : null,
    justificativa: (r.justificativa as string | null) ?? null,
    criadoEm: iso(r.criado_em)!,
    historico,
  };
}
