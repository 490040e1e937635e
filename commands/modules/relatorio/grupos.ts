import { commands, type CommandDef, type CommandExtra } from '../../types';
import { MANAGE_ALL, list, rep, repPending } from '../helpers';

/**
 * Spec §2.6: the report folders other than Protocolo and Rede credenciada.
 * Folders use list on their own subject ('relatorio' + folder name). Folders the spec names without any
 * report in them are declared with kind 'folder' so they show as groups.
 *
 * Placement decided here (the spec names these reports and codes but not their folder):
 *  - rep140 bordero-pagamento (+ analítico, fora de folha) and one rep178 historico-pagamento: /relatorio/financeiro,
 *    a folder added for them;
 *  - rep205 contraprestacoes-emitidas, rep214 aviso-debitos and conferencia-aviso-debito, the other rep178
 *    historico-pagamento: /relatorio/cobranca;
 *  - rep260 todos-registros: once under beneficiário > SIB and once under credenciamento > RPS;
 *  - logins-permissao (manage on all, code not given): /relatorio/gerencia.
 * Reports named without a code (extratos e informes, contábil's entries, ouvidoria's) are `repPending`.
 */
const folder = <const P extends string>(path: P, title: string, subject: string, extra: CommandExtra = {}) =>
  ({ kind: 'folder', title, icon: 'folder', can: list(subject), ...extra, path }) as const satisfies CommandDef;

export const relatorioGrupos = commands([
  // ANS
  folder('/relatorio/ans', 'ANS', 'relatorioans', { icon: 'landmark', keywords: ['agência nacional de saúde suplementar'] }),
  { path: '/relatorio/ans/configuracao-sip', title: 'Configuração SIP', icon: 'settings', ...rep('rep123'), keywords: ['SIP'] },
  { path: '/relatorio/ans/idss', title: 'IDSS', icon: 'gauge', ...rep('rep363'), keywords: ['índice de desempenho da saúde suplementar'] },
  { path: '/relatorio/ans/percentual-partos', title: 'Percentual de Partos', icon: 'percent', ...rep('rep264'), keywords: ['parto normal', 'cesárea'] },
  { path: '/relatorio/ans/radar-tiss', title: 'Radar TISS', icon: 'activity', ...rep('rep117'), keywords: ['TISS'] },
  { path: '/relatorio/ans/sip-analitico', title: 'SIP Analítico', icon: 'chart', ...rep('rep276'), keywords: ['SIP'] },
  { path: '/relatorio/ans/tps-analitico', title: 'TPS Analítico', icon: 'chart', ...rep('rep039'), keywords: ['TPS', 'taxa por saúde suplementar'] },
  { path: '/relatorio/ans/tps-sintetico', title: 'TPS Sintético', icon: 'chart-pie', ...rep('rep038'), keywords: ['TPS', 'taxa por saúde suplementar'] },

  folder('/relatorio/atendimento', 'Atendimento', 'relatorioatendimento', { icon: 'phone' }),
  {
    path: '/relatorio/atendimento/atendimentos-motivo',
    title: 'Atendimentos por Motivo',
    icon: 'phone',
    ...rep('rep336'),
    keywords: ['contatos', 'canal', 'duração', 'central de atendimento'],
  },
  folder('/relatorio/autorizacao', 'Autorização', 'relatorioautorizacao', { icon: 'badge-check' }),
  {
    path: '/relatorio/autorizacao/autorizacoes-situacao',
    title: 'Autorizações por Situação',
    icon: 'badge-check',
    ...rep('rep169'),
    keywords: ['solicitações', 'status', 'valor solicitado'],
  },

  // Beneficiário
  folder('/relatorio/beneficiario', 'Beneficiário', 'relatoriobeneficiario', { icon: 'users', keywords: ['beneficiários'] }),
  folder('/relatorio/beneficiario/atuarial', 'Atuarial', 'relatoriobeneficiarioatuarial', { icon: 'calculator' }),
  folder('/relatorio/beneficiario/intercambio', 'Intercâmbio', 'relatoriobeneficiariointercambio', { icon: 'globe' }),
  folder('/relatorio/beneficiario/empresa', 'Empresa', 'relatoriobeneficiarioempresa', { icon: 'building' }),
  {
    path: '/relatorio/beneficiario/empresa/beneficiarios-empresa',
    title: 'Beneficiários por Empresa',
    icon: 'building',
    ...rep('rep278'),
    keywords: ['coletivo empresarial', 'contratante', 'RH'],
  },
  folder('/relatorio/beneficiario/mala-direta', 'Mala Direta', 'relatoriobeneficiariomaladireta', { icon: 'mail' }),
  folder('/relatorio/beneficiario/posicao', 'Posição', 'relatoriobeneficiarioposicao', { icon: 'chart', keywords: ['posição cadastral'] }),
  {
    path: '/relatorio/beneficiario/posicao/movimentacao-cadastral',
    title: 'Inclusões e Exclusões de Beneficiários',
    icon: 'users',
    ...rep('rep170'),
    keywords: ['movimentação', 'adesões', 'cancelamentos', 'competência'],
  },
  folder('/relatorio/beneficiario/produto', 'Produto', 'relatoriobeneficiarioproduto', { icon: 'box' }),
  {
    path: '/relatorio/beneficiario/produto/faixa-etaria-produto',
    title: 'Beneficiários por Produto e Faixa Etária',
    icon: 'users',
    ...rep('rep301'),
    keywords: ['faixa etária', 'ANS', 'atuarial', 'pirâmide'],
  },
  folder('/relatorio/beneficiario/programa-saude', 'Programa de Saúde', 'relatoriobeneficiarioprogramasaude', { icon: 'heart-pulse' }),
  folder('/relatorio/beneficiario/sib', 'SIB', 'relatoriobeneficiariosib', { icon: 'users' }),
  { path: '/relatorio/beneficiario/sib/todos-registros', title: 'Todos os Registros (SIB)', icon: 'list', ...rep('rep260'), keywords: ['SIB'] },
  folder('/relatorio/beneficiario/cartao', 'Cartão', 'relatoriobeneficiariocartao', { icon: 'credit-card', keywords: ['carteirinha'] }),
  folder('/relatorio/beneficiario/extratos', 'Extratos e Informes', 'extratoinforme', { icon: 'file-text', keywords: ['extrato', 'informe'] }),
  {
    path: '/relatorio/beneficiario/extratos/extrato-unificado',
    title: 'Extrato Unificado',
    icon: 'file-text',
    ...repPending('extratoinforme'),
    keywords: ['extrato', 'mensalidades', 'coparticipação'],
  },
  {
    path: '/relatorio/beneficiario/extratos/extrato-utilizacao',
    title: 'Extrato de Utilização',
    icon: 'file-text',
    ...repPending('extratoinforme'),
    keywords: ['extrato', 'utilização', 'procedimentos realizados'],
  },
  {
    path: '/relatorio/beneficiario/extratos/informe-pagamento',
    title: 'Informe de Pagamentos',
    icon: 'file-check',
    ...repPending('extratoinforme'),
    keywords: ['imposto de renda', 'IR', 'declaração anual'],
  },

  folder('/relatorio/coparticipacao', 'Coparticipação', 'relatoriocoparticipacao', { icon: 'percent' }),

  folder('/relatorio/credenciamento', 'Credenciamento', 'relatoriocredenciamento', { icon: 'stethoscope' }),
  {
    path: '/relatorio/credenciamento/prestadores-especialidade',
    title: 'Prestadores por Especialidade',
    icon: 'stethoscope',
    ...rep('rep071'),
    keywords: ['rede', 'especialidades', 'suficiência de rede'],
  },
  folder('/relatorio/credenciamento/rps', 'RPS', 'relatoriocredenciamentorps', { icon: 'hospital' }),
  { path: '/relatorio/credenciamento/rps/todos-registros', title: 'Todos os Registros (RPS)', icon: 'list', ...rep('rep260'), keywords: ['RPS'] },

  folder('/relatorio/faturamento', 'Faturamento', 'relatoriofaturamento', { icon: 'receipt' }),
  folder('/relatorio/faturamento/sintetico', 'Sintético', 'relatoriofaturamentosintetico', { icon: 'chart-pie' }),

  folder('/relatorio/financeiro-ans', 'Financeiro ANS', 'relatoriofinanceiroans', { icon: 'landmark' }),
  folder('/relatorio/financeiro-ans/ppa-diops', 'PPA DIOPS', 'relatorioppadiops', { icon: 'chart', keywords: ['DIOPS'] }),

  folder('/relatorio/financeiro', 'Financeiro', 'relatoriofinanceiro', { icon: 'wallet' }),
  { path: '/relatorio/financeiro/bordero-pagamento', title: 'Borderô de Pagamento', icon: 'file-text', ...rep('rep140'), keywords: ['bordero'] },
  {
    path: '/relatorio/financeiro/bordero-pagamento-analitico',
    title: 'Borderô de Pagamento Analítico',
    icon: 'file-text',
    ...rep('rep140'),
    keywords: ['bordero', 'analítico'],
  },
  {
    path: '/relatorio/financeiro/bordero-pagamento-fora-folha',
    title: 'Borderô de Pagamento Fora de Folha',
    icon: 'file-text',
    ...rep('rep140'),
    keywords: ['bordero', 'fora de folha'],
  },
  { path: '/relatorio/financeiro/historico-pagamento', title: 'Histórico de Pagamento (Financeiro)', icon: 'clock', ...rep('rep178') },

  folder('/relatorio/auditoria', 'Auditoria', 'relatorioauditoria', { icon: 'shield' }),
  {
    path: '/relatorio/auditoria/decisoes-auditor',
    title: 'Decisões de Auditoria por Auditor',
    icon: 'shield',
    ...rep('rep072'),
    keywords: ['tempo de auditoria', 'prazo', 'produtividade', 'auditor'],
  },

  folder('/relatorio/cobranca', 'Cobrança', 'relatoriocobranca', { icon: 'receipt' }),
  {
    path: '/relatorio/cobranca/contraprestacoes-emitidas',
    title: 'Contraprestações Emitidas',
    icon: 'receipt',
    ...rep('rep205'),
    keywords: ['mensalidades emitidas', 'faturamento'],
  },
  { path: '/relatorio/cobranca/aviso-debitos', title: 'Aviso de Débitos', icon: 'bell', ...rep('rep214'), keywords: ['inadimplência', 'carta de cobrança'] },
  {
    path: '/relatorio/cobranca/conferencia-aviso-debito',
    title: 'Conferência de Aviso de Débito',
    icon: 'clipboard-check',
    ...rep('rep214'),
    keywords: ['inadimplência'],
  },
  { path: '/relatorio/cobranca/historico-pagamento', title: 'Histórico de Pagamento (Cobrança)', icon: 'clock', ...rep('rep178') },

  folder('/relatorio/contabil', 'Contábil', 'relatoriocontabil', { icon: 'calculator', keywords: ['contabilidade'] }),
  { path: '/relatorio/contabil/imposto', title: 'Impostos', icon: 'percent', ...repPending('relatoriocontabil'), keywords: ['tributos'] },
  { path: '/relatorio/contabil/movimento', title: 'Movimento Contábil', icon: 'layers', ...repPending('relatoriocontabil') },
  { path: '/relatorio/contabil/eventos-liquidar', title: 'Eventos a Liquidar', icon: 'clock', ...repPending('relatoriocontabil') },
  { path: '/relatorio/contabil/remessa', title: 'Remessas', icon: 'send', ...repPending('relatoriocontabil') },
  { path: '/relatorio/contabil/solicitacao-verba', title: 'Solicitação de Verba', icon: 'send', ...repPending('relatoriocontabil') },
  {
    path: '/relatorio/contabil/solicitacao-verba-id',
    title: 'Solicitação de Verba por Identificador',
    icon: 'send',
    ...repPending('relatoriocontabil'),
  },
  { path: '/relatorio/contabil/contribuicao-atuarial', title: 'Contribuição Atuarial', icon: 'calculator', ...repPending('relatoriocontabil') },

  folder('/relatorio/contribuicao', 'Contribuição', 'relatoriocontribuicao', { icon: 'banknote' }),
  folder('/relatorio/dirf', 'DIRF', 'relatoriodirf', { icon: 'landmark', keywords: ['imposto de renda retido'] }),
  folder('/relatorio/maladireta', 'Mala Direta', 'relatoriomaladireta', { icon: 'mail' }),

  folder('/relatorio/gerencia', 'Gerência', 'relatoriogerencia', { icon: 'chart', keywords: ['gerencial'] }),
  folder('/relatorio/gerencia/carga', 'Carga', 'relatoriogerenciacarga', { icon: 'database' }),
  {
    path: '/relatorio/gerencia/logins-permissao',
    repPending: true,
    title: 'Logins e Permissões',
    icon: 'key',
    can: MANAGE_ALL,
    keywords: ['usuários', 'acessos', 'auditoria de acesso'],
  },

  folder('/relatorio/operadora', 'Operadora', 'relatoriooperadora', { icon: 'building' }),

  folder('/relatorio/ouvidoria', 'Relatórios da Ouvidoria', 'relatorioouvidoria', { icon: 'megaphone' }),
  {
    path: '/relatorio/ouvidoria/anual-ouvidoria',
    title: 'Relatório Anual da Ouvidoria',
    icon: 'megaphone',
    ...repPending('relatorioouvidoria'),
    keywords: ['manifestações', 'anual'],
  },
  {
    path: '/relatorio/ouvidoria/rea',
    title: 'REA: Relatório Estatístico e Analítico',
    icon: 'chart',
    ...repPending('relatorioouvidoria'),
    keywords: ['REA', 'ANS', 'ouvidoria'],
  },
]);
