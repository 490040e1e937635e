import type {
  ConsolidacaoInput,
  ConsolidacaoLinha,
  PagamentoLinha,
  ProtocolosDisponiveis,
  ProtocoloDoPagamento,
  RpaDetalhe,
  RpaInput,
  RpaPrevia,
  SituacaoRpaInput,
  SolicitacaoPagamentoInput,
  SolicitacaoPagamentoLinha,
} from '../../shared/pagamentos';
import { MSG } from '../../shared/messages';
import { api } from '../api/client';
import { saveBlob } from '../api/saveBlob';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';

export interface PrestadorOpcao {
  id: number;
  nome: string;
  codigo: string | null;
  tipoPessoa: string;
}

/** Query keys of the provider payments (their lists are the list engine's: listKeys in ../lists/api). */
export const pagamentoKeys = {
  rpa: (id: number) => ['pagamentos', 'rpa', id] as const,
  rpaPrestadores: ['pagamentos', 'rpa', 'prestadores'] as const,
  rpaProtocolos: (prestadorId: number) => ['pagamentos', 'rpa', 'protocolos', prestadorId] as const,
  prestadores: ['pagamentos', 'prestadores'] as const,
  disponiveis: (prestadorId: number | null) => ['pagamentos', 'disponiveis', prestadorId] as const,
  consolidacao: (competencia: string) => ['pagamentos', 'consolidacao', competencia] as const,
};

export const pagamentoApi = {
  rpaPrestadores: (termo: string) => api.get<PrestadorOpcao[]>(`/pagamentos/rpas/prestadores?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  rpaProtocolos: (prestadorId: number) => api.get<ProtocoloDoPagamento[]>(`/pagamentos/rpas/protocolos?prestadorId=${prestadorId}`, { quiet: true }),
  previa: (body: RpaInput) => api.post<RpaPrevia>('/pagamentos/rpas/previa', body, { quiet: true }),
  /** `chave`: the form's Idempotency-Key, so a double click issues one RPA. */
  emitir: (body: RpaInput, chave: string) => api.post<RpaDetalhe>('/pagamentos/rpas', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  rpa: (id: number) => api.get<RpaDetalhe>(`/pagamentos/rpas/${id}`, { quiet: true }),
  situacao: (id: number, body: SituacaoRpaInput) => api.post<RpaDetalhe>(`/pagamentos/rpas/${id}/situacao`, body, { quiet: true }),
  prestadores: (termo: string) => api.get<PrestadorOpcao[]>(`/pagamentos/prestadores?termo=${encodeURIComponent(termo)}`, { quiet: true }),
  disponiveis: (prestadorId: number | null) => api.get<ProtocolosDisponiveis>(`/pagamentos/protocolos${prestadorId ? `?prestadorId=${prestadorId}` : ''}`, { quiet: true }),
  solicitar: (body: SolicitacaoPagamentoInput, chave: string) => api.post<SolicitacaoPagamentoLinha>('/pagamentos/solicitacoes', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  consolidacao: (competencia: string) => api.get<ConsolidacaoLinha[]>(`/pagamentos/consolidacao?competencia=${encodeURIComponent(competencia)}`, { quiet: true }),
  consolidar: (body: ConsolidacaoInput) => api.post<PagamentoLinha[]>('/pagamentos/consolidacao', body, { quiet: true }),
};

/** Downloads an RPA's PDF with the session token. */
export async function baixarRpa(id: number, numero: string) {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api/pagamentos/rpas/${id}/rpa.pdf`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível baixar o RPA (erro ${res.status}).` }]);
    return;
  }
  saveBlob(await res.blob(), `rpa-${numero}.pdf`);
}
