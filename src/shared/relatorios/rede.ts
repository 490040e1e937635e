import { f, uf } from '../resources/define';
import { defineReport } from './define';

/**
 * rep075 — the network guide: providers in force by city and specialty, for the operator's desk and for the
 * beneficiary looking for where to be seen (a phone, often). Only what a guide shows: name, specialties,
 * address and phone; never documents or bank data.
 */
export const REDE_CIDADE_ESPECIALIDADE = defineReport({
  code: 'rep075',
  command: '/relatorio/rede-credenciada/cidadeespecialidade',
  about: 'Prestadores credenciados em vigor, por cidade, com especialidades, endereço e telefone.',
  list: {
    key: 'relatorio.rep075',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('Cidade', { max: 90 }),
      nome: f.text('Prestador', { max: 150 }),
      especialidades: f.text('Especialidades', { max: 250 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      telefone: f.phone('Telefone'),
      uf: uf('UF'),
      cidade: f.text('Cidade', { max: 80 }),
      especialidade: f.text('Especialidade', { max: 120 }),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Ex.: Belo Horizonte' },
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: cardiologia' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'nome', sort: 'nome' }, { key: 'especialidades' }, { key: 'endereco' }, { key: 'bairro' }, { key: 'telefone' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Cidade', plural: 'cidades' },
  orientation: 'landscape',
  widths: { nome: 3, especialidades: 2.6, endereco: 3.2, bairro: 1.4, telefone: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep316 — the provider's contracted price table: every procedure in force at a date, grouped by procedure group,
 * priced by the one pricing function (its table's fee sizes, its price class). The operator picks the provider;
 * a provider sees its own table only, without choosing.
 */
export const TABELA_PRECO_CONTRATADO = defineReport({
  code: 'rep316',
  command: '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
  about: 'Os procedimentos em vigência na data com o valor contratado do prestador: a base do preço e a classe aplicadas a cada um.',
  list: {
    key: 'relatorio.rep316',
    noun: { singular: 'procedimento', plural: 'procedimentos', gender: 'm' },
    fields: {
      grupo: f.text('Grupo de procedimentos', { max: 200 }),
      codigo: f.text('Código TUSS', { max: 10 }),
      descricao: f.text('Descrição', { max: 300 }),
      porte: f.text('Porte', { max: 3 }),
      valorReferencia: f.money('Valor de referência'),
      base: f.text('Base do preço', { max: 200 }),
      classe: f.text('Classe de preço', { max: 120 }),
      valor: f.money('Valor contratado'),
      prestador: f.ref('Prestador', 'prestador', { picker: 'autocomplete' }),
      data: f.date('Vigentes em'),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'prestador', op: 'eq', param: 'prestador' },
      { field: 'data', op: 'eq', param: 'data' },
      { field: 'codigo', op: 'startsWith', param: 'codigo', placeholder: 'Ex.: 4080' },
      { field: 'descricao', op: 'contains', param: 'descricao', placeholder: 'Parte da descrição' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'descricao' }, { key: 'porte' }, { key: 'valorReferencia' }, { key: 'base' }, { key: 'classe' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'codigo', dir: 'asc' },
    ],
    sortable: ['grupo', 'codigo'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Grupo', plural: 'grupos' },
  orientation: 'landscape',
  widths: { codigo: 1, descricao: 4.2, porte: 0.6, valorReferencia: 1.2, base: 2.2, classe: 1.6, valor: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});
