import { commands, type CommandDef } from '../../types';
import { list, rep } from '../helpers';

/**
 * Spec §2.6 lists these report codes as "seen" without saying which report each belongs to.
 * They are registered here, one command per code, under /relatorio/outros, titled by their code,
 * rather than guessed into a folder. Move each one when its report is known.
 */
export const CODIGOS_SEM_RELATORIO = [
  'rep095', 'rep312', 'rep362', 'rep093', 'rep355',
  'rep360', 'rep218', 'rep320', 'rep311', 'rep321', 'rep322', 'rep337', 'rep182', 'rep168', 'rep057', 'rep127', 'rep230',
  'rep371', 'rep373', 'rep090', 'rep059', 'rep275', 'rep375', 'rep118', 'rep144', 'rep091', 'rep092', 'rep134', 'rep120',
  'rep058', 'rep121', 'rep119', 'rep335', 'rep125',
] as const;

export const relatorioOutros = commands([
  {
    path: '/relatorio/outros',
    kind: 'folder',
    title: 'Outros Relatórios',
    icon: 'files',
    can: list('relatoriooutros'),
    keywords: ['sem classificação', 'por código'],
  },
  ...[...CODIGOS_SEM_RELATORIO].sort().map(
    (code) => ({
      path: `/relatorio/outros/${code}` as const,
      title: `Relatório ${code}`,
      icon: 'file-text',
      ...rep(code),
      keywords: ['outros relatórios', 'sem classificação'],
    }) satisfies CommandDef,
  ),
]);
