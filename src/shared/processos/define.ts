import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { applies, type Field, type FormSection, type RuleIssue, type Values } from '../resources/define';
import { fieldSchema } from '../resources/schema';
import type { Layout } from './layout';

/**
 * A process or export as its screen and its run see it, declared once: the command it serves, the kind of run
 * (`tipo`, the server's job kind), what it does, its parameters (the field DSL of the resources: one declaration
 * gives the form, the masks and the zod schema both sides use), whether it shows a preview before running, and the
 * layouts of the files it writes (shown on the screen, used by the writer).
 */
export interface Processo {
  comando: CommandPath;
  tipo: string;
  /** What it does, for the screen (one or two sentences). */
  descricao: string;
  campos: Record<string, Field>;
  secoes?: readonly FormSection[];
  /** Cross-field rules over the parsed values (both sides). */
  regras?: (v: Values) => RuleIssue[];
  /** The screen offers "Pré-visualizar": how many records the run will change, before it runs. */
  previa?: boolean;
  /** It changes records: running asks for confirmation. */
  altera?: boolean;
  /** Files it writes in a layout of its own (the client's or the printer's), shown on the screen. */
  layouts?: readonly Layout[];
}

export const defineProcesso = (p: Processo): Processo => p;

/**
 * The parameters' schema: each field parsed as the resource forms parse it (pt-BR numbers, DD/MM/YYYY dates, masks);
 * a field whose condition (`when`) fails is null; names not declared are dropped; then the cross-field rules.
 */
export function paramsSchema(p: Pick<Processo, 'campos' | 'regras'>) {
  return z.record(z.string(), z.unknown(), { error: 'Parâmetros inválidos.' }).transform((input, ctx) => {
    const out: Values = {};
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

/** What "Pré-visualizar" answers: the count the run would touch and a few of them by name. */
export interface Previa {
  total: number;
  resumo: string;
  amostra: string[];
}
