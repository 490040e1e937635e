import { PAPEL_OPTIONS, USUARIO_SITUACAO } from '../usuarios/listas';
import { f } from '../resources/define';
import { defineReport } from './define';

/** Days without a login past which an account counts as dormant (the access review looks at these first). */
export const DIAS_SEM_LOGIN_ALERTA = 90;

/**
 * Logins e Permissões (gerência; manage on all, the spec gives no code) — the access review: each permission profile
 * with the accounts that hold it, their roles, situation, how many permissions they have in all (the union of their
 * profiles), the last login and the days since it; accounts without a profile come under "Sem perfil". An account
 * with two profiles is under both: the review is done profile by profile.
 */
export const LOGINS_PERMISSOES = defineReport({
  code: null,
  command: '/relatorio/gerencia/logins-permissao',
  about: 'Cada perfil de permissões com os usuários que o têm: papéis, situação, total de permissões do usuário (somados todos os seus perfis), último login e dias sem entrar.',
  list: {
    key: 'relatorio.logins-permissao',
    noun: { singular: 'usuário por perfil', plural: 'usuários por perfil', gender: 'm' },
    fields: {
      grupo: f.text('Perfil', { max: 140 }),
      login: f.text('Login', { max: 60 }),
      nome: f.text('Nome', { max: 120 }),
      papeis: f.text('Papéis', { max: 200 }),
      situacao: f.enum('Situação', USUARIO_SITUACAO),
      permissoes: f.integer('Permissões'),
      ultimoLogin: f.instant('Último login'),
      diasSemLogin: f.integer('Dias sem login'),
      papel: f.enum('Papel', PAPEL_OPTIONS),
      perfil: f.text('Perfil', { max: 80 }),
      semLoginDesde: f.date('Sem login desde'),
    },
    search: [
      { field: 'perfil', op: 'contains', param: 'perfil', placeholder: 'Parte do nome' },
      { field: 'papel', op: 'eq', param: 'papel' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'semLoginDesde', op: 'lte', param: 'semLoginDesde', label: 'Sem login desde' },
      { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Nome ou login' },
    ],
    columns: [{ key: 'login' }, { key: 'nome' }, { key: 'papeis' }, { key: 'situacao' }, { key: 'permissoes' }, { key: 'ultimoLogin' }, { key: 'diasSemLogin' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'login', dir: 'asc' },
    ],
    sortable: ['grupo', 'login', 'ultimoLogin'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Perfil', plural: 'perfis' },
  chart: { title: 'Usuários por perfil', value: 'count' },
  orientation: 'landscape',
  widths: { login: 1.4, nome: 2.6, papeis: 2.4, situacao: 0.9, permissoes: 0.9, ultimoLogin: 1.3, diasSemLogin: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});
