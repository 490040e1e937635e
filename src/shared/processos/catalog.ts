/**
 * The process and export commands that have a real run, as a tiny list the initial bundle can afford: the screen
 * map binds the job screen to these, while the declarations (fields, layouts, zod) load with the screen.
 * tests/unit/processos.test.ts keeps this list equal to PROCESSOS.
 */
export const COMANDOS_COM_EXECUCAO: readonly string[] = [
  '/util/processo/gerador-cartao',
  '/util/exportacao/embossing',
  '/util/processo/unificacao-matricula',
  '/util/processo/tratar-duplicidade-beneficiarios',
  '/util/processo/desvincula-matricula',
  '/util/processo/email-prestador-ativo',
  '/util/processo/envio-email-prestador',
  '/util/exportacao/copasa/fopag',
  '/util/exportacao/dhisa/fopag-copass',
  '/util/exportacao/desconto-mensalidade-coparticipacao',
  '/util/exportacao/previminas',
  '/util/exportacao/econsig',
  '/util/exportacao/siape',
  '/util/exportacao/impro',
  '/util/exportacao/elotech',
  '/util/exportacao/mensalidade',
  '/util/exportacao/coparticipacao',
  '/util/processo/recalculo-atendimento',
  '/util/exportacao/tabela-preco-prestador',
  '/util/exportacao/regra-procedimento',
  '/util/processo/brasindice',
  '/util/processo/alteracao-protocolo',
  '/util/processo/processa-alteracao-prestador-protocolo',
  '/util/processo/solicitacao-reenvio-nota',
  '/util/processo/lote-autorizacao',
  '/util/processo/reenvio-sc',
  '/util/exportacao/mala-direta-auditoria',
  '/util/exportacao/nexia-auditoria',
  '/util/exportacao/imprensa-oficial',
  '/util/exportacao/lote-implantacao',
  '/util/exportacao/remessa-cancelamento-adesao',
];
