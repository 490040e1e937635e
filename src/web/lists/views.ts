import type { NovaVisao, VisaoColuna, VisaoSalva } from '../../shared/lists/views';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** Saved views (src/server/lists/views.ts): the user's own, for the list screens and the palette. */
export const viewKeys = { all: ['visoes'] as const };

export const viewsApi = {
  list: () => api.get<VisaoSalva[]>('/visoes', { quiet: true }),
  create: (v: NovaVisao) => api.post<VisaoSalva>('/visoes', v, { quiet: true }),
  update: (id: number, v: { nome: string; consulta: string; colunas: VisaoColuna[] | null }) => api.put<VisaoSalva>(`/visoes/${id}`, v, { quiet: true }),
  remove: (id: number) => api.del<{ id: number }>(`/visoes/${id}`),
};

/** The address of a view: its list's screen, its filters and sort, and which view it is (for the columns and the name). */
export const viewHref = (v: Pick<VisaoSalva, 'comando' | 'consulta' | 'id'>) => `${v.comando}?${v.consulta}${v.consulta ? '&' : ''}visao=${v.id}`;

/** The view named in a tab's address. */
export const viewIdOf = (search: string) => Number(new URLSearchParams(search).get('visao')) || null;

/** The user's saved views (cached a little: the palette and every list screen ask). */
export function useSavedViews() {
  return useQuery({ queryKey: viewKeys.all, queryFn: viewsApi.list, staleTime: 30_000 });
}
