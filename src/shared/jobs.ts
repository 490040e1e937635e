import type { FileInfo } from './files';
import type { Tone } from './lists/types';

/**
 * Runs (jobs) of processes and exports, as the API answers them and the page shows them.
 * A run is queued, runs in chunks reporting progress, and ends done, failed (with a reason) or cancelled.
 */
export const JOB_STATUS = ['fila', 'executando', 'concluida', 'falhou', 'cancelada'] as const;
export type JobStatus = (typeof JOB_STATUS)[number];

export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  fila: 'Na fila',
  executando: 'Executando',
  concluida: 'Concluída',
  falhou: 'Falhou',
  cancelada: 'Cancelada',
};
export const JOB_STATUS_TONE: Record<JobStatus, Tone> = {
  fila: 'neutral',
  executando: 'info',
  concluida: 'ok',
  falhou: 'bad',
  cancelada: 'warn',
};
export const jobEnded = (s: JobStatus) => s === 'concluida' || s === 'falhou' || s === 'cancelada';

export interface JobLogLine {
  em: string;
  nivel: 'info' | 'aviso' | 'erro';
  mensagem: string;
}

export interface JobInfo {
  id: number;
  tipo: string;
  comando: string;
  /** What the run is, in Portuguese ("Exportação de Beneficiários (XLSX)"). */
  titulo: string;
  usuarioNome: string;
  status: JobStatus;
  progresso: number;
  etapa: string | null;
  erro: string | null;
  criadoEm: string;
  iniciadoEm: string | null;
  terminadoEm: string | null;
  arquivos: FileInfo[];
}

export interface JobDetail extends JobInfo {
  parametros: unknown;
  log: JobLogLine[];
}

export const JOB_MSG = {
  enfileirada: 'Processo enviado. Acompanhe o andamento em Meus processos.',
  naoEncontrada: 'Processo não encontrado.',
  jaTerminou: 'Este processo já terminou.',
  cancelamentoPedido: 'Cancelamento pedido: o processo para no próximo bloco.',
  interrompida: 'O processo foi interrompido porque o servidor parou antes de terminá-lo. Execute-o novamente.',
  tipoDesconhecido: 'Tipo de processo desconhecido.',
  cancelada: 'Cancelado a pedido do usuário.',
  indisponivel: 'Os processos estão indisponíveis neste servidor no momento. Tente de novo em instantes.',
  semPrevia: 'Este processo não tem pré-visualização.',
  falhaInterna: 'O processo falhou por um erro interno. O registro abaixo mostra até onde ele chegou.',
} as const;
