import type { AtendimentoDetalhe, RegistroInput, TransicaoInput } from '../../shared/atendimentos';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import { api } from '../api/client';

/** Query keys of a contact (its list is the list engine's: listKeys in ../lists/api). */
export const atendimentoKeys = {
  all: ['atendimentos'] as const,
  detail: (id: number) => ['atendimentos', 'registro', id] as const,
  beneficiarios: ['atendimentos', 'beneficiarios'] as const,
};

export const atendimentoApi = {
  get: (id: number) => api.get<AtendimentoDetalhe>(`/atendimentos/${id}`, { quiet: true }),
  /** Quiet: the form shows the refusals beside its fields; the success alert is shown by the screen. */
  registrar: (body: RegistroInput) => api.post<AtendimentoDetalhe>('/atendimentos', body, { quiet: true }),
  transicao: (id: number, body: TransicaoInput) => api.post<AtendimentoDetalhe>(`/atendimentos/${id}/transicao`, body, { quiet: true }),
  beneficiarios: (termo: string) => api.get<BeneficiarioOpcao[]>(`/atendimentos/beneficiarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
};
