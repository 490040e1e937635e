import type { ManifestacaoDetalhe, ProrrogacaoInput, RegistroInput, TransicaoInput } from '../../shared/ouvidoria';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import { api } from '../api/client';

/** Query keys of a manifestação (its list is the list engine's: listKeys in ../lists/api). */
export const ouvidoriaKeys = {
  all: ['ouvidoria'] as const,
  detail: (id: number) => ['ouvidoria', 'manifestacao', id] as const,
  beneficiarios: ['ouvidoria', 'beneficiarios'] as const,
};

export const ouvidoriaApi = {
  get: (id: number) => api.get<ManifestacaoDetalhe>(`/ouvidoria/manifestacoes/${id}`, { quiet: true }),
  /** Quiet: the form shows the refusals beside its fields; the receipt confirms. */
  /** `chave`: the form instance's Idempotency-Key, so a double submission registers one manifestação. */
  registrar: (body: RegistroInput, chave: string) => api.post<ManifestacaoDetalhe>('/ouvidoria/manifestacoes', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  transicao: (id: number, body: TransicaoInput) => api.post<ManifestacaoDetalhe>(`/ouvidoria/manifestacoes/${id}/transicao`, body, { quiet: true }),
  prorrogar: (id: number, body: ProrrogacaoInput) => api.post<ManifestacaoDetalhe>(`/ouvidoria/manifestacoes/${id}/prorrogacao`, body, { quiet: true }),
  /** The family's members (no term) or, for the ombudsman, anyone by name, CPF or card. */
  beneficiarios: (termo = '') => api.get<BeneficiarioOpcao[]>(`/ouvidoria/beneficiarios${termo ? `?termo=${encodeURIComponent(termo)}` : ''}`, { quiet: true }),
};
