import type { ExclusaoRede, ExclusaoRedeInput, InclusaoFeita, InclusaoRede, ProdutoRede, RedeDoPrestador } from '../../shared/rps';
import { api } from '../api/client';

/** Query keys of the RPS screens (the movements' list is the list engine's: listKeys in ../lists/api). */
export const rpsKeys = {
  produtos: ['rps', 'produtos'] as const,
  rede: (prestadorId: number) => ['rps', 'rede', prestadorId] as const,
};

/** Quiet where the form shows the refusals beside its fields. */
export const rpsApi = {
  produtos: () => api.get<ProdutoRede[]>('/rps/produtos'),
  rede: (prestadorId: number) => api.get<RedeDoPrestador>(`/rps/prestadores/${prestadorId}/rede`, { quiet: true }),
  incluir: (body: InclusaoRede, chave: string) => api.post<InclusaoFeita>('/rps/inclusoes', body, { quiet: true, headers: { 'Idempotency-Key': chave } }),
  excluir: (vinculoId: number, body: ExclusaoRede | ExclusaoRedeInput) => api.post<{ movimento: number }>(`/rps/vinculos/${vinculoId}/exclusao`, body, { quiet: true }),
};
