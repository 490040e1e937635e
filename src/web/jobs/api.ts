import { atom } from 'jotai';
import type { FileInfo } from '../../shared/files';
import type { JobDetail, JobInfo } from '../../shared/jobs';
import { MSG } from '../../shared/messages';
import { api } from '../api/client';
import { saveBlob } from '../api/saveBlob';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';

/** Query keys of runs ("Meus processos"). */
export const jobKeys = {
  all: ['execucoes'] as const,
  mine: ['execucoes', 'minhas'] as const,
  detail: (id: number) => ['execucoes', id] as const,
};

export const jobsApi = {
  queue: (tipo: string, comando: string, parametros: unknown) => api.post<JobInfo>('/execucoes', { tipo, comando, parametros }),
  mine: () => api.get<JobInfo[]>('/execucoes', { quiet: true }),
  get: (id: number) => api.get<JobDetail>(`/execucoes/${id}`, { quiet: true }),
  cancel: (id: number) => api.post<{ status: string }>(`/execucoes/${id}/cancelar`),
};

/** The "Meus processos" panel is open. */
export const jobsPanelAtom = atom(false);
export const openJobsPanel = () => store.set(jobsPanelAtom, true);

/** Runs queued from this page, watched until they end (then a toast says how). */
export const watchedJobsAtom = atom<number[]>([]);
export const watchJob = (id: number) => store.set(watchedJobsAtom, (ids) => (ids.includes(id) ? ids : [...ids, id]));

/** Downloads a stored file with the session token and saves it under its name. */
export async function downloadFile(f: Pick<FileInfo, 'id' | 'nome'>) {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api/arquivos/${f.id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível baixar o arquivo (erro ${res.status}).` }]);
    return;
  }
  saveBlob(await res.blob(), f.nome);
}
