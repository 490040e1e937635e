import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { instantToBr } from '../../shared/dates';
import { formatBytes } from '../../shared/files';
import { JOB_STATUS_LABEL, JOB_STATUS_TONE, jobEnded, type JobInfo } from '../../shared/jobs';
import { downloadFile } from '../api/files';
import { Chip } from '../ui/Chip';
import { jobKeys, jobsApi } from './api';
import './jobs.css';

/** One run: its state, live progress, reason of failure, result files, cancel, and its log on demand. */
export function JobItem({ job: j, logOpen = false }: { job: JobInfo; logOpen?: boolean }) {
  const qc = useQueryClient();
  const [showLog, setShowLog] = useState(logOpen);
  const log = useQuery({ queryKey: jobKeys.detail(j.id), queryFn: () => jobsApi.get(j.id), enabled: showLog, refetchInterval: showLog && !jobEnded(j.status) ? 1000 : false });
  const running = !jobEnded(j.status);
  // the log polls only while the run goes on: read it once more when it ends, or its last lines never show
  const { refetch } = log;
  useEffect(() => {
    if (showLog && !running) void refetch();
  }, [showLog, running, refetch]);
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
