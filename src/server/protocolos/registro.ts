import { sql } from 'drizzle-orm';
import { formatNumero, hojeSaoPaulo, type ProtocoloDetalhe, type ProtocoloHistorico, type ProtocoloLinha, type Registro, type Status } from '../../shared/protocolos';
import type { RequestSession } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { protocoloHistorico, protocolosDocumentos } from '../db/schema';
import { query } from '../db/sql';
import { badRequest, forbidden } from '../http/errors';
import { beneficiarioLookup, inScope, MSG_FAMILIA, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { enfileirarProtocolo } from '../cmis/fila';
import { userName, type SessionActor } from '../workflow/actor';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const dia = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The next number of a year: the year's counter row is created or incremented in the caller's transaction, and the
 * row lock the increment takes holds any other registration of that year until this one commits (or rolls back,
 * giving the number back): unique and without gaps even with many desks at once.
 */
export async function proximoNumero(t: Db, ano: number): Promise<string> {
  const [{ ultimo }] = await query<{ ultimo: number }>(
    t,
    sql`insert into protocolo_numeracao (ano, ultimo) values (${ano}, 1)
      on conflict (ano) do update set ultimo = protocolo_numeracao.ultimo + 1 returning ultimo`,
  );
  return formatNumero(ano, Number(ultimo));
}

/** The sender read from its registry (beneficiary, provider) or as written (company, someone else). */
async function remetenteDe(ctx: AppContext, s: RequestSession, body: Registro): Promise<{ nome: string; documento: string | null }> {
  if (body.remetenteTipo === 'BENEFICIARIO') {
    // the same lookup rule as every beneficiary picker: the staff any beneficiary, a family its own, others none
    const { mode, scope } = await beneficiarioLookup(ctx, s);
    if (mode === 'none' || (mode === 'family' && !inScope(scope, 'beneficiario', { id: body.beneficiarioId }))) throw forbidden(MSG_FAMILIA);
    const [b] = await query<{ nome: string; cpf: string | null }>(ctx.db, sql`select nome, cpf from beneficiarios where id = ${body.beneficiarioId}`);
    if (!b) throw badRequest('Beneficiário não encontrado.', 'beneficiarioId');
    return { nome: b.nome, documento: b.cpf };
  }
  if (body.remetenteTipo === 'PRESTADOR') {
    const [p] = await query<{ nome: string; cpf: string | null; cnpj: string | null }>(ctx.db, sql`select nome, cpf, cnpj from prestadores where id = ${body.prestadorId}`);
    if (!p) throw badRequest('Prestador não encontrado.', 'prestadorId');
    return { nome: p.nome, documento: p.cnpj ?? p.cpf };
  }
  return { nome: body.remetenteNome!, documento: body.remetenteDocumento };
}

async function assertSetor(db: Db, setorId: number, field = 'setorId') {
  const [s] = await query<{ id: number; ativo: boolean }>(db, sql`select id, ativo from setores_empresa where id = ${setorId}`);
  if (!s) throw badRequest('Setor de destino não encontrado.', field);
  if (!s.ativo) throw badRequest('Este setor está inativo: escolha outro setor de destino.', field);
}

/**
 * Registers a received document (the desk's "protocolar"): the sender, the document, the sector it goes to; the
 * protocol number, the record, its first history step and the trail entry, in one transaction.
 */
export async function registrar(ctx: AppContext, actor: SessionActor, body: Registro): Promise<ProtocoloDetalhe> {
  const { db } = ctx;
  const s = actor.session;
  const escopo = await scopeOf(ctx, s, 'protocolodocumento');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
  const remetente = await remetenteDe(ctx, s, body);
  await assertSetor(db, body.setorId);
  const nome = await userName(db, s);
  const ano = Number(hojeSaoPaulo().slice(0, 4));

  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const numero = await proximoNumero(t, ano);
    const row = {
      numero,
      status: 'PROTOCOLADO' as Status,
      remetenteTipo: body.remetenteTipo,
      beneficiarioId: body.beneficiarioId,
      prestadorId: body.prestadorId,
      remetenteNome: remetente.nome,
      remetenteDocumento: remetente.documento,
      tipoDocumento: body.tipoDocumento,
      assunto: body.assunto,
      setorId: body.setorId,
      folhas: body.folhas,
      recebidoEm: body.recebidoEm,
      canal: body.canal,
      observacao: body.observacao,
      criadoPorId: s.user.id,
    };
    const [{ id }] = await t.insert(protocolosDocumentos).values(row).returning({ id: protocolosDocumentos.id });
    await t.insert(protocoloHistorico).values({ protocoloId: id, usuarioId: s.user.id, usuarioNome: nome, acao: 'registrar', de: null, para: 'PROTOCOLADO', setorId: body.setorId });
    await recordTrail(t, actor, { entidade: 'protocolodocumento', registroId: id, acao: 'insert', depois: { id, ...row } });
    // the protocolled document goes to the document repository (Integração CMIS)
    await enfileirarProtocolo(t, id, row.numero);
    return id;
  });
  return (await detalhe(db, id))!;
}

export interface LinhaRow {
  id: number;
  numero: string;
  status: Status;
  remetente_tipo: string;
  remetente_nome: string;
  remetente_documento: string | null;
  tipo_documento: string;
  assunto: string;
  setor_id: number;
  setor_nome: string;
  folhas: number;
  recebido_em: unknown;
  canal: string;
  version: number;
}

export const COLUNAS_LINHA = sql`p.id, p.numero, p.status, p.remetente_tipo, p.remetente_nome, p.remetente_documento, p.tipo_documento, p.assunto,
  p.setor_id, s.descricao as setor_nome, p.folhas, p.recebido_em, p.canal, p.version`;

export const linha = (r: LinhaRow): ProtocoloLinha => ({
  id: r.id,
  numero: r.numero,
  status: r.status,
  remetenteTipo: r.remetente_tipo as ProtocoloLinha['remetenteTipo'],
  remetenteNome: r.remetente_nome,
  remetenteDocumento: r.remetente_documento,
  tipoDocumento: r.tipo_documento as ProtocoloLinha['tipoDocumento'],
  assunto: r.assunto,
  setor: r.setor_id,
  setorNome: r.setor_nome,
  folhas: r.folhas,
  recebidoEm: dia(r.recebido_em),
  canal: r.canal as ProtocoloLinha['canal'],
  version: r.version,
});

/** One protocol with its sender's registry code and its history, or undefined. */
export async function detalhe(db: Db, id: number): Promise<ProtocoloDetalhe | undefined> {
  const [r] = await query<LinhaRow & Record<string, unknown>>(
    db,
    sql`select ${COLUNAS_LINHA}, p.beneficiario_id, p.prestador_id, p.observacao, p.motivo, p.criado_em,
        coalesce(u.nome, 'Importação') as criado_por, b.carteirinha, pr.codigo as prestador_codigo
      from protocolos_documentos p join setores_empresa s on s.id = p.setor_id
      left join usuarios u on u.id = p.criado_por_id left join beneficiarios b on b.id = p.beneficiario_id left join prestadores pr on pr.id = p.prestador_id
      where p.id = ${id}`,
  );
  if (!r) return undefined;
  const hist = await query<Record<string, unknown>>(
    db,
    sql`select h.id, h.em, h.usuario_nome, h.acao, h.de, h.para, h.nota, s.descricao as setor_nome
      from protocolo_historico h left join setores_empresa s on s.id = h.setor_id where h.protocolo_id = ${id} order by h.em, h.id`,
  );
  const historico: ProtocoloHistorico[] = hist.map((h) => ({
    id: h.id as number,
    em: iso(h.em)!,
    usuario: h.usuario_nome as string,
    acao: h.acao as ProtocoloHistorico['acao'],
    de: (h.de as Status | null) ?? null,
    para: h.para as Status,
    nota: (h.nota as string | null) ?? null,
    setorNome: (h.setor_nome as string | null) ?? null,
  }));
  return {
    ...linha(r),
    beneficiarioId: (r.beneficiario_id as number | null) ?? null,
    prestadorId: (r.prestador_id as number | null) ?? null,
    remetenteCodigo: ((r.carteirinha ?? r.prestador_codigo) as string | null) ?? null,
    observacao: (r.observacao as string | null) ?? null,
    motivo: (r.motivo as string | null) ?? null,
    criadoEm: iso(r.criado_em)!,
    criadoPor: r.criado_por as string,
    historico,
  };
}
