import { useEffect, useState } from 'react';
import { BUSCA, type BuscaRegistrosResposta, type RegistroEncontrado } from '../../shared/busca';
import { ApiError, api } from '../api/client';

export type RecordSearch =
  | { status: 'curto' }
  | { status: 'buscando' }
  | { status: 'pronto'; itens: RegistroEncontrado[]; prestadores: boolean }
  | { status: 'erro'; mensagem: string };

/** The `@` scope: asks the server 500 ms after the last keystroke (spec §9), cancelling older questions. */
export function useRecordSearch(term: string): RecordSearch {
  const t = term.trim();
  const [state, setState] = useState<{ term: string; result: RecordSearch } | null>(null);
  useEffect(() => {
    if (t.length < BUSCA.minimo) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<BuscaRegistrosResposta>(`/busca/registros?termo=${encodeURIComponent(t)}`, { signal: ctrl.signal, quiet: true })
        .then((r) => setState({ term: t, result: { status: 'pronto', itens: r.itens, prestadores: r.prestadores } }))
        .catch((err) => {
          if ((err as Error).name === 'AbortError') return;
          setState({ term: t, result: { status: 'erro', mensagem: err instanceof ApiError ? err.message : 'Não foi possível buscar agora.' } });
        });
    }, BUSCA.atrasoMs);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [t]);
  if (t.length < BUSCA.minimo) return { status: 'curto' };
  return state?.term === t ? state.result : { status: 'buscando' };
}
