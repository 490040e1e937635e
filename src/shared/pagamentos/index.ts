import { z } from 'zod';
import type { CommandPath } from '../../../commands';
import { CONSTANTS } from '../constants';
import { todayIso } from '../dates';
import type { Centavos } from '../money';
import { STATUS_PAGAMENTO } from '../resources/pessoas';
import { labelOf, optionalId, optionalText } from '../workflow/schemas';
import { faltasNfse, nfseCampos, type Nfse } from './nfse';
import type { CalculoRpa } from './rpa';
import { dataObrigatoria } from '../validation/data';

/**
 * Paying providers (issue 15, flows 5 and 6): the Recibo de Pagamento a Autônomo of a natural-person provider (Fatura
 * RPA), the provider's payment request for its closed protocols and the operator's consolidated amount to pay per
 * provider and month, a payable "a pagar" until finance pays it. Money in integer centavos.
 */

export const COMANDO_RPA = '/principal/faturamento/faturamentos-prestadores/busca/rpa' satisfies CommandPath;
export const COMANDO_SOLICITACAO = '/principal/faturamento/solicitacao-pagamento-prestador' satisfies CommandPath;
export const COMANDO_CONSOLIDACAO = '/financeiro/pagamento/processo-pagamento/solicitacao-pagamento-prestador' satisfies CommandPath;

/** Spec §9: a natural person's payment starts in conference (CONF). */
export const STATUS_PAGAMENTO_INICIAL = CONSTANTS.statusPagamentoPrestadorFisico;
export { STATUS_PAGAMENTO };
export type StatusPagamento = (typeof STATUS_PAGAMENTO)[number][0];
export const statusPagamentoLabel = (v: unknown) => labelOf(STATUS_PAGAMENTO, v);

export const STATUS_SOLICITACAO = [
  ['SOLICITADA', 'Solicitada'],
  ['CONSOLIDADA', 'Consolidada'],
] as const;
export type StatusSolicitacao = (typeof STATUS_SOLICITACAO)[number][0];
export const STATUS_A_PAGAR = [
  ['A_PAGAR', 'A pagar'],
  ['PAGO', 'Pago'],
] as const;
export type StatusAPagar = (typeof STATUS_A_PAGAR)[number][0];

export const PAGAMENTO_MSG = {
  prestador: 'Escolha o prestador.',
  pessoaJuridica: (nome: string) => `O RPA é emitido só para prestador pessoa física: ${nome} é pessoa jurídica.`,
  semProtocolos: (nome: string) => `Nenhum protocolo de ${nome} com a análise encerrada, valor liberado e sem RPA no período.`,
  protocoloNaoDisponivel: (numero: string) => `O protocolo ${numero} não está disponível para o RPA: precisa estar com a análise encerrada, ter valor liberado e não estar em outro RPA.`,
  semInss: (dia: string) => `Não há alíquota de INSS para pessoa física em vigência em ${dia}: cadastre-a em Tabelas de Impostos.`,
  semTeto: (dia: string) => `Não há teto do INSS (Limite de Imposto) em vigência em ${dia}: cadastre-o em Limites de Impostos.`,
  semIrrf: (dia: string) => `Não há tabela de IRRF em vigência em ${dia}: cadastre-a em Tabela de IRRF.`,
  equipe: 'Só a equipe da operadora emite e confere RPAs.',
  segregacaoRpa: 'Quem emitiu o RPA não pode liberá-lo nem bloqueá-lo: a conferência cabe a outro usuário.',
  justificativaBloqueio: 'Informe a justificativa do bloqueio.',
  mesmaSituacao: (label: string) => `O RPA já está "${label}".`,
  protocolosVazios: 'Escolha ao menos um protocolo para pedir o pagamento.',
  protocoloIndisponivel: (numero: string) => `O protocolo ${numero} não pode ser pedido: precisa ser do prestador, estar com a análise encerrada e ter valor liberado.`,
  protocoloJaPedido: (numero: string, solicitacao: string) => `O protocolo ${numero} já está na solicitação de pagamento nº ${solicitacao}.`,
  nadaAConsolidar: 'Nenhuma solicitação de pagamento a consolidar para os prestadores e a competência escolhidos.',
  segregacaoConsolidacao: 'Quem pediu o pagamento não pode consolidá-lo: a consolidação cabe a outro usuário.',
  rpaPendente: (protocolos: string) => `Prestador pessoa física: emita e libere o RPA dos protocolos ${protocolos} antes de consolidar.`,
  rpaParcial: (rpa: string, protocolos: string) => `O RPA nº ${rpa} também cobre protocolos não pedidos nesta competência (${protocolos}): peça o pagamento deles antes de consolidar.`,
} as const;

const data = (vazio: string, label: string) => dataObrigatoria(vazio, `${label} inválida. Use DD/MM/AAAA.`);

/**
 * An RPA to issue: the provider, and which closed protocols — one (`protocolo`) or those received in a period
 * (`periodo`) — with the issue date (today when empty; the month of the withholdings).
 */
export const rpaSchema = z
  .object({
    prestadorId: optionalId,
    modo: z.enum(['protocolo', 'periodo'], { error: 'Escolha um protocolo ou um período.' }),
    protocoloId: optionalId,
    de: data('Informe o início do período.', 'Data inicial').optional(),
    ate: data('Informe o fim do período.', 'Data final').optional(),
    dataEmissao: data('Informe a data de emissão.', 'Data de emissão').optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.prestadorId) ctx.addIssue({ code: 'custom', path: ['prestadorId'], message: 'Escolha o prestador pessoa física.' });
      if (v.modo === 'protocolo' && !v.protocoloId) ctx.addIssue({ code: 'custom', path: ['protocoloId'], message: 'Escolha o protocolo.' });
      if (v.modo === 'periodo') {
        if (!v.de) ctx.addIssue({ code: 'custom', path: ['de'], message: 'Informe o início do período.' });
        if (!v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe o fim do período.' });
        if (v.de && v.ate && v.ate < v.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'O fim do período é anterior ao início.' });
      }
      if (v.dataEmissao && v.dataEmissao > todayIso()) ctx.addIssue({ code: 'custom', path: ['dataEmissao'], message: 'A data de emissão não pode ser futura.' });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  )
  .transform((v) => ({ ...v, prestadorId: v.prestadorId!, dataEmissao: v.dataEmissao ?? todayIso() }));
export type RpaInput = z.input<typeof rpaSchema>;
export type Rpa = z.output<typeof rpaSchema>;

/** The conference of an RPA: release its payment (LIB), block it (with the reason) or put it back in conference. */
export const situacaoRpaSchema = z
  .object({
    version: z.coerce.number({ error: 'Informe a versão.' }).int().positive().max(2_147_483_647),
    statusPagamento: z.enum(STATUS_PAGAMENTO.map(([k]) => k) as ['CONF', 'LIB', 'BLOQ'], { error: 'Situação de pagamento inválida.' }),
    justificativa: optionalText(500, 'Justificativa'),
  })
  .superRefine(
    (v, ctx) => {
      if (v.statusPagamento === 'BLOQ' && !v.justificativa) ctx.addIssue({ code: 'custom', path: ['justificativa'], message: PAGAMENTO_MSG.justificativaBloqueio });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  );
export type SituacaoRpaInput = z.input<typeof situacaoRpaSchema>;

/**
 * A payment request: the provider's closed protocols (the staff choose the provider) and, for a legal entity, its
 * NFS-e (nfse.ts). Whether the invoice is required depends on the provider (the server's check); a partly filled
 * one names each empty field here.
 */
export const solicitacaoPagamentoSchema = z
  .object({
    prestadorId: optionalId,
    protocolos: z
      .array(z.coerce.number().int().positive().max(2_147_483_647), { error: PAGAMENTO_MSG.protocolosVazios })
      .min(1, PAGAMENTO_MSG.protocolosVazios)
      .max(500, 'No máximo 500 protocolos por solicitação.')
      .transform((v) => [...new Set(v)]),
    ...nfseCampos,
  })
  .superRefine(
    (v, ctx) => {
      for (const f of faltasNfse(v, false)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.message });
    },
    { when: (p) => p.value != null && typeof p.value === 'object' },
  );
export type SolicitacaoPagamentoInput = z.input<typeof solicitacaoPagamentoSchema>;

const competencia = z
  .string({ error: 'Informe a competência.' })
  .trim()
  .transform((v, ctx) => {
    const m = /^(\d{2})\/(\d{4})$/.exec(v) ?? /^(\d{4})-(\d{2})$/.exec(v);
    const [ano, mes] = m ? (v.includes('/') ? [m[2], m[1]] : [m[1], m[2]]) : [];
    if (!m || Number(mes) < 1 || Number(mes) > 12 || Number(ano) < 2000 || Number(ano) > 2100) {
      ctx.addIssue({ code: 'custom', message: 'Competência inválida. Use MM/AAAA.' });
      return z.NEVER;
    }
    return `${ano}-${mes}`;
  });
export const competenciaQuery = z.object({ competencia });

/** The consolidation: the month's requests of these providers become their payables. */
export const consolidacaoSchema = z.object({
  competencia,
  prestadores: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'Escolha ao menos um prestador.' })
    .min(1, 'Escolha ao menos um prestador.')
    .max(1000)
    .transform((v) => [...new Set(v)]),
});
export type ConsolidacaoInput = z.input<typeof consolidacaoSchema>;

/** 'YYYY-MM' → 'MM/AAAA'. */
export const competenciaBr = (c: string) => `${c.slice(5, 7)}/${c.slice(0, 4)}`;

// ---- wire types -----------------------------------------------------------------------------------------------

export interface RpaLinha {
  id: number;
  numero: string;
  dataEmissao: string;
  competencia: string;
  prestadorId: number;
  prestadorNome: string;
  valorBruto: Centavos;
  inss: Centavos;
  irrf: Centavos;
  iss: Centavos;
  valorLiquido: Centavos;
  statusPagamento: StatusPagamento;
  version: number;
}

export interface ProtocoloDoPagamento {
  id: number;
  numero: string;
  numeroLote: string;
  recebidoEm: string;
  valorLiberado: Centavos;
}

export interface RpaDetalhe extends RpaLinha {
  prestador: { nome: string; codigo: string | null; cpf: string | null; pis: string | null; conselho: string | null; numeroConselho: string | null; ufConselho: string | null };
  periodoInicio: string | null;
  periodoFim: string | null;
  baseInss: Centavos;
  baseIrrf: Centavos;
  calculo: CalculoRpa;
  protocolos: ProtocoloDoPagamento[];
  emitidoPor: string;
  emitidoEm: string;
  situacaoPor: string | null;
  situacaoEm: string | null;
  justificativa: string | null;
  /** This session may change the payment status (the staff, not the issuer). */
  podeConferir: boolean;
  segregado: boolean;
}

/** The preview of an RPA: what it would pay and withhold, without writing. */
export interface RpaPrevia {
  prestadorNome: string;
  competencia: string;
  protocolos: ProtocoloDoPagamento[];
  calculo: CalculoRpa;
}

export interface ProtocoloDisponivel extends ProtocoloDoPagamento {
  /** The RPA covering it (natural persons), with its payment status. */
  rpa: { numero: string; statusPagamento: StatusPagamento } | null;
}

/** What a provider may ask payment for, and whether it informs an NFS-e (a legal entity) or is paid by RPA. */
export interface ProtocolosDisponiveis {
  tipoPessoa: 'F' | 'J';
  protocolos: ProtocoloDisponivel[];
}

export interface SolicitacaoPagamentoLinha {
  id: number;
  numero: string;
  criadoEm: string;
  prestadorId: number;
  prestadorNome: string;
  qtdProtocolos: number;
  protocolos: string[];
  valorTotal: Centavos;
  status: StatusSolicitacao;
  pagamentoNumero: string | null;
  /** The legal entity's invoice (null for a natural person, and for a request made before invoices were recorded). */
  nfse: Nfse | null;
}

/** One provider's line of the month's consolidation. */
export interface ConsolidacaoLinha {
  prestadorId: number;
  prestadorNome: string;
  prestadorCodigo: string | null;
  tipoPessoa: 'F' | 'J';
  solicitacoes: string[];
  /** Each request's invoice (a natural person's: none, paid by RPA). */
  notas: { solicitacao: string; nfse: Nfse | null }[];
  protocolos: number;
  valorBruto: Centavos;
  valorRetencoes: Centavos;
  valorLiquido: Centavos;
  /** Why it cannot be consolidated yet (an RPA missing or in conference), or null. */
  pendencia: string | null;
}

export interface PagamentoLinha {
  id: number;
  numero: string;
  criadoEm: string;
  competencia: string;
  prestadorId: number;
  prestadorNome: string;
  qtdProtocolos: number;
  valorBruto: Centavos;
  valorRetencoes: Centavos;
  valorLiquido: Centavos;
  status: StatusAPagar;
}
