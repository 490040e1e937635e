import { CONSTANTS } from '../constants';
import { defineResource, f, uf, type Field, type RuleIssue } from './define';

/**
 * Spec §2.1 /cadastro/pessoa: the registry of people. Field names follow the regulator's formats where they have one
 * (SIB: DOMAIN §3; TISS: DOMAIN §1): relação de dependência 1/3/4/6/8/10, cancellation reasons 41–48, sex 1/3,
 * the 9-digit plan registration through the product, the 7-digit IBGE city.
 * Client rules of spec §5 (beneficiary CPF; provider and supplier documents and address) come from the client's
 * switches (`flag`), so another client can turn them off.
 */

export const SEXOS = [['1', 'Masculino'], ['3', 'Feminino']] as const;
export const RELACOES_DEPENDENCIA = [
  ['1', 'Titular'], ['3', 'Cônjuge/companheiro(a)'], ['4', 'Filho(a)'], ['6', 'Enteado(a)'], ['8', 'Pai/mãe'], ['10', 'Agregado/outros'],
] as const;
/**
 * The titular's registration class in a company or public-servant plan: an active employee, a retiree kept under
 * art. 31 or a dismissed employee under art. 30 of Lei 9.656/98, or the pensioner who took the place of a
 * deceased titular (Pensionista). Dependents have none: they follow their titular.
 */
export const CLASSES_INSCRICAO = [['A', 'Ativo'], ['I', 'Aposentado (art. 31)'], ['E', 'Demitido (art. 30)'], ['P', 'Pensionista']] as const;
export const SITUACOES_BENEFICIARIO = [['ATIVO', 'Ativo'], ['SUSPENSO', 'Suspenso'], ['CANCELADO', 'Cancelado']] as const;
/** SIB motivoCancelamento (DOMAIN §3). */
export const MOTIVOS_CANCELAMENTO = [
  ['41', 'Rompimento do contrato por iniciativa do beneficiário'],
  ['42', 'Desligamento da empresa (coletivos)'],
  ['43', 'Inadimplência'],
  ['44', 'Óbito'],
  ['45', 'Transferência de carteira'],
  ['46', 'Inclusão indevida'],
  ['47', 'Fraude (art. 13 da Lei 9.656/98)'],
  ['48', 'Portabilidade de carências'],
] as const;
export const TIPOS_PESSOA = [['F', 'Pessoa física'], ['J', 'Pessoa jurídica']] as const;
/** Professional councils (TISS dm_conselhoProfissional); spec §9: default CRM. */
export const CONSELHOS = [
  ['CRM', 'CRM - Medicina'], ['CRO', 'CRO - Odontologia'], ['COREN', 'COREN - Enfermagem'], ['CRP', 'CRP - Psicologia'],
  ['CREFITO', 'CREFITO - Fisioterapia e Terapia Ocupacional'], ['CRFA', 'CRFa - Fonoaudiologia'], ['CRN', 'CRN - Nutrição'],
  ['CRF', 'CRF - Farmácia'], ['CRBM', 'CRBM - Biomedicina'], ['CRESS', 'CRESS - Serviço Social'],
] as const;
/** Payment status of a provider; spec §9: a natural person starts in CONF. */
export const STATUS_PAGAMENTO = [['CONF', 'Em conferência'], ['LIB', 'Liberado'], ['BLOQ', 'Bloqueado']] as const;
export const TIPOS_CONTA = [['CC', 'Conta corrente'], ['CP', 'Conta poupança']] as const;

const PF = { field: 'tipoPessoa', in: ['F'] } as const;
const PJ = { field: 'tipoPessoa', in: ['J'] } as const;
const today = () => new Date().toISOString().slice(0, 10);

/** Address fields every person form shares: CEP, UF (default MG, spec §9), the city by UF, street. */
function endereco(flag?: Field['flag']) {
  const o = flag ? { flag } : {};
  return {
    cep: f.doc('CEP', 'cep', o),
    uf: uf('UF', { ...o, default: CONSTANTS.ufPadrao }),
    cidade: f.ref('Cidade', 'cidade', { ...o, dependsOn: { field: 'uf', target: 'uf' } }),
    logradouro: f.text('Logradouro', { max: 120, ...o }),
    numero: f.text('Número', { max: 10, ...o }),
    complemento: f.text('Complemento', { max: 60 }),
    bairro: f.text('Bairro', { max: 60, ...o }),
  };
}
const ENDERECO = ['cep', 'uf', 'cidade', 'logradouro', 'numero', 'complemento', 'bairro'] as const;

/** Identity documents of a natural person (spec §5 client rules: provider and supplier). */
function identidade(prefix: 'prestador' | 'fornecedor') {
  const flag = <K extends string>(k: K) => `${prefix}.${k}` as Field['flag'];
  return {
    identidade: f.text('Identidade (RG)', { max: 20, when: PF, flag: prefix === 'prestador' ? flag('identidade') : undefined }),
    orgaoEmissor: f.text('Órgão emissor', { max: 10, case: 'upper', when: PF, flag: flag('orgaoEmissor') }),
    ufIdentidade: uf('UF da identidade', { when: PF, flag: flag('ufIdentidade') }),
    paisIdentidade: f.ref('País da identidade', 'pais', { when: PF, flag: flag('paisIdentidade') }),
  };
}

const banco = () => ({
  banco: f.ref('Banco', 'banco'),
  agencia: f.text('Agência', { max: 6, pattern: '\\d{1,5}(-?[0-9Xx])?', example: '1234-5' }),
  conta: f.text('Conta', { max: 15, pattern: '\\d{1,13}(-?[0-9Xx])?', example: '123456-7' }),
  tipoConta: f.enum('Tipo de conta', TIPOS_CONTA),
});

// ---- beneficiaries -----------------------------------------------------------------------------------------------

export const beneficiario = defineResource({
  name: 'beneficiario',
  command: '/cadastro/pessoa/beneficiarios',
  table: 'beneficiarios',
  label: { singular: 'Beneficiário', plural: 'Beneficiários', gender: 'm' },
  fields: {
    matricula: f.text('Matrícula', { max: 10, mask: '##########', required: true, unique: true, help: 'Código do beneficiário na operadora, o mesmo informado à ANS.' }),
    carteirinha: f.text('Carteirinha', { max: 16, mask: '#### #### #### ####', required: true, unique: true, help: 'Número do cartão do beneficiário.' }),
    nome: f.nome(150),
    nomeSocial: f.text('Nome social', { max: 150 }),
    cpf: f.doc('CPF', 'cpf', { flag: 'beneficiario.cpf', index: true }),
    cns: f.doc('CNS', 'cns', { index: true, help: 'Cartão Nacional de Saúde.' }),
    pisPasep: f.doc('PIS/PASEP', 'pis'),
    nomeMae: f.text('Nome da mãe', { max: 150, required: true }),
    sexo: f.enum('Sexo', SEXOS, { required: true }),
    dataNascimento: f.date('Data de nascimento', { required: true }),
    estadoCivil: f.ref('Estado civil', 'estadocivil'),
    relacaoDependencia: f.enum('Relação de dependência', RELACOES_DEPENDENCIA, { required: true, default: '1' }),
    titular: f.ref('Titular', 'beneficiario', {
      picker: 'autocomplete',
      when: { field: 'relacaoDependencia', in: ['3', '4', '6', '8', '10'] },
      help: 'Digite o nome, o CPF ou a carteirinha do titular.',
    }),
    classe: f.enum('Classe de inscrição', CLASSES_INSCRICAO, { when: { field: 'relacaoDependencia', in: ['1'] }, default: 'A', help: 'Do titular: ativo, aposentado, demitido ou pensionista.' }),
    ...endereco(),
    telefone: f.phone('Telefone'),
    celular: f.phone('Celular'),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    produto: f.ref('Plano', 'produto', { required: true }),
    empresa: f.ref('Empresa contratante', 'empresa', { help: 'Planos coletivos.' }),
    dataAdesao: f.date('Data de adesão', { required: true }),
    fimCarencia: f.date('Fim da carência'),
    cpt: f.boolean('Cobertura parcial temporária (CPT)'),
    fimCpt: f.date('Fim da CPT'),
    cco: f.text('CCO (ANS)', { max: 12, mask: '############', help: 'Código de controle operacional devolvido pelo SIB.' }),
    cartaoIntercambio: f.text('Cartão de intercâmbio', { max: CONSTANTS.digitosCartaoIntercambio, mask: '#'.repeat(CONSTANTS.digitosCartaoIntercambio) }),
    situacao: f.enum('Situação', SITUACOES_BENEFICIARIO, { required: true, default: 'ATIVO', index: true }),
    dataSituacao: f.date('Data da situação', { help: 'Data da suspensão ou do cancelamento.' }),
    motivoCancelamento: f.enum('Motivo do cancelamento', MOTIVOS_CANCELAMENTO, { when: { field: 'situacao', in: ['CANCELADO'] } }),
    motivoSuspensao: f.text('Motivo da suspensão', { max: 200, when: { field: 'situacao', in: ['SUSPENSO'] } }),
    cadastroAtualizadoEm: f.date('Cadastro confirmado em', { readOnly: true }),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['carteirinha', 'nome', 'cpf', 'dataNascimento', 'produto', 'situacao'],
  search: [['nome', 'contains'], ['cpf', 'eq'], ['carteirinha', 'eq'], ['matricula', 'eq'], ['cns', 'eq'], 'situacao', 'relacaoDependencia', 'classe', 'produto', 'dataNascimento'],
  sort: { field: 'nome' },
  sections: [
    { title: 'Identificação', fields: ['matricula', 'carteirinha', 'nome', 'nomeSocial', 'cpf', 'cns', 'pisPasep', 'nomeMae', 'sexo', 'dataNascimento', 'estadoCivil'] },
    { title: 'Grupo familiar', fields: ['relacaoDependencia', 'titular', 'classe'] },
    { title: 'Endereço', fields: [...ENDERECO] },
    { title: 'Contato', fields: ['telefone', 'celular', 'email'] },
    { title: 'Plano', fields: ['produto', 'empresa', 'dataAdesao', 'fimCarencia', 'cpt', 'fimCpt', 'cco', 'cartaoIntercambio'] },
    { title: 'Situação', fields: ['situacao', 'dataSituacao', 'motivoCancelamento', 'motivoSuspensao', 'cadastroAtualizadoEm'] },
  ],
  rules: (v) => {
    const out: RuleIssue[] = [];
    if (v.relacaoDependencia !== '1' && v.titular == null) out.push({ field: 'titular', message: 'Informe o titular do dependente.' });
    if (typeof v.dataNascimento === 'string' && v.dataNascimento > today()) out.push({ field: 'dataNascimento', message: 'A data de nascimento não pode ser futura.' });
    if (typeof v.dataAdesao === 'string' && typeof v.dataNascimento === 'string' && v.dataAdesao < v.dataNascimento)
      out.push({ field: 'dataAdesao', message: 'A data de adesão não pode ser anterior à data de nascimento.' });
    if (v.situacao === 'CANCELADO' && v.motivoCancelamento == null) out.push({ field: 'motivoCancelamento', message: 'Informe o motivo do cancelamento (códigos 41 a 48 do SIB).' });
    if (v.situacao === 'SUSPENSO' && v.motivoSuspensao == null) out.push({ field: 'motivoSuspensao', message: 'Informe o motivo da suspensão.' });
    if (v.situacao !== 'ATIVO' && v.dataSituacao == null) out.push({ field: 'dataSituacao', message: 'Informe a data da suspensão ou do cancelamento.' });
    if (v.cpt === true && v.fimCpt == null) out.push({ field: 'fimCpt', message: 'Informe o fim da cobertura parcial temporária.' });
    return out;
  },
  derive: (v) => (v.cpt === false ? { fimCpt: null } : {}),
  large: true,
  lookup: ['cpf', 'carteirinha', 'matricula'],
  // the reports by product (rep301) and by company (rep278) walk the beneficiaries in these orders, a batch at a time;
  // the id too: the keyset's row comparison (produto, nome, id) > (…) seeks only in an index with all three (without
  // it each batch of rep301's PDF read the whole product and sorted it: 46 → 16 ms a batch)
  indexes: [
    ['produto', 'nome', 'id'],
    ['empresa', 'nome', 'id'],
  ],
});

// ---- providers ---------------------------------------------------------------------------------------------------

/** Fields of a provider (direct or indirect): natural person or legal entity, council, specialties, documents, address. */
function prestadorFields() {
  return {
    tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA, { required: true, default: 'F' }),
    nome: f.nome(150, { label: 'Nome / razão social' }),
    adicional: f.text('Nome fantasia / complemento', { max: 150 }),
    cpf: f.doc('CPF', 'cpf', { index: true, when: PF, required: true }),
    cnpj: f.doc('CNPJ', 'cnpj', { index: true, when: PJ, required: true }),
    conselho: f.enum('Conselho', CONSELHOS, { when: PF, default: CONSTANTS.tipoConselho }),
    numeroConselho: f.text('Número no conselho', { max: 15, when: PF }),
    ufConselho: uf('UF do conselho', { when: PF, default: CONSTANTS.ufPadrao }),
    especialidade: f.ref('Especialidade (CBO)', 'especialidade'),
    especialidade2: f.ref('Segunda especialidade (CBO)', 'especialidade'),
    cnes: f.doc('CNES', 'cnes'),
    dataInscricao: f.date('Data de inscrição', { flag: 'prestador.dataInscricao' }),
    pis: f.doc('PIS/PASEP', 'pis', { when: PF, flag: 'prestador.pis' }),
    nacionalidade: f.text('Nacionalidade', { max: 60, when: PF, flag: 'prestador.nacionalidade', default: 'Brasileira' }),
    ...identidade('prestador'),
    ...endereco('prestador.endereco'),
    telefone: f.phone('Telefone'),
    email: f.text('E-mail', { max: 120, format: 'email' }),
  };
}
const PRESTADOR_SECTIONS = (extra: string[] = []) => [
  { title: 'Identificação', fields: [...extra, 'tipoPessoa', 'nome', 'adicional', 'cpf', 'cnpj', 'cnes', 'dataInscricao'] },
  { title: 'Conselho e especialidades', fields: ['conselho', 'numeroConselho', 'ufConselho', 'especialidade', 'especialidade2'] },
  { title: 'Documentos', fields: ['pis', 'nacionalidade', 'identidade', 'orgaoEmissor', 'ufIdentidade', 'paisIdentidade'] },
  { title: 'Endereço e contato', fields: [...ENDERECO, 'telefone', 'email'] },
];

export const prestador = defineResource({
  name: 'prestador',
  command: '/cadastro/pessoa/prestadores',
  table: 'prestadores',
  label: { singular: 'Prestador', plural: 'Prestadores', gender: 'm' },
  fields: {
    codigo: f.codigo(20),
    ...prestadorFields(),
    ...banco(),
    statusPagamento: f.enum('Situação de pagamento', STATUS_PAGAMENTO, { default: CONSTANTS.statusPagamentoPrestadorFisico, help: 'Em branco: CONF para pessoa física, liberado para pessoa jurídica.' }),
    // the withholdings of its payments (src/shared/pagamentos/retencoes.ts) and how the EFD-Reinf classifies them
    grupoImposto: f.ref('Grupo de impostos', 'grupoimposto', { help: 'As alíquotas retidas nos pagamentos (Tabelas de Impostos do grupo). Em branco: PF para pessoa física, PJ (lucro presumido) para pessoa jurídica.' }),
    // the eSocial S-1200 identifies an autonomous professional without an S-2300 by name and birth date (infoComplem)
    dataNascimento: f.date('Data de nascimento', { when: PF, help: 'Do profissional pessoa física: o eSocial pede no S-1200 do RPA.' }),
    naturezaRendimento: f.ref('Natureza de rendimento', 'naturezarendimento', { help: 'Código da Tabela 01 da EFD-Reinf dos pagamentos. Em branco: 15026 (serviços de medicina) para pessoa jurídica.' }),
    // what the operator pays this provider (src/shared/precos/calculo.ts): the fee sizes of its table, times its class
    tabelaPreco: f.ref('Tabela de preços contratada', 'tabpreco', { help: 'Os portes de honorários desta tabela dão o valor dos procedimentos que têm porte; em branco, vale o valor de referência.' }),
    classePreco: f.ref('Classe de preço', 'classepreco', { help: 'O fator multiplicador da classe se aplica a todo procedimento do prestador.' }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'nome', 'cpf', 'cnpj', 'especialidade', 'cidade'],
  search: [['nome', 'contains'], ['codigo', 'eq'], ['cpf', 'eq'], ['cnpj', 'eq'], 'tipoPessoa', 'especialidade', 'statusPagamento', 'inicioVigencia'],
  sort: { field: 'nome' },
  sections: [
    ...PRESTADOR_SECTIONS(['codigo']),
    { title: 'Dados bancários e pagamento', fields: ['banco', 'agencia', 'conta', 'tipoConta', 'statusPagamento', 'grupoImposto', 'naturezaRendimento', 'dataNascimento'] },
    { title: 'Preços contratados', fields: ['tabelaPreco', 'classePreco'] },
    { title: 'Vigência', fields: ['inicioVigencia', 'fimVigencia'] },
  ] as never,
  // spec §9: a natural-person provider's payment status starts in CONF
  derive: (v) => (v.statusPagamento == null ? { statusPagamento: v.tipoPessoa === 'F' ? CONSTANTS.statusPagamentoPrestadorFisico : 'LIB' } : {}),
  large: true,
  lookup: ['codigo', 'cpf', 'cnpj'],
});

export const prestadorIndireto = defineResource({
  name: 'prestadorindireto',
  command: '/cadastro/pessoa/prestadores-indiretos',
  table: 'prestadores_indiretos',
  label: { singular: 'Prestador indireto', plural: 'Prestadores indiretos', gender: 'm' },
  fields: {
    codigo: f.codigo(20),
    prestador: f.ref('Prestador principal', 'prestador', { required: true, picker: 'prestador' }),
    ...prestadorFields(),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'nome', 'prestador', 'cpf', 'cnpj', 'especialidade'],
  search: [['nome', 'contains'], ['codigo', 'eq'], ['cpf', 'eq'], ['cnpj', 'eq'], 'prestador', 'especialidade'],
  sort: { field: 'nome' },
  sections: [...PRESTADOR_SECTIONS(['codigo', 'prestador']), { title: 'Vigência', fields: ['inicioVigencia', 'fimVigencia'] }] as never,
  large: true,
  lookup: ['codigo', 'cpf', 'cnpj'],
});

export const profissional = defineResource({
  name: 'profissional',
  command: '/cadastro/pessoa/profissionais',
  table: 'profissionais',
  label: { singular: 'Profissional', plural: 'Profissionais', gender: 'm' },
  fields: {
    nome: f.nome(150),
    cpf: f.doc('CPF', 'cpf', { required: true, index: true }),
    cns: f.doc('CNS', 'cns'),
    conselho: f.enum('Conselho', CONSELHOS, { required: true, default: CONSTANTS.tipoConselho }),
    numeroConselho: f.text('Número no conselho', { max: 15, required: true, index: true }),
    ufConselho: uf('UF do conselho', { required: true, default: CONSTANTS.ufPadrao }),
    especialidade: f.ref('Especialidade (CBO)', 'especialidade'),
    prestador: f.ref('Prestador vinculado', 'prestador', { picker: 'prestador' }),
    telefone: f.phone('Telefone'),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    ativo: f.ativo(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['nome', 'cpf', 'conselho', 'numeroConselho', 'especialidade', 'ativo'],
  search: [['nome', 'contains'], ['cpf', 'eq'], ['numeroConselho', 'eq'], 'conselho', 'ufConselho', 'especialidade'],
  sort: { field: 'nome' },
  indexes: [['conselho', 'numeroConselho', 'ufConselho']],
  large: true,
  lookup: ['cpf', 'numeroConselho'],
});

// ---- suppliers ---------------------------------------------------------------------------------------------------

export const fornecedor = defineResource({
  name: 'fornecedor',
  command: '/cadastro/pessoa/fornecedores',
  table: 'fornecedores',
  label: { singular: 'Fornecedor', plural: 'Fornecedores', gender: 'm' },
  fields: {
    codigo: f.codigo(20),
    tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA, { required: true, default: 'J' }),
    nome: f.nome(150, { label: 'Nome / razão social' }),
    nomeFantasia: f.text('Nome fantasia', { max: 150 }),
    cpf: f.doc('CPF', 'cpf', { index: true, when: PF, required: true }),
    cnpj: f.doc('CNPJ', 'cnpj', { index: true, when: PJ, required: true }),
    inscricaoEstadual: f.text('Inscrição estadual', { max: 20 }),
    ...identidade('fornecedor'),
    ...endereco('fornecedor.endereco'),
    telefone: f.phone('Telefone'),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    ...banco(),
    ativo: f.ativo(),
  },
  display: 'nome',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'nome', 'cpf', 'cnpj', 'telefone', 'ativo'],
  search: [['nome', 'contains'], ['codigo', 'eq'], ['cpf', 'eq'], ['cnpj', 'eq'], 'tipoPessoa', 'ativo'],
  sort: { field: 'nome' },
  sections: [
    { title: 'Identificação', fields: ['codigo', 'tipoPessoa', 'nome', 'nomeFantasia', 'cpf', 'cnpj', 'inscricaoEstadual'] },
    { title: 'Documentos', fields: ['identidade', 'orgaoEmissor', 'ufIdentidade', 'paisIdentidade'] },
    { title: 'Endereço e contato', fields: [...ENDERECO, 'telefone', 'email'] },
    { title: 'Dados bancários', fields: ['banco', 'agencia', 'conta', 'tipoConta', 'ativo'] },
  ],
  large: true,
  lookup: ['codigo', 'cpf', 'cnpj'],
});

export const pessoasResources = [beneficiario, prestador, prestadorIndireto, profissional, fornecedor];
