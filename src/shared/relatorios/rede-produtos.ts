import { f, uf } from '../resources/define';
import { TIPOS_PESSOA } from '../resources/pessoas';
import { ENVIOS_RPS, MOTIVOS_EXCLUSAO_REDE, TIPOS_MOVIMENTO } from '../rps';
import { defineReport } from './define';

/**
 * Reports over the network of each product (RPS: `rede_produtos`, `movimentos_rps`), the registry the administrator
 * keeps in Movimentos RPS. "Benefício" in the spec's names is the product (plan).
 */

const PRESTADOR = { singular: 'prestador', plural: 'prestadores', gender: 'm' } as const;

/** rep080 — the providers of each product's network on a date (today unless asked), grouped by product. */
export const PRESTADORES_POR_PRODUTO = defineReport({
  code: 'rep080',
  command: '/relatorio/rede-credenciada/prestador-beneficio',
  about: 'A rede de atendimento de cada produto numa data (hoje, se não informada): os prestadores vinculados, com especialidade, cidade e a data em que entraram na rede.',
  list: {
    key: 'relatorio.rep080',
    noun: PRESTADOR,
    fields: {
      grupo: f.text('Produto', { max: 150 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      especialidadeNome: f.text('Especialidade', { max: 120 }),
      cidadeUf: f.text('Cidade', { max: 90 }),
      inicio: f.date('Na rede desde'),
      produto: f.ref('Produto', 'produto'),
      data: f.date('Rede em'),
      uf: uf('UF'),
      especialidade: f.text('Especialidade', { max: 120 }),
      vigente: f.boolean('Na rede'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'data', op: 'eq', param: 'data' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: cardiologia' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'tipoPessoa' }, { key: 'especialidadeNome' }, { key: 'cidadeUf' }, { key: 'inicio' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Produto', plural: 'produtos' },
  chart: { title: 'Prestadores na rede de cada produto', value: 'count' },
  orientation: 'portrait',
  widths: { codigo: 0.9, nome: 3, tipoPessoa: 1.2, especialidadeNome: 2.2, cidadeUf: 2, inicio: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep367 (copass) — search one product's network in force today by specialty and city: where a member of that plan
 * is seen, grouped by the provider's main specialty, with address and phone.
 */
export const PESQUISA_REDE_PRODUTO = defineReport({
  code: 'rep367',
  command: '/relatorio/rede-credenciada/pesquisa-prestador-beneficio',
  about: 'A rede em vigor de um produto, por especialidade e cidade: onde o beneficiário daquele plano é atendido, com endereço e telefone.',
  list: {
    key: 'relatorio.rep367',
    noun: PRESTADOR,
    fields: {
      grupo: f.text('Especialidade', { max: 150 }),
      nome: f.text('Prestador', { max: 150 }),
      cidadeUf: f.text('Cidade', { max: 90 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      telefone: f.phone('Telefone'),
      inicio: f.date('Na rede desde'),
      produto: f.ref('Produto', 'produto'),
      especialidade: f.text('Especialidade', { max: 120 }),
      cidade: f.text('Cidade', { max: 80 }),
      uf: uf('UF'),
      vigente: f.boolean('Na rede'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: pediatria' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Ex.: Belo Horizonte' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    requires: { anyOf: ['produto'], message: 'Informe o produto.' },
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'nome' }, { key: 'cidadeUf' }, { key: 'endereco' }, { key: 'bairro' }, { key: 'telefone' }, { key: 'inicio' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Especialidade', plural: 'especialidades' },
  orientation: 'landscape',
  widths: { nome: 3, cidadeUf: 1.8, endereco: 3, bairro: 1.4, telefone: 1.3, inicio: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep260 (RPS) — every registration of the products' networks: each inclusion and exclusion by product, with the
 * provider, its document, the reason of an exclusion and its state towards the ANS; inclusions and exclusions
 * counted per product.
 */
export const TODOS_REGISTROS_RPS = defineReport({
  code: 'rep260',
  id: 'rep260-rps',
  command: '/relatorio/credenciamento/rps/todos-registros',
  about: 'Todas as inclusões e exclusões de prestadores na rede de cada produto (movimentos RPS), com o motivo das exclusões e a situação do envio à ANS.',
  list: {
    key: 'relatorio.rep260-rps',
    noun: { singular: 'movimento', plural: 'movimentos', gender: 'm' },
    fields: {
      grupo: f.text('Produto', { max: 150 }),
      data: f.date('Data'),
      tipo: f.enum('Movimento', TIPOS_MOVIMENTO),
      nome: f.text('Prestador', { max: 150 }),
      documento: f.text('CPF/CNPJ', { max: 18 }),
      motivo: f.enum('Motivo da exclusão', MOTIVOS_EXCLUSAO_REDE),
      envio: f.enum('Envio à ANS', ENVIOS_RPS),
      inclusoes: f.integer('Inclusões'),
      exclusoes: f.integer('Exclusões'),
      produto: f.ref('Produto', 'produto'),
      periodo: f.date('Data'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'tipo', op: 'eq', param: 'tipo' },
      { field: 'periodo', op: 'gte', param: 'inicio', label: 'Data de' },
      { field: 'periodo', op: 'lte', param: 'termino', label: 'Data até' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Prestador', placeholder: 'Parte do nome' },
      { field: 'envio', op: 'eq', param: 'envio' },
    ],
    // the two counts are 1 on their movement's row (blank on the other), so each product's subtotal tallies them
    columns: [{ key: 'data' }, { key: 'tipo' }, { key: 'nome' }, { key: 'documento' }, { key: 'motivo' }, { key: 'envio' }, { key: 'inclusoes' }, { key: 'exclusoes' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Produto', plural: 'produtos' },
  totals: [
    { key: 'inclusoes', label: 'Inclusões', kind: 'integer' },
    { key: 'exclusoes', label: 'Exclusões', kind: 'integer' },
  ],
  orientation: 'landscape',
  widths: { data: 0.9, tipo: 0.9, nome: 3.2, documento: 1.5, motivo: 2.8, envio: 1.4, inclusoes: 0.9, exclusoes: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});
