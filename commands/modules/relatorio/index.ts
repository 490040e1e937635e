import { commands } from '../../types';
import { list } from '../helpers';
import { relatorioCodigos } from './codigos';
import { relatorioGrupos } from './grupos';
import { relatorioProtocolo } from './protocolo';
import { relatorioRedeCredenciada } from './rede-credenciada';

/** Spec §2.6: the report tree. Leaf reports carry their repNNN code (permission repNNN on report). */
export const relatorio = commands([
  { path: '/relatorio', title: 'Relatórios', icon: 'printer', can: list('relatorio'), keywords: ['relatório', 'impressão', 'listagem'] },
  ...relatorioGrupos,
  ...relatorioProtocolo,
  ...relatorioRedeCredenciada,
  ...relatorioCodigos,
]);
