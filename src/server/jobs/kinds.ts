import { auditMailingExport, nexiaAuditExport } from '../autorizacoes/exportacoes';
import { enrolmentBatchExport, membershipCancellationExport, officialGazetteExport } from '../beneficiarios/exportacoes';
import { authorizationBatch } from '../autorizacoes/lote';
import { pendingRequestsResend } from '../autorizacoes/reenvio-sc';
import { cardChange } from '../beneficiarios/alteracao-cartao';
import { registrationNumberChange } from '../beneficiarios/alteracao-matricula';
import { registrationNumberBatch } from '../beneficiarios/alteracao-matricula-lote';
import { deathCancellation } from '../beneficiarios/cancelamento-obito';
import { planMigration } from '../beneficiarios/migracao-plano';
import { pensionerRegistration } from '../beneficiarios/pensionista';
import { duplicateRegistrations } from '../beneficiarios/duplicidades';
import { detachDependent } from '../beneficiarios/desvincula-matricula';
import { registrationMerge } from '../beneficiarios/unificacao-matricula';
import { embossingExport } from '../cartoes/embossing';
import { cardGenerator } from '../cartoes/gerador';
import { emailActiveProviders, emailOneProvider } from '../emails/mala-direta';
import { masterContabilExport } from '../financeiro/contabil';
import { esocialDominioExport } from '../financeiro/esocial';
import { coparticipacaoExport, FOLHA_KINDS, mensalidadeExport } from '../financeiro/folha';
import { protocolCorrection } from '../protocolos/alteracao';
import { invoiceResendRequest } from '../protocolos/reenvio-nota';
import { providerChangeOnProtocols } from '../protocolos/troca-prestador';
import { listExport } from './export-list';
import { reportFile } from '../relatorios/job';
import { recalculoKind } from '../precos/recalculo';
import { tabelaPrestadorKind } from '../precos/tabela-prestador';
import { regrasKind } from '../precos/regras';
import { brasindiceKind } from '../precos/brasindice';
import { importacaoFaturamentoTissKind } from '../faturamento/importacao-tiss';
import { importacaoRecursoGlosaKind } from '../faturamento/importacao-recurso';
import { UTIL_KINDS } from '../util/kinds';
import { RECEBIVEIS_KINDS } from '../financeiro/recebiveis-kinds';
import { ANS_KINDS } from '../ans/kinds';
import type { JobKind } from './kind';

/** Every kind of job the engine runs, by `tipo`. */
const KINDS = [
  listExport,
  reportFile,
  cardGenerator,
  embossingExport,
  registrationMerge,
  duplicateRegistrations,
  detachDependent,
  emailActiveProviders,
  emailOneProvider,
  ...FOLHA_KINDS,
  mensalidadeExport,
  esocialDominioExport,
  masterContabilExport,
  coparticipacaoExport,
  recalculoKind,
  tabelaPrestadorKind,
  regrasKind,
  brasindiceKind,
  protocolCorrection,
  providerChangeOnProtocols,
  invoiceResendRequest,
  authorizationBatch,
  pendingRequestsResend,
  auditMailingExport,
  nexiaAuditExport,
  officialGazetteExport,
  enrolmentBatchExport,
  membershipCancellationExport,
  cardChange,
  registrationNumberChange,
  deathCancellation,
  planMigration,
  pensionerRegistration,
  registrationNumberBatch,
  importacaoFaturamentoTissKind,
  importacaoRecursoGlosaKind,
  ...UTIL_KINDS,
  ...RECEBIVEIS_KINDS,
  ...ANS_KINDS,
] as unknown as JobKind<never>[];
const byTipo = new Map(KINDS.map((k) => [k.tipo, k]));

export const jobKind = (tipo: string): JobKind<unknown> | undefined => byTipo.get(tipo) as JobKind<unknown> | undefined;
