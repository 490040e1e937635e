import type { CommandPath } from '../../../commands';
import { defineWorkflow } from '../workflow';

/**
 * A reimbursement request (issue 15, flow 7): the beneficiary asks (or the staff on their behalf), the operator's
 * receiving desk protocols the receipts, the billing staff analyse and price it by the plan's reimbursement table
 * (or the checks glosa it) and release the amount or deny it with the reason. The beneficiary may withdraw a request
 * not protocolled yet.
 */
export const STATUS = ['SOLICITADO', 'PROTOCOLADO', 'ANALISADO', 'LIBERADO', 'NEGADO', 'CANCELADO'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['protocolar', 'analisar', 'liberar', 'negar', 'cancelar'] as const;
export type Acao = (typeof ACOES)[number];

export const FLUXO = defineWorkflow({
  command: '/principal/faturamento/faturamentos-reembolsos',
  noun: 'um reembolso',
  states: STATUS,
  labels: { SOLICITADO: 'Solicitado', PROTOCOLADO: 'Protocolado', ANALISADO: 'Analisado', LIBERADO: 'Liberado', NEGADO: 'Negado', CANCELADO: 'Cancelado' },
  tones: { SOLICITADO: 'warn', PROTOCOLADO: 'info', ANALISADO: 'info', LIBERADO: 'ok', NEGADO: 'bad', CANCELADO: 'muted' },
  actions: ACOES,
  transitions: {
    protocolar: { from: ['SOLICITADO'], to: 'PROTOCOLADO', label: 'Protocolar recebimento', tone: 'primary' },
    analisar: { from: ['PROTOCOLADO'], to: 'ANALISADO', label: 'Analisar e precificar', tone: 'primary' },
    liberar: { from: ['ANALISADO'], to: 'LIBERADO', label: 'Liberar reembolso', tone: 'primary' },
    negar: { from: ['SOLICITADO', 'PROTOCOLADO', 'ANALISADO'], to: 'NEGADO', label: 'Negar', tone: 'danger', reason: 'Informe o motivo da negativa.' },
    cancelar: { from: ['SOLICITADO'], to: 'CANCELADO', label: 'Desistir da solicitação', tone: 'danger' },
  },
});

/** The three screens of the flow and the steps each one takes (each screen's route accepts only its own). */
export const TELAS = {
  solicitacao: '/principal/faturamento/solicitacoes-reembolso',
  protocolo: '/principal/faturamento/protocolos-recebimentos-reembolsos',
  analise: '/principal/faturamento/faturamentos-reembolsos',
} as const satisfies Record<string, CommandPath>;
export type Tela = keyof typeof TELAS;
export const ACOES_DA_TELA = {
  solicitacao: ['cancelar'],
  protocolo: ['protocolar', 'negar'],
  analise: ['analisar', 'liberar', 'negar'],
} as const satisfies Record<Tela, readonly [Acao, ...Acao[]]>;

/** What the family may do on its own request. */
export const FAMILIA_ACOES: readonly Acao[] = ['cancelar'];
