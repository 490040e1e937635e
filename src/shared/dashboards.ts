import type { JobStatus } from './jobs';

/**
 * Dashboards (/util/analise/dashboards, the administrator's): the operation at a glance — runs per day and state,
 * the latest failures, authorization requests per week and state, and the active sessions. Counted on the server
 * (src/server/dashboards/painel.ts) in one call; the screen draws the charts with a library loaded with it only.
 */

/** Days of runs and weeks of authorizations the charts cover. */
export const DIAS_EXECUCOES = 30;
export const SEMANAS_AUTORIZACOES = 12;

export interface PainelOperacoes {
  /** One row per day (São Paulo, ISO) and state with runs, oldest first. */
  execucoesPorDia: { dia: string; status: JobStatus; total: number }[];
  /** The latest failed runs, newest first. */
  falhas: { id: number; titulo: string; usuario: string; erro: string | null; terminadoEm: string | null }[];
  /** One row per week (its Monday, ISO) and status code of authorization requests, oldest first. */
  autorizacoesPorSemana: { semana: string; status: number; total: number }[];
  /** Requests waiting for the audit now (Em Análise). */
  autorizacoesEmAnalise: number;
  sessoes: { ativas: number; usuarios: { login: string; nome: string; sessoes: number; desde: string }[] };
  /** The first day the charts cover (runs) and the first week (authorizations). */
  desde: { dia: string; semana: string };
}
