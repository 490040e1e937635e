import { z } from 'zod';
import { int4IdNumber } from '../validation/ids';

/**
 * Permission profiles (Acesso › Configuração de Permissões): named sets of 'subject:action' permissions; a user's
 * permissions are the union of their profiles'. Only permissions some command grants can be given (the catalogue,
 * GET /api/perfis/catalogo); `all:manage` comes only with the Administrador role.
 */
export const PERFIL_MSG = {
  nomeObrigatorio: 'Informe o nome do perfil.',
  nomeExiste: 'Já existe um perfil com este nome.',
  permissaoInvalida: (p: string) => `Permissão inexistente: ${p}.`,
  emUso: (n: number) => `O perfil é de ${n === 1 ? '1 usuário' : `${n} usuários`}: retire-o deles antes de excluí-lo.`,
  versaoDesatualizada: 'Este perfil foi alterado por outra pessoa. Recarregue e tente novamente.',
  salvo: (nome: string, n: number) => `Perfil ${nome} salvo${n ? `; vale no próximo acesso de ${n === 1 ? '1 usuário' : `${n} usuários`}` : ''}.`,
  excluido: (nome: string) => `Perfil ${nome} excluído.`,
} as const;

export const perfilFormSchema = z.object({
  nome: z.string({ error: PERFIL_MSG.nomeObrigatorio }).trim().min(1, PERFIL_MSG.nomeObrigatorio).max(80, 'Nome: até 80 caracteres.'),
  descricao: z
    .string()
    .trim()
    .max(200, 'Descrição: até 200 caracteres.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
  permissoes: z.array(z.string().max(120)).max(5000).default([]),
});
export const perfilEdicaoSchema = perfilFormSchema.extend({ version: int4IdNumber(PERFIL_MSG.versaoDesatualizada) });
export type PerfilForm = z.infer<typeof perfilFormSchema>;

export interface Perfil {
  id: number;
  nome: string;
  descricao: string | null;
  permissoes: string[];
  usuarios: number;
  version: number;
}

/** A node of the command tree with the permissions that open it and the actions that exist for it. */
export interface PermissaoNo {
  path: string;
  title: string;
  kind: string;
  /** The permission that opens the command ('subject:action'), when it needs one. */
  abre: string | null;
  /** Other actions on the same subject that exist for it (write actions of a table, special actions). */
  acoes: string[];
  filhos: PermissaoNo[];
}
