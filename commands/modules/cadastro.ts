import { commands } from '../types';
import { MANAGE_ALL, list, rep, repPending } from './helpers';

/**
 * Spec §2.1: registration and base, all under /cadastro.
 * The spec writes /ajuda, /ans, /acesso, /base, /consulta-elegibilidade, /fundamento, /localizacao, /pessoa,
 * /configuracoes, /acordo-padrao-procedimento-beneficio, /percentualizacao and /classes-precos beside /cadastro;
 * here they are nested under it (one top-level group per spec section).
 * The three /cadastro/ans/... report paths keep the spec's own segments (/relatorio/saude-suplementar, then
 * /relatorio/cancelamento-adesao …), so the full path repeats 'relatorio'.
 */
export const cadastro = commands([
  { path: '/cadastro', title: 'Cadastro', icon: 'id-card', can: list('cadastro'), keywords: ['cadastros', 'registro'] },

  // Beneficiary and provider self-service (the logged-in user's own record); these are screens with children.
  {
    path: '/cadastro/beneficiarios',
    kind: 'route',
    title: 'Meu Cadastro de Beneficiário',
    icon: 'user',
    can: list('beneficiariologado'),
    keywords: ['meus dados', 'beneficiário logado', 'meu cadastro'],
  },
  {
    path: '/cadastro/beneficiarios/atualizacao-cadastral',
    title: 'Atualização Cadastral',
    icon: 'refresh',
    can: list('atualizacaocadastralbeneficiario'),
    keywords: ['atualizar dados', 'recadastramento'],
  },
  {
    path: '/cadastro/beneficiarios/consulta',
    title: 'Consulta de Beneficiário',
    icon: 'file-search',
    can: list('consultabeneficiario'),
    keywords: ['pesquisar beneficiário', 'carteirinha', 'matrícula'],
  },
  {
    path: '/cadastro/beneficiarios/cartaovirtual',
    title: 'Cartão Virtual',
    icon: 'credit-card',
    can: list('beneficiariologado'),
    flag: 'beneficiario.cartaovirtual',
    keywords: ['carteirinha', 'carteira digital', 'cartão do beneficiário'],
  },
  {
    path: '/cadastro/prestadores',
    title: 'Meu Cadastro de Prestador',
    icon: 'stethoscope',
    can: list('prestadorlogado'),
    keywords: ['meus dados', 'prestador logado', 'meu cadastro'],
  },
  {
    path: '/cadastro/consulta-elegibilidade',
    title: 'Consulta de Elegibilidade',
    icon: 'user-check',
    can: list('consultaelegibilidade'),
    keywords: ['elegibilidade', 'verificar beneficiário', 'cobertura'],
  },

  // Pessoa
  { path: '/cadastro/pessoa', title: 'Pessoa', icon: 'users', can: list('pessoa'), keywords: ['pessoas'] },
  {
    path: '/cadastro/pessoa/beneficiarios',
    kind: 'route',
    title: 'Beneficiários',
    icon: 'users',
    can: list('beneficiario'),
    keywords: ['titular', 'dependente', 'segurado', 'associado'],
  },
  {
    path: '/cadastro/pessoa/beneficiarios/busca/sib',
    title: 'Busca de Beneficiários no SIB',
    icon: 'search',
    can: list('beneficiario'),
    hidden: true,
    keywords: ['SIB'],
  },
  { path: '/cadastro/pessoa/fornecedores', title: 'Fornecedores', icon: 'truck', can: list('fornecedor'), keywords: ['credor'] },
  {
    path: '/cadastro/pessoa/prestadores',
    title: 'Prestadores',
    icon: 'stethoscope',
    can: list('prestador'),
    keywords: ['rede credenciada', 'clínica', 'hospital', 'médico', 'credenciado'],
  },
  {
    path: '/cadastro/pessoa/prestadores-indiretos',
    title: 'Prestadores Indiretos',
    icon: 'stethoscope',
    can: list('prestadorindireto'),
  },
  {
    path: '/cadastro/pessoa/profissionais',
    title: 'Profissionais',
    icon: 'user-check',
    can: list('profissional'),
    keywords: ['médico', 'CRM', 'conselho'],
  },

  // Acesso
  { path: '/cadastro/acesso', title: 'Acesso', icon: 'shield', can: list('acesso'), keywords: ['segurança', 'permissões'] },
  {
    path: '/cadastro/acesso/clonar-usuario',
    title: 'Clonar Usuário',
    icon: 'files',
    can: MANAGE_ALL,
    keywords: ['copiar usuário', 'duplicar permissões'],
  },
  {
    path: '/cadastro/acesso/config-permissoes',
    title: 'Configuração de Permissões',
    icon: 'key',
    can: list('configpermissao'),
    keywords: ['perfil', 'grupo de usuários'],
  },
  { path: '/cadastro/acesso/regras', title: 'Regras', icon: 'scale', can: list('regra'), keywords: ['regra de acesso', 'rule'] },
  {
    path: '/cadastro/acesso/migracao-usuario',
    title: 'Migração de Usuário',
    icon: 'send',
    can: list('migracaousuario'),
  },
  { path: '/cadastro/acesso/usuarios', title: 'Usuários', icon: 'users', can: list('usuario'), search: true, keywords: ['login', 'conta'] },
  {
    // not in the spec's tree: the LGPD trail of writes (who, when, what changed), for the administrator
    path: '/cadastro/acesso/trilha-auditoria',
    title: 'Trilha de Auditoria',
    icon: 'file-search',
    can: MANAGE_ALL,
    search: true,
    keywords: ['log', 'alterações', 'quem alterou', 'LGPD', 'histórico de gravações'],
  },
  {
    // not in the spec's tree: the LGPD log of reads of personal records (who read whose record, when)
    path: '/cadastro/acesso/log-acessos',
    title: 'Log de Acesso a Dados Pessoais',
    icon: 'file-search',
    can: MANAGE_ALL,
    search: true,
    keywords: ['LGPD', 'quem acessou', 'quem viu', 'consultas ao cadastro', 'log de leitura'],
  },
  {
    // not in the spec's tree: for a user, the commands they open; for a command, who opens it; for a beneficiary, who read it
    path: '/cadastro/acesso/quem-ve-o-que',
    title: 'Quem Vê o Quê',
    icon: 'lock',
    can: MANAGE_ALL,
    keywords: ['LGPD', 'permissões efetivas', 'quem pode abrir', 'comandos do usuário', 'quem acessou'],
  },

  // Base
  { path: '/cadastro/base', title: 'Base', icon: 'database', can: list('base'), keywords: ['tabelas básicas', 'tabelas de apoio'] },
  { path: '/cadastro/base/bancos', title: 'Bancos', icon: 'landmark', can: list('banco'), keywords: ['agência', 'febraban'] },
  { path: '/cadastro/base/cbos', title: 'CBOs', icon: 'book', can: list('cbo'), keywords: ['CBO', 'ocupação', 'classificação brasileira de ocupações'] },
  { path: '/cadastro/base/cids', title: 'CIDs', icon: 'book', can: list('cid'), keywords: ['CID', 'CID-10', 'doença', 'diagnóstico'] },
  {
    path: '/cadastro/base/classificacoes-estabelecimentos',
    title: 'Classificações de Estabelecimentos',
    icon: 'building',
    can: list('classificacaoestabelecimento'),
    keywords: ['CNES', 'tipo de estabelecimento'],
  },
  { path: '/cadastro/base/declaracoes', title: 'Declarações', icon: 'file-text', can: list('declaracao') },
  { path: '/cadastro/base/especialidades', title: 'Especialidades', icon: 'stethoscope', can: list('especialidade'), keywords: ['especialidade médica'] },
  { path: '/cadastro/base/estados-civis', title: 'Estados Civis', icon: 'users', can: list('estadocivil') },
  { path: '/cadastro/base/feriados', title: 'Feriados', icon: 'calendar', can: list('feriado'), keywords: ['calendário'] },
  {
    path: '/cadastro/base/grau-parentescos',
    title: 'Grau de Parentesco',
    icon: 'users',
    can: list('grauparentesco'),
    keywords: ['parentesco', 'dependência'],
  },
  { path: '/cadastro/base/pendencias', title: 'Pendências', icon: 'clipboard', can: list('pendencia') },
  { path: '/cadastro/base/programas-saude', title: 'Programas de Saúde', icon: 'heart-pulse', can: list('programasaude'), keywords: ['promoção da saúde', 'prevenção'] },
  { path: '/cadastro/base/questionarios', title: 'Questionários', icon: 'clipboard-check', can: list('questionario'), keywords: ['declaração de saúde'] },
  {
    path: '/cadastro/base/situacoes-faturamento',
    title: 'Situações de Faturamento',
    icon: 'receipt',
    can: list('situacaofaturamento'),
  },
  {
    path: '/cadastro/base/unidades-de-medida',
    title: 'Unidades de Medida',
    icon: 'sliders',
    can: list('unidademedida'),
    keywords: ['unidade'],
  },

  // Fundamento
  { path: '/cadastro/fundamento', title: 'Fundamento', icon: 'book', can: list('fundamento'), keywords: ['motivos', 'justificativas'] },
  { path: '/cadastro/fundamento/campos-criticados', title: 'Campos Criticados', icon: 'clipboard-check', can: list('campocriticado'), keywords: ['crítica'] },
  { path: '/cadastro/fundamento/motivos', title: 'Motivos', icon: 'list', can: list('motivo') },
  { path: '/cadastro/fundamento/motivos-afastamento', title: 'Motivos de Afastamento', icon: 'list', can: list('motivoafastamento') },
  { path: '/cadastro/fundamento/motivos-desligamento', title: 'Motivos de Desligamento', icon: 'list', can: list('motivodesligamento') },
  { path: '/cadastro/fundamento/motivos-saida', title: 'Motivos de Saída', icon: 'list', can: list('motivosaida') },

  // Localização
  { path: '/cadastro/localizacao', title: 'Localização', icon: 'map', can: list('localizacao'), keywords: ['endereço'] },
  { path: '/cadastro/localizacao/cidades', title: 'Cidades', icon: 'map-pin', can: list('cidade'), keywords: ['município', 'IBGE'] },
  { path: '/cadastro/localizacao/distritos', title: 'Distritos', icon: 'map-pin', can: list('distrito') },
  { path: '/cadastro/localizacao/intercambios', title: 'Intercâmbios', icon: 'globe', can: list('unimed'), keywords: ['unimed', 'intercâmbio'] },
  { path: '/cadastro/localizacao/paises', title: 'Países', icon: 'globe', can: list('pais') },

  // ANS (registration side): the supplementary-health report group
  { path: '/cadastro/ans', title: 'ANS', icon: 'landmark', can: list('ans'), keywords: ['agência nacional de saúde suplementar'] },
  {
    path: '/cadastro/ans/relatorio/saude-suplementar',
    title: 'Relatórios de Saúde Suplementar',
    icon: 'chart',
    can: list('relatoriosaudesuplementar'),
    keywords: ['ANS'],
  },
  {
    path: '/cadastro/ans/relatorio/saude-suplementar/relatorio/cancelamento-adesao',
    title: 'Cancelamento de Adesão',
    icon: 'file-text',
    // a report without a code in the spec: its own list permission (spec: list/cancelamentoadesao)
    ...repPending('cancelamentoadesao'),
    keywords: ['exclusão', 'ANS'],
  },
  {
    path: '/cadastro/ans/relatorio/saude-suplementar/relatorio/componente-utilizacao',
    title: 'Componente de Utilização',
    icon: 'chart',
    ...rep('rep279'),
    keywords: ['ANS'],
  },
  {
    path: '/cadastro/ans/relatorio/saude-suplementar/relatorio/identificacao-saude-suplementar',
    title: 'Identificação de Saúde Suplementar',
    icon: 'file-text',
    ...rep('rep267'),
    keywords: ['ANS'],
  },

  // Ajuda, configurações
  { path: '/cadastro/ajuda', title: 'Ajuda', icon: 'help', can: list('ajuda'), keywords: ['manual', 'suporte'] },
  { path: '/cadastro/configuracoes', title: 'Configurações', icon: 'settings', can: list('configuracoes'), keywords: ['sistema'] },
  {
    path: '/cadastro/configuracoes/about',
    title: 'Sobre',
    icon: 'info',
    can: ['analisecomsc', 'autorizacao'],
    keywords: ['versão', 'about'],
  },
  {
    path: '/cadastro/configuracoes/icons',
    title: 'Dicionário de Ícones',
    icon: 'tags',
    can: ['analisecomsc', 'autorizacao'],
    keywords: ['ícones', 'icons'],
  },

  // Contract-side registrations the spec lists in §2.1 (§2.2 says /contrato also groups percentages and the default agreement)
  {
    path: '/cadastro/acordo-padrao-procedimento-beneficio',
    title: 'Acordo Padrão de Procedimento por Benefício',
    icon: 'scale',
    can: list('acordopadraoprocedimentobeneficio'),
    keywords: ['acordo padrão', 'contrato'],
  },
  { path: '/cadastro/percentualizacao', title: 'Percentualização', icon: 'percent', can: list('percentualizacao'), keywords: ['percentuais', 'contrato'] },
  {
    path: '/cadastro/percentualizacao/percentuais-funcoes-executantes',
    title: 'Percentuais de Funções Executantes',
    icon: 'percent',
    can: list('percentualfuncaoexecutante'),
    keywords: ['auxiliar', 'anestesista', 'cirurgião'],
  },
  {
    path: '/cadastro/percentualizacao/percentuais-taxas-urgencias',
    title: 'Percentuais de Taxas de Urgência',
    icon: 'percent',
    can: list('percentualtaxaurgencia'),
    keywords: ['urgência', 'emergência'],
  },
  {
    path: '/cadastro/percentualizacao/percentuais-via-acesso',
    title: 'Percentuais por Via de Acesso',
    icon: 'percent',
    can: list('percentualviaacesso'),
    keywords: ['mesma via', 'via diferente'],
  },
  {
    path: '/cadastro/percentualizacao/tipos-acomodacoes',
    title: 'Tipos de Acomodação',
    icon: 'hospital',
    can: list('tipoacomodacao'),
    keywords: ['apartamento', 'enfermaria'],
  },
  { path: '/cadastro/classes-precos', title: 'Classes de Preços', icon: 'tags', can: list('classepreco'), keywords: ['classe de preço', 'contrato'] },
]);
