import type { ArquivoLinha, ConteudoPasta, MoverArquivo, NovaPasta, PastaLinha, RenomearPasta } from '../../shared/gerenciador';
import { api } from '../api/client';
import { uploadFile } from '../api/files';

/** Query keys of the file manager: every folder's content under one prefix (a write refreshes them all). */
export const gerenciadorKeys = {
  all: ['gerenciador'] as const,
  pasta: (id: number | null) => ['gerenciador', 'pasta', id] as const,
};

const naPasta = (id: number | null) => (id == null ? '' : `?pasta=${id}`);

export const gerenciadorApi = {
  conteudo: (pasta: number | null) => api.get<ConteudoPasta>(`/gerenciador/conteudo${naPasta(pasta)}`, { quiet: true }),
  /** Quiet: the dialog shows the refusal beside the name; the screen shows the success. */
  criarPasta: (body: NovaPasta) => api.post<PastaLinha>('/gerenciador/pastas', body, { quiet: true }),
  renomearPasta: (id: number, body: RenomearPasta) => api.put<PastaLinha>(`/gerenciador/pastas/${id}`, body, { quiet: true }),
  excluirPasta: (id: number) => api.del<{ id: number }>(`/gerenciador/pastas/${id}`),
  excluirArquivo: (id: number) => api.del<{ id: number }>(`/gerenciador/arquivos/${id}`),
  moverArquivo: (id: number, body: MoverArquivo) => api.put<{ id: number }>(`/gerenciador/arquivos/${id}`, body),
  enviar: (file: File, pasta: number | null) => uploadFile<ArquivoLinha>(file, `/api/gerenciador/arquivos${naPasta(pasta)}`),
};
