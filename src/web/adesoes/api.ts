import type { AdesaoDetalhe, DecisaoInput, SolicitacaoInput } from '../../shared/adesoes';
import type { BeneficiarioOpcao } from '../../shared/pessoas';
import { api } from '../api/client';

/** Query keys of a membership request (its list is the list engine's: listKeys in ../lists/api). */
export const adesaoKeys = {
  all: ['adesoes'] as const,
  detail: (id: number) => ['adesoes', 'solicitacao', id] as const,
  titulares: ['adesoes', 'titulares'] as const,
};

export const adesaoApi = {
  get: (id: number) => api.get<AdesaoDetalhe>(`/adesoes/${id}`, { quiet: true }),
  /** Quiet: the form shows the refusals beside its fields; the receipt confirms. */
  solicitar: (body: SolicitacaoInput) => api.post<AdesaoDetalhe>('/adesoes', body, { quiet: true }),
  decidir: (id: number, body: DecisaoInput) => api.post<AdesaoDetalhe>(`/adesoes/${id}/decisao`, body, { quiet: true }),
  /** The staff's picker of the titular (by name, CPF or card). */
  titulares: (termo: string) => api.get<BeneficiarioOpcao[]>(`/adesoes/titulares?termo=${encodeURIComponent(termo)}`, { quiet: true }),
};
