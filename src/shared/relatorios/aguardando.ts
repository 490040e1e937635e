import type { CommandPath } from '../../../commands';

/**
 * Reports over data the portal does not record yet (spec §2.6 names them; their data comes with billing, finance,
 * accounting and the ANS obligations). Each opens the report screen, which says which data
 * it waits for instead of showing an empty result; when the data exists, the report is declared like the others
 * (src/shared/relatorios/index.ts) and leaves this table. Light on purpose: the web's first bundle reads it.
 */
export const DADOS_PENDENTES = {
  faturamento: 'as contas dos prestadores: lotes de guias TISS, protocolos de contas, glosas e recursos de glosa',
} as const;
export type DadoPendente = keyof typeof DADOS_PENDENTES;

export const RELATORIOS_AGUARDANDO: Readonly<Partial<Record<CommandPath, DadoPendente>>> = {};
