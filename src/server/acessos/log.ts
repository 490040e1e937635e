import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { acessosRegistros } from '../db/schema';

/**
 * The access log (LGPD: who read whose personal record, and when), apart from the change trail. A read only queues
 * its rows here; one multi-row insert per batch writes them (a timer a moment later, or at once when the batch is
 * full), so the read answers without a round trip of its own. The log's own readers flush first (flushAccessLog), so
 * in one process a read is in the log the moment the list is asked for; another API process's reads arrive within
 * FLUSH_MS. Closing the app flushes what is pending; a process that dies loses at most that moment's reads.
 */

export type AccessEntity = 'beneficiario' | 'prestador';

type Pending = typeof acessosRegistros.$inferInsert;

interface Buffer {
  rows: Pending[];
  timer: NodeJS.Timeout | null;
  /** The flush under way: the next waits for it (one insert at a time per database). */
  running: Promise<void>;
}

const FLUSH_MS = 250;
const BATCH = 500;
/** A database that refuses the inserts for long keeps at most this many rows in memory (then the oldest go). */
const MAX_PENDING = 20_000;

const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b) buffers.set(db, (b = { rows: [], timer: null, running: Promise.resolve() }));
  return b;
}

/** Queues the reads of these records by the request's session (its user, address and route). */
export function logRead(db: Db, req: FastifyRequest, entidade: AccessEntity, ids: readonly (number | null | undefined)[]) {
  const s = req.session;
  if (!s) return;
  const origem = (req.routeOptions.url ?? req.url).slice(0, 80);
  const b = bufferOf(db);
  for (const id of new Set(ids)) {
    if (id == null) continue;
    b.rows.push({ em: new Date(), usuarioId: s.user.id, usuarioLogin: s.user.principal, ip: req.ip.slice(0, 64), entidade, registroId: id, origem });
  }
  if (b.rows.length > MAX_PENDING) b.rows.splice(0, b.rows.length - MAX_PENDING);
  if (b.rows.length >= BATCH) void flushAccessLog(db);
  else if (!b.timer && b.rows.length) {
    b.timer = setTimeout(() => void flushAccessLog(db), FLUSH_MS);
    b.timer.unref();
  }
}

/** Writes every queued read (one insert per BATCH rows); resolves when they are in. Failures keep the rows for the next flush. */
export function flushAccessLog(db: Db): Promise<void> {
  const b = bufferOf(db);
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
  b.running = b.running.then(async () => {
    while (b.rows.length) {
      const batch = b.rows.splice(0, BATCH);
      try {
        await db.insert(acessosRegistros).values(batch);
      } catch (err) {
        b.rows.unshift(...batch);
        console.error('log de acessos: gravação adiada', err);
        if (!b.timer) {
          b.timer = setTimeout(() => void flushAccessLog(db), 5_000);
          b.timer.unref();
        }
        return;
      }
    }
  });
  return b.running;
}
