import { EXACT_COUNT_LIMIT } from '../../shared/lists/types';

const int = new Intl.NumberFormat('pt-BR');

/**
 * A list's count as a person reads it: exact ("1.234 registros"), a lower bound when the count stopped at its limit
 * and the planner's estimate is no better ("mais de 1.000 registros"), else the estimate ("cerca de 250.000").
 */
export function countText(total: number, exact: boolean, noun?: { singular: string; plural: string }): string {
  const n = noun ? ` ${total === 1 && exact ? noun.singular : noun.plural}` : '';
  if (exact) return `${int.format(total)}${n}`;
  if (total <= EXACT_COUNT_LIMIT + 1) return `mais de ${int.format(EXACT_COUNT_LIMIT)}${n}`;
  return `cerca de ${int.format(total)}${n}`;
}
