import type { ItemVerba, PassoVerbaInput, RegistroVerbaInput, VerbaDetalhe } from '../../shared/verbas';
import { api } from '../api/client';

/** Query keys of a request (its list is the list engine's: listKeys in ../lists/api). */
export const verbaKeys = {
  all: ['verbas'] as const,
  detail: (id: number) => ['verbas', 'registro', id] as const,
  previa: (empresa: string, competencia: string) => ['verbas', 'previa', empresa, competencia] as const,
};

export const verbaApi = {
  get: (id: number) => api.get<VerbaDetalhe>(`/solicitacoes-verbas/${id}`, { quiet: true }),
  previa: (empresaId: string, competencia: string) =>
    api.get<{ itens: ItemVerba[]; total: number }>(`/solicitacoes-verbas/previa?empresaId=${encodeURIComponent(empresaId)}&competencia=${encodeURIComponent(competencia)}`, { quiet: true }),
  /** `chave`: the form's Idempotency-Key, so a double click registers one request. */
  registrar: (body: RegistroVerbaInput, chave: string) => api.post<VerbaDetalhe>('/solicitacoes-verbas', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  passo: (id: number, body: PassoVerbaInput) => api.post<VerbaDetalhe>(`/solicitacoes-verbas/${id}/passo`, body, { quiet: true }),
};
