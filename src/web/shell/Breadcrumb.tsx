import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { registry, type Command } from '../../../commands';
import { clientAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { Icon } from './icons';
import { hrefOf } from './Tiles';

/** The trail of titles to the current command, with its icon, and the client in use. An ancestor the user cannot open
 * (the beneficiary's own record above the operator's beneficiary lookup) is left out: a link there would only deny. */
export function Breadcrumb({ command, title }: { command?: Command; title?: string }) {
  const client = useAtomValue(clientAtom);
  const { visible } = useVisibility();
  const trail = command ? registry.trailOf(command).filter((c, i, all) => i === 0 || i === all.length - 1 || visible(c)) : [registry.root];
  const last = trail[trail.length - 1];
  return (
    <nav className="breadcrumb" aria-label="Trilha">
      {trail.slice(0, title ? trail.length : -1).map((c) => (
        <span key={c.id} style={{ display: 'contents' }}>
          <Link href={hrefOf(c)}>
            <Icon name={c.icon} size={15} />
            {c.title}
          </Link>
          <span aria-hidden="true">›</span>
        </span>
      ))}
      <span className="current" aria-current="page">
        {!title && <Icon name={last.icon} size={15} />}
        {title ?? last.title}
      </span>
      {client && <span className="client-tag">Operadora: {client.nome}</span>}
    </nav>
  );
}
