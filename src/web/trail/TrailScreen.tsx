import { formatDate } from '../../shared/format';
import { changesOf, entityLabel, fieldLabel, TRAIL_LIST, type TrailEvent } from '../../shared/trail';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import './trail.css';

type Row = TrailEvent & Record<string, unknown>;

/** A value of the trail as a person reads it: dates and booleans in pt-BR, objects as short JSON, empty as a dash. */
function valor(v: unknown): string {
  if (v == null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

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
                {valor(antes)} → {valor(depois)}
              </>
            ) : (
              valor(e.acao === 'delete' ? antes : depois)
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
