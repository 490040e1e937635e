import { f, type EnumField } from '../resources/define';
import { grupoProduto, produto } from '../resources/operadora';
import { MOTIVOS_CANCELAMENTO, RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { defineReport } from './define';
import { FILTRO_BENEFICIARIO, mesCorrente, PERIODO_OBRIGATORIO, situacaoAtiva } from './filtros';

/**
 * Cadastro › ANS › Relatórios de Saúde Suplementar: what the operator owes each beneficiary under the ANS's rules on
 * information (RN 389/2015: the identification and the utilization components, which the beneficiary's private area
 * and the operator's desk show) and the cancellations of membership (RN 412/2016, now RN 561/2022: the cancellation
 * the beneficiary asks for takes effect when the operator learns of it, with a protocol and its proof).
 */

const opcoes = (fd: unknown) => (fd as EnumField).options.map((o) => [o.value, o.label] as const);

const BENEFICIARIO = { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' } as const;

/**
 * rep267 — Identificação de Saúde Suplementar (RN 389/2015, componente de identificação): per beneficiary, the
 * operator and its ANS registration, the beneficiary's name, CNS, CCO and card, and the plan's registration, name,
 * segmentation, type of contract and coverage, with the contract (membership) date and the end of the grace period.
 * By plan: the group names the plan and the operator with their ANS registrations (the same for every row of the
 * group, so said once on the screen and the PDF, and in every row of the XLSX and the CSV); the active beneficiaries
 * unless asked otherwise.
 */
export const IDENTIFICACAO_SAUDE_SUPLEMENTAR = defineReport({
  code: 'rep267',
  command: '/cadastro/ans/relatorio/saude-suplementar/relatorio/identificacao-saude-suplementar',
  about: 'O componente de identificação da RN 389/2015 de cada beneficiário: operadora e registro na ANS, nome, CNS, CCO e carteirinha, e o plano (registro, segmentação, contratação e abrangência), com a data de adesão e o fim da carência.',
  list: {
    key: 'relatorio.rep267',
    noun: BENEFICIARIO,
    fields: {
      grupo: f.text('Plano e operadora (registro ANS)', { max: 330 }),
      nome: f.text('Beneficiário', { max: 150 }),
      cns: f.doc('CNS', 'cns'),
      cco: f.text('CCO', { max: 12 }),
      carteirinha: f.text('Carteirinha', { max: 20 }),
      segmentacao: f.enum('Segmentação', opcoes(grupoProduto.fields.segmentacao)),
      contratacao: f.enum('Contratação', opcoes(produto.fields.contratacao)),
      abrangencia: f.enum('Abrangência', opcoes(produto.fields.abrangencia)),
      dataAdesao: f.date('Adesão'),
      fimCarencia: f.date('Fim da carência'),
      produto: f.ref('Plano', 'produto'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      beneficiario: f.text('Beneficiário', { max: 150 }),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      FILTRO_BENEFICIARIO,
    ],
    initial: situacaoAtiva,
    columns: [
      { key: 'nome' },
      { key: 'cns' },
      { key: 'cco' },
      { key: 'carteirinha' },
      { key: 'segmentacao' },
      { key: 'contratacao' },
      { key: 'abrangencia' },
      { key: 'dataAdesao' },
      { key: 'fimCarencia' },
    ],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    scope: { entity: 'beneficiario' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano e operadora', plural: 'planos' },
  orientation: 'landscape',
  widths: { nome: 2.8, cns: 1.5, cco: 1.1, carteirinha: 1.5, segmentacao: 1.7, contratacao: 1.3, abrangencia: 1, dataAdesao: 0.9, fimCarencia: 1.1 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** Where a row of the utilization component comes from. */
export const ORIGENS_UTILIZACAO = [
  ['CONTA', 'Conta do prestador'],
  ['AUTORIZACAO', 'Autorização (não faturada)'],
] as const;

/**
 * rep279 — Componente de Utilização (RN 389/2015): each beneficiary's use of the plan in a period — the procedures
 * done, with date, provider and its CPF/CNPJ, TUSS code and description, quantity. What the providers billed (the
 * items of their accounts, `itens_faturados`) is the record of a procedure done; an authorized request no account
 * has billed yet (no guide carries its number or senha) is listed too, marked as such, as the Extrato de Utilização
 * does — so the component is never empty while billing is still arriving, and never counts a procedure twice.
 */
export const COMPONENTE_UTILIZACAO = defineReport({
  code: 'rep279',
  command: '/cadastro/ans/relatorio/saude-suplementar/relatorio/componente-utilizacao',
  about: 'O componente de utilização da RN 389/2015: os procedimentos de cada beneficiário no período, com data, prestador e CPF/CNPJ, código TUSS, descrição e quantidade — das contas dos prestadores e, enquanto não faturadas, das autorizações.',
  list: {
    key: 'relatorio.rep279',
    noun: { singular: 'procedimento', plural: 'procedimentos', gender: 'm' },
    fields: {
      grupo: f.text('Beneficiário', { max: 180 }),
      data: f.date('Data'),
      prestadorNome: f.text('Prestador', { max: 150 }),
      prestadorDocumento: f.text('CPF/CNPJ do prestador', { max: 18 }),
      codigo: f.text('Código TUSS', { max: 10 }),
      descricao: f.text('Procedimento', { max: 300 }),
      quantidade: f.integer('Quantidade'),
      origem: f.enum('Origem', ORIGENS_UTILIZACAO),
      periodo: f.date('Período'),
      beneficiario: f.text('Beneficiário', { max: 150 }),
      produto: f.ref('Plano', 'produto'),
    },
    search: [...PERIODO_OBRIGATORIO, FILTRO_BENEFICIARIO, { field: 'produto', op: 'eq', param: 'plano' }, { field: 'origem', op: 'eq', param: 'origem' }],
    initial: mesCorrente,
    columns: [{ key: 'data' }, { key: 'prestadorNome' }, { key: 'prestadorDocumento' }, { key: 'codigo' }, { key: 'descricao' }, { key: 'quantidade' }, { key: 'origem' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'data', dir: 'asc' },
    ],
    sortable: ['grupo', 'data'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Beneficiário', plural: 'beneficiários' },
  totals: [{ key: 'quantidade', label: 'Quantidade', kind: 'integer' }],
  orientation: 'landscape',
  widths: { data: 0.9, prestadorNome: 2.6, prestadorDocumento: 1.5, codigo: 0.9, descricao: 3.6, quantidade: 0.9, origem: 1.6 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** Who ended a membership, by the SIB reason: the beneficiary (41, and 48, leaving by portability), a death, or the operator or contracting company. */
export const INICIATIVAS_CANCELAMENTO = [
  ['A pedido do beneficiário', ['41', '48']],
  ['Óbito', ['44']],
  ['Pela operadora ou contratante', ['42', '43', '45', '46', '47']],
] as const;

/**
 * Cancelamento de Adesão — the memberships cancelled in a period (by the cancellation's effective date), grouped by
 * who ended them, with the SIB reason, the request (the date and protocol of the service-desk contact in which the
 * cancellation was asked, when one was registered in the 90 days before) and the effective date.
 */
export const CANCELAMENTO_ADESAO = defineReport({
  code: null,
  command: '/cadastro/ans/relatorio/saude-suplementar/relatorio/cancelamento-adesao',
  about: 'Adesões canceladas no período (pela data em que o cancelamento vale), a pedido do beneficiário ou por outro motivo, com o motivo do SIB, o pedido (data e protocolo do atendimento em que foi feito, quando registrado) e a data do cancelamento.',
  list: {
    key: 'relatorio.cancelamento-adesao',
    noun: BENEFICIARIO,
    fields: {
      grupo: f.enum(
        'Iniciativa',
        INICIATIVAS_CANCELAMENTO.map(([l]) => [l, l] as const),
      ),
      matricula: f.text('Matrícula', { max: 10 }),
      nome: f.text('Beneficiário', { max: 150 }),
      relacao: f.enum('Relação', RELACOES_DEPENDENCIA),
      produtoNome: f.text('Plano', { max: 120 }),
      dataAdesao: f.date('Adesão'),
      motivoCancelamento: f.enum('Motivo (SIB)', MOTIVOS_CANCELAMENTO),
      dataPedido: f.date('Pedido em'),
      protocolo: f.text('Protocolo do pedido', { max: 20 }),
      dataSituacao: f.date('Cancelado em'),
      periodo: f.date('Período'),
      produto: f.ref('Plano', 'produto'),
    },
    search: [...PERIODO_OBRIGATORIO, { field: 'grupo', op: 'eq', param: 'iniciativa' }, { field: 'motivoCancelamento', op: 'eq', param: 'motivo' }, { field: 'produto', op: 'eq', param: 'plano' }],
    initial: mesCorrente,
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'relacao' }, { key: 'produtoNome' }, { key: 'dataAdesao' }, { key: 'motivoCancelamento' }, { key: 'dataPedido' }, { key: 'protocolo' }, { key: 'dataSituacao' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'dataSituacao', dir: 'asc' },
    ],
    sortable: ['grupo', 'dataSituacao', 'nome'],
    scope: { entity: 'beneficiario' },
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Iniciativa', plural: 'iniciativas' },
  orientation: 'landscape',
  widths: { matricula: 1, nome: 2.6, relacao: 1.4, produtoNome: 1.7, dataAdesao: 0.9, motivoCancelamento: 2.6, dataPedido: 1, protocolo: 1.6, dataSituacao: 1.15 },
  formats: ['pdf', 'xlsx', 'csv'],
});
