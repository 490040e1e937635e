import { defineWorkflow } from '../workflow';

/**
 * A solicitação de verba's workflow: open (computed, not sent yet), sent to the sponsor company, received (the amount
 * and the day the company paid), or cancelled with the reason (spec §4's cancellation rule: reason and who).
 */
export const STATUS = ['ABERTA', 'ENVIADA', 'RECEBIDA', 'CANCELADA'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['enviar', 'receber', 'cancelar'] as const;
export type Acao = (typeof ACOES)[number];

export const FLUXO = defineWorkflow({
  command: '/financeiro/recebimento/processo-recebimento/solicitacoes-verbas',
  noun: 'uma solicitação de verba',
  states: STATUS,
  labels: { ABERTA: 'Aberta', ENVIADA: 'Enviada', RECEBIDA: 'Recebida', CANCELADA: 'Cancelada' },
  tones: { ABERTA: 'info', ENVIADA: 'warn', RECEBIDA: 'ok', CANCELADA: 'muted' },
  actions: ACOES,
  transitions: {
    enviar: { from: ['ABERTA'], to: 'ENVIADA', label: 'Enviar à empresa', tone: 'primary' },
    receber: { from: ['ENVIADA'], to: 'RECEBIDA', label: 'Registrar recebimento', tone: 'primary' },
    cancelar: { from: ['ABERTA', 'ENVIADA'], to: 'CANCELADA', label: 'Cancelar', tone: 'danger', reason: 'Informe o motivo do cancelamento.' },
  },
});
