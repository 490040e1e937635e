import { defineList } from '../lists/define';
import { f } from '../resources/define';
import { ENVIOS_RPS, MOTIVOS_EXCLUSAO_REDE, TIPOS_MOVIMENTO, type MotivoExclusaoRede, type TipoMovimento } from './index';

/**
 * Movimentos RPS (/ans-operadora/rps/movimentos-rps, the administrator's): every inclusion of a provider in a product's
 * network and every exclusion, newest first, with who registered it and its state towards the ANS. A list definition
 * over a server query (src/server/rps/listas.ts), on the generic list screen with the inclusion form and the
 * exclusion dialog (src/web/rps).
 */

/** A row, as the API answers it. */
export interface MovimentoRpsRow {
  id: number;
  data: string;
  tipo: TipoMovimento;
  produtoId: number;
  produtoNome: string;
  registroAns: string;
  prestadorId: number;
  prestadorCodigo: string;
  prestadorNome: string;
  documento: string | null;
  motivo: MotivoExclusaoRede | null;
  observacao: string | null;
  envio: 'PENDENTE';
  usuarioNome: string;
  registradoEm: string;
  /** The network period the movement belongs to: still open (an exclusion may follow) and its version. */
  vinculoId: number;
  vinculoAberto: boolean;
  vinculoVersion: number;
}

export const MOVIMENTOS_RPS_LIST = defineList({
  key: 'movimentos-rps',
  command: '/ans-operadora/rps/movimentos-rps',
  endpoint: '/rps/movimentos',
  noun: { singular: 'movimento', plural: 'movimentos', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    data: f.date('Data'),
    tipo: f.enum('Tipo', TIPOS_MOVIMENTO),
    produto: f.ref('Produto', 'produto'),
    produtoNome: f.text('Produto', { max: 120 }),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    motivo: f.enum('Motivo da exclusão', MOTIVOS_EXCLUSAO_REDE),
    envio: f.enum('Envio à ANS', ENVIOS_RPS),
    registradoEm: f.instant('Registrado em'),
    acoes: f.text('Ações', { max: 10 }),
  },
  search: [
    { field: 'produto', op: 'eq', param: 'produto' },
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome, CPF ou CNPJ' },
    { field: 'tipo', op: 'eq', param: 'tipo' },
    { field: 'data', op: 'gte', param: 'de', label: 'Data de' },
    { field: 'data', op: 'lte', param: 'ate', label: 'Data até' },
    { field: 'motivo', op: 'eq', param: 'motivo' },
    { field: 'envio', op: 'eq', param: 'envio' },
  ],
  columns: [
    { key: 'data', sort: 'data' },
    { key: 'tipo', type: 'tag', tones: { I: 'ok', E: 'bad' } },
    { key: 'produtoNome' },
    { key: 'prestadorNome', label: 'Prestador' },
    { key: 'motivo' },
    { key: 'envio', type: 'tag', tones: { PENDENTE: 'warn' } },
    { key: 'registradoEm', sort: 'registradoEm' },
    { key: 'acoes' },
  ],
  sort: [{ field: 'data', dir: 'desc' }],
  sortable: ['data', 'registradoEm'],
  pageSize: 50,
  create: { command: '/ans-operadora/rps/movimentos-rps', label: 'Incluir na rede' },
});
