import { commands, type CommandDef, type CommandExtra } from '../types';
import { MANAGE_ALL, list } from './helpers';

/**
 * Spec §2.7: utilities.
 * - Exports: the spec gives the action 'exportacao' for /exportacao; every entry under it (folder, sub-folder,
 *   export) uses exportacao on the folder's subject 'exportacao', except notas-fiscais-servicos-tomados, which
 *   the spec marks rep359 (permission rep359 on report). Grouping words of the spec (ANS, Financial, Payroll,
 *   Client-specific, Others) are not path segments; 'receita-federal' is, as the spec writes "receita-federal with …".
 * - Processes: subject 'proc' + name (after the spec's 'procint' for the interchange processes), action list,
 *   except where the spec gives manage on all or removecartoes.
 * - Client lists in parentheses apply to every item of the same "a and b (clients)" phrase.
 */
const EXPORTACAO = ['exportacao', 'exportacao'] as const;
const exp = <const N extends string>(name: N, title: string, extra: CommandExtra = {}) =>
  ({ kind: 'export', title, icon: 'download', can: EXPORTACAO, ...extra, path: `/util/exportacao/${name}` }) as const satisfies CommandDef;

const proc = <const N extends string>(name: N, title: string, extra: CommandExtra = {}) =>
  ({ kind: 'process', title, icon: 'refresh', can: list(`proc${name.replace(/[-/]/g, '')}`), ...extra, path: `/util/processo/${name}` }) as const satisfies CommandDef;

const COPASS = ['copass'] as const;

export const util = commands([
  { path: '/util', title: 'Utilitários', icon: 'cog', can: list('util'), keywords: ['ferramentas', 'utilidades'] },

  // Análise
  { path: '/util/analise', title: 'Análise', icon: 'search', can: list('analise'), keywords: ['diagnóstico', 'integrações'] },
  {
    path: '/util/analise/atendimentos-integracoes',
    title: 'Atendimentos de Integrações',
    icon: 'activity',
    can: list('atendimentointegracao'),
    search: true,
  },
  {
    path: '/util/analise/autorizacoes-intercambio',
    title: 'Autorizações de Intercâmbio',
    icon: 'globe',
    can: list('autorizacaointercambio'),
    search: true,
    keywords: ['intercâmbio', 'unimed'],
  },
  {
    path: '/util/analise/beneficiarios-integracoes',
    title: 'Beneficiários de Integrações',
    icon: 'users',
    can: list('beneficiariointegracao'),
    search: true,
  },
  { path: '/util/analise/calculo-procedimento', title: 'Cálculo de Procedimento', icon: 'calculator', can: list('calculoprocedimento'), keywords: ['simular valor'] },
  { path: '/util/analise/log-importacao', title: 'Log de Importação', icon: 'file-search', can: list('logimportacao') },
  {
    path: '/util/analise/lote-integracao-auditoria',
    title: 'Lotes de Integração de Auditoria',
    icon: 'layers',
    can: list('loteintegracaoauditoria'),
  },
  { path: '/util/analise/fila-sessao', title: 'Fila de Sessões', icon: 'clock', can: MANAGE_ALL, keywords: ['sessões ativas', 'usuários conectados'] },
  { path: '/util/analise/dashboards', title: 'Dashboards', icon: 'gauge', can: MANAGE_ALL, keywords: ['painéis'] },
  {
    path: '/util/analise/saldo-consignado',
    title: 'Saldo Consignado',
    icon: 'wallet',
    can: list('saldoconsignado'),
    clients: ['aeco'],
    keywords: ['margem consignável'],
  },
  { path: '/util/analise/analise-sib', title: 'Análise do SIB', icon: 'users', can: list('analisesib'), keywords: ['SIB'] },
  { path: '/util/analise/analise-sip', title: 'Análise do SIP', icon: 'chart', can: list('analisesip'), keywords: ['SIP'] },

  // Exportação
  { path: '/util/exportacao', kind: 'folder', title: 'Exportação', icon: 'download', can: EXPORTACAO, keywords: ['arquivos', 'gerar arquivo'] },
  // ANS
  exp('cpm', 'Exportar CPM', { keywords: ['ANS'] }),
  exp('diops/cadastral', 'Exportar DIOPS Cadastral', { keywords: ['ANS', 'DIOPS'] }),
  exp('monitoramento-tiss', 'Exportar Monitoramento TISS', { keywords: ['ANS', 'TISS'] }),
  exp('radar-tiss', 'Exportar Radar TISS', { keywords: ['ANS', 'TISS'] }),
  exp('rps', 'Exportar RPS', { keywords: ['ANS', 'rede'] }),
  exp('sib', 'Exportar SIB', { keywords: ['ANS', 'beneficiários'] }),
  exp('sip', 'Exportar SIP', { keywords: ['ANS'] }),
  // Financeiro
  exp('arquivos-gerados', 'Arquivos Gerados', { icon: 'archive' }),
  exp('boleto-lote', 'Exportar Boletos em Lote', { keywords: ['boleto'] }),
  exp('contas-pagar', 'Exportar Contas a Pagar'),
  exp('coparticipacao', 'Exportar Coparticipação', { clients: ['pjf'] }),
  exp('adesao-servico', 'Exportar Adesão a Serviço', { clients: ['aeco'] }),
  exp('aeromedico', 'Exportar Aeromédico', { clients: COPASS }),
  // Folha de pagamento
  exp('copasa/fopag', 'Exportar FOPAG COPASA', { clients: ['copass', 'aeco'], keywords: ['folha de pagamento'] }),
  exp('saldo-consignado', 'Exportar Saldo Consignado', { clients: ['copass', 'aeco'], keywords: ['folha de pagamento', 'consignado'] }),
  // Específicas de cliente
  exp('dam', 'Exportar DAM', { clients: ['pjf'], keywords: ['documento de arrecadação municipal'] }),
  exp('dam-betha', 'Exportar DAM Betha', { clients: ['pjf'], keywords: ['documento de arrecadação municipal'] }),
  exp('des', 'Exportar DES', { keywords: ['declaração eletrônica de serviços'] }),
  exp('desconto-mensalidade-coparticipacao', 'Exportar Desconto de Mensalidade e Coparticipação', { clients: ['rondo'] }),
  // "dhisa fopag-copass" is read as the DHISA layout of the COPASS payroll file
  exp('dhisa/fopag-copass', 'Exportar FOPAG COPASS (DHISA)', { clients: ['copass', 'rondo'], keywords: ['DHISA', 'folha de pagamento'] }),
  exp('master-contabil', 'Exportar Master Contábil', { clients: ['copass', 'rondo'], keywords: ['contabilidade'] }),
  exp('dominiosistema/esocial', 'Exportar eSocial (Domínio Sistemas)', { keywords: ['Domínio', 'eSocial'] }),
  // The spec writes "(rep359)" after this pair; the code is given to the notas fiscais export only.
  exp('notas-fiscais-servicos-tomados', 'Notas Fiscais de Serviços Tomados', {
    rep: 'rep359',
    can: ['rep359', 'report'],
    icon: 'receipt',
    keywords: ['NFS-e', 'Domínio'],
  }),
  exp('econsig', 'Exportar eConsig', { keywords: ['consignado'] }),
  exp('elotech', 'Exportar Elotech'),
  exp('impro', 'Exportar IMPRO', { clients: ['rondo'] }),
  exp('embossing', 'Exportar Embossing de Cartões', { clients: COPASS, keywords: ['cartão', 'carteirinha', 'gráfica'] }),
  exp('envio-financeiro-prescon', 'Envio Financeiro Prescon', { clients: ['cubatao'] }),
  exp('imprensa-oficial', 'Exportar Imprensa Oficial', { clients: COPASS, keywords: ['publicação'] }),
  exp('lote-implantacao', 'Exportar Lote de Implantação', { clients: ['bhtrans'] }),
  exp('mensalidade', 'Exportar Mensalidade', { clients: ['pjf'] }),
  exp('nexia-auditoria', 'Exportar Auditoria Nexia', { clients: COPASS }),
  exp('mala-direta-auditoria', 'Exportar Mala Direta de Auditoria', { clients: COPASS }),
  exp('previminas', 'Exportar Previminas', { clients: ['copass', 'aeco'] }),
  exp('recebimento-atraso', 'Exportar Recebimentos em Atraso', { clients: COPASS, keywords: ['inadimplência'] }),
  // Receita Federal
  { path: '/util/exportacao/receita-federal', kind: 'folder', title: 'Receita Federal', icon: 'landmark', can: EXPORTACAO, keywords: ['fisco'] },
  exp('receita-federal/dirf', 'Exportar DIRF', { keywords: ['imposto de renda retido'] }),
  exp('receita-federal/dmed', 'Exportar DMED', { keywords: ['declaração de serviços médicos'] }),
  exp('receita-federal/efd', 'Exportar EFD-Reinf', { keywords: ['EFD', 'Reinf'] }),
  exp('receita-federal/e-social', 'Exportar eSocial', { keywords: ['eSocial'] }),
  exp('receita-federal/sefip', 'Exportar SEFIP', { keywords: ['GFIP', 'FGTS'] }),
  // Outras
  exp('regra-procedimento', 'Exportar Regras de Procedimento'),
  exp('remessa-cancelamento-adesao', 'Exportar Remessa de Cancelamento de Adesão', { clients: COPASS }),
  exp('remessa-recebimento-banco', 'Exportar Remessa de Recebimento Bancário', { clients: ['copass', 'rondo', 'aeco'], keywords: ['CNAB'] }),
  exp('siape', 'Exportar SIAPE', { clients: ['cnen', 'cdtn'], keywords: ['servidor público', 'consignação'] }),
  exp('sms-boleto', 'Enviar Boleto por SMS', { clients: COPASS, icon: 'send', keywords: ['SMS', 'boleto'] }),
  exp('tabela-preco-prestador', 'Exportar Tabela de Preço do Prestador', { keywords: ['tabela de preços'] }),

  // Gerenciador
  { path: '/util/gerenciador', title: 'Gerenciador', icon: 'archive', can: list('gerenciador') },
  { path: '/util/gerenciador/arquivo', title: 'Gerenciador de Arquivos', icon: 'files', can: list('arquivo'), keywords: ['upload', 'documentos'] },
  { path: '/util/gerenciador/avisos', title: 'Avisos', icon: 'bell', can: list('aviso'), search: true, keywords: ['notícias', 'comunicados', 'notices'] },

  { path: '/util/importacoes', title: 'Importações', icon: 'upload', can: list('importacao'), keywords: ['importar arquivo'] },
  { path: '/util/integracao-cmis', title: 'Integração CMIS', icon: 'database', can: list('integracaocmis'), keywords: ['GED', 'documentos'] },

  // Processos
  { path: '/util/processo', kind: 'folder', title: 'Processos', icon: 'refresh', can: list('processo'), keywords: ['rotinas', 'lote'] },
  proc('processa-alteracao-prestador-protocolo', 'Processar Alteração de Prestador no Protocolo', { flag: 'processo.alteracaoprestadorprotocolo' }),
  proc('alteracao-protocolo', 'Alteração de Protocolo'),
  // Beneficiário
  proc('alteracao-cartao', 'Alteração de Cartão', { icon: 'credit-card', keywords: ['carteirinha'] }),
  proc('alteracao-matricula', 'Alteração de Matrícula', { icon: 'id-card' }),
  proc('processo-alteracao-matricula', 'Alteração de Matrícula em Lote', { icon: 'id-card' }),
  proc('cancelamento-beneficiario', 'Cancelamento de Beneficiário por Óbito', { clients: ['pjf'], icon: 'user', keywords: ['óbito', 'falecimento'] }),
  proc('desvincula-matricula', 'Desvincular Matrícula', { icon: 'id-card' }),
  proc('gerador-cartao', 'Gerador de Cartões', { icon: 'credit-card', keywords: ['carteirinha', 'emissão de cartão'] }),
  proc('migracao', 'Migração de Plano', { clients: COPASS, keywords: ['troca de plano'] }),
  proc('pensionista', 'Pensionista', { clients: ['copass', 'cnen', 'cdtn', 'rondo'], icon: 'user', keywords: ['pensão'] }),
  proc('unificacao-matricula', 'Unificação de Matrícula', { icon: 'id-card' }),
  // Contábil (copass)
  proc('movimento-contabil', 'Processar Movimento Contábil', { clients: COPASS, icon: 'calculator' }),
  proc('plano-conta', 'Processar Plano de Contas', { clients: COPASS, icon: 'calculator' }),
  proc('ppsc', 'Processar PPSC', { clients: COPASS, icon: 'calculator', keywords: ['provisão'] }),
  // Financeiro
  proc('estorno-contas-contribuicao', 'Estorno de Contas de Contribuição', { icon: 'wallet' }),
  proc('estorno-contribuicao', 'Estorno de Contribuição', { icon: 'wallet' }),
  proc('estorno-rendimento', 'Estorno de Rendimento', { icon: 'wallet' }),
  proc('tratar-duplicidade-beneficiarios', 'Tratar Duplicidade de Beneficiários', { icon: 'users', keywords: ['duplicados', 'CPF repetido'] }),
  // Intercâmbio (copass): subject procint
  proc('autorizacao-intercambio', 'Processar Autorizações de Intercâmbio', { clients: COPASS, icon: 'globe', can: list('procint') }),
  proc('movimento-intercambio', 'Processar Movimento de Intercâmbio', { clients: COPASS, icon: 'globe', can: list('procint') }),
  proc('exclusao-cartao-intercambio', 'Exclusão de Cartões de Intercâmbio', {
    clients: COPASS,
    icon: 'credit-card',
    can: ['removecartoes', 'procint'],
    keywords: ['remover cartões'],
  }),
  // Mala direta
  proc('email-prestador-ativo', 'E-mail para Prestadores Ativos', { icon: 'mail', keywords: ['mala direta'] }),
  proc('envio-email-prestador', 'Envio de E-mail a Prestador', { icon: 'mail', keywords: ['mala direta'] }),
  // Preço
  proc('brasindice', 'Atualização do Brasíndice', { icon: 'pill', keywords: ['brasindice', 'preço de medicamentos'] }),
  // QDC (copass, aeco)
  { path: '/util/processo/qdc', kind: 'folder', title: 'QDC', icon: 'folder', can: list('procqdc'), clients: ['copass', 'aeco'] },
  proc('qdc/financeiro', 'QDC Financeiro', { clients: ['copass', 'aeco'], icon: 'wallet' }),
  proc('qdc/movimento', 'QDC Movimento', { clients: ['copass', 'aeco'], icon: 'layers' }),
  // Outros
  proc('recalculo-atendimento', 'Recálculo de Atendimento', { icon: 'calculator' }),
  proc('reenvio-sc', 'Reenvio de SC', { clients: COPASS, icon: 'send' }),
  proc('solicitacao-reenvio-nota', 'Solicitação de Reenvio de Nota', { icon: 'send', keywords: ['nota fiscal'] }),
  proc('cancelamento-dam-betha', 'Cancelamento de DAM Betha', { clients: ['pjf'], can: MANAGE_ALL }),
  proc('lote-autorizacao', 'Lote de Autorizações', { can: MANAGE_ALL, icon: 'badge-check' }),
  proc('envio-comunicado-boleto-lote', 'Envio de Comunicado de Boleto em Lote', { clients: COPASS, icon: 'send', keywords: ['boleto'] }),

  {
    path: '/util/ura',
    title: 'Alterar Terminal URA',
    icon: 'phone',
    can: ['ura', 'protocolodocumento'],
    keywords: ['URA', 'unidade de resposta audível', 'terminal'],
  },
]);
