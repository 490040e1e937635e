import { defineList } from '../lists/define';
import { f } from '../resources/define';

/**
 * The portal's sessions (table `sessoes`), as the administrator lists them: who opened each one, when it started and
 * expires, and whether it is still active. A list definition over a server query (src/server/sessions/list.ts),
 * shown by the generic list screen. The token's hash is never part of it.
 */

/** A session's status, derived on the server: ended by a logout (revogada_em) first, then past its expiry. */
export const SESSION_STATUS = [
  ['ativa', 'Ativa'],
  ['expirada', 'Expirada'],
  ['encerrada', 'Encerrada'],
] as const;
export type SessionStatus = (typeof SESSION_STATUS)[number][0];

/** A row of the list, as the API answers it (timestamps in ISO). */
export interface SessionRow {
  id: number;
  usuarioLogin: string;
  usuarioNome: string;
  criadaEm: string;
  expiraEm: string;
  revogadaEm: string | null;
  status: SessionStatus;
}

/** What ending a session answers (Fila de Sessões, "Encerrar"). */
export const SESSION_MSG = {
  encerrada: 'Sessão encerrada: o usuário precisa entrar de novo.',
  naoAtiva: 'Esta sessão já não está ativa.',
  naoEncontrada: 'Sessão não encontrada.',
  propria: 'Esta é a sua própria sessão: para encerrá-la, use Sair.',
} as const;

/** Newest first; by user (login, or any part of the name), status and period of start (São Paulo days). */
export const SESSIONS_LIST = defineList({
  key: 'sessoes',
  command: '/util/analise/fila-sessao',
  endpoint: '/sessoes',
  noun: { singular: 'sessão', plural: 'sessões', gender: 'f' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    usuario: f.text('Usuário', { max: 120 }),
    criadaEm: f.instant('Início'),
    expiraEm: f.instant('Expira em'),
    status: f.enum('Status', SESSION_STATUS),
    revogadaEm: f.instant('Encerrada em'),
    acoes: f.text('Ações', { max: 10 }),
  },
  search: [
    { field: 'usuario', op: 'search', param: 'usuario', placeholder: 'Login ou nome' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'criadaEm', op: 'gte', param: 'de', label: 'Início de' },
    { field: 'criadaEm', op: 'lte', param: 'ate', label: 'Início até' },
  ],
  columns: [
    { key: 'usuario' },
    { key: 'criadaEm' },
    { key: 'expiraEm' },
    { key: 'status', type: 'tag', tones: { ativa: 'ok', expirada: 'warn', encerrada: 'muted' } },
    { key: 'revogadaEm' },
    { key: 'acoes' },
  ],
  // the id follows creation (serial, criada_em defaults to now()) and is the primary key's index: newest first by it
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id', 'criadaEm'],
  pageSize: 50,
});
