import { z } from 'zod';
import { applies } from '../resources/define';
import { fieldSchema } from '../resources/schema';
import type { Processo } from './define';

/**
 * The parameters' schema: each field parsed as the resource forms parse it (pt-BR numbers, DD/MM/YYYY dates, masks);
 * a field whose condition (`when`) fails is null; names not declared are dropped; then the cross-field rules.
 */
export function paramsSchema(p: Pick<Processo, 'campos' | 'regras'>) {
  return z.record(z.string(), z.unknown(), { error: 'Parâmetros inválidos.' }).transform((input, ctx) => {
    const out: Record<string, unknown> = {};
    for (const [k, fd] of Object.entries(p.campos)) {
      if (!applies(fd, input)) {
        out[k] = null;
        continue;
      }
      const r = fieldSchema(fd).safeParse(input[k]);
      if (r.success) out[k] = r.data;
      else for (const i of r.error.issues) ctx.addIssue({ code: 'custom', path: [k], message: i.message });
    }
    for (const i of p.regras?.(out) ?? []) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
    return out;
  });
}

