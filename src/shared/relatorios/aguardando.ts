import type { CommandPath } from '../../../commands';

/**
 * Reports over data the portal does not record yet (spec §2.6 names them; their data comes with billing, finance,
 * accounting and the ANS obligations). Each opens the report screen, which says which data
 * it waits for instead of showing an empty result; when the data exists, the report is declared like the others
 * (src/shared/relatorios/index.ts) and leaves this table. Light on purpose: the web's first bundle reads it.
 */
export const DADOS_PENDENTES = {
  faturamento: 'as contas dos prestadores: lotes de guias TISS, protocolos de contas, glosas e recursos de glosa',
  financeiro: 'o financeiro: mensalidades, cobrança e retenções de impostos',
  iss: 'as notas fiscais dos serviços tomados e as guias municipais (DAM) do ISS retido nos pagamentos',
  contabil: 'a contabilidade: plano de contas, lançamentos, provisões e remessas',
  ans: 'a configuração das obrigações da ANS: os itens e as metas do SIP, a base de cálculo da TPS e os indicadores do IDSS',
  servicos: 'a adesão dos beneficiários a serviços adicionais ao plano (como o transporte aeromédico), com o valor de cada serviço',
} as const;
export type DadoPendente = keyof typeof DADOS_PENDENTES;

export const RELATORIOS_AGUARDANDO: Readonly<Partial<Record<CommandPath, DadoPendente>>> = {
  // ANS
  '/relatorio/ans/configuracao-sip': 'ans',
  '/relatorio/ans/idss': 'ans',
  '/relatorio/ans/tps-analitico': 'ans',
  '/relatorio/ans/tps-sintetico': 'ans',
  // extratos e informes: the payments a beneficiary made (the unified statement joins them to the use of the plan)
  '/relatorio/beneficiario/extratos/extrato-unificado': 'financeiro',
  '/relatorio/beneficiario/extratos/informe-pagamento': 'financeiro',
  // financeiro e cobrança
  '/relatorio/cobranca/aviso-debitos': 'financeiro',
  '/relatorio/cobranca/conferencia-aviso-debito': 'financeiro',
  '/relatorio/cobranca/historico-pagamento': 'financeiro',
  '/relatorio/coparticipacao/coparticipacao-beneficiario': 'financeiro',
  '/relatorio/dirf/despesas-medicas-beneficiarios': 'financeiro',
  // contábil
  '/relatorio/contabil/remessa': 'contabil',
  '/relatorio/contabil/solicitacao-verba': 'contabil',
  '/relatorio/contabil/solicitacao-verba-id': 'contabil',
  '/relatorio/contabil/contribuicao-atuarial': 'contabil',
  '/relatorio/contabil/eventos-conhecidos': 'contabil',
};
