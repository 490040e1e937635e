import { defineWorkflow } from '../workflow';

/**
 * The protocol's workflow (src/shared/workflow): received at the desk, with a sector, then done, returned to the sender
 * or void. Returning and cancelling need a reason.
 */
export const STATUS = ['PROTOCOLADO', 'EM_ANALISE', 'CONCLUIDO', 'DEVOLVIDO', 'CANCELADO'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['encaminhar', 'concluir', 'devolver', 'cancelar'] as const;
export type Acao = (typeof ACOES)[number];

export const FLUXO = defineWorkflow({
  command: '/principal/protocolos-documentos',
  noun: 'um protocolo',
  states: STATUS,
  labels: {
    PROTOCOLADO: 'Protocolado',
    EM_ANALISE: 'Em análise',
    CONCLUIDO: 'Concluído',
    DEVOLVIDO: 'Devolvido',
    CANCELADO: 'Cancelado',
  },
  // the chip: waiting at the desk, with a sector, done, returned, void
  tones: { PROTOCOLADO: 'info', EM_ANALISE: 'warn', CONCLUIDO: 'ok', DEVOLVIDO: 'bad', CANCELADO: 'muted' },
  actions: ACOES,
  transitions: {
    encaminhar: { from: ['PROTOCOLADO'], to: 'EM_ANALISE', label: 'Encaminhar ao setor', tone: 'primary' },
    concluir: { from: ['EM_ANALISE'], to: 'CONCLUIDO', label: 'Concluir', tone: 'primary' },
    devolver: { from: ['EM_ANALISE'], to: 'DEVOLVIDO', label: 'Devolver', tone: 'danger', reason: 'Informe o motivo da devolução.' },
    cancelar: { from: ['PROTOCOLADO', 'EM_ANALISE'], to: 'CANCELADO', label: 'Cancelar', tone: 'danger', reason: 'Informe o motivo do cancelamento.' },
  },
});
