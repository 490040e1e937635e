import { defineResource, f } from './define';

/** Spec §2.1 /cadastro/percentualizacao and /cadastro/classes-precos. */

const GRAU_PARTICIPACAO = [
  ['00', 'Cirurgião'], ['01', 'Primeiro auxiliar'], ['02', 'Segundo auxiliar'], ['03', 'Terceiro auxiliar'], ['04', 'Quarto auxiliar'], ['05', 'Instrumentador'],
  ['06', 'Anestesista'], ['07', 'Auxiliar de anestesista'], ['08', 'Consultor'], ['09', 'Perfusionista'], ['10', 'Pediatra na sala de parto'], ['11', 'Auxiliar SADT'],
  ['12', 'Clínico'], ['13', 'Intensivista'],
] as const;

export const percentualFuncaoExecutante = defineResource({
  name: 'percentualfuncaoexecutante',
  command: '/cadastro/percentualizacao/percentuais-funcoes-executantes',
  table: 'percentuais_funcoes_executantes',
  label: { singular: 'Percentual de função executante', plural: 'Percentuais de funções executantes', gender: 'm' },
  fields: {
    grauParticipacao: f.enum('Grau de participação', GRAU_PARTICIPACAO, { required: true }),
    percentual: f.percent('Percentual', { required: true, max: 200 }),
    classePreco: f.ref('Classe de preço', 'classepreco'),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['grauParticipacao', ['percentual', 'input'], 'classePreco', 'inicioVigencia', 'fimVigencia'],
  search: ['grauParticipacao', 'classePreco', 'inicioVigencia'],
  sort: { field: 'grauParticipacao' },
});

export const percentualTaxaUrgencia = defineResource({
  name: 'percentualtaxaurgencia',
  command: '/cadastro/percentualizacao/percentuais-taxas-urgencias',
  table: 'percentuais_taxas_urgencias',
  label: { singular: 'Percentual de taxa de urgência', plural: 'Percentuais de taxas de urgência', gender: 'm' },
  fields: {
    descricao: f.descricao(80),
    horaInicio: f.text('Hora inicial', { max: 4, mask: '##:##', required: true }),
    horaFim: f.text('Hora final', { max: 4, mask: '##:##', required: true }),
    diasSemana: f.enum('Dias', [['UTEIS', 'Dias úteis'], ['FIM_SEMANA', 'Sábados, domingos e feriados'], ['TODOS', 'Todos os dias']], { required: true }),
    percentual: f.percent('Acréscimo', { required: true, max: 200 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['descricao', 'horaInicio', 'horaFim', 'diasSemana', 'percentual', 'inicioVigencia'],
  search: ['descricao', 'diasSemana'],
  sort: { field: 'descricao' },
});

export const percentualViaAcesso = defineResource({
  name: 'percentualviaacesso',
  command: '/cadastro/percentualizacao/percentuais-via-acesso',
  table: 'percentuais_via_acesso',
  label: { singular: 'Percentual por via de acesso', plural: 'Percentuais por via de acesso', gender: 'm' },
  fields: {
    viaAcesso: f.enum('Via de acesso', [['1', 'Única'], ['2', 'Mesma via'], ['3', 'Diferentes vias']], { required: true }),
    tecnica: f.enum('Técnica', [['1', 'Convencional'], ['2', 'Videolaparoscopia'], ['3', 'Robótica']], { required: true }),
    percentual: f.percent('Percentual', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['viaAcesso', 'tecnica', 'percentual', 'inicioVigencia', 'fimVigencia'],
  search: ['viaAcesso', 'tecnica'],
  sort: { field: 'viaAcesso' },
});

export const tipoAcomodacao = defineResource({
  name: 'tipoacomodacao',
  command: '/cadastro/percentualizacao/tipos-acomodacoes',
  table: 'tipos_acomodacoes',
  label: { singular: 'Tipo de acomodação', plural: 'Tipos de acomodação', gender: 'm' },
  fields: {
    codigo: f.text('Código TISS', { max: 2, mask: '##', required: true, unique: true, help: 'dm_tipoAcomodacao.' }),
    descricao: f.descricao(80),
    padrao: f.enum('Padrão', [['COLETIVO', 'Coletivo (enfermaria)'], ['INDIVIDUAL', 'Individual (apartamento)']], { required: true }),
    percentual: f.percent('Percentual sobre diária', { max: 500, default: 100 }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'padrao', 'percentual', 'ativo'],
  search: ['codigo', 'descricao', 'padrao'],
  sort: { field: 'codigo' },
});

export const classePreco = defineResource({
  name: 'classepreco',
  command: '/cadastro/classes-precos',
  table: 'classes_precos',
  label: { singular: 'Classe de preço', plural: 'Classes de preços', gender: 'f' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(80),
    fator: f.decimal('Fator multiplicador', { precision: 8, scale: 4, min: 0, required: true, default: 1 }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'fator', 'ativo'],
  search: ['codigo', 'descricao'],
  sort: { field: 'codigo' },
});

export const percentualizacaoResources = [percentualFuncaoExecutante, percentualTaxaUrgencia, percentualViaAcesso, tipoAcomodacao, classePreco];
