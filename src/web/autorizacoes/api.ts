import { api } from '../api/client';
import type { AutorizacaoDetalhe, BeneficiarioOpcao, DecisaoInput, ListaAutorizacoes, ProfissionalOpcao, SolicitacaoInput, Tipo } from '../../shared/autorizacoes';
import type { ResumoLista } from '../../shared/autorizacoes/listas';
import type { BuscaRegistrosResposta } from '../../shared/busca';
import { TIPOS, slugOf } from '../../shared/autorizacoes';
import { comClinicos } from './clinicos-envio';

/** One query-key factory for authorizations, so a decision invalidates every list and the request exactly. */
export const autKeys = {
  all: ['autorizacoes'] as const,
  list: (endpoint: string, q: string) => ['autorizacoes', 'lista', endpoint, q] as const,
  detail: (id: number) => ['autorizacoes', 'registro', id] as const,
};

export const autApi = {
  list: (endpoint: string, q: string) => api.get<ListaAutorizacoes>(`${endpoint}?${q}`, { quiet: true }),
  /** A list's exact count and totals (asked after its page). */
  resumo: (endpoint: string, q: string) => api.get<ResumoLista>(`${endpoint}/resumo?${q}`, { quiet: true }),
  get: (id: number) => api.get<AutorizacaoDetalhe>(`/autorizacoes/${id}`, { quiet: true }),
  decidir: (id: number, body: DecisaoInput) => api.post<AutorizacaoDetalhe>(`/autorizacoes/${id}/decisao`, body),
  responder: (id: number, body: DecisaoInput) => api.post<AutorizacaoDetalhe>(`/autorizacoes/${id}/resposta`, body),
  criar: (tipo: Tipo, body: SolicitacaoInput) => api.post<AutorizacaoDetalhe>(`/autorizacoes/tipo/${slugOf(tipo)}`, comClinicos(tipo, body)),
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

/** The queue a request was opened from (for next/previous in the decision screen), kept per browser tab. */
export function saveQueue(path: string, ids: number[]) {
  try {
    sessionStorage.setItem(`fila:${path}`, JSON.stringify(ids));
  } catch {
    /* storage full or disabled: next/previous just stay off */
  }
}
export function queueOf(path: string): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(`fila:${path}`) ?? '[]') as number[];
  } catch {
    return [];
  }
}
