import type { ReactNode } from 'react';
import type { Command } from '../../../commands';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';

/** The logged-in frame: header, breadcrumb and the main area. */
export function Shell({ command, title, children }: { command?: Command; title?: string; children: ReactNode }) {
  return (
    <div className="shell">
      <a className="sr-only" href="#conteudo">
        Ir para o conteúdo
      </a>
      <Header />
      <Breadcrumb command={command} title={title} />
      <main className="main" id="conteudo">
        {children}
      </main>
    </div>
  );
}
