import { Construction } from 'lucide-react';
import type { Command } from '../../../commands';
import { KIND_LABEL } from '../shell/Tiles';

/** An honest page for a registered command whose screen is not built yet. */
export function NotBuiltPage({ command }: { command: Command }) {
  return (
    <div className="card" data-testid="nao-construida">
      <h1 className="page-title">
        <Construction size={22} aria-hidden="true" /> {command.title}
      </h1>
      <p className="page-sub">Esta tela está registrada no portal, mas ainda não foi construída.</p>
      <dl className="props">
        <dt>Tipo</dt>
        <dd>{KIND_LABEL[command.kind]}</dd>
        <dt>Endereço</dt>
        <dd>
          <code>{command.path}</code>
        </dd>
        <dt>Permissão exigida</dt>
        <dd>{command.can ? <code>{`${command.can[0]} em ${command.can[1]}`}</code> : 'nenhuma'}</dd>
        {command.rep && (
          <>
            <dt>Código do relatório</dt>
            <dd>{command.rep}</dd>
          </>
        )}
        {command.clients && (
          <>
            <dt>Clientes</dt>
            <dd>{command.clients.join(', ')}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
