import type { JobKind } from '../jobs/kind';
import { remessaCobrancaKind, retornoCobrancaKind } from './cnab240';
import { boletoLoteKind } from './titulos';

/** The job kinds of the receivables (titles, boletos, CNAB, DMED, reversals), added to the engine's KINDS. */
export const RECEBIVEIS_KINDS = [boletoLoteKind, remessaCobrancaKind, retornoCobrancaKind] as unknown as JobKind<never>[];
