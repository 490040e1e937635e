import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { ASSUNTOS, FLUXO, STATUS, TIPOS } from './index';

/**
 * Acompanhar Manifestações (/ouvidoria/manifestacoes): the staff's desk (every manifestação) and the beneficiary's
 * own (the family's, by the policy). The deadline sorts by urgency: the open ones by their deadline, the answered
 * ones after them.
 */
export const MANIFESTACOES_LIST = defineList({
  key: 'manifestacoes',
  command: '/ouvidoria/manifestacoes',
  endpoint: '/ouvidoria/manifestacoes',
  noun: { singular: 'manifestação', plural: 'manifestações', gender: 'f' },
  fields: {
    protocolo: f.text('Protocolo', { max: 20 }),
    registradaEm: f.instant('Registrada em'),
    beneficiarioNome: f.text('Beneficiário', { max: 150 }),
    tipo: f.enum('Tipo', TIPOS),
    assunto: f.enum('Assunto', ASSUNTOS),
    status: f.enum('Status', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
    prazo: f.date('Prazo de resposta'),
    diasRestantes: { kind: 'integer', label: 'Dias úteis restantes' },
  },
  search: [
    { field: 'protocolo', op: 'search', param: 'protocolo', placeholder: '20 dígitos' },
    { field: 'beneficiarioNome', op: 'contains', param: 'beneficiario', placeholder: 'Parte do nome' },
    { field: 'tipo', op: 'eq', param: 'tipo' },
    { field: 'assunto', op: 'eq', param: 'assunto' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'registradaEm', op: 'gte', param: 'de', label: 'Registrada de' },
    { field: 'registradaEm', op: 'lte', param: 'ate', label: 'Registrada até' },
  ],
  columns: [
    { key: 'protocolo', sort: 'protocolo' },
    { key: 'registradaEm', sort: 'registradaEm' },
    { key: 'beneficiarioNome' },
    { key: 'tipo' },
    { key: 'assunto' },
    { key: 'status', type: 'tag', tones: FLUXO.tones },
    { key: 'prazo', sort: 'prazo' },
    { key: 'diasRestantes' },
  ],
  // the most urgent first: the open ones by deadline, then the answered ones
  sort: [{ field: 'prazo', dir: 'asc' }],
  sortable: ['prazo', 'registradaEm', 'protocolo'],
  scope: { entity: 'manifestacao' },
  pageSize: 50,
  create: { command: '/ouvidoria/registro-manifestacao', label: 'Nova manifestação' },
});
