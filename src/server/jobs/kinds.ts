import { duplicateRegistrations } from '../beneficiarios/duplicidades';
import { detachDependent } from '../beneficiarios/desvincula-matricula';
import { registrationMerge } from '../beneficiarios/unificacao-matricula';
import { embossingExport } from '../cartoes/embossing';
import { cardGenerator } from '../cartoes/gerador';
import { emailActiveProviders, emailOneProvider } from '../emails/mala-direta';
import { coparticipacaoExport, FOLHA_KINDS, mensalidadeExport } from '../financeiro/folha';
import { listExport } from './export-list';
import { recalculoKind } from '../precos/recalculo';
import { tabelaPrestadorKind } from '../precos/tabela-prestador';
import { regrasKind } from '../precos/regras';
import { brasindiceKind } from '../precos/brasindice';
import type { JobKind } from './kind';

/** Every kind of job the engine runs, by `tipo`. */
const KINDS = [
  listExport,
  cardGenerator,
  embossingExport,
  registrationMerge,
  duplicateRegistrations,
  detachDependent,
  emailActiveProviders,
  emailOneProvider,
  ...FOLHA_KINDS,
  mensalidadeExport,
  coparticipacaoExport,
  recalculoKind,
  tabelaPrestadorKind,
  regrasKind,
  brasindiceKind,
] as unknown as JobKind<never>[];
const byTipo = new Map(KINDS.map((k) => [k.tipo, k]));

export const jobKind = (tipo: string): JobKind<unknown> | undefined => byTipo.get(tipo) as JobKind<unknown> | undefined;
