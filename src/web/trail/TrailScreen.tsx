import { changesOf, entityLabel, fieldLabel, TRAIL_LIST, trailValue, type TrailEvent } from '../../shared/trail';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import './trail.css';

type Row = TrailEvent & Record<string, unknown>;

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    usuarioLogin: (e) => (
      <>
        {e.usuarioLogin ?? '—'}
        {e.ip && <small>{e.ip}</small>}
      </>
    ),
    entidade: (e) => entityLabel(e.entidade),
    // each change as "Campo: antes → depois" (an inclusion or exclusion shows the one side it has)
    mudancas: (e) => (
      <ul className="trilha-mudancas">
        {changesOf(e).map(([k, antes, depois]) => (
          <li key={k}>
            <strong>{fieldLabel(e.entidade, k)}:</strong>{' '}
            {e.acao === 'update' ? (
              <>
                {trailValue(e.entidade, k, antes, e.antes)} → {trailValue(e.entidade, k, depois, e.depois)}
              </>
            ) : (
              e.acao === 'delete' ? trailValue(e.entidade, k, antes, e.antes) : trailValue(e.entidade, k, depois, e.depois)
            )}
          </li>
        ))}
      </ul>
    ),
  },
};

/** The change trail for the administrator: the list definition TRAIL_LIST on the generic list screen. */
export default function TrailScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={TRAIL_LIST} extras={extras} />;
}
