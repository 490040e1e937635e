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
  '/util/processo/alteracao-cartao',
  '/util/processo/alteracao-matricula',
  '/util/processo/cancelamento-beneficiario',
  '/util/processo/migracao',
  '/util/processo/pensionista',
  '/util/processo/processo-alteracao-matricula',
];
