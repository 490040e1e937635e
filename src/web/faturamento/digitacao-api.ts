import type { AutorizacaoParaAtender, FaturaDigitada, FaturaDigitadaInput, FaturasAbertas, GerarProtocolo, ProtocoloGerado } from '../../shared/faturamento/digitacao';
import type { FechamentoGlosa, ProtocoloFechamento } from '../../shared/faturamento/fechamento-glosa';
import { MSG } from '../../shared/messages';
import { api } from '../api/client';
import { saveBlob } from '../api/saveBlob';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';

/** Where the execution of a senha is registered: Atender Autorização or Digitar Faturas (their own routes). */
export type Origem = 'atendimento' | 'digitadas';

export const digitacaoKeys = {
  autorizacao: (origem: Origem, senha: string) => ['faturamento', 'autorizacao', origem, senha] as const,
  fatura: (id: number) => ['faturamento', 'fatura-digitada', id] as const,
  abertas: (prestadorId: number | null) => ['faturamento', 'faturas-abertas', prestadorId] as const,
  fechamento: (id: number) => ['faturamento', 'fechamento-glosa', id] as const,
};

export const digitacaoApi = {
  autorizacao: (origem: Origem, senha: string) => api.get<AutorizacaoParaAtender>(`/faturamento/${origem === 'atendimento' ? 'atendimento' : 'digitadas'}/autorizacao?senha=${encodeURIComponent(senha)}`, { quiet: true }),
  registrar: (origem: Origem, body: FaturaDigitadaInput, chave: string) =>
    api.post<FaturaDigitada>(origem === 'atendimento' ? '/faturamento/atendimento' : '/faturamento/digitadas', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  fatura: (id: number) => api.get<FaturaDigitada>(`/faturamento/digitadas/${id}`, { quiet: true }),
  cancelar: (id: number, version: number) => api.post<FaturaDigitada>(`/faturamento/digitadas/${id}/cancelamento`, { version }, { quiet: true }),
  abertas: (prestadorId: number | null) => api.get<FaturasAbertas>(`/faturamento/faturas-abertas${prestadorId ? `?prestadorId=${prestadorId}` : ''}`),
  gerarProtocolo: (body: GerarProtocolo, chave: string) => api.post<ProtocoloGerado>('/faturamento/faturas-abertas/protocolo', body, { quiet: true, headers: { 'idempotency-key': chave } }),
  fechamento: (id: number) => api.get<ProtocoloFechamento>(`/faturamento/fechamento-glosa/${id}`, { quiet: true }),
  fecharGlosas: (id: number, body: FechamentoGlosa) => api.post<ProtocoloFechamento>(`/faturamento/fechamento-glosa/${id}`, body, { quiet: true }),
};

/** Downloads a document of the API with the session token (PDF or XML), naming the file as the server does. */
export async function baixar(url: string, nomePadrao: string): Promise<void> {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível baixar o documento (erro ${res.status}).` }]);
    return;
  }
  const nome = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  saveBlob(await res.blob(), nome);
}
