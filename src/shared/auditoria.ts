import { z } from 'zod';
import { brToIso } from './autorizacoes';
import { resourceByName, resources } from './resources';

/**
 * The audit trail's shared contract: the query (validated on the page and again on the server), the entities a
 * write is recorded under (the CASL subject) with their labels, and the field labels that make a change readable.
 */

/** Entities written outside the resource engine (their own routes record the trail). */
const OUTRAS: Record<string, string> = {
  autorizacao: 'Autorização',
  usuario: 'Usuário',
  atualizacaocadastralbeneficiario: 'Atualização cadastral de beneficiário',
};

/** Every entity the trail may hold, by label (the resources by their singular name). */
export const ENTIDADES_AUDITADAS: readonly (readonly [string, string])[] = [
  ...resources.map((r) => [r.name, r.label.singular] as const),
  ...Object.entries(OUTRAS),
].sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));

export const entidadeLabel = (e: string) => resourceByName.get(e)?.label.singular ?? OUTRAS[e] ?? e;
/** A field's label in the entity's definition (the raw name when it has none: autorizações, usuários). */
export const campoLabel = (entidade: string, campo: string) =>
  (resourceByName.get(entidade)?.fields as Record<string, { label: string }> | undefined)?.[campo]?.label ?? campo;

export const ACOES_AUDITORIA = [
  ['insert', 'Inclusão'],
  ['update', 'Alteração'],
  ['delete', 'Exclusão'],
] as const;
export const acaoLabel = (a: string) => ACOES_AUDITORIA.find(([k]) => k === a)?.[1] ?? a;

const dataBr = (nome: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || brToIso(v) != null, `${nome}: data inválida (DD/MM/AAAA).`)
    .transform((v) => (v ? brToIso(v) : undefined));

export const auditoriaQuerySchema = z
  .object({
    entidade: z.string().trim().max(60).optional(),
    registroId: z.string().trim().max(40).optional(),
    usuario: z.string().trim().max(60).optional(),
    acao: z.enum(['insert', 'update', 'delete'], { error: 'Ação inválida.' }).optional(),
    de: dataBr('De'),
    ate: dataBr('Até'),
    limit: z.coerce.number().int().min(1, 'Limite inválido.').max(500, 'Limite inválido.').default(100),
    offset: z.coerce.number().int().min(0, 'Deslocamento inválido.').max(10_000_000, 'Deslocamento inválido.').default(0),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: 'O período termina antes de começar.', path: ['ate'] });
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>;

export interface EventoAuditoria {
  id: number;
  em: string;
  usuarioLogin: string | null;
  ip: string | null;
  entidade: string;
  registroId: string;
  acao: 'insert' | 'update' | 'delete';
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

/** The changed fields of an event as (field, before, after), in the order the record has them. */
export function alteracoes(e: Pick<EventoAuditoria, 'antes' | 'depois'>): [string, unknown, unknown][] {
  const keys = [...new Set([...Object.keys(e.antes ?? {}), ...Object.keys(e.depois ?? {})])].filter((k) => k !== 'version' && k !== 'id');
  return keys.map((k) => [k, e.antes?.[k] ?? null, e.depois?.[k] ?? null]);
}
