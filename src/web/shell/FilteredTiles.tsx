import type { Command } from '../../../commands';
import { useVisibility } from '../session/useVisibility';
import { useTabState } from '../workspace/hooks';
import { Icon } from './icons';
import { Tiles } from './Tiles';

const MIN_TILES_FOR_FILTER = 7;

/**
 * Tiles with a filter field above them when there are many (the operator's home and big folders; a
 * beneficiary's short home stays plain). The typed filter is kept with the workspace tab.
 */
export function FilteredTiles({ folder }: { folder: Command }) {
  const { tiles } = useVisibility();
  const [filter, setFilter] = useTabState(`filtro:${folder.id}`, '');
  const many = tiles(folder).length >= MIN_TILES_FOR_FILTER;
  return (
    <>
      {many && (
        <div className="tile-filter" role="search">
          <Icon name="search" size={16} />
          <input
            type="search"
            aria-label={`Filtrar ${folder.title === 'Início' ? 'grupos' : folder.title}`}
            placeholder="Filtrar nesta página… (Ctrl+K busca em tudo)"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="filtro-blocos"
          />
        </div>
      )}
      <Tiles folder={folder} filter={many ? filter : ''} />
    </>
  );
}
