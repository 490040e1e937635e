import { f, type RuleIssue } from '../resources/define';
import { defineProcesso } from './define';

/** Registrations of the same person under two matrículas: find them, and merge one into the other keeping history. */

export const CRITERIOS_DUPLICIDADE = [
  ['CPF', 'Mesmo CPF'],
  ['NOME_NASCIMENTO', 'Mesmo nome e data de nascimento'],
  ['AMBOS', 'Mesmo CPF, ou mesmo nome e data de nascimento'],
] as const;

export const ACOES_DUPLICIDADE = [
  ['RELATORIO', 'Só listar as duplicidades (não altera nada)'],
  ['UNIFICAR', 'Listar e unificar cada grupo na matrícula mais antiga'],
] as const;

/** SIB motivoCancelamento of the merged registration: it should not have existed. */
export const MOTIVO_UNIFICADO = '46';

export const unificacaoMatricula = defineProcesso({
  comando: '/util/processo/unificacao-matricula',
  tipo: 'unificacao-matricula',
  descricao:
    'Unifica duas matrículas da mesma pessoa: autorizações, atendimentos, protocolos, cartões, solicitações cadastrais, dependentes e o acesso ao portal passam para a matrícula mantida; a outra é cancelada por inclusão indevida (motivo 46 do SIB). Tudo fica na trilha.',
  campos: {
    manter: f.ref('Matrícula a manter', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula do cadastro que continua.' }),
    unificar: f.ref('Matrícula a unificar (será cancelada)', 'beneficiario', { picker: 'autocomplete', required: true }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if (v.manter != null && v.manter === v.unificar) out.push({ field: 'unificar', message: 'Escolha duas matrículas diferentes.' });
    return out;
  },
  previa: true,
  altera: true,
});

export const tratarDuplicidade = defineProcesso({
  comando: '/util/processo/tratar-duplicidade-beneficiarios',
  tipo: 'tratar-duplicidade',
  descricao:
    'Procura beneficiários cadastrados mais de uma vez e gera a lista dos grupos (CSV). Ao unificar, cada grupo fica na matrícula mais antiga ainda ativa, com todo o histórico; grupos com titulares e dependentes misturados ficam para análise manual.',
  campos: {
    criterio: f.enum('Critério', CRITERIOS_DUPLICIDADE, { required: true, default: 'AMBOS' }),
    acao: f.enum('O que fazer', ACOES_DUPLICIDADE, { required: true, default: 'RELATORIO' }),
  },
  previa: true,
  altera: true,
});

/**
 * A dependent who leaves the titular's family and keeps the plan under their own registration (a child who came of
 * age, a divorced spouse): same matrícula and history, now a titular; coverage and waiting periods carry on.
 */
export const desvinculaMatricula = defineProcesso({
  comando: '/util/processo/desvincula-matricula',
  tipo: 'desvincula-matricula',
  descricao:
    'Desvincula um dependente do grupo familiar do titular: a mesma matrícula, com todo o histórico, passa a ser titular de um grupo próprio no mesmo plano. O titular anterior e os demais dependentes não mudam.',
  campos: {
    dependente: f.ref('Dependente', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula do dependente.' }),
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Ex.: maioridade, separação, novo contrato.' }),
  },
  previa: true,
  altera: true,
});
