import { commands, type CommandDef } from '../../types';
import type { IconName } from '../../icons';
import { rep } from '../helpers';

/**
 * Spec §2.6 lists 41 report codes without saying which report each one is. Seven went to reports declared with
 * their folder (grupos.ts: rep071, rep072, rep169, rep170, rep278, rep301, rep336); this is the table of the
 * other 34: each code is one report, named and placed in a folder of the spec that had none, as a health-plan
 * operator uses them. The report's header shows its code; a test keeps every code of the spec in exactly one
 * command.
 */
export const CODIGOS_ATRIBUIDOS: readonly (readonly [code: string, path: `/relatorio/${string}`, title: string, icon: IconName, keywords: readonly string[]])[] = [
  // Beneficiário > Atuarial
  ['rep095', '/relatorio/beneficiario/atuarial/piramide-etaria', 'Pirâmide Etária', 'users', ['faixa etária', 'sexo', 'atuarial', 'ANS']],
  ['rep312', '/relatorio/beneficiario/atuarial/expostos-faixa-etaria', 'Expostos por Faixa Etária', 'calculator', ['beneficiários-mês', 'exposição', 'atuarial']],
  // Beneficiário > Intercâmbio
  ['rep362', '/relatorio/beneficiario/intercambio/autorizacoes-intercambio', 'Autorizações de Intercâmbio', 'globe', ['intercâmbio', 'outra operadora']],
  ['rep093', '/relatorio/beneficiario/intercambio/beneficiarios-intercambio', 'Beneficiários em Intercâmbio', 'globe', ['intercâmbio', 'cartão de intercâmbio']],
  // Beneficiário > Mala direta
  ['rep355', '/relatorio/beneficiario/mala-direta/etiquetas-beneficiarios', 'Etiquetas de Beneficiários', 'tags', ['mala direta', 'correspondência', 'endereço']],
  ['rep360', '/relatorio/beneficiario/mala-direta/contatos-beneficiarios', 'Contatos de Beneficiários', 'mail', ['e-mail', 'telefone', 'comunicados']],
  // Beneficiário > Programa de saúde
  ['rep218', '/relatorio/beneficiario/programa-saude/condicoes-cronicas', 'Beneficiários com Condições Crônicas', 'heart-pulse', ['CID', 'diabetes', 'hipertensão', 'promoção da saúde']],
  ['rep320', '/relatorio/beneficiario/programa-saude/gestantes', 'Gestantes', 'heart-pulse', ['pré-natal', 'gestação', 'CID']],
  // Beneficiário > SIB
  ['rep311', '/relatorio/beneficiario/sib/pendencias-sib', 'Pendências do SIB', 'clipboard', ['SIB', 'CNS', 'CPF', 'crítica']],
  ['rep321', '/relatorio/beneficiario/sib/movimentacao-sib', 'Movimentação do SIB por Competência', 'refresh', ['SIB', 'inclusão', 'exclusão', 'retificação']],
  // Beneficiário > Cartão
  ['rep337', '/relatorio/beneficiario/cartao/cartoes-emitidos', 'Cartões Emitidos', 'credit-card', ['carteirinha', 'emissão', 'via']],
  ['rep182', '/relatorio/beneficiario/cartao/cartoes-vencer', 'Cartões a Vencer', 'credit-card', ['carteirinha', 'validade']],
  ['rep322', '/relatorio/beneficiario/cartao/sem-cartao-valido', 'Beneficiários sem Cartão Válido', 'credit-card', ['carteirinha', 'emitir']],
  // Operadora
  ['rep168', '/relatorio/operadora/autorizacoes-prestador', 'Autorizações por Prestador', 'stethoscope', ['ranking', 'solicitações', 'valor']],
  ['rep057', '/relatorio/operadora/procedimentos-autorizados', 'Procedimentos Mais Autorizados', 'list', ['TUSS', 'ranking', 'utilização']],
  // Gerência
  ['rep127', '/relatorio/gerencia/tempo-resposta-autorizacoes', 'Tempo de Resposta das Autorizações', 'clock', ['prazo', 'RN 566', 'garantia de atendimento']],
  ['rep230', '/relatorio/gerencia/negativas-motivo', 'Negativas por Motivo', 'shield', ['negativa', 'glosa', 'tabela 38']],
  // Gerência > Carga
  ['rep371', '/relatorio/gerencia/carga/decisoes-usuario', 'Decisões por Usuário', 'gauge', ['carga de trabalho', 'produtividade', 'auditoria']],
  ['rep373', '/relatorio/gerencia/carga/atendimentos-atendente', 'Atendimentos por Atendente', 'gauge', ['carga de trabalho', 'central de atendimento']],
  // Coparticipação
  ['rep090', '/relatorio/coparticipacao/coparticipacao-prevista', 'Coparticipação Prevista nas Autorizações', 'percent', ['coparticipação', 'fator moderador']],
  ['rep059', '/relatorio/coparticipacao/coparticipacao-beneficiario', 'Coparticipação Cobrada por Beneficiário', 'percent', ['coparticipação', 'mensalidade']],
  // Contribuição
  ['rep275', '/relatorio/contribuicao/contribuicoes-beneficiario', 'Contribuições por Beneficiário', 'banknote', ['mensalidade', 'contribuição']],
  ['rep375', '/relatorio/contribuicao/contribuicoes-atraso', 'Contribuições em Atraso', 'banknote', ['inadimplência', 'mensalidade']],
  // Faturamento
  ['rep118', '/relatorio/faturamento/contas-prestador', 'Contas por Prestador', 'receipt', ['faturamento', 'lote', 'TISS']],
  ['rep144', '/relatorio/faturamento/glosas-motivo', 'Glosas por Motivo', 'receipt', ['glosa', 'tabela 38', 'recurso']],
  // Faturamento > Sintético
  ['rep091', '/relatorio/faturamento/sintetico/faturamento-competencia', 'Faturamento por Competência', 'chart-pie', ['sintético', 'competência']],
  ['rep092', '/relatorio/faturamento/sintetico/faturamento-tipo-guia', 'Faturamento por Tipo de Guia', 'chart-pie', ['sintético', 'SP/SADT', 'internação']],
  // Cobrança
  ['rep134', '/relatorio/cobranca/inadimplencia-competencia', 'Inadimplência por Competência', 'receipt', ['inadimplência', 'atraso']],
  // Contábil
  ['rep120', '/relatorio/contabil/razao-conta', 'Razão por Conta', 'book', ['razão', 'plano de contas', 'lançamentos']],
  ['rep058', '/relatorio/contabil/eventos-conhecidos', 'Eventos Conhecidos a Pagar', 'clock', ['PESL', 'provisão', 'eventos']],
  // DIRF
  ['rep121', '/relatorio/dirf/rendimentos-prestadores', 'Rendimentos Pagos a Prestadores', 'landmark', ['DIRF', 'IRRF', 'informe de rendimentos']],
  ['rep119', '/relatorio/dirf/despesas-medicas-beneficiarios', 'Despesas Médicas dos Beneficiários (DMED)', 'landmark', ['DMED', 'imposto de renda']],
  // Mala direta
  ['rep335', '/relatorio/maladireta/aniversariantes', 'Aniversariantes', 'calendar', ['aniversário', 'mala direta', 'felicitações']],
  ['rep125', '/relatorio/maladireta/comunicados-enviados', 'Comunicados Enviados por E-mail', 'send', ['e-mail', 'comunicados', 'mala direta']],
];

export const relatorioCodigos = commands(
  CODIGOS_ATRIBUIDOS.map(([code, path, title, icon, keywords]) => ({ path, title, icon, ...rep(code), keywords: [...keywords] }) satisfies CommandDef),
);
