import type { ListDef, ListNeighbors, ListPage, ListSummary } from '../../shared/lists/types';
import { api } from '../api/client';

/**
 * One query-key factory for every list (resource grids, queues, lists of requests, reports), so invalidation is
 * exact: a write to a resource invalidates `list(key)`, a decision on a request every list (`all`).
 */
export const listKeys = {
  all: ['lista'] as const,
  list: (key: string) => ['lista', key] as const,
  page: (key: string, query: string) => ['lista', key, 'pagina', query] as const,
  summary: (key: string, query: string) => ['lista', key, 'resumo', query] as const,
  neighbors: (key: string, query: string, id: number) => ['lista', key, 'vizinhos', query, id] as const,
};

/** The list endpoints (src/server/lists/routes.ts): a page, the summary, a record's neighbours. */
export const listApi = {
  page: <R>(def: ListDef, query: string) => api.get<ListPage<R>>(`${def.endpoint}?${query}`, { quiet: true }),
  summary: (def: ListDef, query: string) => api.get<ListSummary>(`${def.endpoint}/resumo?${query}`, { quiet: true }),
  neighbors: (def: ListDef, query: string, id: number) => api.get<ListNeighbors>(`${def.endpoint}/vizinhos?${query}${query ? '&' : ''}id=${id}`, { quiet: true }),
};
