import { defineList } from '../lists/define';
import { f } from '../resources/define';

/**
 * The access log (LGPD: who read whose personal record, and when), as the administrator queries it (Acesso › Log de
 * Acesso a Dados Pessoais): by person (whose record, its code) and by user (login), over a period. A list definition
 * over a server query (src/server/acessos/listas.ts), shown by the generic list screen; exported as CSV.
 */

export const ACESSO_ENTIDADES = [
  ['beneficiario', 'Beneficiário'],
  ['prestador', 'Prestador'],
] as const;
export type AcessoEntidade = (typeof ACESSO_ENTIDADES)[number][0];

/** What read the record, by the API route that answered it (the screen a person reads it on). */
export const ACESSO_ORIGENS: Readonly<Record<string, string>> = {
  '/api/beneficiarios/:id': 'Cadastro do beneficiário',
  '/api/beneficiarios/:id/familia': 'Família do beneficiário',
  '/api/beneficiarios/logado': 'Meu cadastro (o próprio beneficiário)',
  '/api/recursos/beneficiarios/:id': 'Ficha do beneficiário (Cadastro › Pessoa)',
  '/api/prestadores/:id': 'Cadastro do prestador',
  '/api/prestadores/logado': 'Meu cadastro (o próprio prestador)',
  '/api/recursos/prestadores/:id': 'Ficha do prestador (Cadastro › Pessoa)',
};
export const origemLabel = (o: string) => ACESSO_ORIGENS[o] ?? o;

/** A row of the list, as the API answers it. */
export interface AcessoRow {
  id: number;
  em: string;
  usuarioLogin: string;
  usuarioNome: string | null;
  ip: string | null;
  entidade: AcessoEntidade;
  registroId: number;
  /** The person's name now (null when the record was deleted since). */
  pessoa: string | null;
  origem: string;
}

export const ACESSOS_LIST = defineList({
  key: 'acessos.registros',
  command: '/cadastro/acesso/log-acessos',
  endpoint: '/acessos/registros',
  noun: { singular: 'acesso', plural: 'acessos', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    em: f.instant('Data e hora'),
    usuarioLogin: f.text('Usuário', { max: 60 }),
    entidade: f.enum('Cadastro de', ACESSO_ENTIDADES),
    registroId: { kind: 'integer', label: 'Código da pessoa' },
    pessoa: f.text('Pessoa', { max: 120 }),
    origem: f.text('Onde', { max: 80 }),
  },
  search: [
    { field: 'entidade', op: 'eq', param: 'entidade' },
    { field: 'registroId', op: 'eq', param: 'pessoa', placeholder: 'Código (id)' },
    { field: 'usuarioLogin', op: 'eq', param: 'usuario', placeholder: 'Login' },
    { field: 'em', op: 'gte', param: 'de', label: 'De' },
    { field: 'em', op: 'lte', param: 'ate', label: 'Até' },
  ],
  columns: [{ key: 'em' }, { key: 'usuarioLogin' }, { key: 'entidade' }, { key: 'pessoa' }, { key: 'origem' }],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id'],
  pageSize: 50,
});
