import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { CANAIS, MOTIVOS, FLUXO, STATUS } from './index';

/**
 * The list of contacts (/operadora/atendimentos): a list definition over a server query (src/server/atendimentos/listas.ts),
 * shown by the generic list screen; a row opens the contact on the same screen.
 */
export const ATENDIMENTOS_LIST = defineList({
  key: 'atendimentos',
  command: '/operadora/atendimentos',
  endpoint: '/atendimentos',
  noun: { singular: 'atendimento', plural: 'atendimentos', gender: 'm' },
  fields: {
    protocolo: f.text('Protocolo', { max: 20 }),
    inicio: f.instant('Data e hora'),
    pessoaNome: f.text('Beneficiário ou prestador', { max: 150 }),
    canal: f.enum('Canal', CANAIS),
    motivo: f.enum('Motivo', MOTIVOS),
    status: f.enum('Status', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
    duracao: { kind: 'integer', label: 'Duração' },
    atendenteNome: f.text('Atendente', { max: 120 }),
  },
  search: [
    { field: 'protocolo', op: 'search', param: 'protocolo', placeholder: '20 dígitos' },
    { field: 'pessoaNome', op: 'contains', param: 'pessoa', placeholder: 'Parte do nome' },
    { field: 'canal', op: 'eq', param: 'canal' },
    { field: 'motivo', op: 'eq', param: 'motivo' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'inicio', op: 'gte', param: 'de', label: 'Período de' },
    // a period that ends before it starts is refused by the engine on 'ate'
    { field: 'inicio', op: 'lte', param: 'ate', label: 'Período até' },
    { field: 'atendenteNome', op: 'contains', param: 'atendente', placeholder: 'Parte do nome' },
  ],
  columns: [
    { key: 'protocolo', sort: 'protocolo' },
    { key: 'inicio', sort: 'inicio' },
    { key: 'pessoaNome', sort: 'pessoaNome' },
    { key: 'canal' },
    { key: 'motivo' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
    { key: 'duracao' },
    { key: 'atendenteNome' },
  ],
  // the desk works from the latest contacts
  sort: [{ field: 'inicio', dir: 'desc' }],
  sortable: ['inicio', 'protocolo', 'pessoaNome'],
  scope: { entity: 'atendimento' },
  pageSize: 50,
  create: { command: '/operadora/atendimentos', label: 'Novo atendimento' },
});
