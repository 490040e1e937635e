import { defineResource, f } from './define';

/** Spec §2.2 /contrato/tabela: TUSS-based tables, Brasíndice, dental tables, packages and fees. */

const brasindice = (kind: 'material' | 'medicamento') =>
  defineResource({
    name: `brasindice${kind}`,
    command: `/contrato/tabela/brasindice/brasindice-${kind === 'material' ? 'materiais' : 'medicamentos'}`,
    table: `brasindice_${kind === 'material' ? 'materiais' : 'medicamentos'}`,
    label: kind === 'material' ? { singular: 'Material Brasíndice', plural: 'Materiais Brasíndice', gender: 'm' } : { singular: 'Medicamento Brasíndice', plural: 'Medicamentos Brasíndice', gender: 'm' },
    fields: {
      codigoLaboratorio: f.text('Laboratório', { max: 3, mask: '###', required: true }),
      codigoItem: f.text('Código do item', { max: 5, mask: '#####', required: true }),
      codigoApresentacao: f.text('Apresentação', { max: 4, mask: '####', required: true }),
      // a TUSS code has 8 digits in every table (19, 20, 22); the column keeps its former width of 10
      codigoTuss: f.text('Código TUSS', { max: 10, mask: '########' }),
      descricao: f.descricao(200),
      laboratorio: f.text('Nome do laboratório', { max: 80 }),
      pmc: f.money(kind === 'material' ? 'Preço' : 'PMC'),
      pfb: f.money('PFB'),
      edicao: f.text('Edição', { max: 6, mask: '####/##', required: true, help: 'Ano e número da revista.' }),
    },
    // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts): the laboratory's and presentation's codes are in the form
    grid: ['codigoItem', 'codigoTuss', ['descricao', 'tooltip'], 'laboratorio', 'pmc', 'pfb', 'edicao'],
    search: ['descricao', 'codigoTuss', 'laboratorio', 'edicao'],
    sort: { field: 'descricao' },
  });
export const brasindiceMaterial = brasindice('material');
export const brasindiceMedicamento = brasindice('medicamento');

export const grupoAcessoProcedimento = defineResource({
  name: 'grupoacessoprocedimento',
  command: '/contrato/tabela/grupos-acessos-procedimentos',
  table: 'grupos_acessos_procedimentos',
  label: { singular: 'Grupo de acesso a procedimentos', plural: 'Grupos de acesso a procedimentos', gender: 'm' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(),
    exigeAutorizacao: f.boolean('Exige autorização prévia', { default: true }),
    exigeAuditoria: f.boolean('Exige auditoria médica'),
    prazoDiasUteis: f.integer('Prazo de resposta (dias úteis)', { min: 0, max: 21, default: 5 }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'exigeAutorizacao', 'exigeAuditoria', 'prazoDiasUteis', 'ativo'],
  search: ['descricao', 'exigeAutorizacao', 'exigeAuditoria'],
  sort: { field: 'codigo' },
});

export const grupoProcedimento = defineResource({
  name: 'grupoprocedimento',
  command: '/contrato/tabela/grupos-procedimentos',
  table: 'grupos_procedimentos',
  label: { singular: 'Grupo de procedimentos', plural: 'Grupos de procedimentos', gender: 'm' },
  // one group per subgroup of the ANS Rol (TUSS × Rol correlation): 165 groups, hence three digits
  fields: {
    codigo: f.text('Código', { max: 3, mask: '###', required: true, unique: true }),
    descricao: f.descricao(200),
    grupoRol: f.text('Grupo no Rol ANS', { max: 80 }),
    capitulo: f.enum('Capítulo TUSS', [['1', 'Consultas e visitas'], ['2', 'Procedimentos clínicos'], ['3', 'Procedimentos cirúrgicos e invasivos'], ['4', 'Diagnósticos e terapêuticos (SADT)'], ['5', 'Outras áreas da saúde'], ['8', 'Odontologia']], { required: true }),
    ativo: f.ativo(),
  },
  grid: ['codigo', ['descricao', 'tooltip'], 'grupoRol', 'capitulo', 'ativo'],
  search: ['descricao', 'grupoRol', 'capitulo'],
  sort: { field: 'codigo' },
});

export const grupoTiss = defineResource({
  name: 'grupotiss',
  command: '/contrato/tabela/grupos-tiss',
  table: 'grupos_tiss',
  label: { singular: 'Grupo TISS', plural: 'Grupos TISS', gender: 'm' },
  fields: {
    codigo: f.text('Código (TUSS 63)', { max: 3, mask: '###', required: true, unique: true }),
    descricao: f.descricao(),
    tipoEvento: f.enum('Tipo de evento', [['1', 'Consulta'], ['2', 'SP/SADT'], ['3', 'Internação'], ['4', 'Tratamento odontológico'], ['5', 'Honorários']], { required: true }),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'tipoEvento', 'ativo'],
  search: ['codigo', 'descricao', 'tipoEvento'],
  sort: { field: 'codigo' },
});

export const material = defineResource({
  name: 'material',
  command: '/contrato/tabela/materiais',
  table: 'materiais',
  label: { singular: 'Material', plural: 'Materiais', gender: 'm' },
  fields: {
    // a TUSS code has 8 digits (table 19); the column keeps its former width of 10
    codigo: f.text('Código TUSS', { max: 10, mask: '########', required: true, unique: true }),
    descricao: f.descricao(200),
    unidade: f.ref('Unidade de medida', 'unidademedida', { required: true }),
    opme: f.boolean('OPME'),
    // a medical device's ANVISA registration has 11 digits (a medicine's, 13); the column keeps its width of 13
    registroAnvisa: f.text('Registro ANVISA', { max: 13, mask: '###########' }),
    fabricante: f.text('Fabricante', { max: 80 }),
    valor: f.money('Valor de referência'),
    ativo: f.ativo(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', ['descricao', 'tooltip'], 'unidade', 'opme', 'registroAnvisa', 'valor', 'ativo'],
  search: ['codigo', 'descricao', 'opme', 'fabricante'],
  sort: { field: 'descricao' },
});

export const medicamento = defineResource({
  name: 'medicamento',
  command: '/contrato/tabela/medicamentos',
  table: 'medicamentos',
  label: { singular: 'Medicamento', plural: 'Medicamentos', gender: 'm' },
  fields: {
    // a TUSS code has 8 digits (table 20); the column keeps its former width of 10
    codigo: f.text('Código TUSS', { max: 10, mask: '########', required: true, unique: true }),
    descricao: f.descricao(200),
    principioAtivo: f.text('Princípio ativo', { max: 120 }),
    apresentacao: f.text('Apresentação', { max: 120 }),
    unidade: f.ref('Unidade de medida', 'unidademedida', { required: true }),
    registroAnvisa: f.text('Registro ANVISA', { max: 13, mask: '#############' }),
    valor: f.money('Valor de referência'),
    ativo: f.ativo(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', ['descricao', 'tooltip'], 'principioAtivo', 'unidade', 'valor', 'ativo'],
  search: ['codigo', 'descricao', 'principioAtivo'],
  sort: { field: 'descricao' },
});

export const dente = defineResource({
  name: 'dente',
  command: '/contrato/tabela/odonto/dentes',
  table: 'dentes',
  label: { singular: 'Dente', plural: 'Dentes', gender: 'm' },
  fields: {
    codigo: f.text('Código FDI', { max: 2, mask: '##', required: true, unique: true }),
    descricao: f.descricao(80),
    denticao: f.enum('Dentição', [['PERMANENTE', 'Permanente'], ['DECIDUA', 'Decídua']], { required: true }),
    arcada: f.enum('Arcada', [['SUPERIOR', 'Superior'], ['INFERIOR', 'Inferior']], { required: true }),
    grupo: f.ref('Grupo', 'grupodente'),
  },
  grid: ['codigo', 'descricao', 'denticao', 'arcada', 'grupo'],
  search: ['codigo', 'denticao', 'arcada', 'grupo'],
  sort: { field: 'codigo' },
});

export const faceDente = defineResource({
  name: 'facedente',
  command: '/contrato/tabela/odonto/faces-dentes',
  table: 'faces_dentes',
  label: { singular: 'Face do dente', plural: 'Faces dos dentes', gender: 'f' },
  fields: {
    sigla: f.text('Sigla', { max: 1, mask: 'A', required: true, unique: true }),
    descricao: f.descricao(40),
  },
  display: 'descricao',
  grid: ['sigla', 'descricao'],
  search: ['sigla', 'descricao'],
  sort: { field: 'sigla' },
});

export const grupoDente = defineResource({
  name: 'grupodente',
  command: '/contrato/tabela/odonto/grupos-dentes',
  table: 'grupos_dentes',
  label: { singular: 'Grupo de dentes', plural: 'Grupos de dentes', gender: 'm' },
  fields: {
    codigo: f.codigo(4),
    descricao: f.descricao(60),
  },
  grid: ['codigo', 'descricao'],
  search: ['descricao'],
  sort: { field: 'codigo' },
});

export const regiaoDente = defineResource({
  name: 'regiaodente',
  command: '/contrato/tabela/odonto/regioes-dentes',
  table: 'regioes_dentes',
  label: { singular: 'Região da boca', plural: 'Regiões da boca', gender: 'f' },
  fields: {
    sigla: f.text('Sigla TISS', { max: 4, required: true, unique: true, case: 'upper' }),
    descricao: f.descricao(60),
  },
  display: 'descricao',
  grid: ['sigla', 'descricao'],
  search: ['sigla', 'descricao'],
  sort: { field: 'sigla' },
});

export const procedimento = defineResource({
  name: 'procedimento',
  command: '/contrato/tabela/procedimentos',
  table: 'procedimentos',
  label: { singular: 'Procedimento', plural: 'Procedimentos', gender: 'm' },
  fields: {
    codigo: f.text('Código TUSS', { max: 8, mask: '########', required: true, unique: true }),
    // TUSS descriptions reach 301 characters; 300 is the longest text the engine gives a folded, indexed search column
    // (server/resources/tables.ts hasBusca): the one longer TUSS note is stored cut (seed/tuss.ts)
    descricao: f.descricao(300),
    grupo: f.ref('Grupo', 'grupoprocedimento', { index: true }),
    porte: f.text('Porte', { max: 3, case: 'upper' }),
    valor: f.money('Valor de referência', { index: true }),
    sexo: f.enum('Sexo', [['A', 'Ambos'], ['M', 'Masculino'], ['F', 'Feminino']], { required: true, default: 'A' }),
    rol: f.boolean('Consta do Rol ANS', { default: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    ativo: f.ativo(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: [['codigo', 'search'], ['descricao', 'tooltip'], 'porte', ['valor', 'input'], 'rol', ['ativo', 'checkbox']],
  search: ['codigo', ['descricao', 'startsWith'], 'grupo', 'valor', 'sexo', 'ativo'],
  sort: { field: 'codigo' },
  // a group's procedures by price (the list's usual second sort) read in index order, not sorted per request
  indexes: [['grupo', 'codigo'], ['grupo', 'valor'], ['ativo', 'codigo']],
  // pickers find a procedure by its exact TUSS code or by any part of its description (5,765 rows: no need for `large`)
  lookup: ['codigo'],
});

export const pacote = defineResource({
  name: 'pacote',
  command: '/contrato/tabela/pacotes',
  table: 'pacotes',
  label: { singular: 'Pacote', plural: 'Pacotes', gender: 'm' },
  fields: {
    codigo: f.codigo(10),
    descricao: f.descricao(200),
    procedimentoPrincipal: f.ref('Procedimento principal', 'procedimento', { required: true }),
    valor: f.money('Valor', { required: true }),
    diarias: f.integer('Diárias incluídas', { min: 0, max: 60 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    ativo: f.ativo(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'descricao', 'procedimentoPrincipal', 'valor', 'inicioVigencia', 'ativo'],
  search: ['codigo', 'descricao', 'procedimentoPrincipal', 'valor'],
  sort: { field: 'codigo' },
});

export const servicoAps = defineResource({
  name: 'servicoaps',
  command: '/contrato/tabela/servico-aps',
  table: 'servicos_aps',
  label: { singular: 'Serviço de APS', plural: 'Serviços de APS', gender: 'm' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(),
    profissional: f.enum('Profissional', [['MEDICO', 'Médico de família'], ['ENFERMEIRO', 'Enfermeiro'], ['NUTRICIONISTA', 'Nutricionista'], ['PSICOLOGO', 'Psicólogo'], ['FISIOTERAPEUTA', 'Fisioterapeuta']], { required: true }),
    procedimento: f.ref('Procedimento TUSS', 'procedimento'),
    valor: f.money('Valor'),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'profissional', 'procedimento', 'valor', 'ativo'],
  search: ['descricao', 'profissional'],
  sort: { field: 'descricao' },
});

export const taxa = defineResource({
  name: 'taxa',
  command: '/contrato/tabela/taxas',
  table: 'taxas',
  label: { singular: 'Taxa', plural: 'Taxas', gender: 'f' },
  fields: {
    codigo: f.text('Código TUSS', { max: 8, mask: '########', required: true, unique: true }),
    descricao: f.descricao(200),
    tipo: f.enum('Tipo de despesa', [['01', 'Gases medicinais'], ['05', 'Diárias'], ['07', 'Taxas e aluguéis']], { required: true }),
    valor: f.money('Valor', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'tipo', 'valor', 'inicioVigencia', 'ativo'],
  search: ['codigo', 'descricao', 'tipo'],
  sort: { field: 'codigo' },
});

export const tabelaResources = [
  brasindiceMaterial, brasindiceMedicamento, grupoAcessoProcedimento, grupoProcedimento, grupoTiss, material, medicamento, grupoDente, dente, faceDente, regiaoDente,
  procedimento, pacote, servicoAps, taxa,
];
