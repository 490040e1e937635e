import { defineResource, f } from './define';

/** Spec §2.2 /contrato/precificacao: indexes, fee sizes and price tables. */

export const indexador = defineResource({
  name: 'indexador',
  command: '/contrato/precificacao/indexadores',
  table: 'indexadores',
  label: { singular: 'Indexador', plural: 'Indexadores', gender: 'm' },
  fields: {
    sigla: f.text('Sigla', { max: 10, required: true, unique: true, case: 'upper' }),
    descricao: f.descricao(80),
    periodicidade: f.enum('Periodicidade', [['MENSAL', 'Mensal'], ['ANUAL', 'Anual']], { required: true, default: 'MENSAL' }),
    valorAtual: f.decimal('Valor atual', { precision: 12, scale: 4 }),
    dataReferencia: f.date('Data de referência'),
    ativo: f.ativo(),
  },
  display: 'sigla',
  grid: ['sigla', 'descricao', 'periodicidade', 'valorAtual', 'dataReferencia', 'ativo'],
  search: ['sigla', 'descricao', 'periodicidade'],
  sort: { field: 'sigla' },
});

export const porteHonorario = defineResource({
  name: 'portehonorario',
  command: '/contrato/precificacao/portes-honorarios',
  table: 'portes_honorarios',
  label: { singular: 'Porte de honorário', plural: 'Portes de honorários', gender: 'm' },
  fields: {
    porte: f.text('Porte', { max: 3, required: true, case: 'upper', pattern: '[0-9]{1,2}[A-C]', example: '3B' }),
    valor: f.money('Valor', { required: true }),
    tabelaPreco: f.ref('Tabela de preços', 'tabpreco', { required: true }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['porte', ['valor', 'input'], 'tabelaPreco', 'inicioVigencia', 'fimVigencia'],
  search: ['porte', 'tabelaPreco', 'valor'],
  sort: { field: 'porte' },
});

export const tabelaPreco = defineResource({
  name: 'tabpreco',
  command: '/contrato/precificacao/tabelas-precos',
  table: 'tabelas_precos',
  label: { singular: 'Tabela de preços', plural: 'Tabelas de preços', gender: 'f' },
  fields: {
    codigo: f.codigo(10),
    descricao: f.descricao(120),
    tabelaTiss: f.enum('Tabela TISS', [['00', '00 Tabela própria'], ['18', '18 TUSS Taxas e diárias'], ['19', '19 TUSS Materiais'], ['20', '20 TUSS Medicamentos'], ['22', '22 TUSS Procedimentos'], ['98', '98 Pacotes']], { required: true }),
    indexador: f.ref('Indexador', 'indexador'),
    valorCh: f.decimal('Valor do CH', { precision: 10, scale: 4, min: 0 }),
    valorUco: f.decimal('Valor da UCO', { precision: 10, scale: 4, min: 0 }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
    ativo: f.ativo(),
  },
  display: 'descricao',
  // the grid fits 1400 px beside the side search (tests/e2e/desktop.test.ts); the form shows every field
  grid: ['codigo', 'descricao', 'tabelaTiss', 'valorCh', 'valorUco', 'inicioVigencia'],
  search: ['codigo', 'descricao', 'tabelaTiss', 'inicioVigencia'],
  sort: { field: 'codigo' },
});

export const contratoResources = [indexador, tabelaPreco, porteHonorario];
