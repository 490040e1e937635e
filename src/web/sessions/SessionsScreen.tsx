import type { CSSProperties } from 'react';
import { formatDateTime } from '../../shared/format';
import { SESSION_STATUS, SESSIONS_LIST, type SessionRow, type SessionStatus } from '../../shared/sessions/list';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';

type Row = SessionRow & Record<string, unknown>;

// the chip's colours here: the recipe has no stylesheet and the authorizations' chip is theirs
const CHIP: Record<SessionStatus, CSSProperties> = {
  ativa: { background: '#dff3e4', color: '#1d6b35' },
  expirada: { background: '#fff4d6', color: '#7a5a00' },
  encerrada: { background: '#eee', color: '#555' },
};
const chip: CSSProperties = { display: 'inline-block', padding: '1px 8px', borderRadius: 10, fontSize: 12, whiteSpace: 'nowrap' };

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    usuario: (s) => (
      <>
        {s.usuarioLogin}
        <small>{s.usuarioNome}</small>
      </>
    ),
    criadaEm: (s) => formatDateTime(s.criadaEm),
    expiraEm: (s) => formatDateTime(s.expiraEm),
    status: (s) => (
      <>
        <span style={{ ...chip, ...CHIP[s.status] }} data-testid="status">
          {SESSION_STATUS.find(([k]) => k === s.status)?.[1] ?? s.status}
        </span>
        {s.revogadaEm && <small>em {formatDateTime(s.revogadaEm)}</small>}
      </>
    ),
  },
};

/** The portal's sessions for the administrator: the list definition SESSIONS_LIST on the generic list screen. */
export default function SessionsScreen({ command, search }: ScreenProps) {
  return <ListScreen<Row> command={command} search={search} def={SESSIONS_LIST} extras={extras} />;
}
