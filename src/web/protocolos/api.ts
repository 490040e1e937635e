import type { BeneficiarioOpcao } from '../../shared/pessoas';
import type { ProtocoloDetalhe, RegistroInput, TramitacaoInput } from '../../shared/protocolos';
import { api } from '../api/client';

/** Query keys of a protocol (its list is the list engine's: listKeys in ../lists/api). */
export const protocoloKeys = {
  all: ['protocolos'] as const,
  detail: (id: number) => ['protocolos', 'registro', id] as const,
  beneficiarios: ['protocolos', 'beneficiarios'] as const,
};

export const protocoloApi = {
  get: (id: number) => api.get<ProtocoloDetalhe>(`/protocolos-documentos/${id}`, { quiet: true }),
  /** Quiet: the form shows the refusals beside its fields; the success alert is shown by the screen. */
  registrar: (body: RegistroInput) => api.post<ProtocoloDetalhe>('/protocolos-documentos', body, { quiet: true }),
  tramitar: (id: number, body: TramitacaoInput) => api.post<ProtocoloDetalhe>(`/protocolos-documentos/${id}/tramitacao`, body, { quiet: true }),
  beneficiarios: (termo: string) => api.get<BeneficiarioOpcao[]>(`/protocolos-documentos/beneficiarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
};
