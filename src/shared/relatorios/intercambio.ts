import { DIRECOES, SITUACOES_AUT_INTERCAMBIO, SITUACOES_CARTAO_INTERCAMBIO } from '../intercambio';
import { f } from '../resources/define';
import { defineReport } from './define';
import { anoCorrente } from './filtros';

/**
 * The interchange reports (copass, spec §2.6 /relatorio/beneficiario/intercambio) over what src/server/intercambio
 * records: the partner operators' authorizations (received: their beneficiaries in the own network; sent: own
 * beneficiaries in the partner's) and the partners' cards. The operator's staff only (the commands' permission).
 */

const PARCEIRA = f.ref('Unidade de intercâmbio', 'unimed');

/** rep362 — every interchange authorization of the period, by partner, with the direction and whether a movement took it. */
export const AUTORIZACOES_INTERCAMBIO = defineReport({
  code: 'rep362',
  command: '/relatorio/beneficiario/intercambio/autorizacoes-intercambio',
  about: 'As autorizações de intercâmbio atendidas no período, por unidade parceira: recebidas (beneficiário da parceira na rede própria) e enviadas (beneficiário próprio na rede da parceira), com procedimento, quantidade, valor e se já entraram num movimento.',
  list: {
    key: 'relatorio.rep362',
    noun: { singular: 'autorização', plural: 'autorizações', gender: 'f' },
    fields: {
      grupo: f.text('Unidade de intercâmbio', { max: 140 }),
      direcao: f.enum('Direção', DIRECOES),
      numeroOrigem: f.text('Nº na origem', { max: 20 }),
      dataAtendimento: f.date('Atendimento'),
      nome: f.text('Beneficiário', { max: 150 }),
      cartao: f.text('Cartão', { max: 17 }),
      prestador: f.text('Prestador', { max: 150 }),
      procedimento: f.text('Procedimento', { max: 170 }),
      quantidade: f.integer('Qtd.'),
      valor: f.money('Valor'),
      situacao: f.enum('Situação', SITUACOES_AUT_INTERCAMBIO),
      competencia: f.text('Movimento', { max: 7 }),
      parceira: PARCEIRA,
    },
    search: [
      { field: 'dataAtendimento', op: 'gte', param: 'inicio', label: 'Atendidos de' },
      { field: 'dataAtendimento', op: 'lte', param: 'termino', label: 'Atendidos até' },
      { field: 'parceira', op: 'eq', param: 'parceira' },
      { field: 'direcao', op: 'eq', param: 'direcao' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'beneficiario', placeholder: 'Parte do nome' },
    ],
    initial: anoCorrente,
    columns: [{ key: 'direcao' }, { key: 'numeroOrigem' }, { key: 'dataAtendimento' }, { key: 'nome' }, { key: 'prestador' }, { key: 'procedimento' }, { key: 'quantidade' }, { key: 'valor' }, { key: 'competencia' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataAtendimento', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataAtendimento'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Unidade', plural: 'unidades' },
  totals: [
    { key: 'quantidade', label: 'Quantidade', kind: 'integer' },
    { key: 'valor', label: 'Valor', kind: 'money' },
  ],
  chart: { title: 'Valor por unidade de intercâmbio (R$)', value: 'valor' },
  orientation: 'landscape',
  widths: { direcao: 1.5, numeroOrigem: 1.2, dataAtendimento: 0.9, nome: 2.2, prestador: 2, procedimento: 2.6, quantidade: 0.5, valor: 1.1, competencia: 0.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep093 — the partners' cards (their beneficiaries attended here), by partner, with what each received in the own network. */
export const BENEFICIARIOS_INTERCAMBIO = defineReport({
  code: 'rep093',
  command: '/relatorio/beneficiario/intercambio/beneficiarios-intercambio',
  about: 'Os beneficiários de outras operadoras com cartão de intercâmbio, por unidade parceira: cartão, nascimento, validade, situação (ativo ou excluído, com o motivo) e as autorizações recebidas na rede própria com o seu valor.',
  list: {
    key: 'relatorio.rep093',
    noun: { singular: 'cartão', plural: 'cartões', gender: 'm' },
    fields: {
      grupo: f.text('Unidade de intercâmbio', { max: 140 }),
      numero: f.text('Cartão', { max: 17 }),
      nome: f.text('Beneficiário', { max: 150 }),
      dataNascimento: f.date('Nascimento'),
      validade: f.date('Validade'),
      situacao: f.enum('Situação', SITUACOES_CARTAO_INTERCAMBIO),
      excluidoEm: f.date('Excluído em'),
      motivoExclusao: f.text('Motivo da exclusão', { max: 200 }),
      autorizacoes: f.integer('Autorizações'),
      valor: f.money('Valor atendido'),
      parceira: PARCEIRA,
    },
    search: [
      { field: 'parceira', op: 'eq', param: 'parceira' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'contains', param: 'beneficiario', placeholder: 'Parte do nome' },
      { field: 'validade', op: 'lte', param: 'validadeAte', label: 'Validade até' },
    ],
    columns: [{ key: 'numero' }, { key: 'nome' }, { key: 'dataNascimento' }, { key: 'validade' }, { key: 'situacao' }, { key: 'excluidoEm' }, { key: 'motivoExclusao' }, { key: 'autorizacoes' }, { key: 'valor' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Unidade', plural: 'unidades' },
  totals: [
    { key: 'autorizacoes', label: 'Autorizações', kind: 'integer' },
    { key: 'valor', label: 'Valor atendido', kind: 'money' },
  ],
  chart: { title: 'Cartões por unidade de intercâmbio', value: 'count' },
  orientation: 'landscape',
  widths: { numero: 1.5, nome: 2.4, dataNascimento: 0.9, validade: 0.9, situacao: 0.8, excluidoEm: 0.9, motivoExclusao: 2, autorizacoes: 0.8, valor: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});
