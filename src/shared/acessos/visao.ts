import { z } from 'zod';
import type { RoleFlag } from '../roles';

/**
 * Who can see what (Acesso › Quem Vê o Quê, issue 17 point 5): for a user, the commands they can open (the command
 * registry under `isVisible`, with their permissions of now); for a command, the users who can open it; for a
 * beneficiary, who read the record and when (from the access log). Each answer is also a CSV.
 */

export interface VisaoUsuarioResumo {
  id: number;
  login: string;
  nome: string;
  ativo: boolean;
  papeis: RoleFlag[];
}

/** A command as the answer lists it: its path, title and where it is in the menu ("Cadastro › Acesso"). */
export interface VisaoComando {
  id: string;
  path: string;
  title: string;
  onde: string;
  tipo: VisaoTipo;
}

export type VisaoTipo = 'pasta' | 'tela' | 'relatorio' | 'processo' | 'exportacao' | 'link';
export const VISAO_TIPOS: Record<VisaoTipo, string> = { pasta: 'Pasta', tela: 'Tela', relatorio: 'Relatório', processo: 'Processo', exportacao: 'Exportação', link: 'Link' };

export interface VisaoDoUsuario {
  usuario: VisaoUsuarioResumo;
  comandos: VisaoComando[];
}

export interface VisaoDoComando {
  comando: VisaoComando;
  usuarios: VisaoUsuarioResumo[];
}

/** Each user who read a beneficiary's record: how many times, the first and the last. */
export interface VisaoLeitor {
  login: string;
  nome: string | null;
  vezes: number;
  primeiro: string;
  ultimo: string;
}

export interface VisaoDoBeneficiario {
  beneficiario: { id: number; nome: string; matricula: string | null };
  leitores: VisaoLeitor[];
}

export const VISAO_MSG = {
  comandoInexistente: 'Comando não encontrado.',
  usuarioInexistente: 'Usuário não encontrado.',
  beneficiarioInexistente: 'Beneficiário não encontrado.',
} as const;

/** The command asked about, by its id in the registry (the screen picks it from the same registry). */
export const comandoQuerySchema = z.object({ comando: z.string({ error: 'Escolha o comando.' }).trim().min(1, 'Escolha o comando.').max(200, VISAO_MSG.comandoInexistente) });
