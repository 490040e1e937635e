import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { FLUXO, STATUS, TIPOS_DOCUMENTO } from './index';

/**
 * The list of document protocols (/principal/protocolos-documentos): a list definition over a server query
 * (src/server/protocolos/listas.ts), shown by the generic list screen; a row opens the protocol on the same screen.
 */
export const PROTOCOLOS_LIST = defineList({
  key: 'protocolos.documentos',
  command: '/principal/protocolos-documentos',
  endpoint: '/protocolos-documentos',
  noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
  fields: {
    numero: f.text('Número', { max: 11 }),
    recebidoEm: f.date('Recebido em'),
    remetenteNome: f.text('Remetente', { max: 150 }),
    tipoDocumento: f.enum('Tipo de documento', TIPOS_DOCUMENTO),
    assunto: f.text('Assunto', { max: 200 }),
    setor: f.ref('Setor de destino', 'setorempresa'),
    setorNome: f.text('Setor', { max: 120 }),
    status: f.enum('Status', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
  },
  search: [
    { field: 'numero', op: 'search', param: 'numero', placeholder: 'Ex.: 2026/000123' },
    { field: 'remetenteNome', op: 'contains', param: 'remetente', placeholder: 'Parte do nome' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'setor', op: 'eq', param: 'setor' },
    { field: 'tipoDocumento', op: 'eq', param: 'tipo' },
    { field: 'recebidoEm', op: 'gte', param: 'de', label: 'Recebido de' },
    // a period that ends before it starts is refused by the engine on 'ate'
    { field: 'recebidoEm', op: 'lte', param: 'ate', label: 'Recebido até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'recebidoEm', sort: 'recebidoEm' },
    { key: 'remetenteNome', sort: 'remetenteNome' },
    { key: 'tipoDocumento' },
    { key: 'assunto' },
    { key: 'setorNome' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
  ],
  // the desk works from the latest documents; the same day in the order they were registered (the id), newest first
  sort: [{ field: 'recebidoEm', dir: 'desc' }],
  sortable: ['recebidoEm', 'numero', 'remetenteNome'],
  scope: { entity: 'protocolodocumento' },
  pageSize: 50,
  create: { command: '/principal/protocolos-documentos', label: 'Novo protocolo' },
});
