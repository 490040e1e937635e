import { codeTable, defineResource, f, uf } from './define';

/** Spec §2.4 /operadora: operator configuration and contribution tables. */

const CFG = '/operadora/configuracao-operadora';
const CTB = '/operadora/contribuicao-operadora';

const simple = codeTable;

export const tag = simple('tag', `${CFG}/cadastro-tags`, 'tags', { singular: 'Tag', plural: 'Tags', gender: 'f' }, {
  cor: f.text('Cor', { max: 7, format: 'color', default: '#0b5cab' }),
  documentoObrigatorio: f.boolean('Documento obrigatório na autorização'),
  aplicacao: f.enum('Aplica-se a', [['AUTORIZACAO', 'Autorização'], ['PROTOCOLO', 'Protocolo'], ['BENEFICIARIO', 'Beneficiário']], { required: true }),
}, { codigoMax: 40, search: ['aplicacao'] });

export const responsavelProtocolo = defineResource({
  name: 'configuracaoresponsavelprotocolo',
  command: `${CFG}/configuracoes-responsaveis-protocolos`,
  table: 'responsaveis_protocolos',
  label: { singular: 'Responsável por protocolo', plural: 'Responsáveis por protocolos', gender: 'm' },
  fields: {
    tipoProtocolo: f.enum('Tipo de protocolo', [['AUTORIZACAO', 'Autorização'], ['REEMBOLSO', 'Reembolso'], ['OUVIDORIA', 'Ouvidoria'], ['CADASTRO', 'Atualização cadastral'], ['FATURAMENTO', 'Faturamento']], { required: true }),
    setor: f.ref('Setor', 'setorempresa', { required: true }),
    responsavel: f.nome(120, { label: 'Responsável' }),
    email: f.text('E-mail', { max: 120, format: 'email', required: true }),
    prazoDiasUteis: f.integer('Prazo (dias úteis)', { min: 1, max: 30, required: true, default: 7 }),
    ativo: f.ativo(),
  },
  grid: ['tipoProtocolo', 'setor', 'responsavel', ['email', 'link'], 'prazoDiasUteis', 'ativo'],
  search: ['tipoProtocolo', 'responsavel', 'setor'],
  sort: { field: 'tipoProtocolo' },
});

export const empresa = defineResource({
  name: 'empresa',
  command: `${CFG}/empresas`,
  table: 'empresas',
  label: { singular: 'Empresa', plural: 'Empresas', gender: 'f' },
  fields: {
    cnpj: f.text('CNPJ', { max: 14, mask: '##.###.###/####-##', required: true, unique: true }),
    razaoSocial: f.text('Razão social', { max: 150, required: true }),
    nomeFantasia: f.text('Nome fantasia', { max: 150 }),
    cidade: f.ref('Cidade', 'cidade'),
    cep: f.text('CEP', { max: 8, mask: '#####-###' }),
    telefone: f.text('Telefone', { max: 11, mask: '(##) #####-####' }),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    inicioContrato: f.date('Início do contrato', { required: true }),
    ativo: f.ativo(),
  },
  display: 'razaoSocial',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['cnpj', 'razaoSocial', 'nomeFantasia', 'cidade', 'inicioContrato', 'ativo'],
  search: ['cnpj', 'razaoSocial', 'cidade', 'inicioContrato'],
  sort: { field: 'razaoSocial' },
});

export const grupoProduto = simple('grupoproduto', `${CFG}/grupos-produtos`, 'grupos_produtos', { singular: 'Grupo de produtos', plural: 'Grupos de produtos', gender: 'm' }, {
  segmentacao: f.enum('Segmentação', [['AMB', 'Ambulatorial'], ['HOSP_OBST', 'Hospitalar com obstetrícia'], ['HOSP', 'Hospitalar sem obstetrícia'], ['ODONTO', 'Odontológico'], ['REF', 'Referência'], ['AMB_HOSP', 'Ambulatorial + hospitalar']], { required: true }),
}, { search: ['segmentacao'] });

export const operadora = defineResource({
  name: 'operadora',
  command: `${CFG}/operadoras`,
  table: 'operadoras',
  label: { singular: 'Operadora', plural: 'Operadoras', gender: 'f' },
  fields: {
    registroAns: f.text('Registro ANS', { max: 6, mask: '######', required: true, unique: true }),
    cnpj: f.text('CNPJ', { max: 14, mask: '##.###.###/####-##', required: true, unique: true }),
    razaoSocial: f.text('Razão social', { max: 150, required: true }),
    nomeFantasia: f.text('Nome fantasia', { max: 150 }),
    modalidade: f.enum('Modalidade', [['AUTOGESTAO', 'Autogestão'], ['COOPERATIVA', 'Cooperativa médica'], ['MEDICINA_GRUPO', 'Medicina de grupo'], ['SEGURADORA', 'Seguradora especializada em saúde'], ['FILANTROPIA', 'Filantropia'], ['ODONTO', 'Odontologia de grupo']], { required: true }),
    uf: uf('UF', { required: true }),
    logo: f.text('Logotipo', { max: 4000, format: 'image' }),
    site: f.text('Site', { max: 200, format: 'url' }),
    // the DIOPS cadastral data (Exportar DIOPS Cadastral, RN 527/2022): the head office's address and contacts, the
    // legal representative before the ANS, the technical director and the independent auditor
    cep: f.doc('CEP', 'cep'),
    cidade: f.ref('Cidade', 'cidade', { dependsOn: { field: 'uf', target: 'uf' } }),
    logradouro: f.text('Logradouro', { max: 120 }),
    numero: f.text('Número', { max: 10 }),
    complemento: f.text('Complemento', { max: 60 }),
    bairro: f.text('Bairro', { max: 60 }),
    telefone: f.phone('Telefone'),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    representanteNome: f.text('Representante legal junto à ANS', { max: 150 }),
    representanteCpf: f.doc('CPF do representante legal', 'cpf'),
    representanteCargo: f.text('Cargo do representante legal', { max: 60 }),
    diretorTecnicoNome: f.text('Responsável técnico (diretor técnico)', { max: 150 }),
    diretorTecnicoCpf: f.doc('CPF do responsável técnico', 'cpf'),
    diretorTecnicoCrm: f.text('CRM do responsável técnico', { max: 15 }),
    diretorTecnicoUfCrm: uf('UF do CRM do responsável técnico'),
    auditorNome: f.text('Auditor independente (razão social)', { max: 150 }),
    auditorCnpj: f.doc('CNPJ do auditor independente', 'cnpj'),
    ativo: f.ativo(),
  },
  sections: [
    { title: 'Identificação', fields: ['registroAns', 'cnpj', 'razaoSocial', 'nomeFantasia', 'modalidade', 'logo', 'site', 'ativo'] },
    { title: 'Sede e contato', fields: ['cep', 'uf', 'cidade', 'logradouro', 'numero', 'complemento', 'bairro', 'telefone', 'email'] },
    { title: 'Responsáveis perante a ANS (DIOPS cadastral)', fields: ['representanteNome', 'representanteCpf', 'representanteCargo', 'diretorTecnicoNome', 'diretorTecnicoCpf', 'diretorTecnicoCrm', 'diretorTecnicoUfCrm', 'auditorNome', 'auditorCnpj'] },
  ],
  display: 'razaoSocial',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: [{ field: 'logo', type: 'image', width: 90 }, 'registroAns', 'cnpj', 'razaoSocial', 'modalidade', 'ativo'],
  search: ['registroAns', 'razaoSocial', 'modalidade', 'uf'],
  sort: { field: 'razaoSocial' },
});

/** The processes a date window of Permissões de Datas opens (an access rule may follow one: src/shared/usuarios/regras.ts). */
export const PROCESSOS_PERMISSAO_DATA = [['FATURAMENTO', 'Faturamento'], ['AUTORIZACAO', 'Autorização retroativa'], ['CONTAS_PAGAR', 'Contas a pagar'], ['CONTAS_RECEBER', 'Contas a receber'], ['CONTABIL', 'Movimento contábil']] as const;

export const permissaoData = defineResource({
  name: 'permissaodata',
  command: `${CFG}/permissoes-datas`,
  table: 'permissoes_datas',
  label: { singular: 'Permissão de data', plural: 'Permissões de datas', gender: 'f' },
  fields: {
    processo: f.enum('Processo', PROCESSOS_PERMISSAO_DATA, { required: true }),
    competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano (MM/AAAA).' }),
    dataInicio: f.date('Liberada de', { required: true }),
    dataFim: f.date('Liberada até', { required: true }),
    observacao: f.observacao(),
  },
  grid: ['processo', 'competencia', 'dataInicio', 'dataFim', ['observacao', 'tooltip']],
  search: ['processo', 'competencia', 'dataInicio'],
  sort: { field: 'dataInicio', dir: 'desc' },
});

/** Reimbursement terms only mean something in a plan with free choice: hidden and cleared otherwise. */
const seLivreEscolha = { field: 'livreEscolha', in: ['true'] } as const;

export const produto = defineResource({
  name: 'produto',
  command: `${CFG}/produtos`,
  table: 'produtos',
  label: { singular: 'Produto', plural: 'Produtos', gender: 'm' },
  fields: {
    registroAns: f.text('Registro do plano (ANS)', { max: 9, mask: '#########', required: true, unique: true }),
    nome: f.nome(120),
    grupo: f.ref('Grupo de produtos', 'grupoproduto', { required: true }),
    contratacao: f.enum('Tipo de contratação', [['INDIVIDUAL', 'Individual/Familiar'], ['EMPRESARIAL', 'Coletivo empresarial'], ['ADESAO', 'Coletivo por adesão']], { required: true }),
    abrangencia: f.enum('Abrangência', [['MUNICIPAL', 'Municipal'], ['GRUPO_MUNICIPIOS', 'Grupo de municípios'], ['ESTADUAL', 'Estadual'], ['GRUPO_ESTADOS', 'Grupo de estados'], ['NACIONAL', 'Nacional']], { required: true }),
    acomodacao: f.enum('Acomodação', [['COLETIVO', 'Coletivo (enfermaria)'], ['INDIVIDUAL', 'Individual (apartamento)']], { required: true }),
    fatorModerador: f.enum('Fator moderador', [['NENHUM', 'Nenhum'], ['COPARTICIPACAO', 'Coparticipação'], ['FRANQUIA', 'Franquia']], { required: true, default: 'NENHUM' }),
    inicioComercializacao: f.date('Início da comercialização', { required: true }),
    // RPS "livre escolha": the plan reimburses care outside the network by its reimbursement table (issue 15, flow 7)
    livreEscolha: f.boolean('Livre escolha (reembolso)', { help: 'O plano reembolsa atendimentos fora da rede, pela tabela de reembolso; sem livre escolha, o reembolso é glosado (3122).' }),
    tabelaReembolso: f.ref('Tabela de reembolso', 'tabpreco', { when: seLivreEscolha, help: 'Os portes desta tabela (ou o valor de referência do procedimento) dão o valor-base do reembolso.' }),
    multiploReembolso: f.decimal('Múltiplo da tabela', { precision: 6, scale: 2, min: 0.01, max: 100, default: 1, when: seLivreEscolha, help: 'O reembolso vai até o valor da tabela vezes este múltiplo, limitado ao que o beneficiário pagou.' }),
    ativo: f.ativo(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['registroAns', 'nome', 'contratacao', 'acomodacao', 'livreEscolha', 'ativo'],
  search: ['registroAns', 'nome', 'grupo', 'contratacao', 'abrangencia', 'livreEscolha'],
  sort: { field: 'nome' },
  rules: (v) => (v.livreEscolha === true && v.tabelaReembolso == null ? [{ field: 'tabelaReembolso', message: 'Informe a tabela de reembolso do plano de livre escolha.' }] : []),
});

export const setorEmpresa = simple('setorempresa', `${CFG}/setores-empresa`, 'setores_empresa', { singular: 'Setor da empresa', plural: 'Setores da empresa', gender: 'm' }, {
  centroCusto: f.text('Centro de custo', { max: 10 }),
  email: f.text('E-mail', { max: 120, format: 'email' }),
});

export const tipoCargo = simple('tipocargo', `${CFG}/tipos-cargos`, 'tipos_cargos', { singular: 'Tipo de cargo', plural: 'Tipos de cargos', gender: 'm' }, {
  cbo: f.text('CBO', { max: 6, mask: '####-##' }),
  nivel: f.enum('Nível', [['OPERACIONAL', 'Operacional'], ['TECNICO', 'Técnico'], ['GESTAO', 'Gestão'], ['DIRETORIA', 'Diretoria']], { required: true }),
}, { search: ['nivel'] });

// ---- contribution ---------------------------------------------------------------------------------------------

export const classificacaoMatricula = simple('classificacaomatricula', `${CTB}/classificacoes-matriculas`, 'classificacoes_matriculas', { singular: 'Classificação de matrícula', plural: 'Classificações de matrículas', gender: 'f' }, {
  classe: f.enum('Classe', [['T', 'Titular'], ['D', 'Dependente'], ['A', 'Agregado'], ['P', 'Pensionista']], { required: true }),
  contribui: f.boolean('Contribui', { default: true }),
}, { codigoMax: 2, search: ['classe'] });

export const coparticipacao = defineResource({
  name: 'coparticipacao',
  command: `${CTB}/coparticipacoes`,
  table: 'coparticipacoes',
  label: { singular: 'Coparticipação', plural: 'Coparticipações', gender: 'f' },
  fields: {
    produto: f.ref('Produto', 'produto', { required: true }),
    tipo: f.ref('Tipo de coparticipação', 'tipocoparticipacao', { required: true }),
    grupoProcedimento: f.ref('Grupo de procedimentos', 'grupoprocedimento'),
    percentual: f.percent('Percentual', { required: true }),
    valorMaximo: f.money('Valor máximo por evento'),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['produto', 'tipo', 'grupoProcedimento', 'percentual', 'valorMaximo', 'inicioVigencia'],
  search: ['produto', 'tipo', 'inicioVigencia'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const cotaUniao = defineResource({
  name: 'cotauniao',
  command: `${CTB}/cotas-uniao`,
  table: 'cotas_uniao',
  label: { singular: 'Cota da União', plural: 'Cotas da União', gender: 'f' },
  fields: {
    competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, unique: true }),
    valorPerCapita: f.money('Valor per capita', { required: true }),
    percentualUniao: f.percent('Participação da União', { required: true }),
    observacao: f.observacao(),
  },
  grid: ['competencia', 'valorPerCapita', 'percentualUniao', ['observacao', 'tooltip']],
  search: ['competencia'],
  sort: { field: 'competencia', dir: 'desc' },
});

export const faixaEtaria = defineResource({
  name: 'faixaetaria',
  command: `${CTB}/faixa-etaria`,
  table: 'faixas_etarias',
  label: { singular: 'Faixa etária', plural: 'Faixas etárias', gender: 'f' },
  fields: {
    produto: f.ref('Produto', 'produto', { required: true }),
    idadeInicial: f.integer('Idade inicial', { min: 0, max: 120, required: true }),
    idadeFinal: f.integer('Idade final', { min: 0, max: 120, required: true }),
    valor: f.money('Mensalidade', { required: true }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['produto', 'idadeInicial', 'idadeFinal', ['valor', 'input'], 'inicioVigencia'],
  search: ['produto', 'idadeInicial', 'inicioVigencia'],
  sort: { field: 'idadeInicial' },
});

export const fundoSocial = simple('fundosocial', `${CTB}/fundo-social`, 'fundos_sociais', { singular: 'Fundo social', plural: 'Fundos sociais', gender: 'm' }, {
  percentual: f.percent('Percentual da contribuição', { required: true }),
  inicioVigencia: f.inicioVigencia(),
});

export const fundoSocialBeneficiario = defineResource({
  name: 'fundosocialbeneficiario',
  command: `${CTB}/fundo-social-beneficiario`,
  table: 'fundos_sociais_beneficiarios',
  label: { singular: 'Fundo social por beneficiário', plural: 'Fundos sociais por beneficiário', gender: 'm' },
  fields: {
    fundo: f.ref('Fundo social', 'fundosocial', { required: true }),
    carteira: f.text('Carteira do beneficiário', { max: 20, required: true }),
    cpf: f.text('CPF', { max: 11, mask: '###.###.###-##', required: true }),
    percentualSubsidio: f.percent('Subsídio', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['fundo', 'carteira', 'cpf', 'percentualSubsidio', 'inicioVigencia', 'fimVigencia'],
  search: ['fundo', 'carteira', 'cpf'],
  sort: { field: 'carteira' },
});

export const joia = defineResource({
  name: 'joia',
  command: `${CTB}/joias`,
  table: 'joias',
  label: { singular: 'Joia', plural: 'Joias', gender: 'f' },
  fields: {
    produto: f.ref('Produto', 'produto', { required: true }),
    idadeInicial: f.integer('Idade inicial', { min: 0, max: 120, required: true }),
    idadeFinal: f.integer('Idade final', { min: 0, max: 120, required: true }),
    valor: f.money('Valor da joia', { required: true }),
    parcelas: f.integer('Parcelas', { min: 1, max: 24, default: 1 }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['produto', 'idadeInicial', 'idadeFinal', 'valor', 'parcelas', 'inicioVigencia'],
  search: ['produto', 'inicioVigencia'],
  sort: { field: 'idadeInicial' },
});

export const limiteCoparticipacao = defineResource({
  name: 'limitecoparticipacao',
  command: `${CTB}/limites-coparticipacao`,
  table: 'limites_coparticipacao',
  label: { singular: 'Limite de coparticipação', plural: 'Limites de coparticipação', gender: 'm' },
  fields: {
    produto: f.ref('Produto', 'produto', { required: true }),
    periodo: f.enum('Período', [['MENSAL', 'Mensal'], ['ANUAL', 'Anual']], { required: true }),
    valorLimite: f.money('Valor limite', { required: true }),
    multiploMensalidade: f.decimal('Múltiplo da mensalidade', { precision: 6, scale: 2, min: 0 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['produto', 'periodo', 'valorLimite', 'multiploMensalidade', 'inicioVigencia', 'fimVigencia'],
  search: ['produto', 'periodo'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const percentualReducaoMargem = defineResource({
  name: 'percentualreducaomargem',
  command: `${CTB}/percentual-reducao-margem`,
  table: 'percentuais_reducao_margem',
  label: { singular: 'Percentual de redução de margem', plural: 'Percentuais de redução de margem', gender: 'm' },
  fields: {
    descricao: f.descricao(80),
    faixaInicial: f.money('Renda de', { required: true }),
    faixaFinal: f.money('Renda até', { required: true }),
    percentual: f.percent('Redução', { required: true }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['descricao', 'faixaInicial', 'faixaFinal', 'percentual', 'inicioVigencia'],
  search: ['descricao', 'faixaInicial'],
  sort: { field: 'faixaInicial' },
});

export const situacaoContratante = simple('situacaocontratante', `${CTB}/situacoes-contratantes`, 'situacoes_contratantes', { singular: 'Situação de contratante', plural: 'Situações de contratantes', gender: 'f' }, {
  permiteAtendimento: f.boolean('Permite atendimento', { default: true }),
  geraCobranca: f.boolean('Gera cobrança', { default: true }),
});

export const subsidioContribuicao = defineResource({
  name: 'subsidiocontribuicao',
  command: `${CTB}/subsidios-contribuicao`,
  table: 'subsidios_contribuicao',
  label: { singular: 'Subsídio de contribuição', plural: 'Subsídios de contribuição', gender: 'm' },
  fields: {
    empresa: f.ref('Empresa', 'empresa', { required: true }),
    produto: f.ref('Produto', 'produto', { required: true }),
    percentual: f.percent('Subsídio da empresa', { required: true }),
    valorMaximo: f.money('Valor máximo'),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['empresa', 'produto', 'percentual', 'valorMaximo', 'inicioVigencia', 'fimVigencia'],
  search: ['empresa', 'produto'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const taxaCartao = simple('taxacartao', `${CTB}/taxas-cartao`, 'taxas_cartao', { singular: 'Taxa de cartão', plural: 'Taxas de cartão', gender: 'f' }, {
  motivo: f.enum('Motivo', [['EMISSAO', 'Primeira emissão'], ['SEGUNDA_VIA', 'Segunda via'], ['PERDA', 'Perda ou roubo'], ['DANO', 'Dano']], { required: true }),
  valor: f.money('Valor', { required: true }),
}, { search: ['motivo'] });

export const tipoContribuicao = simple('tipocontribuicao', `${CTB}/tipos-contribuicoes`, 'tipos_contribuicoes', { singular: 'Tipo de contribuição', plural: 'Tipos de contribuições', gender: 'm' }, {
  natureza: f.enum('Natureza', [['MENSALIDADE', 'Mensalidade'], ['COPARTICIPACAO', 'Coparticipação'], ['JOIA', 'Joia'], ['TAXA', 'Taxa'], ['ACERTO', 'Acerto']], { required: true }),
  contaContabil: f.text('Conta contábil', { max: 20 }),
}, { search: ['natureza'] });

export const tipoCoparticipacao = simple('tipocoparticipacao', `${CTB}/tipos-coparticipacoes`, 'tipos_coparticipacoes', { singular: 'Tipo de coparticipação', plural: 'Tipos de coparticipações', gender: 'm' }, {
  base: f.enum('Base de cálculo', [['PERCENTUAL', 'Percentual do evento'], ['VALOR_FIXO', 'Valor fixo por evento']], { required: true }),
});

export const tipoDesconto = simple('tipodesconto', `${CTB}/tipos-descontos`, 'tipos_descontos', { singular: 'Tipo de desconto', plural: 'Tipos de descontos', gender: 'm' }, {
  percentual: f.percent('Percentual padrão'),
  exigeAprovacao: f.boolean('Exige aprovação'),
});

export const tipoPagamento = simple('tipopagamento', `${CTB}/tipos-pagamentos`, 'tipos_pagamentos', { singular: 'Tipo de pagamento', plural: 'Tipos de pagamentos', gender: 'm' }, {
  forma: f.enum('Forma', [['BOLETO', 'Boleto'], ['DEBITO', 'Débito em conta'], ['FOLHA', 'Desconto em folha'], ['PIX', 'Pix'], ['CARTAO', 'Cartão de crédito']], { required: true }),
  banco: f.ref('Banco', 'banco'),
}, { search: ['forma'] });

export const fundoReserva = defineResource({
  name: 'fundoreserva',
  command: '/operadora/fundo-reserva',
  table: 'fundos_reserva',
  label: { singular: 'Fundo de reserva', plural: 'Fundos de reserva', gender: 'm' },
  fields: {
    competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, unique: true }),
    percentual: f.percent('Percentual da receita', { required: true }),
    valorProvisionado: f.money('Valor provisionado'),
    observacao: f.observacao(),
  },
  grid: ['competencia', 'percentual', 'valorProvisionado', ['observacao', 'tooltip']],
  search: ['competencia'],
  sort: { field: 'competencia', dir: 'desc' },
});

export const taxaBoleto = defineResource({
  name: 'taxaboleto',
  command: '/operadora/taxas-boleto',
  table: 'taxas_boleto',
  label: { singular: 'Taxa de boleto', plural: 'Taxas de boleto', gender: 'f' },
  fields: {
    banco: f.ref('Banco', 'banco', { required: true }),
    carteira: f.text('Carteira', { max: 3, mask: '###', required: true }),
    valor: f.money('Tarifa', { required: true }),
    repassaBeneficiario: f.boolean('Repassa ao beneficiário'),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['banco', 'carteira', 'valor', 'repassaBeneficiario', 'inicioVigencia'],
  search: ['banco', 'carteira'],
  sort: { field: 'carteira' },
});

export const operadoraResources = [
  tag, setorEmpresa, responsavelProtocolo, empresa, grupoProduto, operadora, permissaoData, produto, tipoCargo,
  classificacaoMatricula, tipoCoparticipacao, coparticipacao, cotaUniao, faixaEtaria, fundoSocial, fundoSocialBeneficiario, joia, limiteCoparticipacao,
  percentualReducaoMargem, situacaoContratante, subsidioContribuicao, taxaCartao, tipoContribuicao, tipoDesconto, tipoPagamento, fundoReserva, taxaBoleto,
];
