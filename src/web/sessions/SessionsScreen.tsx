import { SESSIONS_LIST, type SessionRow } from '../../shared/sessions/list';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';

type Row = SessionRow & Record<string, unknown>;

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    usuario: (s) => (
      <>
        {s.usuarioLogin}
        <small>{s.usuarioNome}</small>
      </>
    ),
  },
};

/** The portal's sessions for the administrator: the list definition SESSIONS_LIST on the generic list screen. */
export default function SessionsScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={SESSIONS_LIST} extras={extras} />;
}
