import { defineResource, f, uf } from './define';

/** Spec §2.1 /cadastro/localizacao: cities (IBGE), districts, interchange units and countries. */

/** IBGE municipalities; the id is the 7-digit IBGE code (also serves GET /api/cidades/uf/:uf). */
export const cidade = defineResource({
  name: 'cidade',
  command: '/cadastro/localizacao/cidades',
  table: 'cidades',
  label: { singular: 'Cidade', plural: 'Cidades', gender: 'f' },
  fields: {
    id: f.integer('Código IBGE', { required: true, immutable: true, min: 1100000, max: 5399999, help: 'Código de 7 dígitos do IBGE.' }),
    nome: f.nome(80),
    uf: uf('UF', { required: true, index: true }),
    ddd: f.text('DDD', { max: 2, mask: '##' }),
    capital: f.boolean('Capital'),
  },
  display: 'nome',
  grid: ['id', 'nome', 'uf', 'ddd', 'capital'],
  search: ['nome', 'uf', ['id', 'eq'], 'capital'],
  sort: { field: 'nome' },
  indexes: [['uf', 'nome']],
});

export const distrito = defineResource({
  name: 'distrito',
  command: '/cadastro/localizacao/distritos',
  table: 'distritos',
  label: { singular: 'Distrito', plural: 'Distritos', gender: 'm' },
  fields: {
    nome: f.nome(80),
    cidade: f.ref('Cidade', 'cidade', { required: true }),
    codigoIbge: f.text('Código IBGE do distrito', { max: 9, mask: '#########' }),
    ativo: f.ativo(),
  },
  grid: ['nome', 'cidade', 'codigoIbge', 'ativo'],
  search: ['nome', 'cidade'],
  sort: { field: 'nome' },
});

export const intercambio = defineResource({
  name: 'unimed',
  command: '/cadastro/localizacao/intercambios',
  table: 'intercambios',
  label: { singular: 'Unidade de intercâmbio', plural: 'Unidades de intercâmbio', gender: 'f' },
  fields: {
    codigo: f.text('Código', { max: 4, mask: '####', required: true, unique: true }),
    nome: f.nome(120),
    cnpj: f.text('CNPJ', { max: 14, mask: '##.###.###/####-##', required: true, unique: true }),
    registroAns: f.text('Registro ANS', { max: 6, mask: '######' }),
    cidade: f.ref('Cidade', 'cidade', { required: true }),
    telefone: f.text('Telefone', { max: 11, mask: '(##) #####-####' }),
    email: f.text('E-mail', { max: 120, format: 'email' }),
    ativo: f.ativo(),
  },
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'nome', 'cnpj', 'registroAns', 'cidade', ['email', 'link'], 'ativo'],
  search: ['codigo', 'nome', 'cnpj', 'cidade'],
  sort: { field: 'nome' },
});

export const pais = defineResource({
  name: 'pais',
  command: '/cadastro/localizacao/paises',
  table: 'paises',
  label: { singular: 'País', plural: 'Países', gender: 'm' },
  fields: {
    codigo: f.text('Código ISO', { max: 2, mask: 'AA', required: true, unique: true }),
    sigla3: f.text('Sigla ISO-3', { max: 3, mask: 'AAA', required: true, unique: true }),
    codigoBacen: f.text('Código BACEN', { max: 4, mask: '####' }),
    nome: f.nome(80),
    nacionalidade: f.text('Nacionalidade', { max: 60 }),
    bandeira: f.text('Bandeira', { max: 2000, format: 'image' }),
  },
  display: 'nome',
  grid: [{ field: 'bandeira', type: 'image', width: 90 }, 'codigo', 'sigla3', 'codigoBacen', 'nome', 'nacionalidade'],
  search: ['nome', 'codigo'],
  sort: { field: 'nome' },
});

export const localizacaoResources = [cidade, distrito, intercambio, pais];
