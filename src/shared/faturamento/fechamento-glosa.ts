import { z } from 'zod';
import type { StatusProtocolo } from './index';
import type { ResultadoRecurso } from './recursos';

/**
 * Fechamento de Glosa Manual (copass, cet, rondo): the operator's staff make a reviewed protocol's glosas final by
 * hand, with a written reason, once no appeal of it waits for a decision. The protocol analysed and awaiting
 * release (5) is then released for payment (3); one closed without payment (4) stays so. No appeal is received after.
 */
export const JUSTIFICATIVA_FECHAMENTO_MIN = 15;

export const FECHAMENTO_GLOSA_MSG = {
  justificativa: `Escreva a justificativa do fechamento (de ${JUSTIFICATIVA_FECHAMENTO_MIN} a 500 caracteres): ela fica na trilha do protocolo.`,
  equipe: 'O fechamento de glosas é feito pela equipe da operadora.',
  emAnalise: 'A análise do protocolo ainda não foi encerrada: as glosas se fecham depois do encerramento.',
  fechada: (em: string) => `As glosas deste protocolo já foram fechadas em ${em}.`,
  semGlosa: 'O protocolo não tem glosa a fechar.',
  recursosPendentes: (n: number) =>
    `${n === 1 ? 'Há 1 item' : `Há ${n} itens`} de recurso de glosa sem decisão neste protocolo: decida ${n === 1 ? 'o recurso' : 'os recursos'} antes de fechar as glosas.`,
  naoEncontrado: 'Protocolo não encontrado.',
} as const;

export const fechamentoGlosaSchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  justificativa: z
    .string({ error: FECHAMENTO_GLOSA_MSG.justificativa })
    .trim()
    .min(JUSTIFICATIVA_FECHAMENTO_MIN, FECHAMENTO_GLOSA_MSG.justificativa)
    .max(500, FECHAMENTO_GLOSA_MSG.justificativa),
});
export type FechamentoGlosa = z.infer<typeof fechamentoGlosaSchema>;

export interface ItemGlosaFechamento {
  numeroGuiaPrestador: string;
  sequencial: number;
  codigoProcedimento: string;
  descricao: string;
  glosaCodigo: string | null;
  glosaDescricao: string | null;
  valorInformado: number;
  valorLiberado: number;
  valorGlosa: number;
  /** The appeal of the item, if any: its number and the decision (null: waiting). */
  recurso: { numero: string; resultado: ResultadoRecurso | null } | null;
}

export interface ProtocoloFechamento {
  id: number;
  version: number;
  numero: string;
  prestadorNome: string;
  prestadorCodigo: string | null;
  status: StatusProtocolo;
  analiseEncerradaEm: string | null;
  glosaFechadaEm: string | null;
  glosaFechadaPor: string | null;
  valorInformado: number;
  valorLiberado: number;
  valorGlosa: number;
  recursosPendentes: number;
  itens: ItemGlosaFechamento[];
  /** Whether the session may close it now (the staff, review closed, glosa open, no appeal waiting). */
  podeFechar: boolean;
}
