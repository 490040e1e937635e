import type { ReactNode } from 'react';
import type { Command } from '../../../commands';
import type { ListDef } from '../../shared/lists/types';
import type { TransitionDef, Workflow } from '../../shared/workflow';
import { ListNav, type useListNeighbors } from '../lists/ListNav';
import { Chip } from '../ui/Chip';
import { go } from '../workspace/store';
import './workflow.css';

/**
 * A workflow record's heading: its name and status chip, a line about it, back to the list, previous/next in it and
 * the printed receipt; below it, the confirmation of the last step.
 */
export function WorkflowHeader<S extends string, A extends string>(p: {
  workflow: Workflow<S, A, TransitionDef<S>>;
  status: S;
  title: ReactNode;
  sub: ReactNode;
  command: Command;
  tabId: string | null;
  list: ListDef;
  nav: ReturnType<typeof useListNeighbors>;
  aviso: string | null;
}) {
  return (
    <>
      <header className="fluxo-cab">
        <div>
          <h1 className="page-title">
            <span>{p.title}</span>
            <Chip tone={p.workflow.tones[p.status]}>{p.workflow.labels[p.status]}</Chip>
          </h1>
          <p className="page-sub">{p.sub}</p>
        </div>
        <div className="fluxo-nav">
          <button type="button" className="btn" onClick={() => go(p.command.path, { tabId: p.tabId ?? undefined })}>
            Lista
          </button>
          <ListNav def={p.list} nav={p.nav} />
          <button type="button" className="btn" onClick={() => window.print()}>
            Imprimir comprovante
          </button>
        </div>
      </header>
      {p.aviso && (
        <p role="status" className="fluxo-ok" data-testid="aviso">
          {p.aviso}
        </p>
      )}
    </>
  );
}
