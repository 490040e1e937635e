import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes } from '../../shared/files';
import { JOB_STATUS_LABEL, JOB_STATUS_TONE, jobEnded, type JobInfo } from '../../shared/jobs';
import { instantToBr } from '../../shared/dates';
import { Chip } from '../ui/Chip';
import { Dialog } from '../ui/Dialog';
import { downloadFile } from '../api/files';
import { jobKeys, jobsApi } from './api';
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

function JobItem({ job: j }: { job: JobInfo }) {
  const qc = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const log = useQuery({ queryKey: jobKeys.detail(j.id), queryFn: () => jobsApi.get(j.id), enabled: showLog, refetchInterval: showLog && !jobEnded(j.status) ? 1000 : false });
  const running = !jobEnded(j.status);
  return (
    <li className="jobs-item" data-testid="execucao" data-status={j.status}>
      <div className="jobs-row">
        <strong>{j.titulo}</strong>
        <Chip tone={JOB_STATUS_TONE[j.status]}>{JOB_STATUS_LABEL[j.status]}</Chip>
      </div>
      <div className="jobs-meta">
        Nº {j.id} · pedido em {instantToBr(j.criadoEm)}
        {j.terminadoEm && ` · terminado em ${instantToBr(j.terminadoEm)}`}
      </div>
      {running && (
        <div className="jobs-progress" role="status">
          <progress max={100} value={j.status === 'fila' ? undefined : j.progresso} aria-label={`Andamento de ${j.titulo}`} />
          <span>{j.status === 'fila' ? 'Aguardando na fila…' : `${j.progresso}% · ${j.etapa ?? ''}`}</span>
        </div>
      )}
      {j.erro && j.status !== 'concluida' && <p className={j.status === 'falhou' ? 'jobs-error' : 'muted'}>{j.erro}</p>}
      <div className="jobs-actions">
        {j.arquivos.map((f) => (
          <button key={f.id} type="button" className="btn btn-primary" onClick={() => void downloadFile(f)}>
            Baixar {f.nome} ({formatBytes(f.tamanho)})
          </button>
        ))}
        {running && (
          <button type="button" className="btn" onClick={() => void jobsApi.cancel(j.id).then(() => qc.invalidateQueries({ queryKey: jobKeys.all }))}>
            Cancelar
          </button>
        )}
        <button type="button" className="btn btn-ghost" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Ocultar registro' : 'Ver registro'}
        </button>
      </div>
      {showLog && (
        <ol className="jobs-log" aria-label={`Registro de ${j.titulo}`}>
          {log.data?.log.map((l, i) => (
            <li key={i} className={`jobs-log-${l.nivel}`}>
              <time>{instantToBr(l.em)}</time> {l.mensagem}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
