import type { JobKind } from '../jobs/kind';
import { remessaCobrancaKind, retornoCobrancaKind } from './cnab240';
import { comunicadoBoletoKind, smsBoletoKind } from './comunicado';
import { dmedKind } from './dmed';
import { estornoContasContribuicaoKind, estornoContribuicaoKind } from './estornos';
import { qdcFinanceiroKind, recebimentoAtrasoKind } from './qdc';
import { boletoLoteKind } from './titulos';

/** The job kinds of the receivables (titles, boletos, CNAB, e-mail, DMED, reversals, statements), added to the engine's KINDS. */
export const RECEBIVEIS_KINDS = [
  boletoLoteKind,
  remessaCobrancaKind,
  retornoCobrancaKind,
  comunicadoBoletoKind,
  dmedKind,
  estornoContribuicaoKind,
  estornoContasContribuicaoKind,
  qdcFinanceiroKind,
  recebimentoAtrasoKind,
  smsBoletoKind,
] as unknown as JobKind<never>[];
