import { buildRegistry } from './registry';
import { inicio } from './modules/inicio';
import { cadastro } from './modules/cadastro';

export type { Command, CommandDef, CommandKind } from './types';
export { isVisible, type VisibilityContext } from './visibility';
export { locationKey } from './registry';

/** Every command of the product, in menu order. Add a module here and nowhere else. */
export const registry = buildRegistry([...inicio, ...cadastro]);
