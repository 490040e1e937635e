import type { RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { trilhaEventos } from '../db/schema';

/** 'restore': a deleted record written back from its deletion's entry (undo, src/server/resources/undo.ts). */
export type TrailAction = 'insert' | 'update' | 'delete' | 'restore';

/** Who made a change: the request's session and address (a FastifyRequest is one; a service receives just this). */
export interface Actor {
  session?: RequestSession;
  ip: string;
}

/** Never written to the trail: secrets and their hashes. */
const SECRET = /senha|password|hash|token/i;

function clean(row: unknown): unknown {
  if (row == null || typeof row !== 'object') return row ?? null;
  return Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([k]) => !SECRET.test(k)));
}

/** Keeps only the fields that changed, so the trail reads as a diff. */
function changed(antes: unknown, depois: unknown): [unknown, unknown] {
  if (!antes || !depois || typeof antes !== 'object' || typeof depois !== 'object') return [clean(antes), clean(depois)];
  const a = clean(antes) as Record<string, unknown>;
  const d = clean(depois) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(d[k]));
  return [Object.fromEntries(keys.map((k) => [k, a[k] ?? null])), Object.fromEntries(keys.map((k) => [k, d[k] ?? null]))];
}

/**
 * Records one write: who (from the request's session), when, what (entity and id) and the change.
 * Call it with the transaction that made the change, so both commit or neither does.
 */
type TrailEntry = { entidade: string; registroId: string | number; acao: TrailAction; antes?: unknown; depois?: unknown };

function row(req: Actor, e: TrailEntry) {
  const [antes, depois] = e.acao === 'update' ? changed(e.antes, e.depois) : [clean(e.antes), clean(e.depois)];
  return {
    usuarioId: req.session?.user.id ?? null,
    usuarioLogin: req.session?.user.principal ?? null,
    ip: req.ip,
    entidade: e.entidade,
    registroId: String(e.registroId),
    acao: e.acao,
    antes: antes ?? null,
    depois: depois ?? null,
  };
}

export async function recordTrail(db: Db, req: Actor, e: TrailEntry) {
  await db.insert(trilhaEventos).values(row(req, e));
}

/**
 * Many writes of one batch (a process issuing 200 cards) in one statement: the transaction that holds the embedded
 * database's single connection stays short, so other users' requests are served between batches.
 */
export async function recordTrailMany(db: Db, req: Actor, es: readonly TrailEntry[]) {
  if (es.length) await db.insert(trilhaEventos).values(es.map((e) => row(req, e)));
}
