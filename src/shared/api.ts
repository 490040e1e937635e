import { toIsoDate } from './dates';
import { z } from 'zod';
import { clientCodeSchema } from './clients';
import { CONSTANTS } from './clients';

/** Server messages (spec §8): {type, value, title?}. */
export const alertSchema = z.object({
  type: z.enum(['error', 'warning', 'info', 'success']),
  value: z.string(),
  title: z.string().optional(),
  field: z.string().optional(),
});
export type Alert = z.infer<typeof alertSchema>;
export interface Messages { alerts: Alert[] }
/** Every answer body: the result plus optional alerts. Errors carry alerts only. */
export interface Envelope<T> { result?: T; messages?: Messages }

// The role flags live in a module without zod (the web's first bundle imports them directly).
export { ROLE_FLAGS, type RoleFlag } from './roles';

export const sessionUserSchema = z.object({
  id: z.number(),
  principal: z.string(),
  nome: z.string(),
  grupoValidaSenha: z.boolean(),
  senhaExpirada: z.boolean(),
  /** The user's URA terminal is configured (spec §4 URA redirect when false). */
  uraHabilitada: z.boolean(),
  permissions: z.array(z.string()),
  operadora: z.boolean(),
  prestador: z.boolean(),
  prestadorAdministrativo: z.boolean(),
  dependente: z.boolean(),
  beneficiario: z.boolean(),
  ouvidoria: z.boolean(),
  auditor: z.boolean(),
  admin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const clientInfoSchema = z.object({
  id: clientCodeSchema,
  nome: z.string(),
  flags: z.record(z.string(), z.object({ visible: z.boolean(), required: z.boolean(), enable: z.boolean(), label: z.string().optional(), message: z.string().optional() })),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export const loginRequestSchema = z.object({
  userId: z.string({ error: 'Informe o usuário.' }).trim().min(1, 'Informe o usuário.').max(60, 'Usuário inválido.'),
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(200, 'Senha inválida.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export interface LoginResponse { token: string; user: SessionUser; client: ClientInfo }
export interface MeResponse { user: SessionUser; client: ClientInfo }

/** validar-senha and alterar-senha payloads (spec §7). */
export const senhaRequestSchema = z.object({
  login: z.string().trim().min(1, 'Informe o login.').max(60),
  senha: z.string().min(1, 'Informe a senha.').max(CONSTANTS.senhaSimplesMax, 'Nova Senha inválida'),
});

export const ufSchema = z.string().regex(/^[A-Za-z]{2}$/, 'UF inválida.').transform((s) => s.toUpperCase());
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida. Use o formato AAAA-MM-DD.').refine((s) => toIsoDate(s) === s, 'Data inválida: este dia não existe no calendário.');

export interface Cidade { id: number; nome: string; uf: string }
/** Provider search result (spec §3). */
export interface PrestadorBusca {
  id: number;
  codigo: string;
  nome: string;
  adicional: string | null;
  prestadorJuridico: { cnpj: string } | null;
  prestadorFisico: { cpf: string } | null;
}
/** A home notice (GET /avisos/inicio): `mensagem` is rich text (HTML), shown only through the allow-list sanitizer. */
export interface Aviso { id: number; titulo: string; mensagem: string; tipo: 'info' | 'warning'; prioridade: 'ALTA' | 'NORMAL' | 'BAIXA'; inicio: string; fim: string | null }
