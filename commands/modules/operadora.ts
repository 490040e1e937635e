import { commands } from '../types';
import { list } from './helpers';

const COPASS = ['copass'] as const;

/**
 * Spec §2.4: the operator group (/operadora/sib, configuracao-operadora, contribuicao-operadora, funds and
 * interchange), plus the copass memberships and /atendimentos that the spec lists in the same section.
 * The folder's subject is 'grupooperadora' because 'operadora' is the spec's resource for the operators list.
 */
export const operadora = commands([
  { path: '/operadora', title: 'Operadora', icon: 'building', can: list('grupooperadora'), keywords: ['configuração da operadora'] },

  { path: '/operadora/sib', title: 'SIB', icon: 'users', can: list('sib'), keywords: ['sistema de informações de beneficiários', 'ANS'] },
  { path: '/operadora/sib/sib-importacao', title: 'Importação SIB', icon: 'upload', can: list('sibimportacao'), keywords: ['SIB', 'retorno'] },
  {
    path: '/operadora/sib/mudancas-contratuais-sib',
    title: 'Mudanças Contratuais SIB',
    icon: 'file-text',
    can: list('mudancacontratualsib'),
    keywords: ['SIB'],
  },
  { path: '/operadora/sib/processo-movimento', title: 'Processar Movimento SIB', icon: 'refresh', can: list('movimentosib'), keywords: ['SIB'] },
  { path: '/operadora/sib/remessas-movimentos-sib', title: 'Remessas de Movimentos SIB', icon: 'send', can: list('remessamovimentosib'), keywords: ['SIB'] },

  { path: '/operadora/configuracao-operadora', title: 'Configuração da Operadora', icon: 'settings', can: list('configuracaooperadora') },
  { path: '/operadora/configuracao-operadora/cadastro-tags', title: 'Cadastro de Tags', icon: 'tags', can: list('tag'), keywords: ['etiquetas', 'documentos'] },
  {
    path: '/operadora/configuracao-operadora/configuracoes-responsaveis-protocolos',
    title: 'Responsáveis por Protocolos',
    icon: 'user-check',
    can: list('configuracaoresponsavelprotocolo'),
    keywords: ['protocolo', 'responsável'],
  },
  { path: '/operadora/configuracao-operadora/empresas', title: 'Empresas', icon: 'building', can: list('empresa'), keywords: ['contratante', 'CNPJ'] },
  { path: '/operadora/configuracao-operadora/grupos-produtos', title: 'Grupos de Produtos', icon: 'layers', can: list('grupoproduto') },
  { path: '/operadora/configuracao-operadora/operadoras', title: 'Operadoras', icon: 'building', can: list('operadora'), keywords: ['registro ANS'] },
  { path: '/operadora/configuracao-operadora/permissoes-datas', title: 'Permissões de Datas', icon: 'calendar', can: list('permissaodata') },
  { path: '/operadora/configuracao-operadora/produtos', title: 'Produtos', icon: 'box', can: list('produto'), keywords: ['plano', 'plano de saúde'] },
  { path: '/operadora/configuracao-operadora/setores-empresa', title: 'Setores da Empresa', icon: 'building', can: list('setorempresa'), keywords: ['lotação'] },
  { path: '/operadora/configuracao-operadora/tipos-cargos', title: 'Tipos de Cargos', icon: 'list', can: list('tipocargo') },

  { path: '/operadora/contribuicao-operadora', title: 'Contribuição', icon: 'banknote', can: list('contribuicaooperadora'), keywords: ['mensalidade', 'custeio'] },
  {
    path: '/operadora/contribuicao-operadora/classificacoes-matriculas',
    title: 'Classificações de Matrículas',
    icon: 'tags',
    can: list('classificacaomatricula'),
  },
  { path: '/operadora/contribuicao-operadora/coparticipacoes', title: 'Coparticipações', icon: 'percent', can: list('coparticipacao') },
  { path: '/operadora/contribuicao-operadora/cotas-uniao', title: 'Cotas da União', icon: 'landmark', can: list('cotauniao') },
  { path: '/operadora/contribuicao-operadora/faixa-etaria', title: 'Faixa Etária', icon: 'users', can: list('faixaetaria'), keywords: ['idade'] },
  { path: '/operadora/contribuicao-operadora/fundo-social', title: 'Fundo Social', icon: 'heart-pulse', can: list('fundosocial') },
  {
    path: '/operadora/contribuicao-operadora/fundo-social-beneficiario',
    title: 'Fundo Social por Beneficiário',
    icon: 'heart-pulse',
    can: list('fundosocialbeneficiario'),
  },
  { path: '/operadora/contribuicao-operadora/joias', title: 'Joias', icon: 'banknote', can: list('joia'), keywords: ['taxa de adesão'] },
  {
    path: '/operadora/contribuicao-operadora/limites-coparticipacao',
    title: 'Limites de Coparticipação',
    icon: 'sliders',
    can: list('limitecoparticipacao'),
  },
  {
    path: '/operadora/contribuicao-operadora/percentual-reducao-margem',
    title: 'Percentual de Redução de Margem',
    icon: 'percent',
    can: list('percentualreducaomargem'),
    keywords: ['margem consignável'],
  },
  {
    path: '/operadora/contribuicao-operadora/situacoes-contratantes',
    title: 'Situações de Contratantes',
    icon: 'list',
    can: list('situacaocontratante'),
  },
  {
    path: '/operadora/contribuicao-operadora/subsidios-contribuicao',
    title: 'Subsídios de Contribuição',
    icon: 'wallet',
    can: list('subsidiocontribuicao'),
  },
  { path: '/operadora/contribuicao-operadora/taxas-cartao', title: 'Taxas de Cartão', icon: 'credit-card', can: list('taxacartao'), keywords: ['segunda via de cartão'] },
  { path: '/operadora/contribuicao-operadora/tipos-contribuicoes', title: 'Tipos de Contribuições', icon: 'list', can: list('tipocontribuicao') },
  { path: '/operadora/contribuicao-operadora/tipos-coparticipacoes', title: 'Tipos de Coparticipações', icon: 'list', can: list('tipocoparticipacao') },
  { path: '/operadora/contribuicao-operadora/tipos-descontos', title: 'Tipos de Descontos', icon: 'list', can: list('tipodesconto') },
  { path: '/operadora/contribuicao-operadora/tipos-pagamentos', title: 'Tipos de Pagamentos', icon: 'list', can: list('tipopagamento') },

  { path: '/operadora/fundo-reserva', title: 'Fundo de Reserva', icon: 'archive', can: list('fundoreserva') },
  {
    path: '/operadora/movimentos-intercambios',
    title: 'Movimentos de Intercâmbio',
    icon: 'globe',
    can: list('movimentointercambio'),
    keywords: ['intercâmbio', 'unimed'],
  },
  { path: '/operadora/taxas-boleto', title: 'Taxas de Boleto', icon: 'receipt', can: list('taxaboleto'), keywords: ['tarifa bancária'] },

  {
    path: '/operadora/adesao-aeromedico',
    title: 'Adesão ao Aeromédico',
    icon: 'truck',
    can: list('adesaoaeromedico'),
    clients: COPASS,
    keywords: ['remoção aérea', 'UTI aérea'],
  },
  { path: '/operadora/adesao-odonto', title: 'Adesão ao Odontológico', icon: 'tooth', can: list('adesaoodonto'), clients: COPASS, keywords: ['plano odontológico'] },
  { path: '/operadora/atendimentos', title: 'Atendimentos', icon: 'phone', can: list('atendimento'), search: true, keywords: ['central de atendimento', 'protocolo'] },
]);
