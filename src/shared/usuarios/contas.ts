import { z } from 'zod';
import { ROLE_FLAGS, type RoleFlag } from '../roles';
import { int4IdNumber } from '../validation/ids';

/**
 * The administrator's account form (Acesso › Usuários): the same schemas on the screen and on the server
 * (src/server/usuarios/contas.ts), and the messages of its refusals.
 */
export const USUARIO_MSG = {
  loginInvalido: 'Login inválido: use de 3 a 60 letras minúsculas, números, ponto, hífen ou sublinhado.',
  loginExiste: 'Já existe um usuário com este login.',
  nomeObrigatorio: 'Informe o nome.',
  emailInvalido: 'E-mail inválido.',
  grupoObrigatorio: 'Informe o grupo de senha.',
  grupoInexistente: 'Grupo de senha inexistente.',
  perfilInexistente: 'Perfil inexistente.',
  beneficiarioObrigatorio: 'Informe o beneficiário ligado a este usuário (papel Beneficiário ou Dependente).',
  prestadorObrigatorio: 'Informe o prestador ligado a este usuário (papel Prestador).',
  vinculoDuplo: 'Um usuário não pode ser ao mesmo tempo de autoatendimento de beneficiário e de prestador.',
  beneficiarioInexistente: 'Beneficiário inexistente.',
  prestadorInexistente: 'Prestador inexistente.',
  propriaAdministracao: 'Você não pode retirar a sua própria administração.',
  proprioBloqueio: 'Você não pode bloquear o seu próprio usuário.',
  propriaSenha: 'Para trocar a sua própria senha, use Alterar senha no menu do usuário.',
  ultimoAdministrador: 'Este é o último administrador ativo: dê a administração a outro usuário antes de retirá-la ou bloqueá-lo.',
  versaoDesatualizada: 'Este usuário foi alterado por outra pessoa. Recarregue e tente novamente.',
  bloqueado: (login: string, n: number) => `Usuário ${login} bloqueado${n ? `; ${n === 1 ? '1 sessão encerrada' : `${n} sessões encerradas`}` : ''}.`,
  desbloqueado: (login: string) => `Usuário ${login} desbloqueado.`,
  senhaRedefinida: (login: string) => `Senha de ${login} redefinida. Entregue a senha temporária ao usuário: ela vale para um único acesso, em que ele escolhe a nova senha.`,
  sessoesEncerradas: (login: string, n: number) => (n ? `${n === 1 ? '1 sessão encerrada' : `${n} sessões encerradas`} de ${login}.` : `${login} não tinha sessões abertas.`),
  criado: (login: string) => `Usuário ${login} criado. Entregue a senha temporária ao usuário: no primeiro acesso ele escolhe a nova senha.`,
  alterado: (login: string) => `Usuário ${login} alterado.`,
} as const;

/** The roles that are a person's self-service, each needing the linked record. */
export const BENEFICIARIO_ROLES: readonly RoleFlag[] = ['beneficiario', 'dependente'];
export const PRESTADOR_ROLES: readonly RoleFlag[] = ['prestador', 'prestadorAdministrativo'];

const papeisShape = Object.fromEntries(ROLE_FLAGS.map((r) => [r, z.boolean().default(false)])) as Record<RoleFlag, z.ZodDefault<z.ZodBoolean>>;

const idOpcional = (msg: string) => int4IdNumber(msg).nullable().default(null);

/** Create and edit (edit adds `version`; the login is set at creation only). */
export const usuarioFormSchema = z
  .object({
    nome: z.string({ error: USUARIO_MSG.nomeObrigatorio }).trim().min(1, USUARIO_MSG.nomeObrigatorio).max(120, 'Nome: até 120 caracteres.'),
    email: z
      .string()
      .trim()
      .max(120, 'E-mail: até 120 caracteres.')
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), USUARIO_MSG.emailInvalido)
      .transform((v) => v || null)
      .nullable()
      .default(null),
    ...papeisShape,
    beneficiarioId: idOpcional(USUARIO_MSG.beneficiarioInexistente),
    prestadorId: idOpcional(USUARIO_MSG.prestadorInexistente),
    perfis: z.array(int4IdNumber(USUARIO_MSG.perfilInexistente)).max(50).default([]),
    grupoId: int4IdNumber(USUARIO_MSG.grupoObrigatorio),
  })
  .superRefine((v, ctx) => {
    const benef = BENEFICIARIO_ROLES.some((r) => v[r]);
    const prest = PRESTADOR_ROLES.some((r) => v[r]);
    if (benef && prest) ctx.addIssue({ code: 'custom', path: ['beneficiarioId'], message: USUARIO_MSG.vinculoDuplo });
    else if (benef && v.beneficiarioId == null) ctx.addIssue({ code: 'custom', path: ['beneficiarioId'], message: USUARIO_MSG.beneficiarioObrigatorio });
    else if (prest && v.prestadorId == null) ctx.addIssue({ code: 'custom', path: ['prestadorId'], message: USUARIO_MSG.prestadorObrigatorio });
  });

export const LOGIN_RE = /^[a-z0-9._-]{3,60}$/;
export const usuarioNovoSchema = z.intersection(
  z.object({ login: z.string({ error: USUARIO_MSG.loginInvalido }).trim().toLowerCase().regex(LOGIN_RE, USUARIO_MSG.loginInvalido) }),
  usuarioFormSchema,
);
export const usuarioEdicaoSchema = z.intersection(z.object({ version: int4IdNumber(USUARIO_MSG.versaoDesatualizada) }), usuarioFormSchema);
export type UsuarioForm = z.infer<typeof usuarioFormSchema>;

/** One account as the form reads it (never the password's hash). */
export interface UsuarioDetalhe extends Record<RoleFlag, boolean> {
  id: number;
  login: string;
  nome: string;
  email: string | null;
  beneficiarioId: number | null;
  beneficiarioNome: string | null;
  prestadorId: number | null;
  prestadorNome: string | null;
  perfis: number[];
  grupoId: number;
  ativo: boolean;
  senhaExpiraEm: string | null;
  ultimoAcesso: string | null;
  sessoesAbertas: number;
  version: number;
}

/** The choices of the form: profiles and password groups. */
export interface UsuarioOpcoes {
  perfis: { id: number; nome: string; descricao: string | null }[];
  grupos: { id: number; nome: string; validaSenha: boolean }[];
}

/** What a creation or a reset answers, once: the temporary password is never stored in clear nor shown again. */
export interface SenhaTemporaria {
  id: number;
  login: string;
  senhaTemporaria: string;
}
