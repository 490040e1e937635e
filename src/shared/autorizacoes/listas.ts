import type { CommandPath } from '../../../commands';
import type { Centavos } from '../money';
import { ANEXOS, FILAS, FILA_KEYS, STATUS, TIPOS, type Fila, type Status, type Tipo } from './index';

/**
 * Every list of authorization requests, written once as a definition: the audit queues (spec §2.5 /auditoria
 * children), the authorizations done, the beneficiary's utilization history and own follow-up, the
 * pre-authorizations (behind `autorizador.preautorizacao`), the attachments done (/anexo/autorizacoes-anexos), the
 * hospitalization extensions, the no-cost guides issued and the primary-care (APS) guides. The server registers one
 * list endpoint and one summary endpoint per definition; the web renders every one with the same screen (side-search
 * filters, keyboard, Ctrl+Enter opens the request for decision in a new tab).
 */

/** The side-search filters a list offers (the audit desk's: period, status, beneficiary, provider, procedure, urgency; and guide type). */
export const FILTROS_LISTA = ['inicio', 'termino', 'statusAutorizacao', 'beneficiario', 'prestador', 'procedimento', 'carater', 'tipo'] as const;
export type FiltroLista = (typeof FILTROS_LISTA)[number];

export interface ListaDef {
  key: string;
  /** The command that opens it (and guards its endpoints). */
  command: CommandPath;
  /** API path under /api (the summary is `${endpoint}/resumo`). */
  endpoint: string;
  /** Guide types it holds (null: all). */
  tipos: readonly Tipo[] | null;
  /** Status applied when the user chose none (Autorização Parcial: the partially authorized). */
  statusPadrao?: Status;
  /** 'fila': urgent first, then the oldest (the auditor works from the top); 'recentes': the newest first. */
  ordem: 'fila' | 'recentes';
  /** Shows totals (requested, authorized, authorized value). */
  totais: boolean;
  /** Whose requests: the audit desk sees all (providers only their own), a beneficiary the family's. */
  escopo: 'fila' | 'registro' | 'familia';
  /** The filters of its side search. */
  filtros: readonly FiltroLista[];
  /** Searching requires a beneficiary (the utilization history). */
  exigeBeneficiario?: boolean;
  /** Guide type filter options, when the list holds several (defaults to `tipos`). */
  tiposFiltro?: readonly Tipo[];
  /**
   * A new request made from the list (its button): the type's form opens at the list's own path with `?novo=1`
   * when the type's command is the list's (Prorrogações, Guias APS), else at the type's command.
   */
  novo?: { tipo: Tipo; label: string };
}

const AUDITORIA: readonly FiltroLista[] = ['inicio', 'termino', 'statusAutorizacao', 'beneficiario', 'prestador', 'procedimento', 'carater'];

const filaDef = (f: Fila): ListaDef => ({
  key: `fila-${f}`,
  command: FILAS[f].command,
  endpoint: `/autorizacoes/fila/${f}`,
  tipos: FILAS[f].tipos,
  ...(f === 'parcial' ? { statusPadrao: STATUS.AUTORIZADO_PARCIALMENTE } : {}),
  ordem: 'fila',
  totais: false,
  escopo: 'fila',
  // a queue of several guide types (anexos: quimio, radio, odonto, OPME) also filters by type
  filtros: (FILAS[f].tipos?.length ?? 2) > 1 ? [...AUDITORIA, 'tipo'] : AUDITORIA,
});

export const LISTAS: readonly ListaDef[] = [
  ...FILA_KEYS.map(filaDef),
  {
    key: 'realizadas',
    command: '/principal/autorizacao/autorizacoes',
    endpoint: '/autorizacoes',
    tipos: null,
    ordem: 'recentes',
    totais: true,
    escopo: 'registro',
    filtros: FILTROS_LISTA,
  },
  {
    key: 'historico',
    command: '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
    endpoint: '/autorizacoes/historico',
    tipos: null,
    ordem: 'recentes',
    totais: true,
    escopo: 'registro',
    filtros: FILTROS_LISTA,
    exigeBeneficiario: true,
  },
  {
    key: 'beneficiario',
    command: '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
    endpoint: '/autorizacoes/beneficiario',
    tipos: null,
    ordem: 'recentes',
    totais: true,
    escopo: 'familia',
    filtros: ['inicio', 'termino', 'statusAutorizacao', 'procedimento', 'carater', 'tipo'],
  },
  {
    key: 'pre-autorizacoes',
    command: '/principal/autorizacao/pre-autorizacoes',
    endpoint: '/autorizacoes/lista/pre-autorizacoes',
    tipos: ['PRE_AUTORIZACAO'],
    ordem: 'recentes',
    totais: true,
    escopo: 'registro',
    filtros: AUDITORIA,
  },
  ...(
    [
      ['prorrogacoes', '/principal/autorizacao/prorrogacoes', 'PRORROGACAO', 'Nova prorrogação'],
      ['guias-sem-onus', '/principal/autorizacao/guiasemonus/guias-sem-onus', 'SEM_ONUS', 'Emitir guia sem ônus'],
      ['guias-aps', '/principal/autorizacao/guiasemonus/guias-aps', 'APS', 'Nova guia APS'],
    ] as const
  ).map(
    ([key, command, tipo, label]): ListaDef => ({
      key,
      command,
      endpoint: `/autorizacoes/lista/${key}`,
      tipos: [tipo],
      ordem: 'recentes',
      totais: true,
      escopo: 'registro',
      filtros: AUDITORIA,
      novo: { tipo, label },
    }),
  ),
  {
    key: 'anexos',
    command: '/principal/autorizacao/anexo/autorizacoes-anexos',
    endpoint: '/autorizacoes/lista/anexos',
    tipos: ANEXOS,
    ordem: 'recentes',
    totais: true,
    escopo: 'registro',
    filtros: [...AUDITORIA, 'tipo'],
  },
];

export const listaOfPath = (path: string): ListaDef | undefined => LISTAS.find((l) => l.command === path);
/** The guide types a list's type filter offers. */
export const tiposDoFiltro = (l: ListaDef): readonly Tipo[] => l.tiposFiltro ?? l.tipos ?? (Object.keys(TIPOS) as Tipo[]);

/** Totals are computed over at most this many requests (a narrower filter is asked for beyond it). */
export const TOTAIS_LIMITE = 20_000;

export interface TotaisLista {
  solicitados: number;
  autorizados: number;
  valorAutorizado: Centavos;
}

/** GET `${endpoint}/resumo`: the exact count (bounded) and the totals when the filters narrow the list enough. */
export interface ResumoLista {
  total: number;
  /** False: `total` is the planner's estimate (beyond the counting bound). */
  exact: boolean;
  /** Null when the list has no totals or more than TOTAIS_LIMITE requests match. */
  totais: TotaisLista | null;
}
