import { commands } from '../../types';
import { list, rep } from '../helpers';

/** Spec §2.6: /relatorio/rede-credenciada (the accredited network). */
export const relatorioRedeCredenciada = commands([
  {
    path: '/relatorio/rede-credenciada',
    title: 'Rede Credenciada',
    icon: 'hospital',
    can: list('relatorioredecredenciada'),
    keywords: ['prestadores', 'rede'],
  },
  {
    path: '/relatorio/rede-credenciada/cidadeespecialidade',
    title: 'Rede Credenciada por Cidade e Especialidade',
    icon: 'map-pin',
    ...rep('rep075'),
    keywords: ['guia médico', 'encontrar médico', 'onde ser atendido'],
  },
  {
    path: '/relatorio/rede-credenciada/email-prestador2',
    title: 'E-mails de Prestadores',
    icon: 'mail',
    ...rep('rep076'),
    clients: ['bhtrans'],
  },
  { path: '/relatorio/rede-credenciada/endereco-prestador', title: 'Endereços de Prestadores', icon: 'map-pin', ...rep('rep077') },
  { path: '/relatorio/rede-credenciada/etiqueta-prestador', title: 'Etiquetas de Prestadores', icon: 'tags', ...rep('rep074'), keywords: ['mala direta'] },
  {
    path: '/relatorio/rede-credenciada/gerencial-quantitativo-rede',
    title: 'Gerencial Quantitativo da Rede',
    icon: 'chart',
    ...rep('rep126'),
  },
  {
    path: '/relatorio/rede-credenciada/pesquisa-prestador-beneficio',
    title: 'Pesquisa de Prestador por Benefício',
    icon: 'search',
    ...rep('rep367'),
    clients: ['copass'],
  },
  {
    path: '/relatorio/rede-credenciada/rede-credenciada-pendencia-dados',
    title: 'Rede Credenciada com Pendência de Dados',
    icon: 'clipboard',
    ...rep('rep078'),
  },
  { path: '/relatorio/rede-credenciada/prestador-atualizado', title: 'Prestadores Atualizados', icon: 'refresh', ...rep('rep081') },
  { path: '/relatorio/rede-credenciada/prestador-beneficio', title: 'Prestadores por Benefício', icon: 'stethoscope', ...rep('rep080') },
  { path: '/relatorio/rede-credenciada/situacao-prestador', title: 'Situação de Prestadores', icon: 'user-check', ...rep('rep079') },
  {
    path: '/relatorio/rede-credenciada/prestador-tabela-preco-contratado',
    title: 'Tabela de Preço Contratado do Prestador',
    icon: 'table',
    ...rep('rep316'),
    keywords: ['meus preços', 'valores contratados'],
  },
  { path: '/relatorio/rede-credenciada/tabelas-atuais', title: 'Tabelas Atuais', icon: 'table', ...rep('rep083') },
]);
