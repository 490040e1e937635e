import { logImportacaoList } from '../../shared/jobs-lists';
import { ListGrid } from '../grid/ListGrid';
import { countText } from '../lists/count';
import { SearchPanel } from '../lists/SearchPanel';
import { useListController } from '../lists/useListController';
import type { ScreenProps } from '../screens/types';
import { useTabId, useTabState } from '../workspace/hooks';
import { go } from '../workspace/store';
import '../lists/lists.css';

type Row = Record<string, unknown> & { id: number };

const DEF = logImportacaoList();

/**
 * Log de Importação: the lines the import runs wrote, newest first, in a virtualized grid (a run of a large file
 * writes thousands: they are scrolled, not paged), searched by period, process, level, text and run.
 */
export default function LogImportacaoScreen({ command, search }: ScreenProps) {
  const tabId = useTabId();
  const ctl = useListController<Row>(DEF, {
    search,
    setSearch: (s) => go(`${command.path}${s ? `?${s}` : ''}`, { tabId: tabId ?? undefined, replace: true }),
    useStore: useTabState,
  });
  return (
    <div className="rs">
      <div className="rs-head">
        <h1 className="page-title">{command.title}</h1>
        <span className="rs-count" data-testid="total" aria-live="polite">
          {ctl.total == null ? 'Carregando…' : countText(ctl.total, ctl.exact, DEF.noun)}
        </span>
      </div>
      <div className="rs-body">
        <SearchPanel def={DEF} filters={ctl.filters} onSearch={ctl.setFilters} />
        <div className="rs-main">
          <div className="rs-grid">
            <ListGrid def={DEF} controller={ctl} />
          </div>
        </div>
      </div>
    </div>
  );
}
