import { z } from 'zod';

/**
 * Saved views: a user's named filters, sort and columns of one list, kept on the server per user (table
 * visoes_salvas, src/server/lists/views.ts), opened from the list's screen and from the palette. The query is the
 * list's own address format (shared/lists/query.ts), checked against the list's definition when saved.
 */

export const VISAO_NOME_MAX = 60;
export const VISAO_CONSULTA_MAX = 2000;
/** How many views one user keeps (all lists together). */
export const VISOES_POR_USUARIO = 200;

export const MSG_VISAO = {
  nome: 'Informe o nome da visão.',
  nomeLongo: `O nome da visão tem no máximo ${VISAO_NOME_MAX} caracteres.`,
  nomeRepetido: 'Você já tem uma visão com este nome nesta lista.',
  lista: 'Lista inválida.',
  coluna: 'Coluna inválida.',
  limite: `Você já tem ${VISOES_POR_USUARIO} visões salvas: exclua alguma antes de salvar outra.`,
} as const;

/** A column of the view, in the order shown: hidden, or with its width. */
export const visaoColunaSchema = z.object({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, MSG_VISAO.coluna),
  width: z.number().int().min(20).max(2000).optional(),
  hidden: z.boolean().optional(),
});
export type VisaoColuna = z.infer<typeof visaoColunaSchema>;

const nome = z.string({ error: MSG_VISAO.nome }).trim().min(1, MSG_VISAO.nome).max(VISAO_NOME_MAX, MSG_VISAO.nomeLongo);
const consulta = z.string().max(VISAO_CONSULTA_MAX, 'Filtros longos demais para uma visão.').default('');
const colunas = z.array(visaoColunaSchema).max(80, MSG_VISAO.coluna).nullable().default(null);

/** A new view: which list (its definition's key), the name, the list's query (filters and sort) and the columns. */
export const novaVisaoSchema = z.object({
  lista: z.string({ error: MSG_VISAO.lista }).regex(/^[a-z][a-z0-9.\-_]{0,79}$/i, MSG_VISAO.lista),
  nome,
  consulta,
  colunas,
});
/** Renaming, or saving the list's current state over a view. */
export const visaoSchema = z.object({ nome, consulta, colunas });

export type NovaVisao = z.input<typeof novaVisaoSchema>;

export interface VisaoSalva {
  id: number;
  /** The list definition's key. */
  lista: string;
  /** The command whose screen shows the list, and its title. */
  comando: string;
  titulo: string;
  nome: string;
  /** Filters and sort, in the list's address format. */
  consulta: string;
  colunas: VisaoColuna[] | null;
  atualizadoEm: string;
}
