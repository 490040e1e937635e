import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { JOB_STATUS_LABEL, jobEnded } from '../../shared/jobs';
import { store } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { jobsApi, watchedJobsAtom } from './api';

const EVERY_MS = 1500;

/** Polls the runs queued from this page and says in a toast when each ends (done, failed with its reason, cancelled). */
export function JobWatcher() {
  const ids = useAtomValue(watchedJobsAtom);
  useEffect(() => {
    if (!ids.length) return;
    const t = setInterval(async () => {
      for (const id of ids) {
        const j = await jobsApi.get(id).catch(() => null);
        if (!j || !jobEnded(j.status)) continue;
        store.set(watchedJobsAtom, (list) => list.filter((x) => x !== id));
        if (j.status === 'concluida') showAlerts([{ type: 'success', value: `${j.titulo}: concluída. O arquivo está em Meus processos.` }]);
        else showAlerts([{ type: j.status === 'falhou' ? 'error' : 'warning', value: `${j.titulo}: ${JOB_STATUS_LABEL[j.status].toLowerCase()}. ${j.erro ?? ''}`.trim() }]);
      }
    }, EVERY_MS);
    return () => clearInterval(t);
  }, [ids]);
  return null;
}
