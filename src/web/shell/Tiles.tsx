import { Link } from 'wouter';
import type { Command } from '../../../commands';
import { locationKey } from '../../../commands';
import { fold } from '../../shared/text';
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

/** Every word typed appears in the tile's title, code or keywords (accents and case ignored). */
function matchesFilter(c: Command, filter: string): boolean {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = fold([c.title, c.rep ?? '', ...(c.keywords ?? [])].join(' '));
  return words.every((w) => text.includes(w));
}

/** The children of a folder as tiles (home = the root's children), optionally narrowed by a typed filter. */
export function Tiles({ folder, filter = '' }: { folder: Command; filter?: string }) {
  const { children, tiles } = useVisibility();
  const all = tiles(folder);
  const items = filter ? all.filter((c) => matchesFilter(c, filter)) : all;
  if (!all.length) return <p className="page-sub">Nenhum item disponível para o seu perfil neste grupo.</p>;
  if (!items.length) return <p className="page-sub">Nenhum item corresponde ao filtro.</p>;
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
              {c.kind === 'folder' ? ` · ${children(c).length} ${children(c).length === 1 ? 'item' : 'itens'}` : ''}
            </span>
          </Link>
        ))}
      </div>
    </nav>
  );
}

export { KIND_LABEL };
