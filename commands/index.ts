import { buildRegistry } from './registry';
import type { Command } from './types';
import { inicio } from './modules/inicio';
import { cadastro } from './modules/cadastro';
import { ajuda } from './modules/ajuda';
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
const DEFS = [
  ...inicio,
  ...cadastro, // §2.1
  ...ajuda, // §2.1 /ajuda: one hidden command per help page
  ...contrato, // §2.2
  ...dashboard, // §2.2
  ...financeiro, // §2.3
  ...ansOperadora, // §2.4
  ...operadora, // §2.4
  ...ouvidoria, // §2.4
  ...principal, // §2.5
  ...relatorio, // §2.6
  ...util, // §2.7
];

/**
 * The path of a registered command, as a type: screen bindings, route access declarations, list and resource
 * definitions name commands by it, so a mistyped path fails the type check instead of a test or a user.
 */
export type CommandPath = (typeof DEFS)[number]['path'];
// A helper that builds paths must keep them literal (commands(), `as const`): one plain string would widen the union.
const _literal: string extends CommandPath ? never : true = true;
void _literal;

export const registry = buildRegistry(DEFS);

/** The command registered at a path (typed: the path exists). */
export function commandAt(path: CommandPath): Command {
  const c = registry.match(path);
  if (!c) throw new Error(`comando não registrado: ${path}`);
  return c;
}
