import { defineWorkflow, type TransitionDef } from '../workflow';

/**
 * The contact's workflow (src/shared/workflow): open until concluded (with an outcome) or cancelled; a concluded
 * contact may be reopened. Cancelling and reopening need a reason.
 */
export const STATUS = ['EM_ANDAMENTO', 'CONCLUIDO', 'CANCELADO'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['concluir', 'cancelar', 'reabrir'] as const;
export type Acao = (typeof ACOES)[number];

/** Concluding records how the contact ended (RESULTADOS). */
type Transicao = TransitionDef<Status> & { resultado: boolean };

export const FLUXO = defineWorkflow<Status, Acao, Transicao>({
  command: '/operadora/atendimentos',
  noun: 'um atendimento',
  states: STATUS,
  labels: { EM_ANDAMENTO: 'Em andamento', CONCLUIDO: 'Concluído', CANCELADO: 'Cancelado' },
  // the chip: still open, done, void
  tones: { EM_ANDAMENTO: 'warn', CONCLUIDO: 'ok', CANCELADO: 'muted' },
  actions: ACOES,
  transitions: {
    concluir: { from: ['EM_ANDAMENTO'], to: 'CONCLUIDO', label: 'Concluir', tone: 'primary', resultado: true },
    cancelar: { from: ['EM_ANDAMENTO'], to: 'CANCELADO', label: 'Cancelar', tone: 'danger', reason: 'Informe o motivo do cancelamento.', resultado: false },
    reabrir: { from: ['CONCLUIDO'], to: 'EM_ANDAMENTO', label: 'Reabrir', tone: 'primary', reason: 'Informe o motivo da reabertura.', resultado: false },
  },
});
