import { Link } from 'wouter';
import type { Command } from '../../../commands';
import { locationKey } from '../../../commands';
import { useVisibility } from '../session/useVisibility';
import { Icon } from './icons';

const KIND_LABEL: Record<Command['kind'], string> = {
  folder: 'Grupo',
  route: 'Tela',
  report: 'Relatório',
  process: 'Processo',
  export: 'Exportação',
  link: 'Link externo',
};

export const hrefOf = (c: Command) => locationKey(c.path, c.query);

/** The children of a folder as tiles (home = the root's children). */
export function Tiles({ folder }: { folder: Command }) {
  const { children, tiles } = useVisibility();
  const items = tiles(folder);
  if (!items.length) return <p className="page-sub">Nenhum item disponível para o seu perfil neste grupo.</p>;
  return (
    <nav aria-label={folder.title}>
      <div className="tiles">
        {items.map((c) => (
          <Link key={c.id} href={hrefOf(c)} className={`tile kind-${c.kind}`} data-command={c.id}>
            <span className="tile-icon">
              <Icon name={c.icon} size={20} />
            </span>
            <span className="tile-title">{c.title}</span>
            <span className="tile-meta">
              {KIND_LABEL[c.kind]}
              {c.rep ? ` · ${c.rep}` : ''}
              {c.kind === 'folder' ? ` · ${children(c).length} ${children(c).length === 1 ? 'item' : 'itens'}` : ''}
            </span>
          </Link>
        ))}
      </div>
    </nav>
  );
}

export { KIND_LABEL };
