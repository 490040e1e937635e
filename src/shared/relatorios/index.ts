import { ATENDIMENTOS_POR_MOTIVO } from './atendimentos';
import { AUTORIZACOES_POR_SITUACAO, EXTRATO_UTILIZACAO } from './autorizacoes';
import { BENEFICIARIOS_FAIXA_PRODUTO, BENEFICIARIOS_POR_EMPRESA, MOVIMENTACAO_BENEFICIARIOS } from './beneficiarios';
import type { ReportDef } from './define';
import { ENDERECOS_PRESTADORES, REDE_CIDADE_ESPECIALIDADE, SITUACAO_PRESTADORES, TABELA_PRECO_CONTRATADO } from './rede';

/** Every report with its engine declaration (the others still open the "not built" page). */
export const REPORTS: readonly ReportDef[] = [
  REDE_CIDADE_ESPECIALIDADE,
  ENDERECOS_PRESTADORES,
  SITUACAO_PRESTADORES,
  TABELA_PRECO_CONTRATADO,
  BENEFICIARIOS_FAIXA_PRODUTO,
  MOVIMENTACAO_BENEFICIARIOS,
  BENEFICIARIOS_POR_EMPRESA,
  AUTORIZACOES_POR_SITUACAO,
  EXTRATO_UTILIZACAO,
  ATENDIMENTOS_POR_MOTIVO,
];

export const reportByCommand: ReadonlyMap<string, ReportDef> = new Map(REPORTS.map((r) => [r.command, r]));
