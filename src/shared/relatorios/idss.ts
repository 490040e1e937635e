import { f } from '../resources/define';
import { CALCULOS_IDSS, DIMENSOES_IDSS } from '../resources/ans';
import { PERIODO_OBRIGATORIO, periodoAteHoje } from './filtros';
import { defineReport } from './define';

/**
 * rep363 — IDSS (Índice de Desempenho da Saúde Suplementar): the operator's indicators (ANS (Operadora) › Indicadores do
 * IDSS) by dimension, each with its value in the period — computed from the portal's own data when the indicator
 * names a calculation (qualidade cadastral, parto cesáreo, consultas, internações), otherwise the value the ANS
 * published — its target, direction and weight, and whether the target is met.
 */

export const ORIGENS_IDSS = [
  ['CALCULADO', 'Calculado no portal'],
  ['INFORMADO', 'Informado pela ANS'],
] as const;
export const SITUACOES_IDSS = [
  ['ATINGIDA', 'Meta atingida'],
  ['NAO_ATINGIDA', 'Meta não atingida'],
  ['SEM_META', 'Sem meta'],
  ['SEM_VALOR', 'Sem valor'],
] as const;
/** The unit each calculation gives (the ones informed by the ANS carry theirs in the name and the formula). */
export const UNIDADE_IDSS: Record<(typeof CALCULOS_IDSS)[number][0], string> = {
  INFORMADO: '',
  QUALIDADE_CADASTRAL: '%',
  PARTO_CESAREO: '%',
  CONSULTAS: 'por beneficiário',
  INTERNACOES: 'por 1.000 beneficiários',
};

export const IDSS = defineReport({
  code: 'rep363',
  command: '/relatorio/ans/idss',
  about:
    'Os indicadores do IDSS por dimensão: o valor no período — calculado com os dados do portal (qualidade cadastral, parto cesáreo, consultas, internações) ou o publicado pela ANS —, a meta da operadora, o sentido, o peso e se a meta foi atingida.',
  list: {
    key: 'relatorio.rep363',
    noun: { singular: 'indicador', plural: 'indicadores', gender: 'm' },
    fields: {
      grupo: f.text('Dimensão', { max: 60 }),
      codigo: f.text('Código', { max: 10 }),
      nome: f.text('Indicador', { max: 150 }),
      origem: f.enum('Origem', ORIGENS_IDSS),
      valor: f.decimal('Valor', { precision: 14, scale: 4 }),
      unidade: f.text('Unidade', { max: 30 }),
      meta: f.decimal('Meta', { precision: 14, scale: 4 }),
      sentido: f.text('Sentido', { max: 30 }),
      peso: f.decimal('Peso', { precision: 6, scale: 2 }),
      situacao: f.enum('Situação', SITUACOES_IDSS),
      formula: f.text('Fórmula', { max: 500 }),
      // filters only
      periodo: f.date('Período'),
      dimensao: f.enum('Dimensão', DIMENSOES_IDSS),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'dimensao', op: 'eq', param: 'dimensao' }],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth() - 11, 1)),
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'origem' }, { key: 'valor' }, { key: 'unidade' }, { key: 'meta' }, { key: 'sentido' }, { key: 'peso' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'codigo', dir: 'asc' },
    ],
    sortable: ['grupo', 'codigo'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Dimensão', plural: 'dimensões' },
  orientation: 'landscape',
  widths: { codigo: 0.6, nome: 3.2, origem: 1.4, valor: 0.9, unidade: 1.4, meta: 0.9, sentido: 1.4, peso: 0.6, situacao: 1.3 },
  formats: ['pdf', 'xlsx', 'csv'],
});
