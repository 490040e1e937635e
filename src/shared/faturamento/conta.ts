import { z } from 'zod';
import type { StatusProtocolo } from './index';

/**
 * A received protocol under review (flow 2): its guides and items with the informed, processed, released and glosed
 * values (integer centavos), the automatic proposals and the review's decisions, and the totals per guide and
 * protocol. The processed value is the informed one: every item of a received lot is processed.
 */
export interface ItemConta {
  id: number;
  version: number;
  sequencial: number;
  data: string;
  codigoTabela: string;
  codigoProcedimento: string;
  descricao: string;
  quantidade: number;
  valorUnitario: number;
  valorInformado: number;
  valorProcessado: number;
  /** null: not decided yet. */
  valorLiberado: number | null;
  valorGlosa: number;
  glosaProposta: string | null;
  glosaPropostaDescricao: string | null;
  glosaCodigo: string | null;
  glosaDescricao: string | null;
  /** The reviewer's last reason (from the change trail), if any. */
  justificativa: string | null;
  decidido: boolean;
}

export interface GuiaConta {
  id: number;
  ordem: number;
  numeroGuiaPrestador: string;
  numeroGuiaOperadora: string | null;
  senha: string | null;
  numeroCarteira: string;
  beneficiarioNome: string | null;
  dataAtendimento: string;
  status: StatusProtocolo;
  valorInformado: number;
  valorProcessado: number;
  valorLiberado: number;
  valorGlosa: number;
  itens: ItemConta[];
}

export interface TotaisConta {
  valorInformado: number;
  valorProcessado: number;
  valorLiberado: number;
  valorGlosa: number;
  itens: number;
  decididos: number;
  /** Items not decided yet that carry an automatic proposal. */
  pendentesComProposta: number;
}

export interface ContaProtocolo {
  id: number;
  version: number;
  numero: string;
  recebidoEm: string;
  prestadorId: number;
  prestadorNome: string;
  prestadorCodigo: string | null;
  numeroLote: string;
  padrao: string;
  tipoGuia: string;
  /** A lot file (XML) or bills typed in the portal (PORTAL). */
  origem: 'XML' | 'PORTAL';
  status: StatusProtocolo;
  /** The review is still open (Recebido or Em análise). */
  emAnalise: boolean;
  /** The reviewer may decide (operator's staff) — false for the provider. */
  podeAnalisar: boolean;
  /** The demonstrativo de análise de conta can be downloaded (the review is closed). */
  demonstrativo: boolean;
  guias: GuiaConta[];
  totais: TotaisConta;
}

export interface MotivoGlosa {
  codigo: string;
  descricao: string;
}

export const ENCERRAMENTO_MSG = {
  pendentes: (n: number) =>
    `${n === 1 ? 'Falta decidir 1 item' : `Faltam decidir ${n} itens`}: decida cada um ou encerre aceitando o restante como proposto.`,
  encerrada: 'A análise deste protocolo já foi encerrada: as decisões não mudam mais.',
  semDemonstrativo: 'O demonstrativo de análise sai depois de encerrada a análise do protocolo.',
} as const;

/** Closing the review: the protocol's version read, and whether the items not decided are accepted as proposed. */
export const encerramentoSchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  aceitarPropostas: z.boolean().default(false),
});
export type Encerramento = z.infer<typeof encerramentoSchema>;

export interface AnaliseEncerrada {
  id: number;
  version: number;
  status: StatusProtocolo;
  /** Items decided now, as proposed. */
  aceitosComoPropostos: number;
  totais: TotaisConta;
}

/** The statuses under which the review is open: 1 Recebido, 2 Em análise. */
export const EM_ANALISE: readonly string[] = ['1', '2'];
