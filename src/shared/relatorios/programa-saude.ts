import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente, PERIODO_OBRIGATORIO } from './filtros';

/**
 * The conditions a health-promotion programme follows, by the CID-10 categories (first three characters) of the
 * authorizations: the ranges are the usual lines of care of an operator's programmes (RN 264/265 da ANS).
 */
export const CONDICOES_CRONICAS = [
  { value: 'oncologia', label: 'Oncologia', faixas: [['C00', 'C97'], ['D37', 'D48']] },
  { value: 'diabetes', label: 'Diabetes', faixas: [['E10', 'E14']] },
  { value: 'cardiovascular', label: 'Hipertensão e doença cardiovascular', faixas: [['I10', 'I15'], ['I20', 'I25'], ['I50', 'I50']] },
  { value: 'respiratoria', label: 'Asma e DPOC', faixas: [['J44', 'J45']] },
  { value: 'renal', label: 'Doença renal crônica', faixas: [['N18', 'N18']] },
  { value: 'mental', label: 'Saúde mental', faixas: [['F20', 'F39']] },
] as const;


/** rep218 — candidates for the chronic-care programmes: the people whose authorizations of the period carry such a CID. */
export const CONDICOES_CRONICAS_REPORT = defineReport({
  code: 'rep218',
  command: '/relatorio/beneficiario/programa-saude/condicoes-cronicas',
  about: 'Beneficiários com autorizações no período cujo CID é de uma condição crônica acompanhada pelos programas de saúde (oncologia, diabetes, cardiovascular, asma e DPOC, renal, saúde mental), com as datas e os CIDs.',
  list: {
    key: 'relatorio.rep218',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Condição', { max: 60 }),
      condicao: f.enum('Condição', CONDICOES_CRONICAS.map((c) => [c.value, c.label] as const)),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      idade: f.integer('Idade'),
      cids: f.text('CIDs', { max: 200 }),
      autorizacoes: f.integer('Autorizações'),
      primeira: f.date('Primeira'),
      ultima: f.date('Última'),
      celular: f.phone('Celular'),
      periodo: f.date('Período'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'condicao', op: 'eq', param: 'condicao' }],
    initial: anoCorrente,
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'idade' }, { key: 'cids' }, { key: 'autorizacoes' }, { key: 'primeira' }, { key: 'ultima' }, { key: 'celular' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Condição', plural: 'condições' },
  totals: [{ key: 'autorizacoes', label: 'Autorizações', kind: 'integer' }],
  chart: { title: 'Beneficiários por condição', value: 'count' },
  orientation: 'landscape',
  widths: { matricula: 1.1, nome: 3, idade: 0.6, cids: 1.8, autorizacoes: 1, primeira: 0.9, ultima: 0.9, celular: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The CID-10 categories of pregnancy and prenatal care (chapter XV and the prenatal supervision codes). */
export const CIDS_GESTACAO = [['O00', 'O99'], ['Z32', 'Z36']] as const;

/** rep320 — pregnant beneficiaries for the prenatal programme: authorizations of the period with a pregnancy CID. */
export const GESTANTES = defineReport({
  code: 'rep320',
  command: '/relatorio/beneficiario/programa-saude/gestantes',
  about: 'Beneficiárias com autorizações no período com CID de gestação ou pré-natal (capítulo XV, Z32 a Z36), por plano, com as datas e os CIDs: a lista do programa de pré-natal.',
  list: {
    key: 'relatorio.rep320',
    noun: { singular: 'beneficiária', plural: 'beneficiárias', gender: 'f' },
    fields: {
      grupo: f.text('Plano', { max: 120 }),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiária', { max: 150 }),
      idade: f.integer('Idade'),
      cids: f.text('CIDs', { max: 200 }),
      autorizacoes: f.integer('Autorizações'),
      primeira: f.date('Primeira'),
      ultima: f.date('Última'),
      celular: f.phone('Celular'),
      periodo: f.date('Período'),
    },
    search: [...PERIODO_OBRIGATORIO],
    initial: anoCorrente,
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'idade' }, { key: 'cids' }, { key: 'autorizacoes' }, { key: 'primeira' }, { key: 'ultima' }, { key: 'celular' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  totals: [{ key: 'autorizacoes', label: 'Autorizações', kind: 'integer' }],
  orientation: 'landscape',
  widths: { matricula: 1.1, nome: 3, idade: 0.6, cids: 1.8, autorizacoes: 1, primeira: 0.9, ultima: 0.9, celular: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});
