import type { Row } from '../grid/columns';
import type { CartaoVirtual, Elegibilidade, MembroFamilia, SolicitacaoAtualizacao } from '../../shared/pessoas';
import { api } from '../api/client';

/** Query keys and calls of the people self-service screens (one factory, exact invalidation). */
export const pessoasKeys = {
  logado: ['pessoas', 'beneficiario-logado'] as const,
  cartao: (id?: number) => ['pessoas', 'cartao', id ?? 'proprio'] as const,
  solicitacoes: (situacao: string) => ['pessoas', 'atualizacoes', situacao] as const,
  prestadorLogado: ['pessoas', 'prestador-logado'] as const,
  beneficiario: (id: number) => ['pessoas', 'beneficiario', id] as const,
  familia: (id: number) => ['pessoas', 'familia', id] as const,
};

export interface BeneficiarioLogado {
  registro: Row;
  familia: MembroFamilia[];
  pendentes: { id: number; protocolo: string }[];
}

export const pessoasApi = {
  logado: () => api.get<BeneficiarioLogado>('/beneficiarios/logado'),
  beneficiario: (id: number) => api.get<Row>(`/beneficiarios/${id}`),
  familia: (id: number) => api.get<MembroFamilia[]>(`/beneficiarios/${id}/familia`),
  cartao: (id?: number) => api.get<CartaoVirtual>(`/beneficiarios/cartao-virtual${id ? `?id=${id}` : ''}`),
  solicitacoes: (situacao: string) => api.get<{ itens: SolicitacaoAtualizacao[]; podeAprovar: boolean }>(`/beneficiarios/atualizacao-cadastral?situacao=${situacao}`),
  solicitar: (body: unknown) => api.post<SolicitacaoAtualizacao | { confirmado: true }>('/beneficiarios/atualizacao-cadastral', body, { quiet: true }),
  aprovar: (id: number, version: number) => api.post<SolicitacaoAtualizacao>(`/beneficiarios/atualizacao-cadastral/${id}/aprovar`, { version }),
  rejeitar: (id: number, version: number, motivo: string) => api.post<SolicitacaoAtualizacao>(`/beneficiarios/atualizacao-cadastral/${id}/rejeitar`, { version, motivo }, { quiet: true }),
  elegibilidade: (q: { carteirinha?: string; cpf?: string }) => api.get<Elegibilidade>(`/elegibilidade?${new URLSearchParams(q as Record<string, string>)}`, { quiet: true }),
  prestadorLogado: () => api.get<Row>('/prestadores/logado'),
};
