import type { CommandPath } from '../../../commands';
import type { Field, FormSection, RuleIssue, Values } from '../resources/define';
import type { FileKind } from '../files';
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
  /** The form's initial values, as typed text (a date as DD/MM/AAAA), computed when the screen opens. */
  padroes?: () => Record<string, string>;
  /** An import: the run reads a file the user sends (parameter `arquivo`, the stored file's id). */
  entrada?: Entrada;
}

/** The file an import reads: what the picker says, the kinds accepted (checked from the content) and its layout. */
export interface Entrada {
  rotulo: string;
  formatos: readonly FileKind[];
  ajuda?: string;
  /** The file's layout when it is the client's own (shown on the screen, read by the importer). */
  layout?: Layout;
}

export const ENTRADA_MSG = {
  escolha: 'Escolha o arquivo a importar.',
  naoEncontrado: 'O arquivo enviado não foi encontrado: escolha-o de novo.',
  formato: (formatos: string) => `O arquivo deve ser ${formatos}.`,
} as const;

export const defineProcesso = (p: Processo): Processo => p;

/** What "Pré-visualizar" answers: the count the run would touch and a few of them by name. */
export interface Previa {
  total: number;
  resumo: string;
  amostra: string[];
}
