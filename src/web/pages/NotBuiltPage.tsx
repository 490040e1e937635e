import { useAtomValue } from 'jotai';
import { Construction } from 'lucide-react';
import type { Command } from '../../../commands';
import { KIND_LABEL } from '../shell/Tiles';
import { abilityAtom } from '../session/store';

/** An honest page for a registered command whose screen is not built yet; its technical details (address, permission,
 * codes) only for an administrator, who can act on them. */
export function NotBuiltPage({ command }: { command: Command }) {
  const admin = useAtomValue(abilityAtom).can('manage', 'all');
  return (
    <div className="card" data-testid="nao-construida">
      <h1 className="page-title">
        <Construction size={22} aria-hidden="true" /> {command.title}
      </h1>
      <p className="page-sub">Esta tela ainda não está disponível no portal. Em caso de dúvida, procure o atendimento da operadora.</p>
      {admin && (
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
      )}
    </div>
  );
}
