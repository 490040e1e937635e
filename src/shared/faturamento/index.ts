import type { Tone } from '../lists/types';

/**
 * TISS billing (spec §2.5): the protocol statuses of the standard (dm_statusProtocolo, TISS 4.03.00: code 10 is new)
 * and the guide types a lot may hold.
 */
export const STATUS_PROTOCOLO = [
  ['1', 'Recebido'],
  ['2', 'Em análise'],
  ['3', 'Liberado para pagamento'],
  ['4', 'Encerrado sem pagamento'],
  ['5', 'Analisado e aguardando liberação para pagamento'],
  ['6', 'Pagamento efetuado'],
  ['7', 'Não localizado'],
  ['8', 'Aguardando informação complementar'],
  ['9', 'Cancelado'],
  ['10', 'Bloqueio judicial - prestador'],
] as const;
export type StatusProtocolo = (typeof STATUS_PROTOCOLO)[number][0];

export const STATUS_PROTOCOLO_TONS: Record<StatusProtocolo, Tone> = {
  '1': 'info',
  '2': 'info',
  '3': 'ok',
  '4': 'bad',
  '5': 'warn',
  '6': 'ok',
  '7': 'bad',
  '8': 'warn',
  '9': 'neutral',
  '10': 'bad',
};

export const TIPOS_GUIA_LOTE = [
  ['SP-SADT', 'SP/SADT'],
  ['CONSULTA', 'Consulta'],
  ['RESUMO_INTERNACAO', 'Resumo de internação'],
  ['HONORARIOS', 'Honorários'],
  ['ODONTO', 'Odontológica'],
] as const;

/** One row of the received protocols' list. */
export interface ProtocoloRecebimentoLinha {
  id: number;
  numero: string;
  recebidoEm: string;
  prestador: number;
  prestadorNome: string;
  prestadorCodigo: string | null;
  numeroLote: string;
  padrao: string;
  tipoGuia: string;
  qtdGuias: number;
  valorInformado: number;
  status: StatusProtocolo;
}
