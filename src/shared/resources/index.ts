import { ansResources } from './ans';
import { avisoResources } from './avisos';
import { baseResources } from './base';
import { contratoResources } from './contrato';
import type { Resource } from './define';
import { financeiroResources } from './financeiro';
import { fundamentoResources } from './fundamento';
import { localizacaoResources } from './localizacao';
import { operadoraResources } from './operadora';
import { percentualizacaoResources } from './percentualizacao';
import { pessoasResources } from './pessoas';
import { tabelaResources } from './tabela';

export * from './define';

/** Every resource of the product (spec §2.1–§2.4 reference tables), one definition each. */
export const resources: readonly Resource[] = [
  ...baseResources,
  ...fundamentoResources,
  ...localizacaoResources,
  ...percentualizacaoResources,
  ...contratoResources,
  ...tabelaResources,
  ...operadoraResources,
  ...financeiroResources,
  ...pessoasResources,
  ...avisoResources,
  ...ansResources,
];

export const resourceByName = new Map(resources.map((r) => [r.name, r]));
export const resourceBySlug = new Map(resources.map((r) => [r.slug, r]));
export const resourceByCommand = new Map<string, Resource>(resources.map((r) => [r.command, r]));

for (const [what, map] of [['nome', resourceByName], ['segmento', resourceBySlug], ['tabela', new Map(resources.map((r) => [r.table, r]))], ['comando', resourceByCommand]] as const)
  if (map.size !== resources.length) throw new Error(`recursos: ${what} repetido`);
for (const r of resources)
  for (const [k, fd] of Object.entries(r.fields))
    if (fd.kind === 'ref' && !resourceByName.has(fd.resource)) throw new Error(`recurso ${r.name}: campo ${k} referencia '${fd.resource}', que não existe`);

export function resourceOf(name: string): Resource {
  const r = resourceByName.get(name);
  if (!r) throw new Error(`recurso desconhecido: ${name}`);
  return r;
}
