import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RecordEntity } from '../../shared/lists/types';
import { APP_MSG } from '../../shared/messages';
import type { TransitionDef, Workflow } from '../../shared/workflow';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { inScope, scopeOf } from '../policy';
import { recordTrail } from '../trail/record';
import { userName, type SessionActor } from './actor';

/** The row a step starts from, read locked. */
export interface LockedRow<S extends string> {
  status: S;
  version: number;
}

/** What a step writes besides the status and the version: the domain's columns, history columns and trail. */
export interface StepChange {
  set: Record<string, unknown>;
  history: Record<string, unknown>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface TransitionTarget<S extends string, A extends string, R extends LockedRow<S>> {
  workflow: Workflow<S, A, TransitionDef<S>>;
  /** The policy's entity (scope) and the trail's. */
  entity: RecordEntity;
  table: PgTable & { id: AnyPgColumn; version: AnyPgColumn };
  history: PgTable;
  /** The history's column naming the record (`protocoloId`). */
  historyKey: string;
  notFound: string;
  /** Reads the record `for update`: the lock holds any other step until this one commits. */
  lock: (t: Db, id: number) => Promise<R | undefined>;
  /**
   * A step the record's own family may take too (rating an answer): the record's owning columns, checked against the
   * session's scope once the row is read. Absent: only a session seeing every record moves it.
   */
  owner?: (row: R) => Record<string, unknown>;
  /** The domain's own refusals before the transaction (an outcome the step needs). */
  check?: () => void;
  /** The domain's part of the step, once it is allowed (it may refuse too: an inactive sector). */
  change: (t: Db, row: R, ctx: { note: string | null; now: Date; to: S }) => Promise<StepChange>;
}

/**
 * Applies one action to a workflow record, in one transaction: the status must allow it (422 with the declared
 * refusal), the version read must be the current one (409 with the conflict message: another desk moved it first, also
 * when the row changes between the check and the update), then the update, the history row and the trail entry. Only
 * a session seeing every record of the entity writes (deny by default: a family or a provider only ever reads).
 */
export async function applyTransition<S extends string, A extends string, R extends LockedRow<S>>(
  ctx: AppContext,
  actor: SessionActor,
  id: number,
  body: { acao: A; version: number; nota?: string | null },
  target: TransitionTarget<S, A, R>,
): Promise<void> {
  const { db } = ctx;
  const escopo = await scopeOf(ctx, actor.session, target.entity);
  if (escopo.kind === 'none' || (escopo.kind !== 'all' && !target.owner)) throw forbidden(escopo.kind === 'none' ? escopo.reason : undefined);
  const nome = await userName(db, actor.session);
  const regra = target.workflow.transitions[body.acao];
  const nota = body.nota?.trim() || null;
  if (regra.reason && !nota) throw badRequest(regra.reason, 'nota');
  target.check?.();

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const r = await target.lock(t, id);
    // another family's record answers as a missing one
    if (!r || (escopo.kind !== 'all' && !inScope(escopo, target.entity, target.owner!(r)))) throw notFound(target.notFound);
    if (r.version !== body.version) throw conflict(APP_MSG.conflito);
    if (!target.workflow.allows(body.acao, r.status)) throw AppError.of(422, target.workflow.refusal(body.acao, r.status));

    const para = regra.to;
    const now = new Date();
    const c = await target.change(t, r, { note: nota, now, to: para });
    const updated = await t
      .update(target.table)
      .set({ status: para, version: r.version + 1, atualizadoEm: now, ...c.set } as never)
      .where(sql`${target.table.id} = ${id} and ${target.table.version} = ${r.version}`)
      .returning({ id: target.table.id });
    if (!updated.length) throw conflict(APP_MSG.conflito);
    await t.insert(target.history).values({ [target.historyKey]: id, usuarioId: actor.session.user.id, usuarioNome: nome, acao: body.acao, de: r.status, para, nota, ...c.history } as never);
    await recordTrail(t, actor, { entidade: target.entity, registroId: id, acao: 'update', antes: c.before, depois: c.after });
  });
}
