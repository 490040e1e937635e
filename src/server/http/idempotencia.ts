import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { badRequest } from './errors';

/**
 * Idempotency of creations: the form sends one Idempotency-Key per form instance, and a repeated submission by the same
 * user (a double click, a resend after a lost answer) gets back the record the first one created, never a second one.
 * One table for every kind (`escopo`): authorizations, manifestações; later bills and payments.
 */
export type EscopoIdempotencia = 'autorizacao' | 'manifestacao' | 'faturadigitada' | 'protocolodigitado' | 'reembolso' | 'rpa' | 'pagamento' | 'movimentorps' | 'bordero' | 'solicitacaoverba' | 'avisodebito' | 'adesaoservico';

/** The Idempotency-Key header: optional; when sent, 8 to 100 letters, digits, '-' or '_'. */
export function chaveIdempotencia(v: string | string[] | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(v)) throw badRequest('Chave de idempotência inválida: use de 8 a 100 letras, números, hífens ou sublinhados.');
  return v;
}

/** The record an earlier submission with this key created, if any. */
export async function criadoAntes(db: Db, usuarioId: number, escopo: EscopoIdempotencia, chave: string | undefined): Promise<number | undefined> {
  if (!chave) return undefined;
  const [r] = await query<{ id: number }>(db, sql`select registro_id as id from idempotencia where usuario_id = ${usuarioId} and escopo = ${escopo} and chave = ${chave}`);
  return r?.id;
}

class Repetida extends Error {}

/**
 * Runs `cria` (which returns the new record's id) in one transaction and records the key in it. A parallel repeat
 * waits on the key's unique index until the first commits, then finds it taken and rolls back all it wrote.
 */
export async function criaUmaVez(
  db: Db,
  usuarioId: number,
  escopo: EscopoIdempotencia,
  chave: string | undefined,
  cria: (t: Db) => Promise<number>,
): Promise<{ id: number; repetida: boolean }> {
  const antes = await criadoAntes(db, usuarioId, escopo, chave);
  if (antes != null) return { id: antes, repetida: true };
  const id = await db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const novo = await cria(t);
      if (chave) {
        const ok = await query(t, sql`insert into idempotencia (usuario_id, escopo, chave, registro_id) values (${usuarioId}, ${escopo}, ${chave}, ${novo}) on conflict do nothing returning chave`);
        if (!ok.length) throw new Repetida();
      }
      return novo;
    })
    .catch(async (e: unknown) => {
      if (e instanceof Repetida) return null;
      // a rule of `cria` may refuse because the parallel twin has just created the record ("already exists"): the
      // twin's key answers, not the refusal
      if (chave && (await criadoAntes(db, usuarioId, escopo, chave)) != null) return null;
      throw e;
    });
  if (id != null) return { id, repetida: false };
  return { id: (await criadoAntes(db, usuarioId, escopo, chave))!, repetida: true };
}
