import { z } from 'zod';
import { applies } from '../resources/define';
import { fieldSchema } from '../resources/schema';
import { ENTRADA_MSG, type Processo } from './define';

const arquivoId = z.number().int().positive().max(2_147_483_647);

/**
 * The parameters' schema: each field parsed as the resource forms parse it (pt-BR numbers, DD/MM/YYYY dates, masks);
 * a field whose condition (`when`) fails is null; names not declared are dropped; then the cross-field rules.
 */
export function paramsSchema(p: Pick<Processo, 'campos' | 'regras' | 'entrada'>, opts: { semEntrada?: boolean } = {}) {
  // an import's file: the id the upload answered (the page checks the chosen file itself and sends it first)
  const entrada = p.entrada && !opts.semEntrada;
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
    if (entrada) {
      const id = arquivoId.safeParse(input.arquivo);
      if (id.success) out.arquivo = id.data;
      else ctx.addIssue({ code: 'custom', path: ['arquivo'], message: ENTRADA_MSG.escolha });
    }
    for (const i of p.regras?.(out) ?? []) ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
    return out;
  });
}

