import { f } from '../resources/define';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { REGRAS_SIB } from '../sib/analise';
import { defineReport } from './define';

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
