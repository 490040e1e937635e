import { commands } from '../types';
import { list } from './helpers';

/**
 * Spec §2.2: contract and tables. The spec's /tabela is nested here as /contrato/tabela.
 * Percentages (/cadastro/percentualizacao) and the default agreement (/cadastro/acordo-padrao-procedimento-beneficio)
 * are written in §2.1 and stay under /cadastro.
 */
export const contrato = commands([
  { path: '/contrato', title: 'Contrato', icon: 'file-check', can: list('contrato'), keywords: ['contratos', 'tabelas', 'preços'] },

  { path: '/contrato/precificacao', title: 'Precificação', icon: 'calculator', can: list('precificacao'), keywords: ['preços'] },
  {
    path: '/contrato/precificacao/indexadores',
    title: 'Indexadores',
    icon: 'trending-up',
    can: list('indexador'),
    keywords: ['índice', 'reajuste', 'CH', 'UCO'],
  },
  {
    path: '/contrato/precificacao/portes-honorarios',
    title: 'Portes de Honorários',
    icon: 'layers',
    can: list('portehonorario'),
    keywords: ['porte', 'CBHPM', 'honorário médico'],
  },
  {
    path: '/contrato/precificacao/tabelas-precos',
    title: 'Tabelas de Preços',
    icon: 'table',
    can: list('tabpreco'),
    keywords: ['tabela de preço', 'valores contratados'],
  },

  { path: '/contrato/tabela', title: 'Tabelas', icon: 'table', can: list('tabela'), keywords: ['TUSS', 'tabelas de referência'] },
  { path: '/contrato/tabela/brasindice', title: 'Brasíndice', icon: 'book', can: list('brasindice'), keywords: ['brasindice'] },
  {
    path: '/contrato/tabela/brasindice/brasindice-materiais',
    title: 'Brasíndice Materiais',
    icon: 'box',
    can: list('brasindicematerial'),
    keywords: ['brasindice', 'materiais'],
  },
  {
    path: '/contrato/tabela/brasindice/brasindice-medicamentos',
    title: 'Brasíndice Medicamentos',
    icon: 'pill',
    can: list('brasindicemedicamento'),
    keywords: ['brasindice', 'medicamentos'],
  },
  {
    path: '/contrato/tabela/grupos-acessos-procedimentos',
    title: 'Grupos de Acesso a Procedimentos',
    icon: 'layers',
    can: list('grupoacessoprocedimento'),
  },
  { path: '/contrato/tabela/grupos-procedimentos', title: 'Grupos de Procedimentos', icon: 'layers', can: list('grupoprocedimento') },
  { path: '/contrato/tabela/grupos-tiss', title: 'Grupos TISS', icon: 'layers', can: list('grupotiss'), keywords: ['TISS'] },
  { path: '/contrato/tabela/materiais', title: 'Materiais', icon: 'box', can: list('material'), keywords: ['OPME', 'TUSS 19'] },
  { path: '/contrato/tabela/medicamentos', title: 'Medicamentos', icon: 'pill', can: list('medicamento'), keywords: ['remédio', 'TUSS 20'] },
  { path: '/contrato/tabela/odonto', title: 'Odontologia', icon: 'tooth', can: list('odonto'), keywords: ['odonto', 'dentista'] },
  { path: '/contrato/tabela/odonto/dentes', title: 'Dentes', icon: 'tooth', can: list('dente') },
  { path: '/contrato/tabela/odonto/faces-dentes', title: 'Faces dos Dentes', icon: 'tooth', can: list('facedente') },
  { path: '/contrato/tabela/odonto/grupos-dentes', title: 'Grupos de Dentes', icon: 'tooth', can: list('grupodente') },
  { path: '/contrato/tabela/odonto/regioes-dentes', title: 'Regiões dos Dentes', icon: 'tooth', can: list('regiaodente'), keywords: ['arcada'] },
  { path: '/contrato/tabela/pacotes', title: 'Pacotes', icon: 'box', can: list('pacote'), keywords: ['pacote de procedimentos'] },
  {
    path: '/contrato/tabela/procedimentos',
    title: 'Procedimentos',
    icon: 'stethoscope',
    can: list('procedimento'),
    keywords: ['TUSS', 'CBHPM', 'rol', 'exame'],
  },
  { path: '/contrato/tabela/servico-aps', title: 'Serviço APS', icon: 'heart-pulse', can: list('servicoaps'), keywords: ['atenção primária'] },
  { path: '/contrato/tabela/taxas', title: 'Taxas', icon: 'receipt', can: list('taxa'), keywords: ['diárias', 'taxas hospitalares'] },
]);
