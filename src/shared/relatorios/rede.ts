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
