import { CANAIS, MOTIVOS, PESSOAS, RESULTADOS } from '../atendimentos';
import { FLUXO, STATUS } from '../atendimentos/fluxo';
import { f } from '../resources/define';
import { defineReport } from './define';
import { mesCorrente } from './filtros';

/**
 * rep336 — contacts of a period by reason: who called, through which channel, who attended, the outcome and how long
 * it took; the minutes summed per reason (where the desk's time goes) and a bar per reason.
 */
export const ATENDIMENTOS_POR_MOTIVO = defineReport({
  code: 'rep336',
  command: '/relatorio/atendimento/atendimentos-motivo',
  about: 'Atendimentos do período agrupados por motivo, com canal, atendente, resultado e duração; os minutos somados por motivo.',
  list: {
    key: 'relatorio.rep336',
    noun: { singular: 'atendimento', plural: 'atendimentos', gender: 'm' },
    fields: {
      grupo: f.text('Motivo', { max: 60 }),
      motivo: f.enum('Motivo', MOTIVOS),
      protocolo: f.text('Protocolo', { max: 20 }),
      inicio: f.instant('Início'),
      pessoaNome: f.text('Pessoa', { max: 150 }),
      pessoaTipo: f.enum('Tipo de pessoa', PESSOAS),
      canal: f.enum('Canal', CANAIS),
      atendenteNome: f.text('Atendente', { max: 120 }),
      status: f.enum('Situação', STATUS.map((s) => [s, FLUXO.labels[s]] as const)),
      resultado: f.enum('Resultado', RESULTADOS),
      duracao: f.integer('Duração (min)'),
    },
    search: [
      { field: 'inicio', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'inicio', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'motivo', op: 'eq', param: 'motivo' },
      { field: 'canal', op: 'eq', param: 'canal' },
      { field: 'pessoaTipo', op: 'eq', param: 'pessoa' },
      { field: 'status', op: 'eq', param: 'situacao' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'protocolo' }, { key: 'inicio' }, { key: 'pessoaNome' }, { key: 'canal' }, { key: 'atendenteNome' }, { key: 'status' }, { key: 'resultado' }, { key: 'duracao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'inicio', dir: 'asc' },
    ],
    sortable: ['grupo', 'inicio'],
    scope: { entity: 'atendimento' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Motivo', plural: 'motivos' },
  totals: [{ key: 'duracao', label: 'Minutos', kind: 'integer' }],
  chart: { title: 'Atendimentos por motivo', value: 'count' },
  orientation: 'landscape',
  widths: { protocolo: 1.6, inicio: 1.1, pessoaNome: 2.4, canal: 0.9, atendenteNome: 1.6, status: 1, resultado: 1.8, duracao: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});
