import { f } from '../resources/define';
import { defineReport } from './define';

/**
 * The ombudsman's reports to the regulator (RN 323/2013), both by year of registration: the annual report's tables
 * (anual-ouvidoria: the year's manifestações counted by type, channel, subject, answer time in business days, status
 * and rating) and the REA (Relatório Estatístico e Analítico: month by month, received by type, answered in and out
 * of the deadline, extended, the mean answer time). Answer time: business days from the registration day to the
 * answer day, without weekends, national holidays and the operator's state holidays (the deadline's own calendar);
 * "no prazo" is an answer on or before the deadline in force (7 business days, 30 when extended).
 */

/** Bands of the answer time, in business days (the deadline is 7; 30 for an extended complex case). */
export const FAIXAS_RESPOSTA = [
  ['0-2', 'Até 2 dias úteis', 0, 2],
  ['3-5', 'De 3 a 5 dias úteis', 3, 5],
  ['6-7', 'De 6 a 7 dias úteis', 6, 7],
  ['8-30', 'De 8 a 30 dias úteis', 8, 30],
  ['31+', 'Mais de 30 dias úteis', 31, null],
  ['aberta', 'Ainda sem resposta', null, null],
] as const;

export const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'] as const;

/** The year of a report opens on the current one, unless the address says otherwise. */
export const anoAtual = (current: URLSearchParams, now: Date): URLSearchParams | undefined =>
  current.has('ano') ? undefined : new URLSearchParams([...current, ['ano', String(now.getFullYear())]]);

const ANO = { field: 'ano', op: 'eq', param: 'ano', label: 'Ano' } as const;

/** Relatório Anual da Ouvidoria: one table per dimension, each summing to the year's manifestações. */
export const ANUAL_OUVIDORIA = defineReport({
  code: null,
  command: '/relatorio/ouvidoria/anual-ouvidoria',
  about:
    'Manifestações registradas no ano, contadas por tipo, canal, assunto, tempo de resposta em dias úteis, situação e avaliação: em cada quadro, as respondidas no prazo e fora dele, as em aberto e a média de dias úteis até a resposta.',
  list: {
    key: 'relatorio.anual-ouvidoria',
    noun: { singular: 'linha', plural: 'linhas', gender: 'f' },
    fields: {
      grupo: f.text('Quadro', { max: 40 }),
      ordem: f.integer('Ordem'),
      item: f.text('Item', { max: 60 }),
      manifestacoes: f.integer('Manifestações'),
      respondidas: f.integer('Respondidas'),
      noPrazo: f.integer('No prazo'),
      foraDoPrazo: f.integer('Fora do prazo'),
      emAberto: f.integer('Em aberto'),
      mediaDiasUteis: f.decimal('Média de dias úteis', { scale: 1 }),
      ano: f.text('Ano', { max: 4, mask: '####' }),
    },
    search: [ANO],
    initial: anoAtual,
    columns: [{ key: 'item' }, { key: 'manifestacoes' }, { key: 'respondidas' }, { key: 'noPrazo' }, { key: 'foraDoPrazo' }, { key: 'emAberto' }, { key: 'mediaDiasUteis' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'ordem', dir: 'asc' },
    ],
    sortable: ['grupo', 'ordem'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Quadro', plural: 'quadros' },
  orientation: 'portrait',
  widths: { item: 2.4, manifestacoes: 1.1, respondidas: 1, noPrazo: 0.9, foraDoPrazo: 1, emAberto: 0.9, mediaDiasUteis: 1.5 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** REA: the year month by month, with the year's totals. */
export const REA_OUVIDORIA = defineReport({
  code: null,
  command: '/relatorio/ouvidoria/rea',
  about:
    'Relatório Estatístico e Analítico da Ouvidoria: mês a mês do ano, as manifestações recebidas por tipo, as respondidas no prazo e fora dele, as prorrogadas e o prazo médio de resposta em dias úteis; os totais do ano no fim.',
  list: {
    key: 'relatorio.rea',
    noun: { singular: 'mês', plural: 'meses', gender: 'm' },
    fields: {
      mes: f.integer('Mês'),
      mesNome: f.text('Mês', { max: 12 }),
      recebidas: f.integer('Recebidas'),
      reclamacoes: f.integer('Reclamações'),
      denuncias: f.integer('Denúncias'),
      solicitacoes: f.integer('Solicitações'),
      sugestoes: f.integer('Sugestões'),
      elogios: f.integer('Elogios'),
      consultas: f.integer('Consultas'),
      respondidas: f.integer('Respondidas'),
      noPrazo: f.integer('No prazo'),
      foraDoPrazo: f.integer('Fora do prazo'),
      prorrogadas: f.integer('Prorrogadas'),
      mediaDiasUteis: f.decimal('Prazo médio (dias úteis)', { scale: 1 }),
      ano: f.text('Ano', { max: 4, mask: '####' }),
    },
    search: [ANO],
    initial: anoAtual,
    columns: [
      { key: 'mesNome' },
      { key: 'recebidas' },
      { key: 'reclamacoes' },
      { key: 'denuncias' },
      { key: 'solicitacoes' },
      { key: 'sugestoes' },
      { key: 'elogios' },
      { key: 'consultas' },
      { key: 'respondidas' },
      { key: 'noPrazo' },
      { key: 'foraDoPrazo' },
      { key: 'prorrogadas' },
      { key: 'mediaDiasUteis' },
    ],
    sort: [{ field: 'mes', dir: 'asc' }],
    sortable: ['mes'],
    pageSize: 200,
  },
  totals: [
    { key: 'recebidas', label: 'Recebidas', kind: 'integer' },
    { key: 'reclamacoes', label: 'Reclamações', kind: 'integer' },
    { key: 'denuncias', label: 'Denúncias', kind: 'integer' },
    { key: 'solicitacoes', label: 'Solicitações', kind: 'integer' },
    { key: 'sugestoes', label: 'Sugestões', kind: 'integer' },
    { key: 'elogios', label: 'Elogios', kind: 'integer' },
    { key: 'consultas', label: 'Consultas', kind: 'integer' },
    { key: 'respondidas', label: 'Respondidas', kind: 'integer' },
    { key: 'noPrazo', label: 'No prazo', kind: 'integer' },
    { key: 'foraDoPrazo', label: 'Fora do prazo', kind: 'integer' },
    { key: 'prorrogadas', label: 'Prorrogadas', kind: 'integer' },
  ],
  orientation: 'landscape',
  widths: { mesNome: 1.5, recebidas: 0.9, denuncias: 0.9, sugestoes: 0.9, elogios: 0.8, consultas: 0.9, noPrazo: 0.8, mediaDiasUteis: 1.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});
