import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { jobEnded } from '../../shared/jobs';
import { FILA_EXECUCOES_LIST, type FilaExecucaoRow } from '../../shared/jobs-lists';
import { SESSIONS_LIST, type SessionRow } from '../../shared/sessions/list';
import { api } from '../api/client';
import { jobsApi } from '../jobs/api';
import { PersonCell, ProgressCell } from '../jobs/RunCells';
import { listKeys } from '../lists/api';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { ConfirmDialog } from '../ui/Dialog';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../jobs/jobs-lists.css';

type RunRow = FilaExecucaoRow & Record<string, unknown>;
type SessRow = SessionRow & Record<string, unknown>;
type Pending = { kind: 'run'; row: RunRow } | { kind: 'session'; row: SessRow };

const VIEWS = [
  ['processos', 'Processos'],
  ['sessoes', 'Sessões'],
] as const;
type View = (typeof VIEWS)[number][0];

/**
 * Fila de Sessões (administrator): the runs of every user (queued, running, failed; cancel one; counts per state) and
 * the portal's sessions (end one). Two list definitions on the generic list screen, one at a time (`ver=` in the
 * address keeps which).
 */
export default function FilaSessaoScreen({ command, search }: ScreenProps) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const view: View = new URLSearchParams(search).get('ver') === 'sessoes' ? 'sessoes' : 'processos';
  const [pending, setPending] = useState<Pending | null>(null);

  // a monitor: the queue moves on its own, so it is read again every few seconds while open
  useEffect(() => {
    const key = view === 'processos' ? FILA_EXECUCOES_LIST.key : SESSIONS_LIST.key;
    const t = setInterval(() => void qc.invalidateQueries({ queryKey: listKeys.list(key) }), 5000);
    return () => clearInterval(t);
  }, [qc, view]);

  const refresh = (key: string) => void qc.invalidateQueries({ queryKey: listKeys.list(key) });
  async function confirm(p: Pending) {
    setPending(null);
    if (p.kind === 'run') await jobsApi.cancel(p.row.id).catch(() => undefined);
    else await api.post(`/sessoes/${p.row.id}/encerrar`).catch(() => undefined);
    refresh(p.kind === 'run' ? FILA_EXECUCOES_LIST.key : SESSIONS_LIST.key);
  }

  const header = (
    <div className="fila-vistas" role="tablist" aria-label="O que mostrar">
      {VIEWS.map(([v, label]) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={view === v}
          onClick={() => view !== v && go(`${command.path}${v === 'sessoes' ? '?ver=sessoes' : ''}`, { tabId: tabId ?? undefined, replace: true })}
        >
          {label}
        </button>
      ))}
    </div>
  );

  const runExtras: ListScreenExtras<RunRow> = {
    opens: false,
    header,
    cells: {
      comando: (r) => (
        <>
          {r.titulo}
          {r.erro && r.status !== 'concluida' && <small className="run-erro">{r.erro}</small>}
        </>
      ),
      usuario: (r) => <PersonCell nome={r.usuario} login={r.usuarioLogin} />,
      progresso: (r) => <ProgressCell status={r.status} progresso={r.progresso} etapa={r.etapa} />,
      acoes: (r) =>
        jobEnded(r.status) ? (
          <span className="run-muted">—</span>
        ) : (
          <span className="run-acoes">
            <button type="button" className="btn" onClick={() => setPending({ kind: 'run', row: r })}>
              Cancelar
            </button>
          </span>
        ),
    },
  };
  const sessionExtras: ListScreenExtras<SessRow> = {
    opens: false,
    header,
    cells: {
      usuario: (s) => <PersonCell nome={s.usuarioNome} login={s.usuarioLogin} />,
      acoes: (s) =>
        s.status === 'ativa' ? (
          <span className="run-acoes">
            <button type="button" className="btn" onClick={() => setPending({ kind: 'session', row: s })}>
              Encerrar
            </button>
          </span>
        ) : (
          <span className="run-muted">—</span>
        ),
    },
  };

  return (
    <>
      {view === 'processos' ? (
        <ListScreen<RunRow> command={command} search={search} def={FILA_EXECUCOES_LIST} extras={runExtras} />
      ) : (
        <ListScreen<SessRow> command={command} search={search} def={SESSIONS_LIST} extras={sessionExtras} />
      )}
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'run' ? 'Cancelar processo' : 'Encerrar sessão'}
          message={
            pending.kind === 'run'
              ? `Cancelar o processo Nº ${pending.row.id} (${pending.row.titulo}) de ${pending.row.usuario}?`
              : `Encerrar a sessão de ${pending.row.usuarioNome} (${pending.row.usuarioLogin})? O usuário precisará entrar de novo.`
          }
          onYes={() => void confirm(pending)}
          onNo={() => setPending(null)}
        />
      )}
    </>
  );
}
