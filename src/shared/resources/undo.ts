import type { Resource } from './define';

/**
 * Undoing a write of the resource engine (an inline edit in a grid, a deletion): the server reverts the user's own
 * latest change of the record, read from the change trail, within DESFAZER_PRAZO_MINUTOS. The page offers it for a
 * few seconds (DESFAZER_OFERTA_MS); the server's window is wider so a slow network does not lose it.
 */
export const DESFAZER_PRAZO_MINUTOS = 10;
export const DESFAZER_OFERTA_MS = 10_000;

/** Never written to the trail (src/server/trail/record.ts): a record with such a field cannot be rebuilt from it. */
const SECRET = /senha|password|hash|token/i;

/** A table whose writes can be undone: its changes go to the trail, with every field. */
export const undoable = (def: Pick<Resource, 'trail' | 'keys'>) => def.trail && !def.keys.some((k) => SECRET.test(k));

export const MSG_DESFAZER = {
  semTrilha: 'Esta tabela não guarda o histórico de alterações: não é possível desfazer.',
  prazo: `Só é possível desfazer a própria alteração nos últimos ${DESFAZER_PRAZO_MINUTOS} minutos.`,
  outraAlteracao: 'O registro foi alterado depois disso: não é possível desfazer. Recarregue para ver a versão atual.',
  jaExiste: 'O registro já existe de novo (já foi restaurado?).',
} as const;
