import { FLUXO, STATUS, TIPOS_DOCUMENTO } from '../protocolos';
import { f } from '../resources/define';
import { defineReport } from './define';
import { mesCorrente } from './filtros';

/** rep277 — documents protocoled in a period by destination sector: the desk's register of what came in and where it went. */
export const DOCUMENTOS_PROTOCOLADOS = defineReport({
  code: 'rep277',
  command: '/relatorio/protocolo/documento/documentos-protocolados',
  about: 'Documentos recebidos no período, pelo setor de destino, com número do protocolo, remetente, tipo, assunto, folhas e situação; as folhas somadas por setor.',
  list: {
    key: 'relatorio.rep277',
    noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
    fields: {
      grupo: f.text('Setor de destino', { max: 120 }),
      numero: f.text('Número', { max: 11 }),
      recebidoEm: f.date('Recebido em'),
      remetenteNome: f.text('Remetente', { max: 150 }),
      tipoDocumento: f.enum('Tipo de documento', TIPOS_DOCUMENTO),
      assunto: f.text('Assunto', { max: 200 }),
      folhas: f.integer('Folhas'),
      status: f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
      setor: f.ref('Setor de destino', 'setorempresa'),
    },
    search: [
      { field: 'recebidoEm', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'recebidoEm', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'setor', op: 'eq', param: 'setor' },
      { field: 'tipoDocumento', op: 'eq', param: 'tipo' },
      { field: 'status', op: 'eq', param: 'situacao' },
      { field: 'remetenteNome', op: 'contains', param: 'remetente', placeholder: 'Parte do nome' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'recebidoEm' }, { key: 'remetenteNome' }, { key: 'tipoDocumento' }, { key: 'assunto' }, { key: 'folhas' }, { key: 'status' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'recebidoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'recebidoEm'],
    scope: { entity: 'protocolodocumento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Setor', plural: 'setores' },
  totals: [{ key: 'folhas', label: 'Folhas', kind: 'integer' }],
  chart: { title: 'Protocolos por setor de destino', value: 'count' },
  orientation: 'landscape',
  widths: { numero: 1.1, recebidoEm: 0.9, remetenteNome: 2.6, tipoDocumento: 1.4, assunto: 3, folhas: 0.6, status: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
