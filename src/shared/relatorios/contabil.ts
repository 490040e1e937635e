import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente } from './filtros';

/**
 * Contábil › Impostos: the withholdings on the payments to providers (retencoes_pagamentos, computed at consolidation
 * or from the RPAs), by tax and DARF code, for the competências of a period; a reversed payment's are left out (the
 * Estorno de Rendimento takes them out of the returns and the accounts). The operator's staff only.
 */
export const IMPOSTOS_RETIDOS = defineReport({
  code: null,
  command: '/relatorio/contabil/imposto',
  about: 'As retenções dos pagamentos a prestadores nas competências do período, por tributo e código DARF: pagamento, prestador, natureza do rendimento, base, alíquota e valor retido.',
  list: {
    key: 'relatorio.imposto',
    noun: { singular: 'retenção', plural: 'retenções', gender: 'f' },
    fields: {
      grupo: f.text('Tributo · DARF', { max: 40 }),
      mes: f.text('Competência', { max: 7 }),
      numero: f.text('Pagamento', { max: 12 }),
      prestador: f.text('Prestador', { max: 200 }),
      natureza: f.text('Natureza', { max: 5 }),
      base: f.money('Base de cálculo'),
      aliquota: f.text('Alíquota (%)', { max: 8 }),
      valor: f.money('Valor retido'),
      // filters only
      competencia: f.date('Competência'),
      tributo: f.enum('Tributo', [
        ['IRRF', 'IRRF'],
        ['PIS', 'PIS'],
        ['COFINS', 'COFINS'],
        ['CSLL', 'CSLL'],
        ['INSS', 'INSS'],
        ['ISS', 'ISS'],
      ]),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
      { field: 'tributo', op: 'eq', param: 'tributo' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'mes' }, { key: 'numero' }, { key: 'prestador' }, { key: 'natureza' }, { key: 'base' }, { key: 'aliquota' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'competencia', dir: 'asc' },
    ],
    sortable: ['grupo', 'competencia'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Tributo · DARF', plural: 'tributos' },
  totals: [
    { key: 'base', label: 'Base de cálculo', kind: 'money' },
    { key: 'valor', label: 'Valor retido', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { mes: 0.8, numero: 1, prestador: 3, natureza: 0.8, base: 1.2, aliquota: 0.8, valor: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * Contábil › Movimento Contábil: the entries of the competências of a period (Processar Movimento Contábil), by
 * origin; each is a debit and a credit of the same value, so the debits' total is the credits' (a reversal is the
 * mirrored pair and appears as its own entry).
 */
export const MOVIMENTO_CONTABIL = defineReport({
  code: null,
  command: '/relatorio/contabil/movimento',
  about: 'Os lançamentos contábeis das competências do período, por origem: data, documento, conta a débito, conta a crédito, histórico e valor (débitos iguais aos créditos).',
  list: {
    key: 'relatorio.movimento',
    noun: { singular: 'lançamento', plural: 'lançamentos', gender: 'm' },
    fields: {
      grupo: f.text('Origem', { max: 20 }),
      data: f.date('Data'),
      documento: f.text('Documento', { max: 32 }),
      contaDebito: f.text('Conta a débito', { max: 9 }),
      contaCredito: f.text('Conta a crédito', { max: 9 }),
      historico: f.text('Histórico', { max: 200 }),
      debito: f.money('Débito'),
      credito: f.money('Crédito'),
      competencia: f.date('Competência'),
    },
    search: [
      { field: 'competencia', op: 'gte', param: 'inicio', label: 'Competências de' },
      { field: 'competencia', op: 'lte', param: 'termino', label: 'Competências até' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'data' }, { key: 'documento' }, { key: 'contaDebito' }, { key: 'contaCredito' }, { key: 'historico' }, { key: 'debito' }, { key: 'credito' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Origem', plural: 'origens' },
  totals: [
    { key: 'debito', label: 'Débito', kind: 'money' },
    { key: 'credito', label: 'Crédito', kind: 'money' },
  ],
  orientation: 'landscape',
  widths: { data: 0.8, documento: 1.3, contaDebito: 0.9, contaCredito: 0.9, historico: 3.2, debito: 1.1, credito: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

export const CONTABIL_REPORTS = [IMPOSTOS_RETIDOS, MOVIMENTO_CONTABIL] as const;
