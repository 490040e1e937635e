import type { CommandPath } from '../../../commands';
import { codeTable, defineResource, f, type RuleIssue } from './define';

/**
 * Spec §2.3 finance configuration: monthly events, chart of accounts, interest and instalment tables, payment and receivable
 * configuration, and the Receita Federal's income natures (EFD-Reinf Tabela 01) that classify each payment to a provider.
 */

const CF = '/financeiro/configuracao-financeiro';
const CP = '/financeiro/pagamento/configuracao-pagamento';

const simple = codeTable;

const NATUREZA = [['RECEITA', 'Receita'], ['DESPESA', 'Despesa']] as const;

export const eventoMensal = simple('eventomensal', `${CF}/eventos-mensais`, 'eventos_mensais', { singular: 'Evento mensal', plural: 'Eventos mensais', gender: 'm' }, {
  natureza: f.enum('Natureza', NATUREZA, { required: true }),
  contaContabil: f.ref('Conta contábil', 'planoconta'),
  diaVencimento: f.integer('Dia de vencimento', { min: 1, max: 31 }),
  valorPadrao: f.money('Valor padrão'),
}, { search: ['natureza'] });

export const planoConta = defineResource({
  name: 'planoconta',
  command: `${CF}/planos-contas`,
  table: 'planos_contas',
  label: { singular: 'Conta contábil', plural: 'Plano de contas', gender: 'f' },
  fields: {
    codigo: f.text('Código', { max: 9, mask: '#.#.#.##.##', required: true, unique: true, help: 'Estrutura do plano de contas padrão ANS.' }),
    descricao: f.descricao(150),
    tipo: f.enum('Tipo', [['SINTETICA', 'Sintética'], ['ANALITICA', 'Analítica']], { required: true }),
    natureza: f.enum('Natureza', [['ATIVO', 'Ativo'], ['PASSIVO', 'Passivo'], ['RECEITA', 'Receita'], ['DESPESA', 'Despesa'], ['PL', 'Patrimônio líquido']], { required: true }),
    aceitaLancamento: f.boolean('Aceita lançamento'),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'tipo', 'natureza', 'aceitaLancamento', 'ativo'],
  search: ['codigo', 'descricao', 'tipo', 'natureza'],
  sort: { field: 'codigo' },
});

export const mapeamentoPlanoConta = defineResource({
  name: 'mapeamentoplanoconta',
  command: `${CF}/mapeamento-plano-conta`,
  table: 'mapeamentos_plano_conta',
  label: { singular: 'Mapeamento do plano de contas', plural: 'Mapeamentos do plano de contas', gender: 'm' },
  fields: {
    origem: f.enum('Origem', [['CONTRIBUICAO', 'Contribuição'], ['COPARTICIPACAO', 'Coparticipação'], ['EVENTO_CONHECIDO', 'Evento conhecido (faturado)'], ['GLOSA', 'Glosa'], ['PAGAMENTO_PRESTADOR', 'Pagamento a prestador'], ['REEMBOLSO', 'Reembolso'], ['IMPOSTO', 'Imposto retido'], ['PPSC', 'PPSC (provisão de contraprestação não ganha)']], { required: true }),
    contaDebito: f.ref('Conta de débito', 'planoconta', { required: true }),
    contaCredito: f.ref('Conta de crédito', 'planoconta', { required: true }),
    historico: f.text('Histórico padrão', { max: 120 }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['origem', 'contaDebito', 'contaCredito', 'historico', 'inicioVigencia'],
  search: ['origem', 'contaDebito'],
  sort: { field: 'origem' },
});

export const quotaEmprestimo = defineResource({
  name: 'quotaemprestimo',
  command: `${CF}/quota-emprestimo`,
  table: 'quotas_emprestimo',
  label: { singular: 'Quota de empréstimo', plural: 'Quotas de empréstimo', gender: 'f' },
  fields: {
    descricao: f.descricao(80),
    valorMaximo: f.money('Valor máximo', { required: true }),
    parcelasMaximas: f.integer('Parcelas máximas', { min: 1, max: 120, required: true }),
    taxaJurosMensal: f.percent('Juros ao mês', { required: true, max: 20 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['descricao', 'valorMaximo', 'parcelasMaximas', 'taxaJurosMensal', 'inicioVigencia', 'fimVigencia'],
  search: ['descricao', 'valorMaximo'],
  sort: { field: 'descricao' },
});

export const tabelaJurosMulta = defineResource({
  name: 'tabelajurosmulta',
  command: '/financeiro/tabelas-juros-multas',
  table: 'tabelas_juros_multas',
  label: { singular: 'Tabela de juros e multa', plural: 'Tabelas de juros e multas', gender: 'f' },
  fields: {
    descricao: f.descricao(80),
    percentualMulta: f.percent('Multa', { required: true, max: 20 }),
    jurosMensal: f.percent('Juros ao mês', { required: true, max: 20 }),
    tipoJuros: f.enum('Tipo de juros', [['SIMPLES', 'Simples (pro rata dia)'], ['COMPOSTO', 'Composto']], { required: true, default: 'SIMPLES' }),
    diasCarencia: f.integer('Dias de carência', { min: 0, max: 60, default: 0 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['descricao', 'percentualMulta', 'jurosMensal', 'tipoJuros', 'diasCarencia', 'inicioVigencia'],
  search: ['descricao', 'tipoJuros', 'inicioVigencia'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const tabelaParcelamentoValor = defineResource({
  name: 'tabelaparcelamentovalor',
  command: '/financeiro/tabelas-parcelamento-valor',
  table: 'tabelas_parcelamento_valor',
  label: { singular: 'Faixa de parcelamento', plural: 'Tabelas de parcelamento por valor', gender: 'f' },
  fields: {
    valorInicial: f.money('Dívida de', { required: true }),
    valorFinal: f.money('Dívida até', { required: true }),
    parcelasMaximas: f.integer('Parcelas máximas', { min: 1, max: 60, required: true }),
    percentualEntrada: f.percent('Entrada mínima', { required: true, default: 40 }),
    parcelaMinima: f.money('Parcela mínima', { required: true, default: 40 }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['valorInicial', 'valorFinal', 'parcelasMaximas', 'percentualEntrada', 'parcelaMinima', 'inicioVigencia'],
  search: ['valorInicial', 'parcelasMaximas'],
  sort: { field: 'valorInicial' },
});

// ---- payment configuration (configuracao-pagamento) -------------------------------------------------------------

export const formaPagamento = simple('formapagamento', `${CP}/formas-pagamento`, 'formas_pagamento', { singular: 'Forma de pagamento', plural: 'Formas de pagamento', gender: 'f' }, {
  codigoTiss: f.enum('Código TISS', [['1', '1 Depósito/transferência'], ['2', '2 Carteira'], ['3', '3 Boleto/DDA'], ['4', '4 Dinheiro/cheque']], { required: true }),
  exigeContaBancaria: f.boolean('Exige conta bancária'),
}, { codigoMax: 4, search: ['codigoTiss'] });

export const grupoImposto = simple('grupoimposto', `${CP}/grupos-impostos`, 'grupos_impostos', { singular: 'Grupo de impostos', plural: 'Grupos de impostos', gender: 'm' }, {
  pessoa: f.enum('Pessoa', [['F', 'Física'], ['J', 'Jurídica']], { required: true }),
}, { search: ['pessoa'] });

export const historicoContasPagar = simple('historicocontaspagar', `${CP}/historicos-contas-pagar`, 'historicos_contas_pagar', { singular: 'Histórico de contas a pagar', plural: 'Históricos de contas a pagar', gender: 'm' }, {
  contaContabil: f.ref('Conta contábil', 'planoconta'),
});

const aliquota = (name: string, command: CommandPath, table: string, singular: string, plural: string) =>
  defineResource({
    name,
    command,
    table,
    label: { singular, plural, gender: 'f' },
    fields: {
      faixaInicial: f.money('Base de', { required: true }),
      faixaFinal: f.money('Base até'),
      aliquota: f.percent('Alíquota', { required: true, max: 100 }),
      deducao: f.money('Parcela a deduzir'),
      inicioVigencia: f.inicioVigencia(),
      fimVigencia: f.fimVigencia(),
    },
    grid: ['faixaInicial', 'faixaFinal', 'aliquota', 'deducao', 'inicioVigencia', 'fimVigencia'],
    search: ['inicioVigencia', 'aliquota'],
    sort: { field: 'faixaInicial' },
  });

export const iof = aliquota('iof', `${CP}/iof`, 'aliquotas_iof', 'Alíquota de IOF', 'Alíquotas de IOF');
export const irrf = aliquota('irrf', `${CP}/irrf`, 'aliquotas_irrf', 'Faixa de IRRF', 'Tabela de IRRF');

export const ipca = defineResource({
  name: 'ipca',
  command: `${CP}/ipca`,
  table: 'indices_ipca',
  label: { singular: 'Índice IPCA', plural: 'Índices IPCA', gender: 'm' },
  fields: {
    competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, unique: true }),
    variacaoMensal: f.percent('Variação no mês', { min: -10, max: 10, required: true }),
    acumulado12Meses: f.percent('Acumulado em 12 meses', { min: -20, max: 100 }),
  },
  grid: ['competencia', 'variacaoMensal', 'acumulado12Meses'],
  search: ['competencia'],
  sort: { field: 'competencia', dir: 'desc' },
});

export const retencaoMinima = defineResource({
  name: 'retencaominima',
  command: `${CP}/retencao-minima`,
  table: 'retencoes_minimas',
  label: { singular: 'Retenção mínima', plural: 'Retenções mínimas', gender: 'f' },
  fields: {
    tributo: f.enum('Tributo', [['IRRF', 'IRRF'], ['PCC', 'PIS/COFINS/CSLL'], ['ISS', 'ISS'], ['INSS', 'INSS']], { required: true }),
    valorMinimo: f.money('Valor mínimo a reter', { required: true }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['tributo', 'valorMinimo', 'inicioVigencia'],
  search: ['tributo'],
  sort: { field: 'tributo' },
});

export const sigla = defineResource({
  name: 'sigla',
  command: `${CP}/siglas`,
  table: 'siglas',
  label: { singular: 'Sigla', plural: 'Siglas', gender: 'f' },
  fields: {
    sigla: f.text('Sigla', { max: 10, required: true, unique: true, case: 'upper' }),
    descricao: f.descricao(120),
    uso: f.enum('Uso', [['DOCUMENTO', 'Documento'], ['TITULO', 'Título'], ['REMESSA', 'Remessa bancária']], { required: true }),
  },
  display: 'sigla',
  grid: ['sigla', 'descricao', 'uso'],
  search: ['sigla', 'descricao', 'uso'],
  sort: { field: 'sigla' },
});

export const limiteImposto = defineResource({
  name: 'limiteimposto',
  command: `${CP}/limite-imposto`,
  table: 'limites_impostos',
  label: { singular: 'Limite de imposto', plural: 'Limites de impostos', gender: 'm' },
  fields: {
    tipoImposto: f.ref('Tipo de imposto', 'tipoimposto', { required: true }),
    valorLimite: f.money('Teto mensal', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['tipoImposto', 'valorLimite', 'inicioVigencia', 'fimVigencia'],
  search: ['tipoImposto'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const tabelaImposto = defineResource({
  name: 'tabelaimposto',
  command: `${CP}/tabelas-impostos`,
  table: 'tabelas_impostos',
  label: { singular: 'Tabela de impostos', plural: 'Tabelas de impostos', gender: 'f' },
  fields: {
    tipoImposto: f.ref('Tipo de imposto', 'tipoimposto', { required: true }),
    grupo: f.ref('Grupo de impostos', 'grupoimposto', { required: true }),
    aliquota: f.percent('Alíquota', { required: true }),
    codigoReceita: f.text('Código da receita (DARF)', { max: 4, mask: '####' }),
    inicioVigencia: f.inicioVigencia(),
  },
  grid: ['tipoImposto', 'grupo', 'aliquota', 'codigoReceita', 'inicioVigencia'],
  search: ['tipoImposto', 'grupo'],
  sort: { field: 'inicioVigencia', dir: 'desc' },
});

export const tipoContasPagar = simple('tipocontaspagar', `${CP}/tipos-contas-pagar`, 'tipos_contas_pagar', { singular: 'Tipo de conta a pagar', plural: 'Tipos de contas a pagar', gender: 'm' }, {
  contaContabil: f.ref('Conta contábil', 'planoconta'),
  retemImpostos: f.boolean('Retém impostos'),
});

export const tipoDocumento = simple('tipodocumento', `${CP}/tipos-documentos`, 'tipos_documentos', { singular: 'Tipo de documento', plural: 'Tipos de documentos', gender: 'm' }, {
  sigla: f.text('Sigla', { max: 6, case: 'upper' }),
  fiscal: f.boolean('Documento fiscal'),
});

export const tipoImposto = simple('tipoimposto', `${CP}/tipos-impostos`, 'tipos_impostos', { singular: 'Tipo de imposto', plural: 'Tipos de impostos', gender: 'm' }, {
  codigoTiss: f.enum('Código TISS', [['01', 'IRRF'], ['02', 'ISS'], ['03', 'INSS'], ['04', 'PIS'], ['05', 'COFINS'], ['06', 'CSLL']], { required: true }),
  esfera: f.enum('Esfera', [['FEDERAL', 'Federal'], ['MUNICIPAL', 'Municipal']], { required: true }),
}, { search: ['esfera'] });

// ---- income natures (EFD-Reinf Tabela 01, R-4000 series) ----------------------------------------------------------

/**
 * The groups of Tabela 01: the first two digits of every code. Labels summarize the official group titles (Receita
 * Federal's are a sentence long) so the grid's chip shows them whole.
 */
export const GRUPOS_NATUREZA_RENDIMENTO = [
  ['10', '10 - Trabalho e previdência'],
  ['11', '11 - Decisão judicial'],
  ['12', '12 - Rendimento do capital'],
  ['13', '13 - Direitos (royalties)'],
  ['14', '14 - Prêmios e demais'],
  ['15', '15 - Pago a pessoa jurídica'],
  ['16', '16 - Residentes no exterior'],
  ['17', '17 - Pago por órgão federal'],
  ['18', '18 - Pago por estado ou município'],
  ['19', '19 - Beneficiário não identificado'],
  ['20', '20 - PJ, retenção no recebimento'],
] as const;

const BENEFICIARIO = [['PF', 'Pessoa física'], ['PJ', 'Pessoa jurídica'], ['AMBOS', 'Ambos']] as const;
// group 10 is income from work (R-4010, an individual); 15, 17, 18 and 20 are titled payments to a legal entity (R-4020)
const SO_PF = new Set(['10']);
const SO_PJ = new Set(['15', '17', '18', '20']);

export const naturezaRendimento = defineResource({
  name: 'naturezarendimento',
  command: '/financeiro/pagamento/natureza-rendimentos',
  table: 'naturezas_rendimentos',
  label: { singular: 'Natureza de rendimento', plural: 'Naturezas de rendimentos', gender: 'f' },
  fields: {
    codigo: f.text('Código', { max: 5, mask: '#####', required: true, unique: true, help: 'Código de 5 dígitos da Tabela 01 da EFD-Reinf; os 2 primeiros são o grupo.' }),
    descricao: f.descricao(300, { help: 'Como a Receita Federal escreve na Tabela 01.' }),
    grupo: f.enum('Grupo', GRUPOS_NATUREZA_RENDIMENTO, { required: true, help: 'O grupo da Tabela 01: os 2 primeiros dígitos do código.' }),
    tipoBeneficiario: f.enum('Beneficiário', BENEFICIARIO, { required: true, help: 'A quem o pagamento com esta natureza pode ser feito: R-4010 (pessoa física) ou R-4020 (pessoa jurídica).' }),
    retemIr: f.boolean('Retém IR', { help: 'O pagamento sofre retenção do imposto de renda na fonte.' }),
    retemCsrf: f.boolean('Retém CSRF', { help: 'O pagamento sofre retenção de PIS/COFINS/CSLL (contribuições sociais retidas na fonte).' }),
    ativo: f.ativo(),
    inicioVigencia: f.inicioVigencia(),
  },
  display: 'descricao',
  // the description is long (the official text) and shows whole on hover; the group is the code's first two digits and,
  // with the validity, in the form: the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts)
  grid: ['codigo', ['descricao', 'tooltip'], ['tipoBeneficiario', 'tag'], 'retemIr', 'retemCsrf', 'ativo'],
  search: ['codigo', 'descricao', 'grupo', 'tipoBeneficiario', 'retemIr', 'retemCsrf', 'ativo'],
  sort: { field: 'codigo' },
  sections: [
    { title: 'Natureza', fields: ['codigo', 'descricao', 'grupo'] },
    { title: 'Retenção', fields: ['tipoBeneficiario', 'retemIr', 'retemCsrf'] },
    { title: 'Vigência', fields: ['ativo', 'inicioVigencia'] },
  ],
  rules: (v) => {
    const out: RuleIssue[] = [];
    const codigo = typeof v.codigo === 'string' ? v.codigo : '';
    const grupo = typeof v.grupo === 'string' ? v.grupo : '';
    // the group is the code's prefix in Tabela 01: a mismatch would file the payment under the wrong kind of income
    if (codigo.length === 5 && !GRUPOS_NATUREZA_RENDIMENTO.some(([g]) => codigo.startsWith(g)))
      out.push({ field: 'codigo', message: 'O código deve começar por um grupo da Tabela 01, de 10 a 20.' });
    else if (codigo.length === 5 && grupo && !codigo.startsWith(grupo))
      out.push({ field: 'grupo', message: `O código ${codigo} pertence ao grupo ${codigo.slice(0, 2)}: escolha esse grupo ou corrija o código.` });
    if (SO_PF.has(grupo) && v.tipoBeneficiario !== 'PF')
      out.push({ field: 'tipoBeneficiario', message: 'Rendimentos do grupo 10 (trabalho e previdência) são pagos a pessoa física.' });
    if (SO_PJ.has(grupo) && v.tipoBeneficiario !== 'PJ')
      out.push({ field: 'tipoBeneficiario', message: `Rendimentos do grupo ${grupo} são pagos a pessoa jurídica.` });
    return out;
  },
});

// ---- receivable configuration ------------------------------------------------------------------------------------

export const tipoContasReceber = simple('tipocontasreceber', '/financeiro/recebimento/tipos-contas-receber', 'tipos_contas_receber', { singular: 'Tipo de conta a receber', plural: 'Tipos de contas a receber', gender: 'm' }, {
  contaContabil: f.ref('Conta contábil', 'planoconta'),
  tabelaJuros: f.ref('Tabela de juros e multa', 'tabelajurosmulta'),
});

export const financeiroResources = [
  planoConta, eventoMensal, mapeamentoPlanoConta, quotaEmprestimo, tabelaJurosMulta, tabelaParcelamentoValor,
  formaPagamento, grupoImposto, historicoContasPagar, iof, ipca, irrf, retencaoMinima, sigla, tipoImposto, limiteImposto, tabelaImposto, tipoContasPagar, tipoDocumento,
  naturezaRendimento,
  tipoContasReceber,
];
