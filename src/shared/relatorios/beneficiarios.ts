import { f } from '../resources/define';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { defineReport } from './define';

/** The ANS age bands of a plan's price (RN 63/2003): ten bands, the last from 59 years. */
export const FAIXAS_ANS: readonly { value: string; label: string; min: number; max: number }[] = [
  [0, 18], [19, 23], [24, 28], [29, 33], [34, 38], [39, 43], [44, 48], [49, 53], [54, 58], [59, 200],
].map(([min, max]) => ({ value: String(min), label: max >= 200 ? `${min} anos ou mais` : `${min} a ${max} anos`, min, max }));

/** The band of an age in years. */
export const faixaAns = (idade: number) => FAIXAS_ANS.findLast((b) => idade >= b.min)!;

/**
 * rep301 — beneficiaries by product and ANS age band: each product's people with their age today and band, a
 * subtotal per product (the actuarial and the ANS filings start from these counts).
 */
export const BENEFICIARIOS_FAIXA_PRODUTO = defineReport({
  code: 'rep301',
  command: '/relatorio/beneficiario/produto/faixa-etaria-produto',
  about: 'Beneficiários de cada produto com a idade de hoje e a faixa etária da ANS, com o total por produto.',
  list: {
    key: 'relatorio.rep301',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Produto', { max: 150 }),
      matricula: f.text('Matrícula', { max: 10 }),
      nome: f.text('Nome', { max: 150 }),
      dataNascimento: f.date('Nascimento'),
      idade: f.integer('Idade'),
      faixa: f.enum('Faixa da ANS', FAIXAS_ANS.map((b) => [b.value, b.label] as const)),
      relacao: f.enum('Relação', RELACOES_DEPENDENCIA),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      produto: f.ref('Produto', 'produto'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'produto' },
      { field: 'faixa', op: 'eq', param: 'faixa' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'matricula' }, { key: 'nome', sort: 'nome' }, { key: 'dataNascimento' }, { key: 'idade' }, { key: 'faixa' }, { key: 'relacao' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Produto', plural: 'produtos' },
  orientation: 'portrait',
  widths: { matricula: 1.2, nome: 3.6, dataNascimento: 1.1, idade: 0.6, faixa: 1.3, relacao: 1.5, situacao: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});
