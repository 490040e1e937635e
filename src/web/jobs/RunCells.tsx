import type { ReactNode } from 'react';
import { formatBytes } from '../../shared/files';
import type { JobStatus } from '../../shared/jobs';
import { downloadFile } from '../api/files';
import './jobs-lists.css';

/** Cells the lists over runs share (Importações, Arquivos Gerados, the administrator's queue). */

/** A file's name with its download (GET /api/arquivos/:id: the server checks who may read it). */
export function FileCell({ id, nome, children }: { id: number | null; nome: string | null; children?: ReactNode }) {
  if (id == null || !nome) return <span className="run-muted">Arquivo não disponível</span>;
  return (
    <span className="run-arquivo">
      <button type="button" className="btn-link" title={`Baixar ${nome}`} onClick={() => void downloadFile({ id, nome })}>
        {nome}
      </button>
      {children}
    </span>
  );
}

export const SizeCell = ({ bytes }: { bytes: number | null }) => <span className="lista-instante">{bytes == null ? '—' : formatBytes(bytes)}</span>;

/** A SHA-256 shortened for the table; the whole of it in the tooltip and for copying (select the text). */
export function ShaCell({ sha }: { sha: string | null }) {
  if (!sha) return <>—</>;
  return (
    <code className="run-sha" title={sha} aria-label={`SHA-256 ${sha}`}>
      {sha.slice(0, 10)}…{sha.slice(-6)}
    </code>
  );
}

/** How far a run went: the bar while it runs, the percent once it ended. */
export function ProgressCell({ status, progresso, etapa }: { status: JobStatus; progresso: number; etapa: string | null }) {
  if (status === 'fila') return <span className="run-muted">Aguardando</span>;
  if (status === 'executando')
    return (
      <span className="run-progresso">
        <progress max={100} value={progresso} aria-label="Andamento" /> {progresso}%{etapa && <small>{etapa}</small>}
      </span>
    );
  return <>{progresso}%</>;
}

/** Who: the name as it was when queued, the login under it. */
export const PersonCell = ({ nome, login }: { nome: string; login: string | null }) => (
  <>
    {nome}
    {login && <small>{login}</small>}
  </>
);
