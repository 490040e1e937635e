import { embossingExport } from '../cartoes/embossing';
import { cardGenerator } from '../cartoes/gerador';
import { emailActiveProviders, emailOneProvider } from '../emails/mala-direta';
import { listExport } from './export-list';
import type { JobKind } from './kind';

/** Every kind of job the engine runs, by `tipo`. */
const KINDS: JobKind<never>[] = [
  listExport as JobKind<never>,
  cardGenerator as JobKind<never>,
  embossingExport as JobKind<never>,
  emailActiveProviders as JobKind<never>,
  emailOneProvider as JobKind<never>,
];
const byTipo = new Map(KINDS.map((k) => [k.tipo, k]));

export const jobKind = (tipo: string): JobKind<unknown> | undefined => byTipo.get(tipo) as JobKind<unknown> | undefined;
