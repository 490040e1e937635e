import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../shared/atendimentos';
import { isoToBr } from '../../shared/dates';
import {
  FAMILIA_ACOES,
  FLUXO,
  MSG_AREA,
  MSG_JA_PRORROGADA,
  MSG_PRORROGACAO_FECHADA,
  MSG_RESPOSTA,
  MSG_SATISFACAO,
  msgReaberturaVencida,
  PRAZO_DIAS_UTEIS,
  PRAZO_PRORROGADO_DIAS_UTEIS,
  STATUS_EM_PRAZO,
  type ManifestacaoDetalhe,
  type Status,
  type Transicao,
} from '../../shared/ouvidoria';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { manifestacaoHistorico, manifestacoes } from '../db/schema';
import { query } from '../db/sql';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { scopeOf } from '../policy';
import { APP_MSG } from '../../shared/messages';
import { recordTrail } from '../trail/record';
import { applyTransition } from '../workflow/apply';
import { userName, type SessionActor } from '../workflow/actor';
import { prazoApos } from './prazos';
import { detalhe, diaDoRegistro, reabrirAte } from './registro';

export const MSG_NAO_ENCONTRADA = 'Manifestação não encontrada.';

interface Travada {
  id: number;
  status: Status;
  version: number;
  beneficiario_id: number;
  protocolo: string;
  area: string | null;
  resposta: string | null;
  respondida_em: unknown;
  satisfacao: number | null;
  prazo: string;
  justificativa_prorrogacao: string | null;
}
const travar = async (t: Db, id: number) =>
  (
    await query<Travada>(
      t,
      sql`select id, status, version, beneficiario_id, protocolo, area, resposta, respondida_em, satisfacao, to_char(prazo, 'YYYY-MM-DD') as prazo, justificativa_prorrogacao
        from manifestacoes where id = ${id} for update`,
    )
  )[0];

/**
 * One step of a manifestação through the shared workflow step (the table's transition, the version's 409, the reason,
 * history and trail in one transaction). The family may rate and reopen its own (the policy's scope on the locked
 * row); every other step is the ombudsman's. Its own parts: the area of a routing, the answer, the rating, and a
 * reopening within PRAZO_REABERTURA_DIAS of the answer, which gives a new deadline of 7 business days.
 */
export async function transicionar(ctx: AppContext, actor: SessionActor, id: number, body: Transicao): Promise<ManifestacaoDetalhe> {
  const regra = FLUXO.transitions[body.acao];
  const hoje = hojeSaoPaulo();
  // computed before the transaction: the holidays' read must not run inside the row's lock
  const novoPrazo = body.acao === 'reabrir' ? await prazoApos(ctx.db, hoje, PRAZO_DIAS_UTEIS) : null;
  await applyTransition(ctx, actor, id, body, {
    workflow: FLUXO,
    entity: 'manifestacao',
    table: manifestacoes,
    history: manifestacaoHistorico,
    historyKey: 'manifestacaoId',
    notFound: MSG_NAO_ENCONTRADA,
    owner: FAMILIA_ACOES.includes(body.acao) ? (r: Travada) => ({ beneficiario_id: r.beneficiario_id }) : undefined,
    check: () => {
      if (regra.area && !body.area) throw badRequest(MSG_AREA, 'area');
      if (regra.resposta && !body.resposta) throw badRequest(MSG_RESPOSTA, 'resposta');
      if (regra.satisfacao && body.satisfacao == null) throw badRequest(MSG_SATISFACAO, 'satisfacao');
    },
    lock: travar,
    change: async (_t, r, { note: nota, now: agora, to: para }) => {
      const set: Record<string, unknown> = {};
      if (body.acao === 'encaminhar') set.area = body.area;
      if (body.acao === 'retornar') set.area = null;
      if (body.acao === 'responder') Object.assign(set, { resposta: body.resposta, respondidaEm: agora, area: null });
      if (body.acao === 'avaliar') set.satisfacao = body.satisfacao;
      if (body.acao === 'reabrir') {
        const ate = reabrirAte(r.respondida_em == null ? null : new Date(r.respondida_em as string | Date).toISOString());
        if (ate && hoje > ate) throw AppError.of(422, msgReaberturaVencida(isoToBr(ate)));
        Object.assign(set, { prazo: novoPrazo, satisfacao: null, justificativaProrrogacao: null });
      }
      const antes = { status: r.status, area: r.area, resposta: r.resposta, satisfacao: r.satisfacao, prazo: r.prazo, version: r.version };
      return {
        set,
        history: { area: body.acao === 'encaminhar' ? body.area : null, interna: regra.interna, em: agora },
        before: antes,
        after: { ...antes, ...set, ...(set.respondidaEm ? { respondidaEm: agora.toISOString() } : {}), status: para, version: r.version + 1, acao: body.acao, nota },
      };
    },
  });
  return (await detalhe(ctx, actor.session, id))!;
}

/**
 * Extends the answer's deadline to 30 business days from the registration (RN 623: a complex case), once and before
 * the answer, with the justification the beneficiary reads in the history. The ombudsman's only.
 */
export async function prorrogar(ctx: AppContext, actor: SessionActor, id: number, body: { version: number; justificativa: string }): Promise<ManifestacaoDetalhe> {
  const { db } = ctx;
  const escopo = await scopeOf(ctx, actor.session, 'manifestacao');
  if (escopo.kind !== 'all') throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
  const nome = await userName(db, actor.session);
  const [m] = await query<{ protocolo: string }>(db, sql`select protocolo from manifestacoes where id = ${id}`);
  if (!m) throw notFound(MSG_NAO_ENCONTRADA);
  const prazo = await prazoApos(db, diaDoRegistro(m.protocolo), PRAZO_PRORROGADO_DIAS_UTEIS);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const r = await travar(t, id);
    if (!r) throw notFound(MSG_NAO_ENCONTRADA);
    if (r.version !== body.version) throw conflict(APP_MSG.conflito);
    if (!STATUS_EM_PRAZO.includes(r.status)) throw AppError.of(422, MSG_PRORROGACAO_FECHADA);
    if (r.justificativa_prorrogacao) throw AppError.of(422, MSG_JA_PRORROGADA);
    const agora = new Date();
    await t
      .update(manifestacoes)
      .set({ prazo, justificativaProrrogacao: body.justificativa, version: r.version + 1, atualizadoEm: agora })
      .where(sql`${manifestacoes.id} = ${id}`);
    await t.insert(manifestacaoHistorico).values({ manifestacaoId: id, usuarioId: actor.session.user.id, usuarioNome: nome, acao: 'prorrogar', de: r.status, para: r.status, nota: body.justificativa, em: agora });
    await recordTrail(t, actor, {
      entidade: 'manifestacao',
      registroId: id,
      acao: 'update',
      antes: { prazo: r.prazo, justificativaProrrogacao: null, version: r.version },
      depois: { prazo, justificativaProrrogacao: body.justificativa, version: r.version + 1, acao: 'prorrogar' },
    });
  });
  return (await detalhe(ctx, actor.session, id))!;
}
