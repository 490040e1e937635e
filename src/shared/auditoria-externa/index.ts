import { defineList } from '../lists/define';
import { defineProcesso } from '../processos/define';
import type { Layout } from '../processos/layout';
import { SITUACOES_LOTE_NEXIA } from '../processos/exportacoes';
import { f } from '../resources/define';

/**
 * Lotes de Integração de Auditoria (spec §2.7): the lots of authorization requests exchanged with the external audit
 * companies. The Nexia export records a lot per file (its number in the file's header); the company answers with a
 * return file of its opinion per item, imported here: each request's items become one decision through the audit's
 * own service (authorize, partly, deny with the table-38 reason), and an item that cannot be applied is said so in the
 * run's CSV without stopping the others.
 */

export const EMPRESAS_AUDITORIA = [['NEXIA', 'Nexia']] as const;
export const STATUS_LOTE = [
  ['ENVIADO', 'Enviado'],
  ['RETORNO_PARCIAL', 'Retorno parcial'],
  ['CONCLUIDO', 'Concluído'],
] as const;
export const TONS_LOTE = { ENVIADO: 'info', RETORNO_PARCIAL: 'partial', CONCLUIDO: 'ok' } as const;

/** The company's opinion of an item. */
export const PARECERES = [
  ['A', 'Autorizar'],
  ['P', 'Autorizar em parte'],
  ['N', 'Negar'],
] as const;
export const RESULTADOS_ITEM = [
  ['APLICADO', 'Aplicado'],
  ['RECUSADO', 'Recusado'],
] as const;

const ARQUIVO = 'Texto de largura fixa, ASCII, maiúsculas sem acento, fim de linha CRLF, 300 posições por registro; registro 0 (cabeçalho), 1 (um por item) e 9 (trailer); nome livre.';

/** The audit company's return: the lot number of the file it answers and one opinion per item (guide and procedure). */
export const LAYOUT_RETORNO_NEXIA: Layout = {
  titulo: 'Retorno da auditoria Nexia',
  arquivo: ARQUIVO,
  registros: [
    {
      nome: 'Cabeçalho (primeiro registro)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '0' },
        { nome: 'registroAns', descricao: 'Registro da operadora na ANS', tamanho: 6, formato: 'N' },
        { nome: 'lote', descricao: 'Número do lote de auditoria (o do arquivo enviado)', tamanho: 8, formato: 'N' },
        { nome: 'geracao', descricao: 'Data do parecer', tamanho: 8, formato: 'D' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 277, formato: 'A' },
      ],
    },
    {
      nome: 'Detalhe (um por item)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'guia', descricao: 'Número da guia na operadora', tamanho: 20, formato: 'A' },
        { nome: 'procedimento', descricao: 'Código do procedimento (TUSS)', tamanho: 10, formato: 'N' },
        { nome: 'parecer', descricao: 'Parecer: A autorizar, P autorizar em parte, N negar', tamanho: 1, formato: 'A' },
        { nome: 'quantidade', descricao: 'Quantidade autorizada (no parecer P)', tamanho: 4, formato: 'N' },
        { nome: 'motivoNegativa', descricao: 'Motivo da negativa (tabela 38), nos pareceres P e N', tamanho: 4, formato: 'N' },
        { nome: 'justificativa', descricao: 'Justificativa do parecer (obrigatória no N, ao menos 15 caracteres)', tamanho: 200, formato: 'A' },
        { nome: 'auditor', descricao: 'Auditor da empresa (nome e CRM)', tamanho: 32, formato: 'A' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 28, formato: 'A' },
      ],
    },
    {
      nome: 'Trailer (último registro)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '9' },
        { nome: 'quantidade', descricao: 'Quantidade de itens', tamanho: 8, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 291, formato: 'A' },
      ],
    },
  ],
};

export const retornoAuditoria = defineProcesso({
  comando: '/util/analise/lote-integracao-auditoria',
  tipo: 'retorno-auditoria',
  descricao:
    'Importa o arquivo de retorno da empresa de auditoria: o parecer de cada item do lote enviado (pelo número do lote no cabeçalho). Os itens de cada guia viram uma decisão da auditoria (autorizar, autorizar em parte ou negar com o motivo da tabela 38), pelas mesmas regras e mensagens da mesa de auditoria, com o histórico e a trilha. Um item que não pode ser aplicado fica recusado com o motivo no CSV da execução, sem parar os demais.',
  campos: {},
  entrada: { rotulo: 'Arquivo de retorno', formatos: ['txt'], ajuda: 'O arquivo de retorno da empresa, no layout abaixo.', layout: LAYOUT_RETORNO_NEXIA },
  previa: true,
  altera: true,
});

export interface LoteAuditoriaRow {
  id: number;
  enviadoEm: string;
  empresa: string;
  situacao: string;
  inicio: string;
  fim: string;
  guias: number;
  itens: number;
  aplicados: number;
  recusados: number;
  status: string;
  enviadoPor: string;
  retornoEm: string | null;
}

export const LOTES_AUDITORIA_LIST = defineList({
  key: 'lotes-auditoria',
  command: '/util/analise/lote-integracao-auditoria',
  endpoint: '/lotes-auditoria',
  noun: { singular: 'lote', plural: 'lotes', gender: 'm' },
  fields: {
    id: { kind: 'integer', label: 'Lote' },
    enviadoEm: f.instant('Enviado em'),
    empresa: f.enum('Empresa', EMPRESAS_AUDITORIA),
    situacao: f.enum('Solicitações', SITUACOES_LOTE_NEXIA),
    inicio: f.date('Período de'),
    fim: f.date('até'),
    guias: f.integer('Guias'),
    itens: f.integer('Itens'),
    aplicados: f.integer('Aplicados'),
    recusados: f.integer('Recusados'),
    status: f.enum('Situação', STATUS_LOTE),
    enviadoPor: f.text('Enviado por', { max: 120 }),
    retornoEm: f.instant('Último retorno'),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'situacao', op: 'eq', param: 'solicitacoes' },
    { field: 'empresa', op: 'eq', param: 'empresa' },
    { field: 'enviadoEm', op: 'gte', param: 'de', label: 'Enviado de' },
    { field: 'enviadoEm', op: 'lte', param: 'ate', label: 'Enviado até' },
  ],
  columns: [
    { key: 'id' },
    { key: 'enviadoEm' },
    { key: 'empresa' },
    { key: 'situacao' },
    { key: 'inicio' },
    { key: 'fim' },
    { key: 'guias' },
    { key: 'itens' },
    { key: 'aplicados' },
    { key: 'recusados' },
    { key: 'status', type: 'tag', tones: TONS_LOTE },
    { key: 'enviadoPor' },
  ],
  sort: [{ field: 'id', dir: 'desc' }],
  sortable: ['id'],
  pageSize: 50,
});

/** One lot opened: its items with the opinion and what became of it. */
export interface LoteAuditoriaDetalhe extends LoteAuditoriaRow {
  arquivoId: number | null;
  itensLista: {
    id: number;
    guia: string;
    autorizacaoId: number;
    beneficiario: string;
    codigo: string;
    descricao: string;
    quantidadeSolicitada: number;
    statusGuia: string;
    parecer: string | null;
    quantidadeParecer: number | null;
    motivoNegativa: string | null;
    justificativa: string | null;
    resultado: string | null;
    motivoRecusa: string | null;
    respondidoEm: string | null;
  }[];
}
