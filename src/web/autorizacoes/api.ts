import { api } from '../api/client';
import type { AutorizacaoDetalhe, BeneficiarioOpcao, DecisaoInput, ProfissionalOpcao, SolicitacaoInput, Tipo } from '../../shared/autorizacoes';
import type { BuscaRegistrosResposta } from '../../shared/busca';
import { TIPOS, slugOf } from '../../shared/autorizacoes';
import { comClinicos } from './clinicos-envio';

/** Query keys of a request (its lists are the list engine's: listKeys in ../lists/api). */
export const autKeys = {
  all: ['autorizacoes'] as const,
  detail: (id: number) => ['autorizacoes', 'registro', id] as const,
};

export const autApi = {
  get: (id: number) => api.get<AutorizacaoDetalhe>(`/autorizacoes/${id}`, { quiet: true }),
  decidir: (id: number, body: DecisaoInput) => api.post<AutorizacaoDetalhe>(`/autorizacoes/${id}/decisao`, body),
  responder: (id: number, body: DecisaoInput) => api.post<AutorizacaoDetalhe>(`/autorizacoes/${id}/resposta`, body),
  /** `chave`: the form instance's Idempotency-Key, so a double submission creates one request. */
  criar: (tipo: Tipo, body: SolicitacaoInput, chave: string) =>
    api.post<AutorizacaoDetalhe>(`/autorizacoes/tipo/${slugOf(tipo)}`, comClinicos(tipo, body), { headers: { 'idempotency-key': chave } }),
  beneficiarios: (termo: string) => api.get<BeneficiarioOpcao[]>(`/autorizacoes/beneficiarios?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  profissionais: (termo: string) => api.get<ProfissionalOpcao[]>(`/autorizacoes/profissionais?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  /** Requests by id, guide number or senha (the palette's `@` search, under the same record rules). */
  guias: async (termo: string) =>
    (await api.get<BuscaRegistrosResposta>(`/busca/registros?termo=${encodeURIComponent(termo)}`, { quiet: true })).itens.filter((i) => i.tipo === 'autorizacao'),
};

/**
 * Where the provider's side of a request opens: its guide type's command, marked `responder` (a list that also
 * creates its type, as Prorrogações, otherwise opens the request for the audit).
 */
export const respostaPath = (tipo: Tipo, id: number) => `${TIPOS[tipo].command}?id=${id}&responder=1`;
