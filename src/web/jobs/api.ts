import { atom } from 'jotai';
import type { JobDetail, JobInfo } from '../../shared/jobs';
import type { Previa } from '../../shared/processos/define';
import { api } from '../api/client';
import { store } from '../session/store';

/** Query keys of runs ("Meus processos"). */
export const jobKeys = {
  all: ['execucoes'] as const,
  mine: ['execucoes', 'minhas'] as const,
  command: (comando: string) => ['execucoes', 'comando', comando] as const,
  detail: (id: number) => ['execucoes', id] as const,
};

export const jobsApi = {
  queue: (tipo: string, comando: string, parametros: unknown) => api.post<JobInfo>('/execucoes', { tipo, comando, parametros }),
  mine: () => api.get<JobInfo[]>('/execucoes', { quiet: true }),
  /** The user's runs of one command (the history on its screen). */
  ofCommand: (comando: string) => api.get<JobInfo[]>(`/execucoes?comando=${encodeURIComponent(comando)}`, { quiet: true }),
  preview: (tipo: string, comando: string, parametros: unknown) => api.post<Previa>('/execucoes/previa', { tipo, comando, parametros }),
  get: (id: number) => api.get<JobDetail>(`/execucoes/${id}`, { quiet: true }),
  cancel: (id: number) => api.post<{ status: string }>(`/execucoes/${id}/cancelar`),
};

/** The "Meus processos" panel is open. */
export const jobsPanelAtom = atom(false);
export const openJobsPanel = () => store.set(jobsPanelAtom, true);

/** Runs queued from this page, watched until they end (then a toast says how). */
export const watchedJobsAtom = atom<number[]>([]);
export const watchJob = (id: number) => store.set(watchedJobsAtom, (ids) => (ids.includes(id) ? ids : [...ids, id]));
