import { importacaoAtendimentosIntegracao, importacaoBeneficiariosIntegracao } from '../integracoes';
import { retornoAuditoria } from '../auditoria-externa';
import { autorizacaoIntercambio, exclusaoCartaoIntercambio, movimentoIntercambio } from '../intercambio';
import { envioCmis } from '../cmis';
import type { Processo } from './define';

/** The runs of the §2.7 utilities built for issue 13 (the integrations' imports, the interchange processes…). */
export const PROCESSOS_UTIL: readonly Processo[] = [importacaoBeneficiariosIntegracao, importacaoAtendimentosIntegracao, retornoAuditoria, autorizacaoIntercambio, movimentoIntercambio, exclusaoCartaoIntercambio, envioCmis];
