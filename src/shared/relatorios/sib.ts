import { f } from '../resources/define';
import { RELACOES_DEPENDENCIA, SEXOS, SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { REGRAS_SIB } from '../sib/analise';
import { defineReport } from './define';
import { anoCorrente, PERIODO_OBRIGATORIO } from './filtros';

/**
 * rep311 — the SIB's pending items rule by rule (the rules of Análise do SIB, src/shared/sib/analise.ts): each person
 * under each rule they break, to be fixed before the next file; a bar per rule shows where the base is weakest.
 */
export const PENDENCIAS_SIB = defineReport({
  code: 'rep311',
  command: '/relatorio/beneficiario/sib/pendencias-sib',
  about: 'Beneficiários ativos e suspensos com pendência no SIB, regra por regra (CPF, CNS, nome da mãe, CCO, datas, endereço, vínculo), com os dados a corrigir.',
  list: {
    key: 'relatorio.rep311',
    noun: { singular: 'pendência', plural: 'pendências', gender: 'f' },
    fields: {
      grupo: f.text('Regra', { max: 80 }),
      regra: f.enum('Regra', REGRAS_SIB.map((r) => [r.regra, r.titulo] as const)),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      relacaoDependencia: f.enum('Relação', RELACOES_DEPENDENCIA),
      dataNascimento: f.date('Nascimento'),
      cpf: f.doc('CPF', 'cpf'),
      cns: f.text('CNS', { max: 15 }),
      dataAdesao: f.date('Adesão'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
    },
    search: [
      { field: 'regra', op: 'eq', param: 'regra' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'relacaoDependencia' }, { key: 'dataNascimento' }, { key: 'cpf' }, { key: 'cns' }, { key: 'dataAdesao' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Regra', plural: 'regras' },
  chart: { title: 'Pendências por regra', value: 'count' },
  orientation: 'landscape',
  widths: { matricula: 1.1, nome: 3, relacaoDependencia: 1.3, dataNascimento: 0.9, cpf: 1.2, cns: 1.3, dataAdesao: 0.9, situacao: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep260 (SIB) — every registration as the SIB carries it: the CCO the ANS gave, the documents, birth, sex, bond and
 * adhesion, by plan (its ANS registration); the base the monthly file and the ANS's conference start from.
 */
export const TODOS_REGISTROS_SIB = defineReport({
  code: 'rep260',
  command: '/relatorio/beneficiario/sib/todos-registros',
  about: 'Todos os registros de beneficiários como o SIB os leva (CCO, CPF, CNS, nascimento, sexo, vínculo, adesão e situação), por plano e seu registro na ANS.',
  list: {
    key: 'relatorio.rep260',
    noun: { singular: 'registro', plural: 'registros', gender: 'm' },
    fields: {
      grupo: f.text('Plano', { max: 120 }),
      cco: f.text('CCO', { max: 12 }),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      cpf: f.doc('CPF', 'cpf'),
      cns: f.text('CNS', { max: 15 }),
      dataNascimento: f.date('Nascimento'),
      sexo: f.enum('Sexo', SEXOS),
      relacaoDependencia: f.enum('Vínculo', RELACOES_DEPENDENCIA),
      dataAdesao: f.date('Adesão'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'cco' }, { key: 'matricula' }, { key: 'nome' }, { key: 'cpf' }, { key: 'cns' }, { key: 'dataNascimento' }, { key: 'sexo' }, { key: 'relacaoDependencia' }, { key: 'dataAdesao' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  chart: { title: 'Registros por plano', value: 'count' },
  orientation: 'landscape',
  widths: { cco: 1.1, matricula: 1.1, nome: 3, cpf: 1.2, cns: 1.3, dataNascimento: 0.9, sexo: 0.9, relacaoDependencia: 1.3, dataAdesao: 0.9, situacao: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The SIB's kinds of movement (DOMAIN §3), by their code: the order a competência lists them in. */
export const MOVIMENTOS_SIB = [
  ['1', 'Inclusão'],
  ['2', 'Retificação'],
  ['3', 'Mudança contratual'],
  ['4', 'Cancelamento'],
] as const;

/** The fields of a data update that the SIB carries (the address): an approved update of any of them is a retificação. */
export const CAMPOS_SIB_ATUALIZACAO = ['cep', 'uf', 'cidade', 'logradouro', 'numero', 'complemento', 'bairro'] as const;

/**
 * rep321 — what each competência's SIB file carries: the inclusions (adhesion in the month), the retificações (an
 * approved update of the address, a change of matrícula), the contractual changes (a plan migration in force from the
 * month) and the cancellations (with the reason), a competência per group; the bars show each month's volume.
 */
export const MOVIMENTACAO_SIB = defineReport({
  code: 'rep321',
  command: '/relatorio/beneficiario/sib/movimentacao-sib',
  about: 'Movimentos do SIB de cada competência do período: inclusões (adesão no mês), retificações (endereço atualizado, matrícula alterada), mudanças contratuais (migração de plano) e cancelamentos (com o motivo).',
  list: {
    key: 'relatorio.rep321',
    noun: { singular: 'movimento', plural: 'movimentos', gender: 'm' },
    fields: {
      grupo: f.text('Competência', { max: 7 }),
      movimento: f.enum('Movimento', MOVIMENTOS_SIB),
      data: f.date('Data'),
      cco: f.text('CCO', { max: 12 }),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      produtoNome: f.text('Plano', { max: 120 }),
      detalhe: f.text('Detalhe', { max: 300 }),
      periodo: f.date('Período'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'movimento', op: 'eq', param: 'movimento' }, { field: 'produto', op: 'eq', param: 'plano' }],
    initial: anoCorrente,
    columns: [{ key: 'movimento' }, { key: 'data' }, { key: 'cco' }, { key: 'matricula' }, { key: 'nome' }, { key: 'produtoNome' }, { key: 'detalhe' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'movimento', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'movimento', 'data'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Competência', plural: 'competências' },
  chart: { title: 'Movimentos por competência', value: 'count' },
  orientation: 'landscape',
  widths: { movimento: 1.3, data: 0.9, cco: 1.1, matricula: 1, nome: 2.8, produtoNome: 1.8, detalhe: 3 },
  formats: ['pdf', 'xlsx', 'csv'],
});
