import type { Command } from '../../../commands';
import { EXPORTACOES_AGUARDANDO } from '../../shared/processos/aguardando';
import { LEIAUTES_PENDENTES } from '../../shared/processos/leiautes-pendentes';
import { COMANDOS_COM_EXECUCAO } from '../../shared/processos/catalog';
import { RELATORIOS_AGUARDANDO } from '../../shared/relatorios/aguardando';
import { COMANDOS_COM_RELATORIO } from '../../shared/relatorios/comandos';
import { RESOURCE_SUBJECTS } from '../../shared/resources/catalog';
import { trailScreens } from '../trail/screens';
import { autorizacoesScreens } from '../autorizacoes/screens';
import { pessoasScreens } from '../pessoas/screens';
import { protocolosScreens } from '../protocolos/screens';
import { atendimentosScreens } from '../atendimentos/screens';
import { ouvidoriaScreens } from '../ouvidoria/screens';
import { adesoesScreens } from '../adesoes/screens';
import { reembolsosScreens } from '../reembolsos/screens';
import { pagamentosScreens } from '../pagamentos/screens';
import { verbasScreens } from '../verbas/screens';
import { sessionsScreens } from '../sessions/screens';
import { usuariosScreens } from '../usuarios/screens';
import { acessosScreens } from '../acessos/screens';
import { utilScreens } from '../util/screens';
import { jobsScreens } from '../jobs/screens';
import { sibScreens } from '../sib/screens';
import { dashboardsScreens } from '../dashboards/screens';
import { precosScreens } from '../precos/screens';
import { faturamentoScreens } from '../faturamento/screens';
import { ajudaScreens } from '../ajuda/screens';
import { rpsScreens } from '../rps/screens';
import { recebiveisScreens } from '../recebiveis/screens';
import { servicosScreens } from '../servicos/screens';
import type { ScreenLoader, ScreenMap } from './types';

/**
 * Which screen each command opens: the hand-written screens of each domain, by command path, then the rules by
 * kind. This is the only place that binds screens to commands; a command with no screen opens the honest
 * "not built" page (CommandView).
 */
const BY_PATH: ScreenMap = {
  ...pessoasScreens,
  ...trailScreens,
  ...sessionsScreens,
  ...usuariosScreens,
  ...acessosScreens,
  ...autorizacoesScreens,
  ...protocolosScreens,
  ...atendimentosScreens,
  ...ouvidoriaScreens,
  ...adesoesScreens,
  ...reembolsosScreens,
  ...pagamentosScreens,
  ...verbasScreens,
  ...utilScreens,
  ...jobsScreens,
  ...sibScreens,
  ...dashboardsScreens,
  ...precosScreens,
  ...faturamentoScreens,
  ...ajudaScreens,
  ...rpsScreens,
  ...recebiveisScreens,
  ...servicosScreens,
};

const resourceSubjects = new Set<string>(RESOURCE_SUBJECTS);
const resourceScreen: ScreenLoader = () => import('../resources/ResourceScreen');
const withRun = new Set<string>(COMANDOS_COM_EXECUCAO);
const jobScreen: ScreenLoader = () => import('../jobs/JobScreen');
const withReport = new Set<string>(COMANDOS_COM_RELATORIO);
const reportScreen: ScreenLoader = () => import('../relatorios/ReportScreen');
const waiting = new Set<string>(Object.keys(RELATORIOS_AGUARDANDO));
const waitingExports = new Set<string>([...Object.keys(EXPORTACOES_AGUARDANDO), ...Object.keys(LEIAUTES_PENDENTES)]);
const waitingScreen: ScreenLoader = () => import('../relatorios/AguardandoScreen');

/** Screens by kind of command, for every command of that kind without a screen of its own. */
const BY_KIND: { when(c: Command): boolean; screen: ScreenLoader | undefined }[] = [
  // a route that lists a resource subject opens the generic resource screen (grid, search, form)
  { when: (c) => c.kind === 'route' && c.can?.[0] === 'list' && resourceSubjects.has(c.can[1]), screen: resourceScreen },
  // a process or export with a declared run (src/shared/processos) opens the job screen, a declared report
  // (src/shared/relatorios) the report screen; the others keep the honest page
  { when: (c) => (c.kind === 'process' || c.kind === 'export') && withRun.has(c.path), screen: jobScreen },
  { when: (c) => c.kind === 'report' && withReport.has(c.path), screen: reportScreen },
  // a report over data not recorded yet says which (src/shared/relatorios/aguardando.ts)
  { when: (c) => c.kind === 'report' && waiting.has(c.path), screen: waitingScreen },
  { when: (c) => c.kind === 'report', screen: undefined },
  // an export (or a process) over data not recorded yet says which too (src/shared/processos/aguardando.ts), and a
  // regulator file whose official layout is missing says that (leiautes-pendentes.ts)
  { when: (c) => (c.kind === 'export' || c.kind === 'process') && waitingExports.has(c.path), screen: waitingScreen },
  { when: (c) => c.kind === 'process' || c.kind === 'export', screen: undefined },
];

export function screenFor(c: Command): ScreenLoader | undefined {
  const own = (BY_PATH as Record<string, ScreenLoader | undefined>)[c.path];
  if (own) return own;
  return BY_KIND.find((r) => r.when(c))?.screen;
}

/** Every path with a hand-written screen (tests check each one is a registered command). */
export const boundPaths = (): string[] => Object.keys(BY_PATH);
