import { defineResource, f, uf } from './define';

/** Spec §2.1 /cadastro/base: the basic reference tables. */

export const banco = defineResource({
  name: 'banco',
  command: '/cadastro/base/bancos',
  table: 'bancos',
  label: { singular: 'Banco', plural: 'Bancos', gender: 'm' },
  fields: {
    codigo: f.text('Código COMPE', { max: 3, mask: '###', required: true, unique: true }),
    ispb: f.text('ISPB', { max: 8, mask: '########', unique: true }),
    nome: f.nome(150),
    nomeReduzido: f.text('Nome reduzido', { max: 60 }),
    site: f.text('Site', { max: 200, format: 'url' }),
    ativo: f.ativo(),
  },
  display: 'nome',
  grid: ['codigo', 'ispb', ['nome', 'tooltip'], 'nomeReduzido', ['site', 'link'], ['ativo', 'checkbox']],
  search: ['codigo', 'nome', 'ispb', 'ativo'],
  sort: { field: 'codigo' },
});

export const cbo = defineResource({
  name: 'cbo',
  command: '/cadastro/base/cbos',
  table: 'cbos',
  label: { singular: 'CBO', plural: 'CBOs', gender: 'm' },
  fields: {
    codigo: f.text('Código CBO', { max: 6, mask: '####-##', required: true, unique: true }),
    descricao: f.descricao(200),
    cboS: f.boolean('Aceito na TISS (CBO-S)'),
    ativo: f.ativo(),
  },
  grid: ['codigo', ['descricao', 'tooltip'], 'cboS', 'ativo'],
  search: ['codigo', 'descricao', 'cboS'],
  sort: { field: 'codigo' },
});

export const cid = defineResource({
  name: 'cid',
  command: '/cadastro/base/cids',
  table: 'cids',
  label: { singular: 'CID', plural: 'CIDs', gender: 'm' },
  fields: {
    codigo: f.text('Código CID-10', { max: 4, case: 'upper', pattern: '[A-Z][0-9]{2}[0-9A-Z]?', example: 'J069', required: true, unique: true, help: 'Sem ponto: J06.9 → J069.' }),
    // CID-10 descriptions reach 264 characters
    descricao: f.descricao(300),
    restricaoSexo: f.enum('Restrição de sexo', [['M', 'Somente masculino'], ['F', 'Somente feminino']]),
    // DATASUS CAUSAOBITO: a code marked 'N' is not accepted as the underlying cause of death
    causaObito: f.boolean('Aceita como causa básica de óbito'),
    ativo: f.ativo(),
  },
  grid: ['codigo', ['descricao', 'tooltip'], 'restricaoSexo', 'causaObito', 'ativo'],
  search: ['codigo', 'descricao', 'restricaoSexo'],
  sort: { field: 'codigo' },
});

export const classificacaoEstabelecimento = defineResource({
  name: 'classificacaoestabelecimento',
  command: '/cadastro/base/classificacoes-estabelecimentos',
  table: 'classificacoes_estabelecimentos',
  label: { singular: 'Classificação de estabelecimento', plural: 'Classificações de estabelecimentos', gender: 'f' },
  fields: {
    codigo: f.codigo(4),
    descricao: f.descricao(),
    tipo: f.enum('Tipo', [['HOSPITAL', 'Hospital'], ['CLINICA', 'Clínica'], ['LABORATORIO', 'Laboratório'], ['CONSULTORIO', 'Consultório'], ['PRONTO_SOCORRO', 'Pronto-socorro'], ['OUTROS', 'Outros']], { required: true }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'tipo', 'ativo'],
  search: ['codigo', 'descricao', 'tipo'],
  sort: { field: 'descricao' },
});

export const declaracao = defineResource({
  name: 'declaracao',
  command: '/cadastro/base/declaracoes',
  table: 'declaracoes',
  label: { singular: 'Declaração', plural: 'Declarações', gender: 'f' },
  fields: {
    titulo: f.text('Título', { max: 120, required: true, unique: true }),
    tipo: f.enum('Tipo', [['SAUDE', 'Declaração de saúde'], ['CANCELAMENTO', 'Cancelamento de adesão'], ['QUITACAO', 'Quitação anual de débitos'], ['PERMANENCIA', 'Permanência no plano'], ['OUTRA', 'Outra']], { required: true }),
    texto: f.text('Texto', { max: 8000, multiline: true, format: 'html', required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['titulo', 'tipo', ['texto', 'html'], 'inicioVigencia', 'fimVigencia'],
  search: ['titulo', 'tipo', 'inicioVigencia'],
  sort: { field: 'titulo' },
});

export const especialidade = defineResource({
  name: 'especialidade',
  command: '/cadastro/base/especialidades',
  table: 'especialidades',
  label: { singular: 'Especialidade', plural: 'Especialidades', gender: 'f' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(),
    cbo: f.text('CBO-S', { max: 6, mask: '####-##', required: true }),
    conselho: f.enum('Conselho', [['01', 'CRESS'], ['02', 'COREN'], ['03', 'CRF'], ['04', 'CRFA'], ['05', 'CREFITO'], ['06', 'CRM'], ['07', 'CRN'], ['08', 'CRO'], ['09', 'CRP'], ['10', 'Outros']], { required: true }),
    rqe: f.boolean('Exige RQE'),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'cbo', 'conselho', 'rqe', 'ativo'],
  search: ['descricao', 'cbo', 'conselho'],
  sort: { field: 'descricao' },
});

export const estadoCivil = defineResource({
  name: 'estadocivil',
  command: '/cadastro/base/estados-civis',
  table: 'estados_civis',
  label: { singular: 'Estado civil', plural: 'Estados civis', gender: 'm' },
  fields: {
    codigo: f.codigo(2),
    descricao: f.descricao(40, { unique: true }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', ['ativo', 'checkbox']],
  search: ['descricao'],
  sort: { field: 'codigo' },
});

export const feriado = defineResource({
  name: 'feriado',
  command: '/cadastro/base/feriados',
  table: 'feriados',
  label: { singular: 'Feriado', plural: 'Feriados', gender: 'm' },
  fields: {
    data: f.date('Data', { required: true, index: true }),
    descricao: f.descricao(80),
    abrangencia: f.enum('Abrangência', [['NACIONAL', 'Nacional'], ['ESTADUAL', 'Estadual'], ['MUNICIPAL', 'Municipal']], { required: true, default: 'NACIONAL' }),
    uf: uf('UF'),
    cidade: f.ref('Cidade', 'cidade'),
    pontoFacultativo: f.boolean('Ponto facultativo'),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the optional day is in the form
  grid: ['data', 'descricao', ['abrangencia', 'radio'], 'uf', 'cidade'],
  search: ['data', 'descricao', 'abrangencia', 'uf'],
  sort: { field: 'data', dir: 'desc' },
});

export const grauParentesco = defineResource({
  name: 'grauparentesco',
  command: '/cadastro/base/grau-parentescos',
  table: 'graus_parentesco',
  label: { singular: 'Grau de parentesco', plural: 'Graus de parentesco', gender: 'm' },
  fields: {
    codigo: f.text('Código SIB', { max: 2, mask: '##', required: true, unique: true, help: 'Relação de dependência do SIB/ANS (1, 3, 4, 6, 8, 10).' }),
    descricao: f.descricao(60),
    dependente: f.boolean('É dependente', { default: true }),
    idadeLimite: f.integer('Idade limite', { min: 0, max: 120 }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'dependente', 'idadeLimite', 'ativo'],
  search: ['codigo', 'descricao', 'dependente'],
  sort: { field: 'codigo' },
});

export const pendencia = defineResource({
  name: 'pendencia',
  command: '/cadastro/base/pendencias',
  table: 'pendencias',
  label: { singular: 'Pendência', plural: 'Pendências', gender: 'f' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(),
    area: f.enum('Área', [['CADASTRO', 'Cadastro'], ['AUTORIZACAO', 'Autorização'], ['FATURAMENTO', 'Faturamento'], ['FINANCEIRO', 'Financeiro']], { required: true }),
    prazoDias: f.integer('Prazo (dias)', { min: 0, max: 365 }),
    bloqueiaAtendimento: f.boolean('Bloqueia atendimento'),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'area', 'prazoDias', 'bloqueiaAtendimento', 'ativo'],
  search: ['descricao', 'area', 'bloqueiaAtendimento'],
  sort: { field: 'descricao' },
});

export const programaSaude = defineResource({
  name: 'programasaude',
  command: '/cadastro/base/programas-saude',
  table: 'programas_saude',
  label: { singular: 'Programa de saúde', plural: 'Programas de saúde', gender: 'm' },
  fields: {
    codigo: f.codigo(6),
    nome: f.nome(),
    icone: f.enum('Ícone', [['coracao', 'Coração'], ['bebe', 'Bebê'], ['maca', 'Alimentação'], ['corrida', 'Atividade física'], ['pulmao', 'Respiratório'], ['mente', 'Saúde mental']], { default: 'coracao' }),
    publicoAlvo: f.text('Público-alvo', { max: 120 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    ativo: f.ativo(),
  },
  grid: [{ field: 'icone', type: 'icon', width: 80, icons: { coracao: '❤', bebe: '👶', maca: '🍎', corrida: '🏃', pulmao: '🫁', mente: '🧠' } }, 'codigo', 'nome', 'publicoAlvo', 'inicioVigencia', 'ativo'],
  search: ['nome', 'inicioVigencia', 'ativo'],
  sort: { field: 'nome' },
});

export const questionario = defineResource({
  name: 'questionario',
  command: '/cadastro/base/questionarios',
  table: 'questionarios',
  label: { singular: 'Questionário', plural: 'Questionários', gender: 'm' },
  fields: {
    titulo: f.text('Título', { max: 120, required: true, unique: true }),
    finalidade: f.enum('Finalidade', [['DECLARACAO_SAUDE', 'Declaração de saúde'], ['SATISFACAO', 'Pesquisa de satisfação'], ['RISCO', 'Estratificação de risco'], ['OUVIDORIA', 'Ouvidoria']], { required: true }),
    perguntas: f.integer('Nº de perguntas', { min: 1, max: 200, required: true }),
    obrigatorio: f.boolean('Obrigatório na adesão'),
    ativo: f.ativo(),
  },
  grid: ['titulo', ['finalidade', 'select'], 'perguntas', 'obrigatorio', 'ativo'],
  search: ['titulo', 'finalidade'],
  sort: { field: 'titulo' },
});

export const situacaoFaturamento = defineResource({
  name: 'situacaofaturamento',
  command: '/cadastro/base/situacoes-faturamento',
  table: 'situacoes_faturamento',
  label: { singular: 'Situação de faturamento', plural: 'Situações de faturamento', gender: 'f' },
  fields: {
    codigo: f.text('Código TISS', { max: 1, mask: '#', required: true, unique: true, help: 'dm_statusProtocolo (1 a 9).' }),
    descricao: f.descricao(80),
    permiteRecurso: f.boolean('Permite recurso de glosa'),
    cor: f.text('Cor', { max: 7, format: 'color', default: '#0b5cab' }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'permiteRecurso', 'cor', 'ativo'],
  search: ['descricao', 'permiteRecurso'],
  sort: { field: 'codigo' },
});

export const unidadeMedida = defineResource({
  name: 'unidademedida',
  command: '/cadastro/base/unidades-de-medida',
  table: 'unidades_medida',
  label: { singular: 'Unidade de medida', plural: 'Unidades de medida', gender: 'f' },
  fields: {
    codigo: f.text('Código TISS', { max: 3, mask: '###', required: true, unique: true }),
    sigla: f.text('Sigla', { max: 10, required: true, case: 'upper' }),
    descricao: f.descricao(80),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'sigla', 'descricao', 'ativo'],
  search: ['sigla', 'descricao'],
  sort: { field: 'codigo' },
});

export const baseResources = [
  banco, cbo, cid, classificacaoEstabelecimento, declaracao, especialidade, estadoCivil, feriado, grauParentesco, pendencia, programaSaude, questionario,
  situacaoFaturamento, unidadeMedida,
];
