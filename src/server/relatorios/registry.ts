import type { FastifyInstance } from 'fastify';
import { REPORTS } from '../../shared/relatorios';
import type { ReportDef } from '../../shared/relatorios/define';
import type { AppContext } from '../context';
import { loginsPermissoesSource } from './acessos';
import { cancelamentoAdesaoSource, componenteUtilizacaoSource, identificacaoSaudeSuplementarSource } from './ans';
import { pesquisaRedeProdutoSource, prestadoresPorProdutoSource, todosRegistrosRpsSource } from './rede-produtos';
import { atendimentosPorMotivoSource } from './atendimentos';
import { autorizacoesPorSituacaoSource, decisoesAuditoriaSource, extratoUtilizacaoSource } from './autorizacoes';
import { beneficiariosFaixaProdutoSource, beneficiariosPorEmpresaSource, expostosFaixaEtariaSource, movimentacaoBeneficiariosSource, piramideEtariaSource } from './beneficiarios';
import { cartoesAVencerSource, cartoesEmitidosSource, semCartaoValidoSource } from './cartoes';
import { contraprestacoesEmitidasSource, inadimplenciaCompetenciaSource } from './cobranca';
import {
  avisoDebitosSource,
  conferenciaAvisoSource,
  coparticipacaoBeneficiarioSource,
  despesasMedicasSource,
  extratoUnificadoSource,
  historicoPagamentoSource as historicoCobrancaSource,
  informePagamentoSource,
} from './cobranca-beneficiario';
import { contribuicaoAtuarialSource, eventosConhecidosSource, remessasContabeisSource, eventosLiquidarSource, impostosRetidosSource, movimentoContabilSource, razaoContaSource } from './contabil';
import { solicitacaoVerbaDocumentoSource, solicitacoesVerbaSource } from './verbas';
import { contribuicoesAtrasoSource, contribuicoesBeneficiarioSource } from './contribuicoes';
import { coparticipacaoPrevistaSource } from './coparticipacao';
import {
  borderoAnaliticoSource,
  borderoForaFolhaSource,
  borderoPagamentoSource,
  historicoPagamentoSource,
  protocoloDataPagamentoSource,
  rendimentosPrestadoresSource,
} from './pagamentos';
import { registerReport, type ReportSource } from './engine';
import { avisosDebitoRoutes } from '../financeiro/avisos-debito';
import {
  abertosAtendimentosSource,
  analiticoProtocoloSource,
  contasAPagarSource,
  contasPrestadorSource,
  faturamentoCompetenciaSource,
  faturamentoTipoGuiaSource,
  glosasMotivoSource,
  loteSinteticoSource,
  percentualPartosSource,
  radarTissSource,
  semAtendimentoVinculadoSource,
} from './faturamento';
import { aniversariantesSource, comunicadosEnviadosSource, contatosBeneficiariosSource, etiquetasBeneficiariosSource } from './mala-direta';
import { condicoesCronicasSource, gestantesSource } from './programa-saude';
import { documentosProtocoladosSource } from './protocolos';
import { autorizacoesIntercambioSource, beneficiariosIntercambioSource } from './intercambio';
import {
  analiticoReembolsoSource,
  comprovanteDevolucaoSource,
  confAnaliticoReembolsoSource,
  conferenciaProcedimentoSource,
  conferenciaProcessamentoSource,
  devolucaoNegadoSource,
  folhaAnaliticaReembolsoSource,
  protocoladoReembolsoSource,
  sinteticoReembolsoSource,
} from './reembolsos';
import { movimentacaoSibSource, pendenciasSibSource, todosRegistrosSibSource } from './sib';
import { configuracaoSipSource, sipAnaliticoSource } from './sip';
import { idssSource } from './idss';
import { tpsAnaliticoSource, tpsSinteticoSource } from './tps';
import { atendimentosPorAtendenteSource, autorizacoesPorPrestadorSource, decisoesPorUsuarioSource, negativasPorMotivoSource, procedimentosAutorizadosSource, tempoRespostaSource } from './gerencia';
import { tabelaPrecoContratadoSource } from './precos';
import { anualOuvidoriaSource, reaSource } from './ouvidoria';
import { emailsPrestadoresSource, etiquetasPrestadoresSource, pendenciaDadosSource, prestadoresAtualizadosSource, quantitativoRedeSource, tabelasAtuaisSource } from './rede-gestao';
import { enderecosPrestadoresSource, prestadoresPorEspecialidadeSource, redeCidadeEspecialidadeSource, situacaoPrestadoresSource } from './rede';

/** The data of each declared report (src/shared/relatorios), by rep code (or slug, for a report without a code). */
const SOURCES: Readonly<Record<string, ReportSource>> = {
  rep071: prestadoresPorEspecialidadeSource,
  rep072: decisoesAuditoriaSource,
  rep075: redeCidadeEspecialidadeSource,
  rep076: emailsPrestadoresSource,
  rep077: enderecosPrestadoresSource,
  rep078: pendenciaDadosSource,
  rep079: situacaoPrestadoresSource,
  rep081: prestadoresAtualizadosSource,
  rep083: tabelasAtuaisSource,
  rep126: quantitativoRedeSource,
  rep169: autorizacoesPorSituacaoSource,
  rep170: movimentacaoBeneficiariosSource,
  rep278: beneficiariosPorEmpresaSource,
  rep301: beneficiariosFaixaProdutoSource,
  'extrato-utilizacao': extratoUtilizacaoSource,
  'anual-ouvidoria': anualOuvidoriaSource,
  rea: reaSource,
  rep316: tabelaPrecoContratadoSource,
  rep336: atendimentosPorMotivoSource,
  rep337: cartoesEmitidosSource,
  rep182: cartoesAVencerSource,
  rep322: semCartaoValidoSource,
  rep230: negativasPorMotivoSource,
  rep373: atendimentosPorAtendenteSource,
  rep168: autorizacoesPorPrestadorSource,
  rep057: procedimentosAutorizadosSource,
  rep335: aniversariantesSource,
  rep360: contatosBeneficiariosSource,
  rep095: piramideEtariaSource,
  rep218: condicoesCronicasSource,
  rep320: gestantesSource,
  rep371: decisoesPorUsuarioSource,
  rep277: documentosProtocoladosSource,
  rep125: comunicadosEnviadosSource,
  rep127: tempoRespostaSource,
  rep311: pendenciasSibSource,
  rep074: etiquetasPrestadoresSource,
  rep355: etiquetasBeneficiariosSource,
  rep260: todosRegistrosSibSource,
  rep312: expostosFaixaEtariaSource,
  rep321: movimentacaoSibSource,
  rep090: coparticipacaoPrevistaSource,
  'logins-permissao': loginsPermissoesSource,
  rep080: prestadoresPorProdutoSource,
  rep367: pesquisaRedeProdutoSource,
  'rep260-rps': todosRegistrosRpsSource,
  rep267: identificacaoSaudeSuplementarSource,
  rep279: componenteUtilizacaoSource,
  'cancelamento-adesao': cancelamentoAdesaoSource,
  rep061: loteSinteticoSource,
  rep060: analiticoProtocoloSource,
  'abertos-atendimentos-vinculados': abertosAtendimentosSource,
  'relatorio-contas-pagar': contasAPagarSource,
  rep062: semAtendimentoVinculadoSource,
  rep118: contasPrestadorSource,
  rep144: glosasMotivoSource,
  rep091: faturamentoCompetenciaSource,
  rep092: faturamentoTipoGuiaSource,
  rep264: percentualPartosSource,
  rep117: radarTissSource,
  rep276: sipAnaliticoSource,
  rep123: configuracaoSipSource,
  rep363: idssSource,
  rep039: tpsAnaliticoSource,
  rep038: tpsSinteticoSource,
  rep064: analiticoReembolsoSource,
  rep065: sinteticoReembolsoSource,
  rep066: confAnaliticoReembolsoSource,
  rep255: conferenciaProcedimentoSource,
  rep269: conferenciaProcessamentoSource,
  rep246: protocoladoReembolsoSource,
  rep067: folhaAnaliticaReembolsoSource,
  rep107: comprovanteDevolucaoSource,
  rep188: devolucaoNegadoSource,
  rep362: autorizacoesIntercambioSource,
  rep093: beneficiariosIntercambioSource,
  rep275: contribuicoesBeneficiarioSource,
  rep375: contribuicoesAtrasoSource,
  rep134: inadimplenciaCompetenciaSource,
  rep205: contraprestacoesEmitidasSource,
  imposto: impostosRetidosSource,
  movimento: movimentoContabilSource,
  rep120: razaoContaSource,
  'eventos-liquidar': eventosLiquidarSource,
  rep058: eventosConhecidosSource,
  'contribuicao-atuarial': contribuicaoAtuarialSource,
  remessa: remessasContabeisSource,
  'solicitacao-verba': solicitacoesVerbaSource,
  'solicitacao-verba-id': solicitacaoVerbaDocumentoSource,
  rep140: borderoPagamentoSource,
  'rep140-analitico': borderoAnaliticoSource,
  'rep140-fora-folha': borderoForaFolhaSource,
  rep178: historicoPagamentoSource,
  rep121: rendimentosPrestadoresSource,
  'protocolo-data-pagamento-bordero': protocoloDataPagamentoSource,
  'rep178-cobranca': historicoCobrancaSource,
  rep214: avisoDebitosSource,
  'rep214-conferencia': conferenciaAvisoSource,
  rep059: coparticipacaoBeneficiarioSource,
  'informe-pagamento': informePagamentoSource,
  rep119: despesasMedicasSource,
  'extrato-unificado': extratoUnificadoSource,
};

const byCommand = new Map<string, { def: ReportDef; source: ReportSource }>(
  REPORTS.map((def) => {
    const source = SOURCES[def.id];
    // a declaration without its data fails at start-up, not when someone opens it
    if (!source) throw new Error(`relatório ${def.id}: sem fonte de dados em src/server/relatorios/registry.ts`);
    return [def.command, { def, source }];
  }),
);
export const reportOf = (comando: string) => byCommand.get(comando);

export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const { def, source } of byCommand.values()) registerReport(app, ctx, def, source);
  // the Aviso de Débitos screen's action: the registration of the notices sent (read by the Conferência)
  avisosDebitoRoutes(app, ctx);
}
