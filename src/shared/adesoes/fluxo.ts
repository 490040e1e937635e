import { defineWorkflow } from '../workflow';

/**
 * The request to add a dependent (Adesão Dependente Familiar): asked by the family's titular (or by the staff on their
 * behalf), then approved — which creates the dependent in the family and issues the card — or refused with a reason.
 * The titular may withdraw a request still waiting (FAMILIA_ACOES).
 */
export const STATUS = ['SOLICITADA', 'APROVADA', 'RECUSADA', 'CANCELADA'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['aprovar', 'recusar', 'cancelar'] as const;
export type Acao = (typeof ACOES)[number];

export const FLUXO = defineWorkflow({
  command: '/principal/solicitacoes-adesoes',
  noun: 'uma solicitação de adesão',
  states: STATUS,
  labels: { SOLICITADA: 'Aguardando análise', APROVADA: 'Aprovada', RECUSADA: 'Recusada', CANCELADA: 'Cancelada' },
  tones: { SOLICITADA: 'warn', APROVADA: 'ok', RECUSADA: 'bad', CANCELADA: 'muted' },
  actions: ACOES,
  transitions: {
    aprovar: { from: ['SOLICITADA'], to: 'APROVADA', label: 'Aprovar e incluir o dependente', tone: 'primary' },
    recusar: { from: ['SOLICITADA'], to: 'RECUSADA', label: 'Recusar', tone: 'danger', reason: 'Informe o motivo da recusa.' },
    cancelar: { from: ['SOLICITADA'], to: 'CANCELADA', label: 'Desistir da solicitação', tone: 'danger' },
  },
});

/** What the titular (the family) may do on their own request. */
export const FAMILIA_ACOES: readonly Acao[] = ['cancelar'];
