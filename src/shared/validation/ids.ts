import { z } from 'zod';

/**
 * Whole numbers that name rows: ids, versions and foreign keys are PostgreSQL `integer` (serial) columns, so a value
 * past 2^31 − 1 is refused here, with the field's message, instead of reaching the database as an out-of-range error.
 */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 (an id, a version, a foreign key), from a JSON number or the text of a path or query. */
export const int4Id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(INT4_MAX, msg);

/** The same, only from a JSON number (a body: "1" is not an id there). */
export const int4IdNumber = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(INT4_MAX, msg);
