import { f, uf } from '../resources/define';
import { STATUS_PAGAMENTO, TIPOS_PESSOA } from '../resources/pessoas';
import { defineReport } from './define';

/** Why a beneficiary asking rep075 for another product's network is refused. */
export const MSG_REDE_DO_PLANO = 'Você só pode consultar a rede do seu plano.';

/**
 * rep075 — the network guide: providers in force by city and specialty, for the operator's desk and for the
 * beneficiary looking for where to be seen (a phone, often). Only what a guide shows: name, specialties,
 * address and phone; never documents or bank data. A beneficiary or dependent sees only their own plan's network
 * in force today (the server decides from the session); the operator sees every provider, or a product's network.
 */
export const REDE_CIDADE_ESPECIALIDADE = defineReport({
  code: 'rep075',
  command: '/relatorio/rede-credenciada/cidadeespecialidade',
  about: 'Prestadores credenciados em vigor, por cidade, com especialidades, endereço e telefone. Para o beneficiário, a rede do seu plano.',
  list: {
    key: 'relatorio.rep075',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('Cidade', { max: 90 }),
      nome: f.text('Prestador', { max: 150 }),
      especialidades: f.text('Especialidades', { max: 250 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      telefone: f.phone('Telefone'),
      uf: uf('UF'),
      cidade: f.text('Cidade', { max: 80 }),
      especialidade: f.text('Especialidade', { max: 120 }),
      vigente: f.boolean('Em vigor'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [
      // the operator's choice; a beneficiary has no list of products and sees their own plan's network
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Ex.: Belo Horizonte' },
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: cardiologia' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'nome', sort: 'nome' }, { key: 'especialidades' }, { key: 'endereco' }, { key: 'bairro' }, { key: 'telefone' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Cidade', plural: 'cidades' },
  orientation: 'landscape',
  widths: { nome: 3, especialidades: 2.6, endereco: 3.2, bairro: 1.4, telefone: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep316 — the provider's contracted price table: every procedure in force at a date, grouped by procedure group,
 * priced by the one pricing function (its table's fee sizes, its price class). The operator picks the provider;
 * a provider sees its own table only, without choosing.
 */
export const TABELA_PRECO_CONTRATADO = defineReport({
  code: 'rep316',
  command: '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
  about: 'Os procedimentos em vigência na data com o valor contratado do prestador: a base do preço e a classe aplicadas a cada um.',
  list: {
    key: 'relatorio.rep316',
    noun: { singular: 'procedimento', plural: 'procedimentos', gender: 'm' },
    fields: {
      grupo: f.text('Grupo de procedimentos', { max: 200 }),
      codigo: f.text('Código TUSS', { max: 10 }),
      descricao: f.text('Descrição', { max: 300 }),
      porte: f.text('Porte', { max: 3 }),
      valorReferencia: f.money('Valor de referência'),
      base: f.text('Base do preço', { max: 200 }),
      classe: f.text('Classe de preço', { max: 120 }),
      valor: f.money('Valor contratado'),
      prestador: f.ref('Prestador', 'prestador', { picker: 'autocomplete' }),
      data: f.date('Vigentes em'),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'prestador', op: 'eq', param: 'prestador' },
      { field: 'data', op: 'eq', param: 'data' },
      { field: 'codigo', op: 'startsWith', param: 'codigo', placeholder: 'Ex.: 4080' },
      { field: 'descricao', op: 'contains', param: 'descricao', placeholder: 'Parte da descrição' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'descricao' }, { key: 'porte' }, { key: 'valorReferencia' }, { key: 'base' }, { key: 'classe' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'codigo', dir: 'asc' },
    ],
    sortable: ['grupo', 'codigo'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Grupo', plural: 'grupos' },
  orientation: 'landscape',
  widths: { codigo: 1, descricao: 4.2, porte: 0.6, valorReferencia: 1.2, base: 2.2, classe: 1.6, valor: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep077 — providers' mailing addresses by UF (the operator's correspondence and visits). */
export const ENDERECOS_PRESTADORES = defineReport({
  code: 'rep077',
  command: '/relatorio/rede-credenciada/endereco-prestador',
  about: 'Endereço completo, telefone e e-mail dos prestadores em vigor, por UF.',
  list: {
    key: 'relatorio.rep077',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('UF', { max: 40 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      cep: f.doc('CEP', 'cep'),
      cidadeNome: f.text('Cidade', { max: 80 }),
      telefone: f.phone('Telefone'),
      email: f.text('E-mail', { max: 120 }),
      uf: uf('UF'),
      cidade: f.text('Cidade', { max: 80 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Parte do nome' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'endereco' }, { key: 'bairro' }, { key: 'cep' }, { key: 'cidadeNome' }, { key: 'telefone' }, { key: 'email' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'UF', plural: 'UFs' },
  orientation: 'landscape',
  widths: { codigo: 0.8, nome: 3, endereco: 3, bairro: 1.4, cep: 1, cidadeNome: 1.6, telefone: 1.3, email: 2.4 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The states of a provider's term (vigência): the group of rep079. */
export const SITUACOES_VIGENCIA = ['Em vigor', 'Vigência a iniciar', 'Vigência encerrada'] as const;

/** rep079 — every provider by the state of its term, with its payment status (who may be paid, who is blocked). */
export const SITUACAO_PRESTADORES = defineReport({
  code: 'rep079',
  command: '/relatorio/rede-credenciada/situacao-prestador',
  about: 'Todos os prestadores pela situação da vigência (em vigor, a iniciar, encerrada), com as datas e a situação de pagamento.',
  list: {
    key: 'relatorio.rep079',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.enum('Situação da vigência', SITUACOES_VIGENCIA.map((s) => [s, s] as const)),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      especialidadeNome: f.text('Especialidade', { max: 120 }),
      cidadeUf: f.text('Cidade', { max: 90 }),
      inicioVigencia: f.date('Início da vigência'),
      fimVigencia: f.date('Fim da vigência'),
      statusPagamento: f.enum('Situação de pagamento', STATUS_PAGAMENTO),
      uf: uf('UF'),
    },
    search: [
      { field: 'grupo', op: 'eq', param: 'situacao' },
      { field: 'statusPagamento', op: 'eq', param: 'pagamento' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'tipoPessoa' }, { key: 'especialidadeNome' }, { key: 'cidadeUf' }, { key: 'inicioVigencia' }, { key: 'fimVigencia' }, { key: 'statusPagamento' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Situação da vigência', plural: 'situações' },
  orientation: 'landscape',
  widths: { codigo: 0.8, nome: 3, tipoPessoa: 1.2, especialidadeNome: 2.2, cidadeUf: 2, inicioVigencia: 1, fimVigencia: 1, statusPagamento: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep071 — providers in force by main specialty (credenciamento): how many the network has of each, who they are,
 * their council registration and where they are; a bar per specialty shows where it is thin.
 */
export const PRESTADORES_POR_ESPECIALIDADE = defineReport({
  code: 'rep071',
  command: '/relatorio/credenciamento/prestadores-especialidade',
  about: 'Prestadores em vigor pela especialidade principal, com conselho, cidade e início da vigência, e o total por especialidade.',
  list: {
    key: 'relatorio.rep071',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('Especialidade', { max: 150 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      registro: f.text('Conselho', { max: 40 }),
      cidadeUf: f.text('Cidade', { max: 90 }),
      inicioVigencia: f.date('Início da vigência'),
      uf: uf('UF'),
      especialidade: f.text('Especialidade', { max: 120 }),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: pediatria' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'tipoPessoa' }, { key: 'registro' }, { key: 'cidadeUf' }, { key: 'inicioVigencia' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Especialidade', plural: 'especialidades' },
  chart: { title: 'Prestadores por especialidade', value: 'count' },
  orientation: 'portrait',
  widths: { codigo: 0.9, nome: 3.2, tipoPessoa: 1.3, registro: 1.4, cidadeUf: 2, inicioVigencia: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
