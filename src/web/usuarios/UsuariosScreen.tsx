import { useMemo } from 'react';
import { instantToBr } from '../../shared/dates';
import { ROLE_LABELS } from '../../shared/roles';
import { USUARIOS_LIST, type UsuarioRow } from '../../shared/usuarios/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import type { ScreenProps } from '../screens/types';
import { Chip } from '../ui/Chip';
import { UsuarioForm } from './UsuarioForm';

type Row = UsuarioRow & Record<string, unknown>;

const VINCULO: Record<NonNullable<UsuarioRow['vinculoTipo']>, string> = { beneficiario: 'Beneficiário', prestador: 'Prestador' };

const extras: ListScreenExtras<Row> = {
  recordLabel: (u) => u.login,
  cells: {
    login: (u) => (
      <>
        {u.login}
        <small>{u.nome}</small>
      </>
    ),
    papeis: (u) =>
      u.papeis.length ? (
        <span className="lista-chips">
          {u.papeis.map((p) => (
            <Chip key={p} tone={p === 'admin' ? 'info' : 'muted'}>
              {ROLE_LABELS[p]}
            </Chip>
          ))}
        </span>
      ) : (
        <small>Nenhum papel</small>
      ),
    vinculo: (u) =>
      u.vinculo ? (
        <>
          {u.vinculo}
          <small>{VINCULO[u.vinculoTipo!]}</small>
        </>
      ) : (
        <small>Sem vínculo</small>
      ),
    ultimoAcesso: (u) => (u.ultimoAcesso ? <span className="lista-instante">{instantToBr(u.ultimoAcesso)}</span> : <small>Nunca acessou</small>),
    // a past expiry makes the next login ask for a new password; no date means the group's passwords never expire
    senhaExpiraEm: (u) =>
      u.senhaExpiraEm ? (
        <>
          <span className="lista-instante">{instantToBr(u.senhaExpiraEm)}</span>
          {Date.parse(u.senhaExpiraEm) <= Date.now() && (
            <span className="lista-chips">
              <Chip tone="warn">Expirada</Chip>
            </span>
          )}
        </>
      ) : (
        <small>Não expira</small>
      ),
  },
};

/**
 * The administrator's list of user accounts (the list definition USUARIOS_LIST on the generic list screen), the new
 * account form (`?novo=1`, the list's "Novo usuário") and one account (`?id=`, a row opened with Enter or Ctrl+Enter).
 */
export default function UsuariosScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  if (id || params.has('novo')) return <UsuarioForm key={id ?? 'novo'} command={command} id={id} />;
  return <ListScreen<Row> command={command} search={search} def={USUARIOS_LIST} extras={extras} />;
}
