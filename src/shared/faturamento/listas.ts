import { defineList } from '../lists/define';
import type { ListDef, Tone } from '../lists/types';
import { f } from '../resources/define';
import { STATUS_FATURA, STATUS_FATURA_TONS, TIPOS_GUIA_DIGITADA } from './digitacao';
import { STATUS_PROTOCOLO, STATUS_PROTOCOLO_TONS, TIPOS_GUIA_LOTE } from './index';

/** Authorization types whose guides the attendance control follows (the ones billed in TISS lots). */
const TIPOS_ATENDIMENTO = [
  ['CONSULTA', 'Consulta'],
  ['SP_SADT', 'SP/SADT'],
  ['INTERNACAO', 'Internação'],
  ['ODONTO', 'Odontológico'],
] as const;
export const TIPOS_AUTORIZACAO_ATENDIMENTO = TIPOS_ATENDIMENTO.map(([k]) => k);

/**
 * Protocolos de Recebimento de Prestadores: the lots received (src/server/faturamento/listas.ts), the operator's
 * billing staff seeing every provider's, a provider only its own (policy entity `protocolorecebimento`).
 */
const PROTOCOLOS = {
  noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
  fields: {
    numero: f.text('Protocolo', { max: 12 }),
    recebidoEm: f.instant('Recebido em'),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    numeroLote: f.text('Lote do prestador', { max: 12 }),
    padrao: f.text('Padrão TISS', { max: 8 }),
    tipoGuia: f.enum('Tipo de guia', TIPOS_GUIA_LOTE),
    qtdGuias: f.integer('Guias'),
    valorInformado: f.money('Valor informado'),
    status: f.enum('Situação', STATUS_PROTOCOLO),
  },
  search: [
    { field: 'numero', op: 'eq', param: 'numero', placeholder: 'Ex.: 202600000001' },
    { field: 'numeroLote', op: 'eq', param: 'lote' },
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código' },
    { field: 'status', op: 'eq', param: 'status' },
    { field: 'tipoGuia', op: 'eq', param: 'tipo' },
    { field: 'recebidoEm', op: 'gte', param: 'de', label: 'Recebido de' },
    { field: 'recebidoEm', op: 'lte', param: 'ate', label: 'Recebido até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'recebidoEm', sort: 'recebidoEm' },
    { key: 'prestadorNome' },
    { key: 'numeroLote' },
    { key: 'tipoGuia' },
    { key: 'padrao' },
    { key: 'qtdGuias' },
    { key: 'valorInformado', sort: 'valorInformado' },
    { key: 'status', type: 'tag', tones: STATUS_PROTOCOLO_TONS },
  ],
  sort: [{ field: 'recebidoEm', dir: 'desc' }],
  sortable: ['recebidoEm', 'numero', 'valorInformado'],
  scope: { entity: 'protocolorecebimento' },
  pageSize: 50,
} satisfies Omit<ListDef, 'key' | 'command' | 'endpoint'>;

export const PROTOCOLOS_RECEBIMENTO_LIST = defineList({
  ...PROTOCOLOS,
  key: 'faturamento.protocolos',
  command: '/principal/faturamento/protocolos-recebimentos-prestadores',
  endpoint: '/faturamento/protocolos',
});

/**
 * Faturamentos de Prestadores: the same protocols as the bill review's entry (the auditor, who reviews bills, sees this
 * one and not the receiving desk's list); a row opens the protocol's bill to review.
 */
export const FATURAMENTOS_PRESTADORES_LIST = defineList({
  ...PROTOCOLOS,
  key: 'faturamento.faturas',
  command: '/principal/faturamento/faturamentos-prestadores',
  endpoint: '/faturamento/faturas',
});

/**
 * 2ª Via de Protocolo, Demonstrativo de Pagamento e Conta Médica: the same protocols (a provider's own), each row with
 * its documents to download again.
 */
export const SEGUNDA_VIA_LIST = defineList({
  ...PROTOCOLOS,
  key: 'faturamento.segundaVia',
  command: '/principal/tiss/segunda-via',
  endpoint: '/faturamento/segunda-via',
  columns: [...PROTOCOLOS.columns.filter((c) => c.key !== 'padrao' && c.key !== 'numeroLote'), { key: 'documentos', field: 'numero', label: 'Documentos' }],
});

/**
 * Digitar Faturas: the bills typed in the portal (src/server/faturamento/digitacao-listas.ts), a provider's own (policy
 * entity `faturadigitada`); a row opens the bill, "Digitar fatura" the form.
 */
export const FATURAS_DIGITADAS_LIST = defineList({
  key: 'faturamento.digitadas',
  command: '/principal/tiss/atendimento-autorizacao',
  endpoint: '/faturamento/digitadas',
  noun: { singular: 'fatura', plural: 'faturas', gender: 'f' },
  fields: {
    criadoEm: f.instant('Digitada em'),
    numeroGuiaPrestador: f.text('Guia do prestador', { max: 20 }),
    tipoGuia: f.enum('Tipo de guia', TIPOS_GUIA_DIGITADA),
    senha: f.text('Senha', { max: 20 }),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    beneficiarioNome: f.text('Beneficiário', { max: 150 }),
    numeroCarteira: f.text('Carteira', { max: 20 }),
    dataAtendimento: f.date('Atendimento'),
    itens: f.integer('Itens'),
    valorInformado: f.money('Valor informado'),
    status: f.enum('Situação', STATUS_FATURA),
    protocolo: f.text('Protocolo', { max: 12 }),
  },
  search: [
    { field: 'status', op: 'eq', param: 'situacao' },
    { field: 'numeroGuiaPrestador', op: 'eq', param: 'guia' },
    { field: 'senha', op: 'eq', param: 'senha' },
    { field: 'numeroCarteira', op: 'eq', param: 'carteira' },
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código' },
    { field: 'tipoGuia', op: 'eq', param: 'tipo' },
    { field: 'protocolo', op: 'eq', param: 'protocolo' },
    { field: 'dataAtendimento', op: 'gte', param: 'de', label: 'Atendimento de' },
    { field: 'dataAtendimento', op: 'lte', param: 'ate', label: 'Atendimento até' },
  ],
  columns: [
    { key: 'numeroGuiaPrestador', sort: 'numeroGuiaPrestador' },
    { key: 'criadoEm', sort: 'criadoEm' },
    { key: 'prestadorNome' },
    { key: 'beneficiarioNome' },
    { key: 'dataAtendimento', sort: 'dataAtendimento' },
    { key: 'tipoGuia' },
    { key: 'itens' },
    { key: 'valorInformado', sort: 'valorInformado' },
    { key: 'status', type: 'tag', tones: STATUS_FATURA_TONS },
    { key: 'protocolo' },
  ],
  sort: [{ field: 'criadoEm', dir: 'desc' }],
  sortable: ['criadoEm', 'numeroGuiaPrestador', 'dataAtendimento', 'valorInformado'],
  scope: { entity: 'faturadigitada' },
  pageSize: 50,
  summary: { totals: [{ key: 'valorInformado', label: 'Valor informado', kind: 'money' }], limit: 5000 },
  create: { command: '/principal/tiss/atendimento-autorizacao', label: 'Digitar fatura' },
});

/** The billing situation of an authorized guide in the attendance control. */
export const SITUACOES_ATENDIMENTO = [
  ['AUTORIZADA', 'Autorizada, não atendida'],
  ['ATENDIDA', 'Atendida, não faturada'],
  ['FATURADA', 'Faturada'],
] as const;
export const SITUACOES_ATENDIMENTO_TONS: Record<(typeof SITUACOES_ATENDIMENTO)[number][0], Tone> = { AUTORIZADA: 'neutral', ATENDIDA: 'warn', FATURADA: 'ok' };

/**
 * Controle de Atendimento: every authorized guide (with its senha) per provider and period of authorization, and
 * whether it was attended and billed — typed in the portal and still open, or in a protocol (typed and closed, or
 * sent in a lot file), with the protocol's number and the value billed. A provider sees its own (policy entity
 * `protocolorecebimento`, the same permission as the received protocols).
 */
export const ATENDIMENTO_CONTROLE_LIST = defineList({
  key: 'faturamento.atendimentoControle',
  command: '/principal/faturamento/atendimento-controle',
  endpoint: '/faturamento/atendimento-controle',
  noun: { singular: 'guia autorizada', plural: 'guias autorizadas', gender: 'f' },
  fields: {
    numero: f.text('Guia da operadora', { max: 20 }),
    senha: f.text('Senha', { max: 20 }),
    dataAutorizacao: f.date('Autorizada em'),
    tipo: f.enum('Tipo de guia', TIPOS_ATENDIMENTO),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    beneficiarioNome: f.text('Beneficiário', { max: 150 }),
    numeroCarteira: f.text('Carteira', { max: 20 }),
    dataAtendimento: f.date('Atendimento'),
    situacao: f.enum('Faturamento', SITUACOES_ATENDIMENTO),
    protocolo: f.text('Protocolo', { max: 12 }),
    valorFaturado: f.money('Valor faturado'),
  },
  search: [
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código' },
    { field: 'dataAutorizacao', op: 'gte', param: 'de', label: 'Autorizada de' },
    { field: 'dataAutorizacao', op: 'lte', param: 'ate', label: 'Autorizada até' },
    { field: 'situacao', op: 'eq', param: 'situacao' },
    { field: 'tipo', op: 'eq', param: 'tipo' },
    { field: 'senha', op: 'eq', param: 'senha' },
    { field: 'numeroCarteira', op: 'eq', param: 'carteira' },
    { field: 'protocolo', op: 'eq', param: 'protocolo' },
  ],
  columns: [
    { key: 'numero' },
    { key: 'dataAutorizacao', sort: 'dataAutorizacao' },
    { key: 'tipo' },
    { key: 'prestadorNome' },
    { key: 'beneficiarioNome' },
    { key: 'dataAtendimento' },
    { key: 'situacao', type: 'tag', tones: SITUACOES_ATENDIMENTO_TONS },
    { key: 'protocolo' },
    { key: 'valorFaturado' },
  ],
  sort: [{ field: 'dataAutorizacao', dir: 'desc' }],
  sortable: ['dataAutorizacao'],
  scope: { entity: 'protocolorecebimento' },
  pageSize: 50,
  summary: { totals: [{ key: 'valorFaturado', label: 'Valor faturado', kind: 'money' }], limit: 5000 },
});

export const SITUACOES_GLOSA = [
  ['ABERTA', 'Glosa em aberto'],
  ['FECHADA', 'Glosa fechada'],
] as const;

/**
 * Fechamento de Glosa Manual (copass, cet, rondo): the protocols whose review is closed with glosas, their glosed and
 * released values and the appeals still undecided; the staff close a protocol's glosas by hand (they become final).
 */
export const FECHAMENTO_GLOSA_LIST = defineList({
  key: 'faturamento.fechamentoGlosa',
  command: '/principal/tiss/fechamento-glosa-manual',
  endpoint: '/faturamento/fechamento-glosa',
  noun: { singular: 'protocolo', plural: 'protocolos', gender: 'm' },
  fields: {
    numero: f.text('Protocolo', { max: 12 }),
    analiseEncerradaEm: f.instant('Análise encerrada em'),
    prestador: f.text('Prestador', { max: 150 }),
    prestadorNome: f.text('Prestador', { max: 150 }),
    valorGlosa: f.money('Valor glosado'),
    valorLiberado: f.money('Valor liberado'),
    recursosPendentes: f.integer('Recursos pendentes'),
    situacaoGlosa: f.enum('Glosa', SITUACOES_GLOSA),
    glosaFechadaEm: f.instant('Fechada em'),
    status: f.enum('Situação do protocolo', STATUS_PROTOCOLO),
  },
  search: [
    { field: 'situacaoGlosa', op: 'eq', param: 'glosa' },
    { field: 'numero', op: 'eq', param: 'numero' },
    { field: 'prestador', op: 'search', param: 'prestador', placeholder: 'Nome ou código' },
    { field: 'analiseEncerradaEm', op: 'gte', param: 'de', label: 'Análise encerrada de' },
    { field: 'analiseEncerradaEm', op: 'lte', param: 'ate', label: 'Análise encerrada até' },
  ],
  columns: [
    { key: 'numero', sort: 'numero' },
    { key: 'analiseEncerradaEm', sort: 'analiseEncerradaEm', label: 'Encerrada em' },
    { key: 'prestadorNome' },
    { key: 'valorGlosa', sort: 'valorGlosa', label: 'Glosado' },
    { key: 'valorLiberado', label: 'Liberado' },
    { key: 'recursosPendentes', label: 'Recursos pendentes' },
    { key: 'situacaoGlosa', type: 'tag', tones: { ABERTA: 'warn', FECHADA: 'ok' } },
    { key: 'status', type: 'tag', tones: STATUS_PROTOCOLO_TONS, label: 'Situação' },
  ],
  sort: [{ field: 'analiseEncerradaEm', dir: 'asc' }],
  sortable: ['analiseEncerradaEm', 'numero', 'valorGlosa'],
  scope: { entity: 'protocolorecebimento' },
  pageSize: 50,
  summary: { totals: [{ key: 'valorGlosa', label: 'Valor glosado', kind: 'money' }], limit: 5000 },
});
