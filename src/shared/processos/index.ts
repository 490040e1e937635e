import { desvinculaMatricula, tratarDuplicidade, unificacaoMatricula } from './beneficiarios';
import { exportacaoEmbossing, geradorCartao } from './cartoes';
import type { Processo } from './define';
import { emailPrestadoresAtivos, envioEmailPrestador } from './emails';
import { exportacaoCoparticipacao, exportacaoMensalidade, FOLHAS } from './folha';
import { brasindice, recalculoAtendimento, regraProcedimento, tabelaPrecoPrestador } from './precos';

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
  recalculoAtendimento,
  tabelaPrecoPrestador,
  regraProcedimento,
  brasindice,
];

const byComando = new Map<string, Processo>(PROCESSOS.map((p) => [p.comando, p]));
export const processoDe = (comando: string): Processo | undefined => byComando.get(comando);
