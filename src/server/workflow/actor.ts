import { sql } from 'drizzle-orm';
import type { RequestSession } from '../auth/session';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import type { Actor } from '../trail/record';

/** Who writes a workflow record: the request's session and address (the trail's `Actor`, with the session known). */
export type SessionActor = Actor & { session: RequestSession };

/** The user's name as the history shows it (the login while the account has no name). */
export async function userName(db: Db, s: RequestSession): Promise<string> {
  const [u] = await query<{ nome: string }>(db, sql`select nome from usuarios where id = ${s.user.id}`);
  return u?.nome ?? s.user.principal;
}
