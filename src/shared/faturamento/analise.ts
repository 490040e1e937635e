import { z } from 'zod';

/**
 * The review of a billed item (flow 2): accept it as informed (no glosa), accept the automatic proposal, or glosa it
 * with another table-38 code (or clear the proposal) — a change from the proposal needs the reviewer's reason.
 * The value glosed is the whole informed value unless a partial one (in centavos) is given.
 */
export const ANALISE_MSG = {
  justificativa: 'Informe a justificativa: a decisão é diferente da proposta automática.',
  codigo: 'Código de glosa inválido: use um código da tabela TUSS 38 (4 dígitos).',
  codigoDesconhecido: (c: string) => `O código ${c} não é um motivo de glosa em vigor na tabela de motivos (TUSS 38).`,
  valorGlosa: 'O valor glosado deve ser maior que zero e no máximo o valor informado do item.',
  semGlosaComValor: 'Sem código de glosa não há valor glosado.',
  equipe: 'A análise de contas é feita pela equipe da operadora.',
} as const;

export const analiseItemSchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  /** The table-38 code of the glosa; null: the item is released as informed. */
  glosaCodigo: z.string().regex(/^\d{4}$/, ANALISE_MSG.codigo).nullable(),
  /** Partial glosa in centavos; absent: the whole informed value. */
  valorGlosa: z.number().int().positive(ANALISE_MSG.valorGlosa).max(999_999_999_999).optional(),
  justificativa: z.string().trim().max(500).optional(),
});
export type AnaliseItem = z.infer<typeof analiseItemSchema>;

export interface ItemAnalisado {
  id: number;
  version: number;
  glosaProposta: string | null;
  glosaCodigo: string | null;
  valorInformado: number;
  valorLiberado: number;
  valorGlosa: number;
}
