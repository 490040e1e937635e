import { z } from 'zod';

/**
 * Recurso de glosa (issue 15, flow 4): the provider appeals glosas of one of its received protocols — per guide (every
 * glosed item of the guide, at its glosed value) or per item (a value up to the glosed one) — with its reason; the
 * operator decides each appealed item: acatado in full (3092), acatado in part (3095, with the value) or glosa mantida
 * (2902), with its reason. The released value of the item grows by exactly what was accepted.
 */

/** How many days after the glosa an appeal is still received (TUSS 38: 2907 "prazo de 180 dias ultrapassado"). */
export const PRAZO_RECURSO_DIAS = 180;

export const RESULTADOS_RECURSO = [
  ['3092', 'Acatado (valor total)'],
  ['3095', 'Acatado parcialmente'],
  ['2902', 'Glosa mantida'],
] as const;
export type ResultadoRecurso = (typeof RESULTADOS_RECURSO)[number][0];
export const RESULTADO_RECURSO_LABEL: Record<ResultadoRecurso, string> = Object.fromEntries(RESULTADOS_RECURSO) as Record<ResultadoRecurso, string>;

export const SITUACOES_RECURSO = [
  ['1', 'Recebido'],
  ['2', 'Em análise'],
  ['3', 'Respondido'],
] as const;
export type SituacaoRecurso = (typeof SITUACOES_RECURSO)[number][0];

export const RECURSO_MSG = {
  protocolo: 'Informe o número do protocolo de recebimento (12 dígitos).',
  protocoloNaoEncontrado: (n: string) => `O protocolo ${n} não foi encontrado entre os protocolos de faturamento do seu prestador.`,
  semGuias: 'Escolha ao menos uma guia ou um item glosado para recorrer.',
  guiaOuItens: 'Recorra da guia inteira (com a justificativa da guia) ou de itens dela, não dos dois.',
  justificativa: 'Informe a justificativa do recurso (até 500 caracteres).',
  valor: 'O valor recursado deve ser maior que zero.',
  guiaNaoEncontrada: (g: string) => `A guia ${g} não está neste protocolo.`,
  itemNaoEncontrado: (g: string, s: number) => `Guia ${g}: o item ${s} não existe.`,
  semGlosa: (g: string, s: number) => `Guia ${g}, item ${s}: o item não tem glosa a recorrer.`,
  guiaSemGlosa: (g: string) => `Guia ${g}: a guia não tem itens glosados a recorrer.`,
  valorAcima: (g: string, s: number, glosa: string) => `Guia ${g}, item ${s}: o valor recursado é maior que o valor glosado (${glosa}).`,
  codigo: (g: string, s: number, informado: string, glosa: string) =>
    `Guia ${g}, item ${s}: o recurso é da glosa ${informado}, mas a glosa do item é ${glosa} (2901 revisão de glosa inválida).`,
  repetido: (g: string, s: number, numero: string) => `Guia ${g}, item ${s}: o item já foi recorrido no recurso ${numero} (2904 mais de um recurso para o mesmo item).`,
  prazo: (g: string, s: number, glosadoEm: string) =>
    `Guia ${g}, item ${s}: recurso recusado com o código 2907 (prazo de 180 dias ultrapassado): a glosa é de ${glosadoEm}.`,
  equipe: 'A decisão do recurso de glosa é da equipe da operadora.',
  segregacao: 'Quem registrou o recurso não pode decidi-lo: a decisão cabe a outro usuário.',
  decidido: 'Este item do recurso já foi decidido.',
  justificativaDecisao: 'Informe a justificativa da decisão (até 500 caracteres).',
  valorParcial: (recursado: string) => `No acatamento parcial, o valor acatado deve ser maior que zero e menor que o valor recursado (${recursado}).`,
  valorSemParcial: 'Só o acatamento parcial (3095) leva valor acatado: o total acata o valor recursado e a glosa mantida não acata nada.',
  semPrestador: 'Este usuário não está ligado a um prestador e não pode recorrer de glosas.',
  naoEncontrado: 'Recurso de glosa não encontrado.',
  glosaFechada: (n: string, em: string) => `As glosas do protocolo ${n} foram fechadas em ${em} (fechamento de glosa): não cabe mais recurso.`,
} as const;

const justificativa = z.string().trim().min(1, RECURSO_MSG.justificativa).max(500, RECURSO_MSG.justificativa);

export const itemRecursoSchema = z.object({
  sequencial: z.number().int().min(1).max(9999),
  valorRecursado: z.number().int().positive(RECURSO_MSG.valor).max(99_999_999_99),
  justificativa,
});

export const guiaRecursoSchema = z
  .object({
    numeroGuiaPrestador: z.string().trim().min(1).max(20),
    /** Present: the whole guide is appealed (recursoGuiaCompleta), every glosed item at its glosed value. */
    justificativaGuia: justificativa.optional(),
    itens: z.array(itemRecursoSchema).max(999).optional(),
  })
  .refine((g) => (g.justificativaGuia != null) !== ((g.itens?.length ?? 0) > 0), { message: RECURSO_MSG.guiaOuItens, path: ['itens'] });

/** The appeal typed in the portal (Recurso de Glosa Manual). */
export const recursoManualSchema = z.object({
  protocolo: z.string().trim().regex(/^\d{12}$/, RECURSO_MSG.protocolo),
  guias: z.array(guiaRecursoSchema).min(1, RECURSO_MSG.semGuias).max(100),
});
export type RecursoManual = z.infer<typeof recursoManualSchema>;

export const decisaoRecursoSchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  resultado: z.enum(['3092', '3095', '2902']),
  /** Only with 3095: the value accepted, in centavos. */
  valorAcatado: z.number().int().positive().max(99_999_999_99).optional(),
  justificativa: z.string().trim().min(1, RECURSO_MSG.justificativaDecisao).max(500, RECURSO_MSG.justificativaDecisao),
});
export type DecisaoRecurso = z.infer<typeof decisaoRecursoSchema>;

export const glosasQuerySchema = z.object({
  protocolo: z.string().trim().regex(/^\d{12}$/, RECURSO_MSG.protocolo),
  /** '1': every item of the protocol, the released ones too (the whole bill as reviewed); else only the glosed. */
  todos: z.enum(['0', '1']).optional(),
});
export const recursosQuerySchema = z.object({
  situacao: z.enum(['1', '2', '3']).optional(),
  protocolo: z.string().trim().regex(/^\d{12}$/, RECURSO_MSG.protocolo).optional(),
});

/** A glosed item of a protocol, as the appeal screen shows it. */
export interface ItemGlosado {
  itemId: number;
  /** The billed item's version (the review's optimistic lock). */
  version: number;
  sequencial: number;
  data: string;
  codigoProcedimento: string;
  descricao: string | null;
  glosaCodigo: string | null;
  valorInformado: number;
  valorLiberado: number;
  valorGlosa: number;
  /** When the glosa was decided (ISO instant) and the last day to appeal (ISO date). */
  glosadoEm: string;
  prazo: string;
  /** The appeal that already holds the item. */
  recurso: { numero: string; resultado: ResultadoRecurso | null } | null;
}

export interface GuiaGlosada {
  numeroGuiaPrestador: string;
  numeroCarteira: string;
  dataAtendimento: string;
  itens: ItemGlosado[];
}

export interface ProtocoloGlosas {
  protocolo: { id: number; numero: string; numeroLote: string; prestadorNome: string; recebidoEm: string };
  guias: GuiaGlosada[];
}

export interface ItemRecursoLinha {
  id: number;
  version: number;
  numeroGuiaPrestador: string;
  sequencial: number;
  codigoProcedimento: string;
  descricao: string | null;
  guiaCompleta: boolean;
  codigoGlosa: string;
  valorGlosa: number;
  valorRecursado: number;
  justificativa: string;
  resultado: ResultadoRecurso | null;
  valorAcatado: number | null;
  justificativaOperadora: string | null;
  decididoEm: string | null;
  valorLiberado: number;
}

export interface RecursoLinha {
  id: number;
  numero: string;
  protocolo: string;
  numeroLote: string;
  prestadorNome: string;
  origem: 'XML' | 'PORTAL';
  criadoEm: string;
  valorRecursado: number;
  valorAcatado: number;
  situacao: SituacaoRecurso;
  /** Whether the session created it (and so cannot decide it). */
  proprio: boolean;
  itens: ItemRecursoLinha[];
}
