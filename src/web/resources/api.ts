import type { Resource } from '../../shared/resources/define';
import { api } from '../api/client';
import type { Row } from '../grid/columns';

/** Query keys of a resource's records and options (its list is the list engine's: listKeys in ../lists/api). */
export const resourceKeys = {
  all: (slug: string) => ['recurso', slug] as const,
  detail: (slug: string, id: number) => ['recurso', slug, 'registro', id] as const,
  options: (slug: string, term: string, ids: string) => ['recurso', slug, 'opcoes', term, ids] as const,
};

const base = (def: Pick<Resource, 'slug'>) => `/recursos/${def.slug}`;

/** The REST calls of a resource (alerts: success toasts by the caller, field errors beside the fields). */
export const resourceApi = {
  get: (def: Resource, id: number) => api.get<Row>(`${base(def)}/${id}`, { quiet: true }),
  create: (def: Resource, body: Record<string, unknown>) => api.post<Row>(base(def), body, { quiet: true }),
  update: (def: Resource, id: number, body: Record<string, unknown>) => api.put<Row>(`${base(def)}/${id}`, body, { quiet: true }),
  removeMany: (def: Resource, itens: { id: number; version: number }[]) => api.post<{ excluidos: number }>(`${base(def)}/excluir`, { itens }, { quiet: true }),
  /** Reverts the user's own last edit of the record (the version the page holds after it). */
  undo: (def: Resource, id: number, version: number) => api.post<Row>(`${base(def)}/${id}/desfazer`, { version }),
  /** Writes back records the user deleted. */
  restore: (def: Resource, ids: number[]) => api.post<Row[]>(`${base(def)}/restaurar`, { ids }),
  options: (slug: string, p: { termo?: string; ids?: number[] }) => {
    const q = new URLSearchParams();
    if (p.termo) q.set('termo', p.termo);
    if (p.ids?.length) q.set('ids', p.ids.join(','));
    return api.get<{ id: number; label: string }[]>(`/recursos/${slug}/opcoes?${q.toString()}`, { quiet: true });
  },
};
