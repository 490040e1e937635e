import { z } from 'zod';

/**
 * An optional number typed with or without its punctuation (an authorization, a protocol): kept as its digits,
 * empty → null. A value with no digits at all stays as typed, so the pattern refuses it with `invalida`.
 */
export function digitosOpcionais(padrao: RegExp, tipoInvalido: string, invalida: string) {
  return z
    .string({ error: tipoInvalido })
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/\D/g, '') || v : null))
    .refine((v) => v == null || padrao.test(v), invalida);
}
