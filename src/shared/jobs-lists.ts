import { registry } from '../../commands';
import { JOB_STATUS, JOB_STATUS_LABEL, JOB_STATUS_TONE } from './jobs';
import { defineList } from './lists/define';
import { PROCESSOS } from './processos';
import { f } from './resources/define';

/**
 * Lists over the runs (execucoes) and what they leave (their log, their files), for the utilities of spec §2.7:
 * Importações and Log de Importação (runs of the processes that read a file: `entrada`), the administrator's queue
 * of runs (Fila de Sessões) and Arquivos Gerados. The sources are in src/server/jobs/lists.ts; whose runs a
 * session sees is decided there (its own, or every one for an administrator; only of commands it still opens).
 */

const STATUS_OPTIONS = JOB_STATUS.map((s) => [s, JOB_STATUS_LABEL[s]] as const);
const STATUS_TONES = JOB_STATUS_TONE;

/** The imports: the processes that declare an input file, by title. Computed when asked (tests declare their own). */
export const processosDeImportacao = () =>
  PROCESSOS.filter((p) => p.entrada)
    .map((p) => [p.comando as string, registry.match(p.comando)?.title ?? p.comando] as const)
    .sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'));

/** A row of Importações, as the API answers it. */
export interface ImportacaoRow {
  id: number;
  criadoEm: string;
  processo: string;
  titulo: string;
  remetente: string;
  remetenteLogin: string | null;
  status: (typeof JOB_STATUS)[number];
  progresso: number;
  etapa: string | null;
  erro: string | null;
  terminadoEm: string | null;
  arquivoId: number | null;
  arquivo: string | null;
  tamanho: number | null;
  sha256: string | null;
  /** Lines of the run's log by level: what the import read and refused. */
  linhasInfo: number;
  linhasAviso: number;
  linhasErro: number;
}

export const importacoesList = () =>
  defineList({
    key: 'importacoes',
    command: '/util/importacoes',
    endpoint: '/importacoes',
    noun: { singular: 'importação', plural: 'importações', gender: 'f' },
    fields: {
      id: { kind: 'integer', label: 'Nº' },
      criadoEm: f.instant('Enviado em'),
      processo: f.enum('Processo', processosDeImportacao()),
      arquivo: f.text('Arquivo', { max: 200 }),
      tamanho: f.integer('Tamanho'),
      sha256: f.text('SHA-256', { max: 64 }),
      remetente: f.text('Remetente', { max: 120 }),
      status: f.enum('Situação', STATUS_OPTIONS),
      progresso: f.integer('Andamento'),
      registro: f.text('Registro', { max: 200 }),
    },
    search: [
      { field: 'criadoEm', op: 'gte', param: 'de', label: 'Enviado de' },
      { field: 'criadoEm', op: 'lte', param: 'ate', label: 'Enviado até' },
      { field: 'processo', op: 'eq', param: 'processo' },
      { field: 'status', op: 'eq', param: 'situacao' },
      { field: 'remetente', op: 'search', param: 'remetente', placeholder: 'Login ou nome' },
      { field: 'arquivo', op: 'contains', param: 'arquivo', placeholder: 'Parte do nome' },
    ],
    columns: [
      { key: 'criadoEm' },
      { key: 'processo' },
      { key: 'arquivo' },
      { key: 'tamanho' },
      { key: 'sha256' },
      { key: 'remetente' },
      { key: 'status', type: 'tag', tones: STATUS_TONES },
      { key: 'progresso' },
      { key: 'registro' },
    ],
    // ids follow the queueing (serial): newest first by the primary key's index
    sort: [{ field: 'id', dir: 'desc' }],
    sortable: ['id', 'criadoEm'],
    pageSize: 50,
  });

export const LOG_NIVEIS = [
  ['info', 'Informação'],
  ['aviso', 'Aviso'],
  ['erro', 'Erro'],
] as const;

/** A line of an import's log, with its run. */
export interface LogImportacaoRow {
  id: number;
  em: string;
  nivel: (typeof LOG_NIVEIS)[number][0];
  mensagem: string;
  execucao: number;
  processo: string;
  arquivo: string | null;
  remetente: string;
}

export const logImportacaoList = () =>
  defineList({
    key: 'log-importacao',
    command: '/util/analise/log-importacao',
    endpoint: '/log-importacao',
    noun: { singular: 'linha do registro', plural: 'linhas do registro', gender: 'f' },
    fields: {
      id: { kind: 'integer', label: 'Nº' },
      em: f.instant('Quando'),
      processo: f.enum('Processo', processosDeImportacao()),
      execucao: f.integer('Execução'),
      nivel: f.enum('Nível', LOG_NIVEIS),
      mensagem: f.text('Mensagem', { max: 2000 }),
      arquivo: f.text('Arquivo', { max: 200 }),
      remetente: f.text('Remetente', { max: 120 }),
    },
    search: [
      { field: 'em', op: 'gte', param: 'de', label: 'De' },
      { field: 'em', op: 'lte', param: 'ate', label: 'Até' },
      { field: 'processo', op: 'eq', param: 'processo' },
      { field: 'nivel', op: 'eq', param: 'nivel' },
      { field: 'mensagem', op: 'contains', param: 'texto', label: 'Texto', placeholder: 'Parte do texto' },
      { field: 'execucao', op: 'eq', param: 'execucao', label: 'Nº da execução' },
    ],
    columns: [
      { key: 'em', width: 150 },
      { key: 'nivel', type: 'tag', tones: { info: 'neutral', aviso: 'warn', erro: 'bad' }, width: 110 },
      // the message takes what the others leave (the grid fits 1400 px with the side search)
      { key: 'mensagem' },
      { key: 'processo', width: 160 },
      { key: 'execucao', width: 100 },
      { key: 'arquivo', width: 140 },
      { key: 'remetente', width: 170 },
    ],
    // the log's identity follows the writing: newest first by it
    sort: [{ field: 'id', dir: 'desc' }],
    sortable: ['id'],
    pageSize: 200,
  });

/** A run in the administrator's queue. */
export interface FilaExecucaoRow {
  id: number;
  comando: string;
  titulo: string;
  usuario: string;
  usuarioLogin: string | null;
  status: (typeof JOB_STATUS)[number];
  progresso: number;
  etapa: string | null;
  erro: string | null;
  criadoEm: string;
  iniciadoEm: string | null;
  terminadoEm: string | null;
}

export const FILA_EXECUCOES_LIST = defineList({
  key: 'fila-execucoes',
  command: '/util/analise/fila-sessao',
  endpoint: '/fila-execucoes',
  noun: { singular: 'execução', plural: 'execuções', gender: 'f' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    comando: f.text('Processo', { max: 200 }),
    usuario: f.text('Dono', { max: 120 }),
    status: f.enum('Situação', STATUS_OPTIONS),
    progresso: f.integer('Andamento'),
    criadoEm: f.instant('Pedido em'),
    iniciadoEm: f.instant('Iniciado em'),
    terminadoEm: f.instant('Terminado em'),
    acoes: f.text('Ações', { max: 10 }),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'usuario', op: 'search', param: 'dono', placeholder: 'Login ou nome' },
    { field: 'comando', op: 'search', param: 'processo', placeholder: 'Parte do nome' },
    { field: 'criadoEm', op: 'gte', param: 'de', label: 'Pedido de' },
    { field: 'criadoEm', op: 'lte', param: 'ate', label: 'Pedido até' },
  ],
  columns: [
    { key: 'id' },
    { key: 'comando' },
    { key: 'usuario' },
    { key: 'status', type: 'tag', tones: STATUS_TONES },
    { key: 'progresso' },
    { key: 'criadoEm' },
    { key: 'iniciadoEm' },
    { key: 'acoes' },
  ],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id', 'criadoEm'],
  summary: {
    totals: JOB_STATUS.map((s) => ({ key: s, label: JOB_STATUS_LABEL[s], kind: 'integer' as const })),
    limit: 1_000_000,
  },
  pageSize: 50,
});

/** A file a run left. */
export interface ArquivoGeradoRow {
  id: number;
  criadoEm: string;
  nome: string;
  tipo: string;
  tamanho: number;
  sha256: string;
  execucao: number;
  comando: string;
  titulo: string;
  dono: string;
}

export const ARQUIVOS_GERADOS_LIST = defineList({
  key: 'arquivos-gerados',
  command: '/util/exportacao/arquivos-gerados',
  endpoint: '/arquivos-gerados',
  noun: { singular: 'arquivo', plural: 'arquivos', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    criadoEm: f.instant('Gerado em'),
    nome: f.text('Arquivo', { max: 200 }),
    comando: f.text('Processo', { max: 200 }),
    tamanho: f.integer('Tamanho'),
    sha256: f.text('SHA-256', { max: 64 }),
    execucao: f.integer('Execução'),
    dono: f.text('Dono', { max: 120 }),
  },
  search: [
    { field: 'criadoEm', op: 'gte', param: 'de', label: 'Gerado de' },
    { field: 'criadoEm', op: 'lte', param: 'ate', label: 'Gerado até' },
    { field: 'comando', op: 'search', param: 'processo', placeholder: 'Parte do nome' },
    { field: 'nome', op: 'contains', param: 'nome', label: 'Arquivo', placeholder: 'Parte do nome' },
    { field: 'dono', op: 'search', param: 'dono', placeholder: 'Login ou nome' },
  ],
  columns: [{ key: 'criadoEm' }, { key: 'nome' }, { key: 'comando' }, { key: 'tamanho' }, { key: 'sha256' }, { key: 'execucao' }, { key: 'dono' }],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id', 'criadoEm'],
  pageSize: 50,
});
