import type { CommandDef } from '../types';

/** Spec §2.1: registration and base. */
export const cadastro: CommandDef[] = [
  { path: '/cadastro', title: 'Cadastro', icon: 'id-card', can: ['list', 'cadastro'] },
  { path: '/cadastro/acesso', title: 'Acesso', icon: 'shield', can: ['list', 'acesso'] },
  { path: '/cadastro/acesso/usuarios', title: 'Usuários', icon: 'users', can: ['list', 'usuario'], search: true },
];
