import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { FLUXO, PARENTESCOS, STATUS } from './index';

/**
 * Adesão Dependente Familiar (/principal/solicitacoes-adesoes): the operator's queue (every request, the waiting ones
 * first) and the titular's own (the family's, by the policy). A row opens the request on the same screen.
 */
export const ADESOES_LIST = defineList({
  key: 'adesoes',
  command: '/principal/solicitacoes-adesoes',
  endpoint: '/adesoes',
  noun: { singular: 'solicitação', plural: 'solicitações', gender: 'f' },
  fields: {
    protocolo: f.text('Protocolo', { max: 20 }),
    solicitadaEm: f.instant('Solicitada em'),
    titularNome: f.text('Titular', { max: 150 }),
    nome: f.text('Dependente', { max: 150 }),
    relacaoDependencia: f.enum('Parentesco', PARENTESCOS),
    status: f.enum('Status', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
  },
  search: [
    { field: 'protocolo', op: 'search', param: 'protocolo', placeholder: '20 dígitos' },
    { field: 'titularNome', op: 'contains', param: 'titular', placeholder: 'Parte do nome' },
    { field: 'nome', op: 'contains', param: 'dependente', placeholder: 'Parte do nome' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'solicitadaEm', op: 'gte', param: 'de', label: 'Solicitada de' },
    { field: 'solicitadaEm', op: 'lte', param: 'ate', label: 'Solicitada até' },
  ],
  columns: [
    { key: 'protocolo', sort: 'protocolo' },
    { key: 'solicitadaEm', sort: 'solicitadaEm' },
    { key: 'titularNome' },
    { key: 'nome' },
    { key: 'relacaoDependencia' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
  ],
  // the latest first; the desk filters "Aguardando análise" for its queue
  sort: [{ field: 'solicitadaEm', dir: 'desc' }],
  sortable: ['solicitadaEm', 'protocolo'],
  scope: { entity: 'solicitacaoadesao' },
  pageSize: 50,
  create: { command: '/principal/solicitacoes-adesoes', label: 'Nova solicitação' },
});
