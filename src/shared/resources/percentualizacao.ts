import { defineResource, f, type RuleIssue } from './define';

/** Spec §2.1 /cadastro/percentualizacao, /cadastro/classes-precos and /cadastro/acordo-padrao-procedimento-beneficio. */

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

// coverage terms only mean something for a covered procedure: hidden and cleared otherwise
const seCoberto = { field: 'coberto', in: ['true'] } as const;

export const acordoPadraoProcedimento = defineResource({
  name: 'acordopadraoprocedimentobeneficio',
  command: '/cadastro/acordo-padrao-procedimento-beneficio',
  table: 'acordos_padrao_procedimentos',
  label: { singular: 'Acordo padrão de procedimento', plural: 'Acordos padrão de procedimentos', gender: 'm' },
  fields: {
    produto: f.ref('Produto', 'produto', { required: true, help: 'O benefício (plano) a que o acordo se aplica.' }),
    procedimento: f.ref('Procedimento TUSS', 'procedimento', { required: true, picker: 'autocomplete', help: 'Digite o código TUSS ou parte da descrição.' }),
    coberto: f.boolean('Coberto', { default: true, help: 'Desmarque para registrar que o produto não cobre o procedimento.' }),
    exigeAutorizacao: f.boolean('Autorização prévia', { help: 'O prestador pede autorização antes de realizar o procedimento.' }),
    exigeAuditoria: f.boolean('Auditoria médica', { help: 'A solicitação passa pela auditoria médica antes da decisão.' }),
    percentualCoparticipacao: f.percent('Coparticipação', { required: true, default: 0, when: seCoberto, help: 'Parte do valor do procedimento paga pelo beneficiário.' }),
    valorMaximoCoparticipacao: f.money('Teto da coparticipação', { when: seCoberto, help: 'Valor máximo cobrado do beneficiário por procedimento; vazio, sem teto.' }),
    carenciaDias: f.integer('Carência (dias)', { min: 0, max: 730, required: true, default: 0, when: seCoberto, help: 'Contada da adesão; até 730 dias (24 meses de cobertura parcial temporária).' }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    observacao: f.observacao(),
  },
  // headers wrap whole (the grid's columns keep their longest word); the grid fits 1400 px beside the side search
  // (tests/e2e/desktop.test.ts): prior authorization, audit, waiting period and validity are in the form and the search
  grid: ['produto', ['procedimento', 'tooltip'], 'coberto', 'percentualCoparticipacao', 'valorMaximoCoparticipacao', 'inicioVigencia'],
  search: ['produto', 'procedimento', 'coberto', 'exigeAutorizacao', 'exigeAuditoria', 'carenciaDias', 'inicioVigencia'],
  sort: { field: 'produto' },
  // the rule of one product for one procedure is what an authorization looks up
  indexes: [['produto', 'procedimento']],
  sections: [
    { title: 'Procedimento', fields: ['produto', 'procedimento'] },
    { title: 'Regras', fields: ['coberto', 'exigeAutorizacao', 'exigeAuditoria', 'percentualCoparticipacao', 'valorMaximoCoparticipacao', 'carenciaDias'] },
    { title: 'Vigência', fields: ['inicioVigencia', 'fimVigencia', 'observacao'] },
  ],
  rules: (v) => {
    const out: RuleIssue[] = [];
    // the medical audit reviews an authorization request: without one there is nothing to audit
    if (v.exigeAuditoria === true && v.exigeAutorizacao !== true) out.push({ field: 'exigeAuditoria', message: 'A auditoria médica analisa a solicitação de autorização: marque também Autorização prévia.' });
    if (v.coberto !== false && v.valorMaximoCoparticipacao != null && !((v.percentualCoparticipacao as number) > 0))
      out.push({ field: 'valorMaximoCoparticipacao', message: 'Informe um percentual de coparticipação maior que zero para usar o teto.' });
    return out;
  },
  // a procedure the product does not cover is neither authorized nor audited
  derive: (v) => (v.coberto === false ? { exigeAutorizacao: false, exigeAuditoria: false } : {}),
});

export const percentualizacaoResources = [percentualFuncaoExecutante, percentualTaxaUrgencia, percentualViaAcesso, tipoAcomodacao, classePreco, acordoPadraoProcedimento];
