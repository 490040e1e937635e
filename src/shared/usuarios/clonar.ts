import { z } from 'zod';
import { int4IdNumber } from '../validation/ids';
import { LOGIN_RE, USUARIO_MSG } from './contas';

/**
 * Clonar Usuário (Acesso › Clonar Usuário, manage on all): a new account with another one's roles, password group,
 * provider link, profiles and the rule groups attached to it — so exactly its permissions and its restrictions —
 * under a new login, name and e-mail, with a temporary password that expires at the first login. A beneficiary's or
 * dependent's account is a person's own and is not cloned.
 */
export const CLONAR_MSG = {
  origemObrigatoria: 'Escolha o usuário a clonar.',
  origemInexistente: 'Usuário a clonar inexistente.',
  contaPessoal: 'Contas de beneficiário e de dependente são pessoais: não podem ser clonadas.',
  clonado: (login: string, origem: string) => `Usuário ${login} criado com os papéis, os perfis e as regras de ${origem}. Entregue a senha temporária ao usuário: no primeiro acesso ele escolhe a nova senha.`,
} as const;

export const clonarSchema = z.object({
  origemId: int4IdNumber(CLONAR_MSG.origemObrigatoria),
  login: z.string({ error: USUARIO_MSG.loginInvalido }).trim().toLowerCase().regex(LOGIN_RE, USUARIO_MSG.loginInvalido),
  nome: z.string({ error: USUARIO_MSG.nomeObrigatorio }).trim().min(1, USUARIO_MSG.nomeObrigatorio).max(120, 'Nome: até 120 caracteres.'),
  email: z
    .string()
    .trim()
    .max(120, 'E-mail: até 120 caracteres.')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), USUARIO_MSG.emailInvalido)
    .transform((v) => v || null)
    .nullable()
    .default(null),
});
export type ClonarForm = z.output<typeof clonarSchema>;

/** What the source account gives the clone, shown before cloning. */
export interface ClonarOrigem {
  id: number;
  login: string;
  nome: string;
  ativo: boolean;
  papeis: string[];
  perfis: string[];
  gruposRegras: string[];
  prestador: string | null;
  grupoSenha: string;
  /** Why it cannot be cloned (a person's own account), or null. */
  recusa: string | null;
}
