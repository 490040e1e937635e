import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { SenhaTemporaria, UsuarioDetalhe, UsuarioForm, UsuarioOpcoes } from '../../shared/usuarios/contas';
import type { ClonarOrigem } from '../../shared/usuarios/clonar';
import type { MigracaoPrevia } from '../../shared/usuarios/migracao';
import type { GrupoRegras, RegrasOpcoes, UsuarioResumo } from '../../shared/usuarios/regras';
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

/** The access screens: rule groups, the accounts picker, clone and migration (quiet: refusals show beside fields). */
export const acessoKeys = {
  regras: ['regras'] as const,
  regrasOpcoes: ['regras', 'opcoes'] as const,
  usuarios: ['acesso', 'usuarios'] as const,
};

export const acessoApi = {
  usuarios: (termo: string) => api.get<UsuarioResumo[]>(`/acesso/usuarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  regras: () => api.get<GrupoRegras[]>('/regras'),
  regrasOpcoes: () => api.get<RegrasOpcoes>('/regras/opcoes'),
  criarGrupo: (body: unknown) => api.post<GrupoRegras>('/regras', body, { quiet: true }),
  alterarGrupo: (id: number, body: unknown) => api.put<GrupoRegras>(`/regras/${id}`, body, { quiet: true }),
  excluirGrupo: (id: number) => api.del<{ id: number }>(`/regras/${id}`),
  clonagem: (id: number) => api.get<ClonarOrigem>(`/usuarios/${id}/clonagem`, { quiet: true }),
  clonar: (body: unknown) => api.post<SenhaTemporaria & { origem: string }>('/usuarios/clonar', body, { quiet: true }),
  previaMigracao: (origemId: number, destinoId: number) => api.get<MigracaoPrevia>(`/usuarios/migracao/previa?origemId=${origemId}&destinoId=${destinoId}`, { quiet: true }),
  migrar: (body: unknown) => api.post<MigracaoPrevia & { bloqueado: boolean; encerradas: number }>('/usuarios/migracao', body, { quiet: true }),
};
