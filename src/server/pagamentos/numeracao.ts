import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';

/** The series of the payment documents: RPA, payment request (SP), payable (PG), borderô (BD), solicitação de verba (SV). */
export type Serie = 'RPA' | 'SP' | 'PG' | 'BD' | 'SV';

/**
 * The next number of a series in a year (the year and a 6-digit sequence: 2026000001): the year's counter row is
 * created or incremented in the caller's transaction, its lock holding any other issue of the series until this one
 * commits — unique and without gaps.
 */
export async function proximoNumero(t: Db, serie: Serie, ano: number): Promise<string> {
  const [{ ultimo }] = await query<{ ultimo: number }>(
    t,
    sql`insert into pagamento_numeracao (serie, ano, ultimo) values (${serie}, ${ano}, 1)
      on conflict (serie, ano) do update set ultimo = pagamento_numeracao.ultimo + 1 returning ultimo`,
  );
  if (Number(ultimo) > 999_999) throw AppError.of(422, `Limite de 999.999 documentos da série ${serie} no ano atingido.`);
  return `${ano}${String(ultimo).padStart(6, '0')}`;
}

/** The released value of a protocol's items (the review's decisions, appeals included), as SQL over alias `p`. */
export const LIBERADO_DO_PROTOCOLO = sql`(select coalesce(sum(i.valor_liberado_centavos), 0) from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id)`;
/** The protocol's day of receipt in São Paulo. */
export const DIA_RECEBIDO = sql`(p.recebido_em at time zone 'America/Sao_Paulo')::date`;

/** An instant as the database gives it (a Date, or text from another driver) in ISO, without losing its milliseconds. */
export const instante = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
