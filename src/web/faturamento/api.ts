import type { AnaliseItem, ItemAnalisado } from '../../shared/faturamento/analise';
import type { AnaliseEncerrada, ContaProtocolo, Encerramento, MotivoGlosa } from '../../shared/faturamento/conta';
import { api } from '../api/client';
import { saveBlob } from '../api/saveBlob';
import { store, tokenAtom } from '../session/store';
import { showAlerts } from '../ui/toasts';
import { MSG } from '../../shared/messages';

export const faturamentoKeys = {
  conta: (id: number) => ['faturamento', 'conta', id] as const,
  motivos: ['faturamento', 'motivos-glosa'] as const,
};

export const faturamentoApi = {
  conta: (id: number) => api.get<ContaProtocolo>(`/faturamento/protocolos/${id}/conta`, { quiet: true }),
  motivos: () => api.get<MotivoGlosa[]>('/faturamento/motivos-glosa'),
  analisar: (itemId: number, body: AnaliseItem) => api.put<ItemAnalisado>(`/faturamento/itens/${itemId}/analise`, body, { quiet: true }),
  encerrar: (id: number, body: Encerramento) => api.post<AnaliseEncerrada>(`/faturamento/protocolos/${id}/encerramento`, body, { quiet: true }),
};

/** Downloads the demonstrativo de análise (PDF or TISS XML) with the session token. */
export async function baixarDemonstrativo(id: number, numero: string, tipo: 'pdf' | 'xml') {
  const token = store.get(tokenAtom);
  let res: Response;
  try {
    res = await fetch(`/api/faturamento/protocolos/${id}/demonstrativo.${tipo}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    showAlerts([{ type: 'error', value: MSG.falhaConexao }]);
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    showAlerts(body?.messages?.alerts ?? [{ type: 'error', value: `Não foi possível baixar o demonstrativo (erro ${res.status}).` }]);
    return;
  }
  saveBlob(await res.blob(), `demonstrativo-analise-${numero}.${tipo}`);
}
