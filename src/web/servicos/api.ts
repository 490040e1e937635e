import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { AdesaoServico, EncerramentoServico, ServicoAdicional } from '../../shared/servicos';
import { api } from '../api/client';

/** Query keys of the additional services' screens (the adhesions' lists are the list engine's: listKeys in ../lists/api). */
export const servicosKeys = {
  catalogo: (segmento: string) => ['servicos', segmento, 'catalogo'] as const,
  beneficiarios: (segmento: string) => ['servicos', segmento, 'beneficiarios'] as const,
};

/** Quiet where the form shows the refusals beside its fields. */
export const servicosApi = {
  catalogo: (segmento: string) => api.get<ServicoAdicional>(`/servicos/${segmento}/catalogo`),
  beneficiarios: (segmento: string) => (termo: string) => api.get<BeneficiarioOpcao[]>(`/servicos/${segmento}/beneficiarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  aderir: (segmento: string, body: AdesaoServico, chave: string) => api.post<{ id: number }>(`/servicos/${segmento}/adesoes`, body, { quiet: true, headers: { 'Idempotency-Key': chave } }),
  encerrar: (segmento: string, id: number, body: EncerramentoServico) => api.post<{ id: number }>(`/servicos/${segmento}/adesoes/${id}/encerramento`, body, { quiet: true }),
};
