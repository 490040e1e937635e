import { f } from '../resources/define';
import { defineReport } from './define';
import { mesCorrente, PERIODO_OBRIGATORIO } from './filtros';

/**
 * rep090 — the coparticipation the authorizations of a period will bring: each authorized item (authorizations
 * authorized, whole or in part, on a day of the period) whose procedure the beneficiary's plan charges under its
 * default agreement in force that day (acordo padrão procedimento × benefício: the percentage and the cap per
 * procedure), with the authorized value and the share the beneficiary will pay, per beneficiary. The same rule as
 * the Cálculo de Procedimento (src/shared/precos/calculo.ts `coparticipacao`), over the authorized quantity.
 */
export const COPARTICIPACAO_PREVISTA = defineReport({
  code: 'rep090',
  command: '/relatorio/coparticipacao/coparticipacao-prevista',
  about: 'Itens autorizados no período cujo procedimento o plano cobra com coparticipação (acordo padrão em vigor na data), com o valor autorizado, o percentual, o teto e a coparticipação prevista de cada beneficiário.',
  list: {
    key: 'relatorio.rep090',
    noun: { singular: 'item com coparticipação', plural: 'itens com coparticipação', gender: 'm' },
    fields: {
      grupo: f.text('Beneficiário', { max: 180 }),
      numero: f.text('Nº da guia', { max: 20 }),
      dataAutorizacao: f.date('Autorizada em'),
      procedimento: f.text('Procedimento', { max: 170 }),
      quantidade: f.integer('Qtd. autorizada'),
      valorAutorizado: f.money('Valor autorizado'),
      percentual: f.percent('Coparticipação (%)'),
      teto: f.money('Teto'),
      coparticipacao: f.money('Coparticipação prevista'),
      periodo: f.date('Período'),
      produto: f.ref('Plano', 'produto'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'produto', op: 'eq', param: 'plano' }, { field: 'beneficiario', op: 'contains', param: 'beneficiario', label: 'Beneficiário', placeholder: 'Parte do nome' }],
    initial: mesCorrente,
    columns: [{ key: 'numero' }, { key: 'dataAutorizacao' }, { key: 'procedimento' }, { key: 'quantidade' }, { key: 'valorAutorizado' }, { key: 'percentual' }, { key: 'teto' }, { key: 'coparticipacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataAutorizacao', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataAutorizacao'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [
    { key: 'quantidade', label: 'Quantidade', kind: 'integer' },
    { key: 'valorAutorizado', label: 'Valor autorizado', kind: 'money' },
    { key: 'coparticipacao', label: 'Coparticipação prevista', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { numero: 1.3, dataAutorizacao: 0.9, procedimento: 3.4, quantidade: 0.8, valorAutorizado: 1.1, percentual: 0.9, teto: 0.9, coparticipacao: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
