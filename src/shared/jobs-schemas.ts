import { z } from 'zod';

/** The zod schemas of runs (kept apart from ./jobs so the page's first load, which shows runs, carries no zod). */

/** A list export as a run: the list's address (filters and sort, as in the tab) and the format. */
export const listExportParams = z.object({
  formato: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: escolha CSV ou XLSX.' }),
  consulta: z.string().max(4000, 'Filtros longos demais.').default(''),
});
export type ListExportParams = z.infer<typeof listExportParams>;

export const queueJobBody = z.object({
  tipo: z.string().max(40),
  comando: z.string().max(200),
  parametros: z.unknown(),
});
