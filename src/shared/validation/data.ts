import { z } from 'zod';
import { toIsoDate } from '../dates';

/**
 * A required date typed as DD/MM/AAAA (or ISO), turned into ISO: `vazia` when blank, `invalida` when it is no
 * calendar date. The forms and the server read the same messages.
 */
export const dataObrigatoria = (vazia: string, invalida: string) =>
  z
    .string({ error: vazia })
    .trim()
    .min(1, vazia)
    .transform((v, ctx) => {
      const iso = toIsoDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: invalida });
        return z.NEVER;
      }
      return iso;
    });
