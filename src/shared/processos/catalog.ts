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
  '/util/exportacao/mensalidade',
  '/util/exportacao/coparticipacao',
  '/util/processo/recalculo-atendimento',
  '/util/exportacao/tabela-preco-prestador',
  '/util/exportacao/regra-procedimento',
  '/util/processo/brasindice',
];
