import { defineWorkflow, type TransitionDef } from '../workflow';

/**
 * The manifestação's workflow (src/shared/workflow): registered, analysed by the ombudsman, routed to an area and back,
 * answered to the beneficiary, closed (by the beneficiary's rating or by the ombudsman) and reopened within
 * PRAZO_REABERTURA_DIAS of the answer. The staff take every step; the family only rates and reopens (FAMILIA_ACOES).
 */
export const STATUS = ['REGISTRADA', 'EM_ANALISE', 'AGUARDANDO_AREA', 'RESPONDIDA', 'ENCERRADA', 'REABERTA'] as const;
export type Status = (typeof STATUS)[number];
export const ACOES = ['analisar', 'encaminhar', 'retornar', 'responder', 'avaliar', 'encerrar', 'reabrir'] as const;
export type Acao = (typeof ACOES)[number];

/** A step's own field: the area it is routed to, the answer to the beneficiary, the rating. */
type Transicao = TransitionDef<Status> & { area?: true; resposta?: true; satisfacao?: true; interna: boolean };

const ABERTAS = ['REGISTRADA', 'EM_ANALISE', 'REABERTA'] as const;

export const FLUXO = defineWorkflow<Status, Acao, Transicao>({
  command: '/ouvidoria/manifestacoes',
  noun: 'uma manifestação',
  states: STATUS,
  labels: { REGISTRADA: 'Registrada', EM_ANALISE: 'Em análise', AGUARDANDO_AREA: 'Aguardando área', RESPONDIDA: 'Respondida', ENCERRADA: 'Encerrada', REABERTA: 'Reaberta' },
  tones: { REGISTRADA: 'info', EM_ANALISE: 'warn', AGUARDANDO_AREA: 'warn', RESPONDIDA: 'ok', ENCERRADA: 'muted', REABERTA: 'bad' },
  actions: ACOES,
  transitions: {
    analisar: { from: ['REGISTRADA', 'REABERTA'], to: 'EM_ANALISE', label: 'Iniciar análise', tone: 'primary', interna: true },
    encaminhar: { from: [...ABERTAS], to: 'AGUARDANDO_AREA', label: 'Encaminhar à área', tone: 'primary', reason: 'Informe a nota interna para a área.', area: true, interna: true },
    retornar: { from: ['AGUARDANDO_AREA'], to: 'EM_ANALISE', label: 'Registrar retorno da área', tone: 'primary', reason: 'Informe o retorno da área.', interna: true },
    responder: { from: [...ABERTAS, 'AGUARDANDO_AREA'], to: 'RESPONDIDA', label: 'Responder', tone: 'primary', resposta: true, interna: true },
    avaliar: { from: ['RESPONDIDA'], to: 'ENCERRADA', label: 'Avaliar e encerrar', tone: 'primary', satisfacao: true, interna: false },
    encerrar: { from: ['RESPONDIDA'], to: 'ENCERRADA', label: 'Encerrar', tone: 'danger', interna: true },
    reabrir: { from: ['RESPONDIDA', 'ENCERRADA'], to: 'REABERTA', label: 'Reabrir', tone: 'danger', reason: 'Informe o motivo da reabertura.', interna: false },
  },
});

/** What a beneficiary (the family) may do on their own manifestação. */
export const FAMILIA_ACOES: readonly Acao[] = ['avaliar', 'reabrir'];
/** The statuses the deadline still runs in (the answer not given yet). */
export const STATUS_EM_PRAZO: readonly Status[] = ['REGISTRADA', 'EM_ANALISE', 'AGUARDANDO_AREA', 'REABERTA'];
