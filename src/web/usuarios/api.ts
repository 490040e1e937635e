import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { SenhaTemporaria, UsuarioDetalhe, UsuarioForm, UsuarioOpcoes } from '../../shared/usuarios/contas';
import { api } from '../api/client';

/** Query keys of an account (its list is the list engine's: listKeys in ../lists/api). */
export const usuarioKeys = {
  opcoes: ['usuarios', 'opcoes'] as const,
  detail: (id: number) => ['usuarios', 'registro', id] as const,
  beneficiarios: ['usuarios', 'beneficiarios'] as const,
};

/** Quiet where the form shows the refusals beside its fields; the actions' answers come as toasts. */
export const usuarioApi = {
  opcoes: () => api.get<UsuarioOpcoes>('/usuarios/opcoes'),
  get: (id: number) => api.get<UsuarioDetalhe>(`/usuarios/${id}`, { quiet: true }),
  criar: (body: UsuarioForm & { login: string }) => api.post<SenhaTemporaria>('/usuarios', body, { quiet: true }),
  alterar: (id: number, body: UsuarioForm & { version: number }) => api.put<UsuarioDetalhe>(`/usuarios/${id}`, body, { quiet: true }),
  acao: (id: number, acao: 'bloquear' | 'desbloquear' | 'encerrar-sessoes') => api.post<{ login: string; encerradas: number }>(`/usuarios/${id}/${acao}`),
  redefinirSenha: (id: number) => api.post<SenhaTemporaria>(`/usuarios/${id}/redefinir-senha`),
  beneficiarios: (termo: string) => api.get<BeneficiarioOpcao[]>(`/usuarios/beneficiarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
};
