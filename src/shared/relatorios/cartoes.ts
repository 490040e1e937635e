import { dateToBr } from '../dates';
import { MOTIVOS_CARTAO, SITUACOES_CARTAO } from '../processos/cartoes';
import { f } from '../resources/define';
import { SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { defineReport } from './define';
import { periodoAteHoje, situacaoAtiva } from './filtros';

/** The beneficiary's plan and registration, as the card reports show them beside the card. */
const pessoa = {
  matricula: f.text('Matrícula', { max: 20 }),
  nome: f.text('Beneficiário', { max: 150 }),
  produto: f.ref('Plano', 'produto'),
};

/** rep337 — the cards issued in a period, by reason (first issue, replacement, renewal): the embossing's check. */
export const CARTOES_EMITIDOS = defineReport({
  code: 'rep337',
  command: '/relatorio/beneficiario/cartao/cartoes-emitidos',
  about: 'Cartões emitidos no período, pelo motivo da emissão (primeira via, segunda via, renovação), com a via, a validade e a situação de cada um.',
  list: {
    key: 'relatorio.rep337',
    noun: { singular: 'cartão', plural: 'cartões', gender: 'm' },
    fields: {
      grupo: f.text('Motivo', { max: 60 }),
      motivo: f.enum('Motivo', MOTIVOS_CARTAO),
      carteirinha: f.text('Carteirinha', { max: 16 }),
      via: f.integer('Via'),
      ...pessoa,
      produtoNome: f.text('Plano', { max: 120 }),
      emissao: f.date('Emissão'),
      validade: f.date('Validade'),
      situacao: f.enum('Situação do cartão', SITUACOES_CARTAO),
    },
    search: [
      { field: 'emissao', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'emissao', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'motivo', op: 'eq', param: 'motivo' },
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), 0, 1)),
    columns: [{ key: 'carteirinha' }, { key: 'via' }, { key: 'matricula' }, { key: 'nome' }, { key: 'produtoNome' }, { key: 'emissao' }, { key: 'validade' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'emissao', dir: 'asc' },
    ],
    sortable: ['grupo', 'emissao'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Motivo', plural: 'motivos' },
  chart: { title: 'Cartões por motivo', value: 'count' },
  orientation: 'landscape',
  widths: { carteirinha: 1.4, via: 0.5, matricula: 1.1, nome: 3, produtoNome: 2.2, emissao: 0.9, validade: 0.9, situacao: 1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep182 — cards in force whose validity ends in the period, by month: the renewals to issue, of active people only. */
export const CARTOES_A_VENCER = defineReport({
  code: 'rep182',
  command: '/relatorio/beneficiario/cartao/cartoes-vencer',
  about: 'Cartões em uso de beneficiários ativos cuja validade termina no período, por mês de vencimento: as renovações a emitir.',
  list: {
    key: 'relatorio.rep182',
    noun: { singular: 'cartão', plural: 'cartões', gender: 'm' },
    fields: {
      grupo: f.text('Mês de vencimento', { max: 20 }),
      validade: f.date('Validade'),
      carteirinha: f.text('Carteirinha', { max: 16 }),
      via: f.integer('Via'),
      ...pessoa,
      produtoNome: f.text('Plano', { max: 120 }),
      emissao: f.date('Emissão'),
      emUso: f.boolean('Em uso'),
    },
    search: [
      { field: 'validade', op: 'gte', param: 'inicio', label: 'Vence de' },
      { field: 'validade', op: 'lte', param: 'termino', label: 'Vence até' },
      { field: 'produto', op: 'eq', param: 'plano' },
    ],
    permanent: [{ field: 'emUso', op: 'eq', value: true }],
    // from today to the end of the third month ahead
    initial: (current, now) => {
      if (current.has('inicio') || current.has('termino')) return undefined;
      const p = new URLSearchParams(current);
      p.set('inicio', dateToBr(now));
      p.set('termino', dateToBr(new Date(now.getFullYear(), now.getMonth() + 3, 0)));
      return p;
    },
    columns: [{ key: 'validade' }, { key: 'carteirinha' }, { key: 'via' }, { key: 'matricula' }, { key: 'nome' }, { key: 'produtoNome' }, { key: 'emissao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'validade', dir: 'asc' },
    ],
    sortable: ['grupo', 'validade'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Mês de vencimento', plural: 'meses' },
  chart: { title: 'Cartões a vencer por mês', value: 'count' },
  orientation: 'landscape',
  widths: { validade: 0.9, carteirinha: 1.4, via: 0.5, matricula: 1.1, nome: 3, produtoNome: 2.2, emissao: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep322 — people without a card in force (never issued, expired or replaced without a new one), by plan. */
export const SEM_CARTAO_VALIDO = defineReport({
  code: 'rep322',
  command: '/relatorio/beneficiario/cartao/sem-cartao-valido',
  about: 'Beneficiários sem cartão em vigor hoje (nunca emitido ou vencido), por plano: a lista da próxima emissão.',
  list: {
    key: 'relatorio.rep322',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Plano', { max: 120 }),
      ...pessoa,
      carteirinha: f.text('Carteirinha', { max: 16 }),
      dataAdesao: f.date('Adesão'),
      ultimaValidade: f.date('Último cartão válido até'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      semCartao: f.boolean('Sem cartão válido'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'startsWith', param: 'nome', label: 'Nome', placeholder: 'Início do nome' },
    ],
    permanent: [{ field: 'semCartao', op: 'eq', value: true }],
    initial: situacaoAtiva,
    columns: [{ key: 'matricula' }, { key: 'carteirinha' }, { key: 'nome' }, { key: 'dataAdesao' }, { key: 'ultimaValidade' }, { key: 'situacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  chart: { title: 'Beneficiários sem cartão válido por plano', value: 'count' },
  orientation: 'portrait',
  widths: { matricula: 1.1, carteirinha: 1.4, nome: 3, dataAdesao: 0.9, ultimaValidade: 1.1, situacao: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});
