import { useQuery } from '@tanstack/react-query';
import { jobEnded } from '../../shared/jobs';
import { Dialog } from '../ui/Dialog';
import { jobKeys, jobsApi } from './api';
import { JobItem } from './JobItem';
import './jobs.css';

/** "Meus processos": the user's runs of every command, newest first, live while any is running. */
export default function JobsPanel({ onClose }: { onClose: () => void }) {
  const q = useQuery({
    queryKey: jobKeys.mine,
    queryFn: jobsApi.mine,
    refetchInterval: (query) => (query.state.data?.some((j) => !jobEnded(j.status)) ? 1000 : false),
  });
  return (
    <Dialog title="Meus processos" onClose={onClose} className="jobs-dialog">
      {q.isLoading && <p>Carregando…</p>}
      {q.data && !q.data.length && <p className="muted">Você ainda não executou nenhum processo nem exportação.</p>}
      <ul className="jobs-list">
        {q.data?.map((j) => <JobItem key={j.id} job={j} />)}
      </ul>
    </Dialog>
  );
}
