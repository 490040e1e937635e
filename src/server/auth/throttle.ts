import { sql, type SQL } from 'drizzle-orm';
import { APP_MSG } from '../../shared/messages';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';

/**
 * Throttling of password guesses (login, validar-senha, alterar-senha) with growing waits, never a hard lock.
 * Design and figures: CONTRIBUTING.md, "Tentativas de senha".
 *
 * A key (`falhas_login.chave`) counts attempts. The first `livres` pass at once; after attempt n ≥ livres the next one
 * waits min(cap, base·2^(n−livres)) from the last. An attempt is *reserved* (counted) before its password is checked,
 * by an upsert that only updates when the key allows it now: the row lock serialises parallel requests of every API
 * process, so a burst evaluates no more guesses than the key allows. A success takes its own attempt back (or clears
 * the key, for the account × address pair); a key quiet for the window is forgotten.
 */
export interface ThrottleKey {
  chave: string;
  /** Attempts allowed before waits start. */
  livres: number;
  /** A success clears the key (the pair): otherwise it only takes its own attempt back. */
  limpaNoSucesso?: boolean;
}

/** The keys of a login: the pair always; the address and the account only from an address the account never used. */
export function loginKeys(config: ServerConfig, login: string, ip: string, knownAddress: boolean): ThrottleKey[] {
  const f = config.loginMaxFailures;
  const keys: ThrottleKey[] = [{ chave: `par:${login}|${ip}`, livres: f, limpaNoSucesso: true }];
  if (!knownAddress) keys.push({ chave: `ip:${ip}`, livres: f * 4 }, { chave: `conta:${login}`, livres: f * 2 });
  return keys;
}

/** The current-password checks of a logged-in user (a stolen session must not find the password by trying). */
export function senhaKeys(config: ServerConfig, userId: number): ThrottleKey[] {
  return [{ chave: `senha:${userId}`, livres: config.loginMaxFailures, limpaNoSucesso: true }];
}

function waitOf(config: ServerConfig, livres: number): SQL {
  // seconds the key waits after its last attempt, as a function of the attempts counted (f.tentativas)
  return sql`least(${config.loginMaxDelayMinutes * 60}::float8, ${config.loginDelaySeconds}::float8 * power(2::float8, least(f.tentativas - ${livres}, 40)))`;
}

class Refused extends Error {
  constructor(readonly seconds: number) {
    super('refused');
  }
}

/** Where the refusal writes Retry-After (the Fastify reply). */
interface HeaderSink { header(name: string, value: string): unknown }

/**
 * Counts one attempt on every key, or on none: throws the 429 when any key asks to wait. Keys are locked in one
 * order (sorted), so two parallel reservations never wait on each other in a cycle.
 */
export async function reserveAttempt(db: Db, config: ServerConfig, keys: ThrottleKey[], reply: HeaderSink): Promise<void> {
  const sorted = [...keys].sort((a, b) => (a.chave < b.chave ? -1 : 1));
  const quiet = sql`now() - ${config.loginWindowMinutes}::float8 * interval '1 minute'`;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      for (const k of sorted) {
        const wait = waitOf(config, k.livres);
        const got = await query<{ tentativas: number }>(
          t,
          sql`insert into falhas_login as f (chave, tentativas, em) values (${k.chave}, 1, now())
            on conflict (chave) do update set tentativas = case when f.em < ${quiet} then 1 else f.tentativas + 1 end, em = now()
            where f.em < ${quiet} or f.tentativas < ${k.livres} or f.em + ${wait} * interval '1 second' <= now()
            returning f.tentativas`,
        );
        if (got.length) continue;
        const [left] = await query<{ s: number }>(t, sql`select extract(epoch from (f.em + ${wait} * interval '1 second' - now()))::float8 as s from falhas_login f where f.chave = ${k.chave}`);
        // undoes the keys already counted: a refused attempt is not an attempt
        throw new Refused(Number(left?.s ?? 1));
      }
    });
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const seconds = Math.max(1, Math.ceil(e.seconds));
    reply.header('retry-after', String(seconds));
    throw AppError.of(429, APP_MSG.muitasTentativas(Math.ceil(seconds / 60)));
  }
}

/** After a right password: the pair is cleared, the other keys take this attempt back. */
export async function attemptSucceeded(db: Db, keys: ThrottleKey[]): Promise<void> {
  const clear = keys.filter((k) => k.limpaNoSucesso).map((k) => k.chave);
  const back = keys.filter((k) => !k.limpaNoSucesso).map((k) => k.chave);
  if (clear.length) await query(db, sql`delete from falhas_login where chave in ${inList(clear)}`);
  if (back.length) await query(db, sql`update falhas_login set tentativas = greatest(tentativas - 1, 0) where chave in ${inList(back)}`);
}

const inList = (xs: string[]) => sql`(${sql.join(xs.map((x) => sql`${x}`), sql`, `)})`;
