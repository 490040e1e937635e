import type { CommandPath } from '../../../commands';

/**
 * The commands whose report is declared (src/shared/relatorios/index.ts), as plain paths: the web's first bundle
 * binds them to the report screen without loading the declarations (a test keeps both lists equal).
 */
export const COMANDOS_COM_RELATORIO: readonly CommandPath[] = [
  '/relatorio/rede-credenciada/cidadeespecialidade',
  '/relatorio/rede-credenciada/endereco-prestador',
  '/relatorio/rede-credenciada/situacao-prestador',
  '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
  '/relatorio/rede-credenciada/email-prestador2',
  '/relatorio/rede-credenciada/rede-credenciada-pendencia-dados',
  '/relatorio/rede-credenciada/prestador-atualizado',
  '/relatorio/rede-credenciada/tabelas-atuais',
  '/relatorio/rede-credenciada/gerencial-quantitativo-rede',
  '/relatorio/beneficiario/produto/faixa-etaria-produto',
  '/relatorio/beneficiario/posicao/movimentacao-cadastral',
  '/relatorio/autorizacao/autorizacoes-situacao',
  '/relatorio/beneficiario/extratos/extrato-utilizacao',
  '/relatorio/atendimento/atendimentos-motivo',
  '/relatorio/beneficiario/empresa/beneficiarios-empresa',
  '/relatorio/credenciamento/prestadores-especialidade',
  '/relatorio/auditoria/decisoes-auditor',
  '/relatorio/beneficiario/cartao/cartoes-emitidos',
  '/relatorio/beneficiario/cartao/cartoes-vencer',
  '/relatorio/beneficiario/cartao/sem-cartao-valido',
  '/relatorio/gerencia/negativas-motivo',
  '/relatorio/gerencia/carga/atendimentos-atendente',
  '/relatorio/operadora/autorizacoes-prestador',
  '/relatorio/operadora/procedimentos-autorizados',
  '/relatorio/maladireta/aniversariantes',
  '/relatorio/beneficiario/mala-direta/contatos-beneficiarios',
  '/relatorio/beneficiario/atuarial/piramide-etaria',
  '/relatorio/beneficiario/programa-saude/condicoes-cronicas',
  '/relatorio/beneficiario/programa-saude/gestantes',
  '/relatorio/gerencia/carga/decisoes-usuario',
  '/relatorio/protocolo/documento/documentos-protocolados',
  '/relatorio/maladireta/comunicados-enviados',
  '/relatorio/gerencia/tempo-resposta-autorizacoes',
  '/relatorio/beneficiario/sib/pendencias-sib',
  '/relatorio/rede-credenciada/etiqueta-prestador',
  '/relatorio/beneficiario/mala-direta/etiquetas-beneficiarios',
];
