import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { ROLE_FLAGS, ROLE_LABELS, type RoleFlag } from '../roles';

/**
 * The product's user accounts (table `usuarios`), as the administrator lists them (Acesso › Usuários): who each one
 * is, which roles it carries, whom it is linked to (the beneficiary or the provider of a self-service account),
 * whether it may log in, when it last did and when its password expires. A list definition over a server query
 * (src/server/usuarios/listas.ts), shown by the generic list screen. The password's hash never leaves the table.
 */

/** Whether the account may log in: the login refuses an account that is not `ativo`. */
export const USUARIO_SITUACAO = [
  ['ativo', 'Ativo'],
  ['bloqueado', 'Bloqueado'],
] as const;
export type UsuarioSituacao = (typeof USUARIO_SITUACAO)[number][0];

/** The spec §3 role flags as options of the search, by their pt-BR labels. */
export const PAPEL_OPTIONS = ROLE_FLAGS.map((r) => [r, ROLE_LABELS[r]] as const);

/** A row of the list, as the API answers it (timestamps in ISO). */
export interface UsuarioRow {
  id: number;
  login: string;
  nome: string;
  email: string | null;
  /** The role flags the account carries, in the spec's order. */
  papeis: RoleFlag[];
  /** The linked record's name: the beneficiary's (beneficiário, dependente) or the provider's (prestador). */
  vinculo: string | null;
  vinculoTipo: 'beneficiario' | 'prestador' | null;
  situacao: UsuarioSituacao;
  ultimoAcesso: string | null;
  senhaExpiraEm: string | null;
}

/** By login; filtered by login (prefix), any part of the name or e-mail, role, situation and period of last access. */
export const USUARIOS_LIST = defineList({
  key: 'usuarios',
  command: '/cadastro/acesso/usuarios',
  endpoint: '/usuarios',
  noun: { singular: 'usuário', plural: 'usuários', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    login: f.text('Login', { max: 60 }),
    nome: f.text('Nome', { max: 120 }),
    email: f.text('E-mail', { max: 120 }),
    papel: f.enum('Papel', PAPEL_OPTIONS),
    vinculo: f.text('Vínculo', { max: 120 }),
    situacao: f.enum('Situação', USUARIO_SITUACAO),
    ultimoAcesso: f.instant('Último acesso'),
    senhaExpiraEm: f.instant('Senha expira em'),
  },
  search: [
    { field: 'login', op: 'startsWith', param: 'login', placeholder: 'Começo do login' },
    { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    { field: 'email', op: 'contains', param: 'email', placeholder: 'Parte do e-mail' },
    { field: 'papel', op: 'eq', param: 'papel' },
    { field: 'situacao', op: 'eq', param: 'situacao' },
    { field: 'ultimoAcesso', op: 'gte', param: 'acessoDe', label: 'Último acesso de' },
    { field: 'ultimoAcesso', op: 'lte', param: 'acessoAte', label: 'Último acesso até' },
  ],
  columns: [
    // the name goes under the login (the screen draws it): one column less for a table this wide
    { key: 'login', label: 'Usuário', sort: 'login' },
    { key: 'email' },
    // one chip per role (the screen draws them): the column reads the role field's label and options
    { key: 'papeis', field: 'papel', label: 'Papéis' },
    { key: 'vinculo' },
    { key: 'situacao', type: 'tag', tones: { ativo: 'ok', bloqueado: 'bad' } },
    { key: 'ultimoAcesso', sort: 'ultimoAcesso' },
    { key: 'senhaExpiraEm', sort: 'senhaExpiraEm' },
  ],
  // logins are unique: the id only breaks ties that cannot happen
  sort: [{ field: 'login', dir: 'asc' }],
  sortable: ['login', 'nome', 'ultimoAcesso', 'senhaExpiraEm'],
  pageSize: 50,
  create: { command: '/cadastro/acesso/usuarios', label: 'Novo usuário' },
});
