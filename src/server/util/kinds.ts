import { attendanceIntegrationImport } from '../integracoes/atendimentos';
import { beneficiaryIntegrationImport } from '../integracoes/beneficiarios';
import { auditReturnImport } from '../auditoria-externa/retorno';
import { interchangeAuthorizationImport } from '../intercambio/autorizacoes';
import { interchangeCardExclusion, interchangeMovement } from '../intercambio/movimento';
import { cmisSend } from '../cmis/fila';
import type { JobKind } from '../jobs/kind';
import { contasPagarExport } from '../financeiro/contas-pagar';
import { efdReinfExport } from '../financeiro/reinf';
import { movimentoContabilKind } from '../financeiro/movimento-contabil';
import { estornoRendimentoKind } from '../pagamentos/estorno-rendimento';
import { planoContaKind } from '../financeiro/plano-conta';
import { cancelamentoDamBethaKind, damBethaExport, damExport } from '../financeiro/dam';
import { desExport, notasServicosTomadosExport } from '../financeiro/servicos-tomados';
import { dirfExport } from '../financeiro/dirf';
import { esocialRpaExport } from '../financeiro/esocial-rpa';
import { ppscKind } from '../financeiro/ppsc';
import { qdcMovimentoKind } from '../financeiro/qdc-movimento';
import { sefipKind } from '../financeiro/sefip';
import { adesaoServicoExport, aeromedicoExport } from '../servicos/exportacoes';

/** The job kinds of the §2.7 utilities built for issue 13 (imports and processes), added to the engine's KINDS. */
export const UTIL_KINDS = [beneficiaryIntegrationImport, attendanceIntegrationImport, auditReturnImport, interchangeAuthorizationImport, interchangeMovement, interchangeCardExclusion, cmisSend, contasPagarExport, efdReinfExport, movimentoContabilKind, estornoRendimentoKind, planoContaKind, dirfExport, damExport, damBethaExport, desExport, notasServicosTomadosExport, cancelamentoDamBethaKind, esocialRpaExport, ppscKind, qdcMovimentoKind, sefipKind, aeromedicoExport, adesaoServicoExport] as unknown as JobKind<never>[];
