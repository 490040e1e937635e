import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { MOVIMENTOS, STATUS_INTEGRACAO, TIPOS_INTEGRACAO_ATENDIMENTO, TONS_INTEGRACAO } from '.';

/** The search view of Beneficiários de Integrações and Atendimentos de Integrações: the received records of every lot. */

const comuns = {
  id: { kind: 'integer', label: 'Nº' },
  recebidoEm: f.instant('Recebido em'),
  lote: f.integer('Lote'),
  origem: f.text('Sistema de origem', { max: 120 }),
  linha: f.integer('Linha'),
  status: f.enum('Situação', STATUS_INTEGRACAO),
  motivo: f.text('Motivo', { max: 1000 }),
} as const;

const checkPeriodo = [
  { field: 'recebidoEm', op: 'gte', param: 'de', label: 'Recebido de' },
  { field: 'recebidoEm', op: 'lte', param: 'ate', label: 'Recebido até' },
] as const;

export interface BeneficiarioIntegracaoRow {
  id: number;
  recebidoEm: string;
  lote: number;
  origem: string;
  empresa: string | null;
  linha: number;
  movimento: string | null;
  cpf: string | null;
  nome: string | null;
  dataMovimento: string | null;
  status: string;
  motivo: string | null;
}

export const INTEGRACAO_BENEFICIARIOS_LIST = defineList({
  key: 'integracao-beneficiarios',
  command: '/util/analise/beneficiarios-integracoes',
  endpoint: '/integracoes/beneficiarios',
  noun: { singular: 'registro', plural: 'registros', gender: 'm' },
  fields: {
    ...comuns,
    empresa: f.ref('Empresa', 'empresa'),
    movimento: f.enum('Movimento', MOVIMENTOS),
    cpf: f.doc('CPF', 'cpf'),
    nome: f.text('Nome', { max: 150 }),
    dataMovimento: f.date('Data do movimento'),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'movimento', op: 'eq', param: 'movimento' },
    { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    { field: 'cpf', op: 'eq', param: 'cpf' },
    { field: 'empresa', op: 'eq', param: 'empresa' },
    ...checkPeriodo,
    { field: 'lote', op: 'eq', param: 'lote', hidden: true },
  ],
  columns: [
    { key: 'recebidoEm' },
    { key: 'lote' },
    { key: 'linha' },
    { key: 'empresa' },
    { key: 'movimento' },
    { key: 'cpf' },
    { key: 'nome' },
    { key: 'dataMovimento' },
    { key: 'status', type: 'tag', tones: TONS_INTEGRACAO },
    { key: 'motivo' },
  ],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id', 'nome'],
  pageSize: 50,
});

export interface AtendimentoIntegracaoRow {
  id: number;
  recebidoEm: string;
  lote: number;
  origem: string;
  linha: number;
  guia: string | null;
  tipo: string | null;
  prestador: string | null;
  beneficiario: string | null;
  dataAtendimento: string | null;
  procedimento: string | null;
  status: string;
  motivo: string | null;
  autorizacao: string | null;
}

export const INTEGRACAO_ATENDIMENTOS_LIST = defineList({
  key: 'integracao-atendimentos',
  command: '/util/analise/atendimentos-integracoes',
  endpoint: '/integracoes/atendimentos',
  noun: { singular: 'registro', plural: 'registros', gender: 'm' },
  fields: {
    ...comuns,
    guia: f.text('Guia do prestador', { max: 20 }),
    tipo: f.enum('Tipo', TIPOS_INTEGRACAO_ATENDIMENTO),
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador' }),
    beneficiario: f.text('Beneficiário', { max: 150 }),
    dataAtendimento: f.date('Atendimento'),
    procedimento: f.text('Procedimento', { max: 170 }),
    autorizacao: f.text('Solicitação', { max: 20 }),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'tipo', op: 'eq', param: 'tipo' },
    { field: 'beneficiario', op: 'contains', param: 'beneficiario', placeholder: 'Parte do nome' },
    { field: 'guia', op: 'eq', param: 'guia' },
    { field: 'prestador', op: 'eq', param: 'prestador' },
    { field: 'dataAtendimento', op: 'range', param: { gte: 'inicio', lte: 'termino' }, label: 'Atendimento' },
    ...checkPeriodo,
    { field: 'lote', op: 'eq', param: 'lote', hidden: true },
  ],
  columns: [
    { key: 'recebidoEm' },
    { key: 'lote' },
    { key: 'linha' },
    { key: 'guia' },
    { key: 'tipo' },
    { key: 'prestador' },
    { key: 'beneficiario' },
    { key: 'dataAtendimento' },
    { key: 'procedimento' },
    { key: 'status', type: 'tag', tones: TONS_INTEGRACAO },
    { key: 'autorizacao' },
  ],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id', 'dataAtendimento'],
  pageSize: 50,
});
