import { PROCESSOS_ANS } from './ans';
import { loteAutorizacao, reenvioSc } from './autorizacoes';
import { alteracaoCartao, alteracaoMatricula, cancelamentoBeneficiario, migracaoPlano, pensionista, alteracaoMatriculaLote, desvinculaMatricula, tratarDuplicidade, unificacaoMatricula } from './beneficiarios';
import { exportacaoEmbossing, geradorCartao } from './cartoes';
import type { Processo } from './define';
import { emailPrestadoresAtivos, envioEmailPrestador } from './emails';
import { masterContabil } from './contabil';
import { esocialDominio } from './esocial';
import { importacaoFaturamentoTiss } from './faturamento';
import { cancelamentoDamBetha, exportacaoDam, exportacaoDamBetha, exportacaoDes, exportacaoNotasServicosTomados } from './iss';
import { exportacaoAdesaoServico, exportacaoAeromedico } from './servicos';
import { importacaoRecursoGlosa } from './recurso-glosa';
import { PROCESSOS_UTIL } from './util';
import { contasPagar, dirf, efdReinf, esocialRpa, sefip } from './receita-federal';
import { estornoRendimento, movimentoContabil, planoConta, ppsc, qdcMovimento } from './contabilidade';
import { PROCESSOS_RECEBIVEIS } from './recebiveis';
import { imprensaOficial, loteImplantacao, malaDiretaAuditoria, nexiaAuditoria, remessaCancelamentoAdesao } from './exportacoes';
import { exportacaoCoparticipacao, exportacaoMensalidade, FOLHAS } from './folha';
import { brasindice, recalculoAtendimento, regraProcedimento, tabelaPrecoPrestador } from './precos';
import { alteracaoPrestadorProtocolo, alteracaoProtocolo, solicitacaoReenvioNota } from './protocolos';

/** Every process and export with a real run, by command path: the job screen and the server's kinds read this. */
export const PROCESSOS: readonly Processo[] = [
  geradorCartao,
  exportacaoEmbossing,
  unificacaoMatricula,
  tratarDuplicidade,
  desvinculaMatricula,
  emailPrestadoresAtivos,
  envioEmailPrestador,
  ...FOLHAS.map((x) => x.processo),
  exportacaoMensalidade,
  exportacaoCoparticipacao,
  esocialDominio,
  masterContabil,
  recalculoAtendimento,
  tabelaPrecoPrestador,
  regraProcedimento,
  brasindice,
  alteracaoProtocolo,
  alteracaoPrestadorProtocolo,
  solicitacaoReenvioNota,
  loteAutorizacao,
  reenvioSc,
  malaDiretaAuditoria,
  nexiaAuditoria,
  imprensaOficial,
  loteImplantacao,
  remessaCancelamentoAdesao,
  alteracaoCartao,
  alteracaoMatricula,
  cancelamentoBeneficiario,
  migracaoPlano,
  pensionista,
  alteracaoMatriculaLote,
  importacaoFaturamentoTiss,
  importacaoRecursoGlosa,
  ...PROCESSOS_UTIL,
  contasPagar,
  efdReinf,
  movimentoContabil,
  estornoRendimento,
  planoConta,
  dirf,
  exportacaoDam,
  exportacaoDamBetha,
  cancelamentoDamBetha,
  exportacaoAeromedico,
  exportacaoAdesaoServico,
  exportacaoDes,
  exportacaoNotasServicosTomados,
  esocialRpa,
  ppsc,
  qdcMovimento,
  sefip,
  ...PROCESSOS_RECEBIVEIS,
  ...PROCESSOS_ANS,
];

const byComando = new Map<string, Processo>(PROCESSOS.map((p) => [p.comando, p]));
export const processoDe = (comando: string): Processo | undefined => byComando.get(comando);
