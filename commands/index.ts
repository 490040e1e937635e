import { buildRegistry } from './registry';
import { attachScreens } from './screens';
import { inicio } from './modules/inicio';
import { cadastro } from './modules/cadastro';
import { contrato } from './modules/contrato';
import { dashboard } from './modules/dashboard';
import { financeiro } from './modules/financeiro';
import { ansOperadora } from './modules/ans-operadora';
import { operadora } from './modules/operadora';
import { ouvidoria } from './modules/ouvidoria';
import { principal } from './modules/principal';
import { relatorio } from './modules/relatorio';
import { util } from './modules/util';

export type { Command, CommandDef, CommandKind } from './types';
export { isVisible, type VisibilityContext } from './visibility';
export { locationKey } from './registry';

/** Every command of the product, in menu order. Add a module here and nowhere else. */
export const registry = attachScreens(buildRegistry([
  ...inicio,
  ...cadastro, // §2.1
  ...contrato, // §2.2
  ...dashboard, // §2.2
  ...financeiro, // §2.3
  ...ansOperadora, // §2.4
  ...operadora, // §2.4
  ...ouvidoria, // §2.4
  ...principal, // §2.5
  ...relatorio, // §2.6
  ...util, // §2.7
]));
