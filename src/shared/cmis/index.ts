import { defineList } from '../lists/define';
import { defineProcesso } from '../processos/define';
import { f } from '../resources/define';

/**
 * Integração CMIS (spec §2.7 /util/integracao-cmis): the operator's document repository (a GED speaking CMIS 1.1,
 * browser binding) receives every protocolled document (the protocol's record) and every file stored in the file
 * manager. They are queued when they come in and sent by a run of this command (on demand or scheduled): "enviado"
 * with the repository's object id, "erro" with its answer (tried again by the next run); without CMIS_URL they stay
 * "pendente" with the reason, as the e-mail outbox does without SMTP.
 */

export const STATUS_CMIS = [
  ['pendente', 'Pendente'],
  ['enviado', 'Enviado'],
  ['erro', 'Erro'],
] as const;
export const ORIGENS_CMIS = [
  ['PROTOCOLO', 'Protocolo de documento'],
  ['ARQUIVO', 'Arquivo do gerenciador'],
] as const;
export const MSG_CMIS_NAO_CONFIGURADO = 'Repositório CMIS não configurado (CMIS_URL): o documento aguarda na fila.';

export const envioCmis = defineProcesso({
  comando: '/util/integracao-cmis',
  tipo: 'cmis-envio',
  descricao:
    'Envia ao repositório de documentos (CMIS) os documentos da fila ainda não enviados e os que deram erro: cada protocolo de documento como um texto com os seus dados, em Protocolos/<ano>, e cada arquivo do gerenciador com o seu conteúdo, na pasta de mesmo caminho sob Gerenciador. Sem o repositório configurado, os documentos ficam pendentes com o motivo.',
  campos: {},
  previa: true,
});

export interface DocumentoCmisRow {
  id: number;
  criadoEm: string;
  origem: string;
  nome: string;
  pasta: string;
  status: string;
  tentativas: number;
  enviadoEm: string | null;
  objetoId: string | null;
  motivo: string | null;
}

export const FILA_CMIS_LIST = defineList({
  key: 'fila-cmis',
  command: '/util/integracao-cmis',
  endpoint: '/cmis/documentos',
  noun: { singular: 'documento', plural: 'documentos', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    criadoEm: f.instant('Na fila desde'),
    origem: f.enum('Origem', ORIGENS_CMIS),
    nome: f.text('Documento', { max: 200 }),
    pasta: f.text('Pasta no repositório', { max: 300 }),
    status: f.enum('Situação', STATUS_CMIS),
    tentativas: f.integer('Tentativas'),
    enviadoEm: f.instant('Enviado em'),
    objetoId: f.text('Id no repositório', { max: 200 }),
    motivo: f.text('Motivo', { max: 1000 }),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'origem', op: 'eq', param: 'origem' },
    { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    { field: 'criadoEm', op: 'gte', param: 'de', label: 'Na fila de' },
    { field: 'criadoEm', op: 'lte', param: 'ate', label: 'Na fila até' },
  ],
  columns: [
    { key: 'criadoEm' },
    { key: 'origem' },
    { key: 'nome' },
    { key: 'pasta' },
    { key: 'status', type: 'tag', tones: { pendente: 'warn', enviado: 'ok', erro: 'bad' } },
    { key: 'tentativas' },
    { key: 'enviadoEm' },
    { key: 'motivo' },
  ],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id'],
  pageSize: 50,
});

/** GET /api/cmis/situacao: the repository's setting (never its password) and the queue's counts. */
export interface SituacaoCmis {
  configurado: boolean;
  /** The service's address without credentials. */
  servico: string | null;
  repositorio: string | null;
  pasta: string | null;
  pendentes: number;
  erros: number;
  enviados: number;
}
