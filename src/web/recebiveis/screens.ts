import type { ScreenMap } from '../screens/types';

/**
 * The receivables' screens beyond those bound by kind: the bank's CNAB 240 return is read by Remessas de
 * Recebimentos (a finance route the spec files with the bank's files, not a /util process): the job screen of its import.
 */
export const recebiveisScreens: ScreenMap = {
  '/financeiro/recebimento/remessas-recebimentos': () => import('../jobs/JobScreen'),
};
