import { CONSTANTS } from '../constants';
import { todayIso } from '../dates';
import { defineList } from '../lists/define';
import { defineProcesso } from '../processos/define';
import { competenciaIso, mesAtual } from '../processos/folha';
import type { Layout } from '../processos/layout';
import { f, type RuleIssue } from '../resources/define';

/**
 * Intercâmbio (copass; spec §2.7 interchange processes, §5 and §9: the interchange card has 17 digits). A small model of
 * the exchange with partner operators (the "unidades de intercâmbio" of Cadastro › Localização › Intercâmbios):
 * - RECEBIDA: the partner authorized its own beneficiary, identified by the partner's interchange card (whose first 4
 *   digits are the partner's code), at a provider of the own network; the own network's price is what the operator
 *   charges the partner;
 * - ENVIADA: the partner attended an own beneficiary (by the beneficiary's interchange card, in the registry) and
 *   informs the value it charges.
 * Processar Autorizações de Intercâmbio imports the partner's file; Processar Movimento de Intercâmbio closes a month
 * per partner (what to charge it and what to pay it), each authorization once; Exclusão de Cartões de Intercâmbio
 * (action removecartoes) excludes the partner's cards that expired or fell out of use, which then receive nothing.
 */

export const DIRECOES = [
  ['RECEBIDA', 'Recebida (rede própria)'],
  ['ENVIADA', 'Enviada (rede da parceira)'],
] as const;
export type Direcao = (typeof DIRECOES)[number][0];
export const SITUACOES_AUT_INTERCAMBIO = [
  ['A_FATURAR', 'A faturar'],
  ['EM_MOVIMENTO', 'Em movimento'],
] as const;
export const SITUACOES_CARTAO_INTERCAMBIO = [
  ['ATIVO', 'Ativo'],
  ['EXCLUIDO', 'Excluído'],
] as const;

export const DIGITOS_CARTAO = CONSTANTS.digitosCartaoIntercambio;
/** The partner's code opens the card number (its unidade's 4-digit code). */
export const codigoDaParceira = (cartao: string) => cartao.slice(0, 4);

export const LAYOUT_AUTORIZACOES_INTERCAMBIO: Layout = {
  titulo: 'Autorizações de intercâmbio da operadora parceira (CSV)',
  arquivo:
    'CSV, uma linha por autorização, colunas separadas por ponto e vírgula (;), UTF-8 ou ISO-8859-1; a primeira linha pode ser o cabeçalho. R: beneficiário da parceira atendido na rede própria (o cartão começa pelo código da parceira; o valor é o da tabela do prestador); E: beneficiário próprio atendido na rede da parceira (pelo cartão de intercâmbio do cadastro; o valor é o que a parceira informa). Um número de autorização é recebido uma vez por direção.',
  separador: ';',
  registros: [
    {
      nome: 'Linha (uma autorização)',
      campos: [
        { nome: 'direcao', descricao: 'Direção: R recebida (rede própria) ou E enviada (rede da parceira)', tamanho: 1, formato: 'A', entrada: 'R ou E' },
        { nome: 'numero', descricao: 'Número da autorização na operadora parceira', tamanho: 20, formato: 'A', entrada: 'Letras e números' },
        { nome: 'cartao', descricao: 'Cartão de intercâmbio do beneficiário', tamanho: DIGITOS_CARTAO, formato: 'N', entrada: `${DIGITOS_CARTAO} dígitos` },
        { nome: 'nome', descricao: 'Nome do beneficiário', tamanho: 150, formato: 'A', entrada: 'Texto' },
        { nome: 'nascimento', descricao: 'Data de nascimento (R)', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'validade', descricao: 'Validade do cartão (R, opcional)', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'dataAtendimento', descricao: 'Data do atendimento', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'prestador', descricao: 'R: código do prestador da rede própria; E: nome do prestador da parceira', tamanho: 150, formato: 'A', entrada: 'Código ou nome' },
        { nome: 'procedimento', descricao: 'Código do procedimento (TUSS)', tamanho: 10, formato: 'N', entrada: 'Até 10 dígitos' },
        { nome: 'quantidade', descricao: 'Quantidade', tamanho: 3, formato: 'N', entrada: '1 a 999' },
        { nome: 'valor', descricao: 'Valor total cobrado pela parceira (E)', tamanho: 15, formato: 'A', entrada: 'Reais, como 1.234,56' },
        { nome: 'senha', descricao: 'Senha da autorização na parceira (R, opcional)', tamanho: 20, formato: 'A', entrada: 'Letras e números' },
      ],
    },
  ],
};

export const LAYOUT_MOVIMENTO_INTERCAMBIO: Layout = {
  titulo: 'Movimento de intercâmbio (CSV, um por operadora parceira)',
  arquivo: 'CSV separado por ponto e vírgula, UTF-8 com BOM; nome intercambio-<código da parceira>-<AAAAMM>.csv; uma linha por autorização do movimento, valores em centavos; a última linha traz os totais.',
  separador: ';',
  registros: [
    {
      nome: 'Linha (uma autorização)',
      campos: [
        { nome: 'direcao', descricao: 'Direção (RECEBIDA: a cobrar da parceira; ENVIADA: a pagar à parceira)', tamanho: 8, formato: 'A' },
        { nome: 'numero', descricao: 'Número da autorização na parceira', tamanho: 20, formato: 'A' },
        { nome: 'cartao', descricao: 'Cartão de intercâmbio', tamanho: DIGITOS_CARTAO, formato: 'N' },
        { nome: 'nome', descricao: 'Beneficiário', tamanho: 150, formato: 'A' },
        { nome: 'data', descricao: 'Data do atendimento', tamanho: 8, formato: 'D' },
        { nome: 'prestador', descricao: 'Prestador', tamanho: 150, formato: 'A' },
        { nome: 'procedimento', descricao: 'Código do procedimento (TUSS)', tamanho: 10, formato: 'N' },
        { nome: 'quantidade', descricao: 'Quantidade', tamanho: 3, formato: 'N' },
        { nome: 'valor', descricao: 'Valor total, em centavos', tamanho: 12, formato: 'V' },
      ],
    },
  ],
};

const parceira = (help?: string) => f.ref('Operadora parceira', 'unimed', { required: true, ...(help ? { help } : {}) });

export const autorizacaoIntercambio = defineProcesso({
  comando: '/util/processo/autorizacao-intercambio',
  tipo: 'intercambio-autorizacoes',
  descricao:
    'Importa o arquivo de autorizações de intercâmbio de uma operadora parceira: as dos beneficiários dela atendidos na rede própria (o cartão de intercâmbio é cadastrado ou atualizado e o valor sai da tabela de preços do prestador) e as dos beneficiários próprios atendidos na rede dela (com o valor informado). Cada linha é conferida; as recusadas ficam no registro da execução e no CSV com o motivo. Tudo vai para a trilha.',
  campos: { intercambio: parceira() },
  entrada: { rotulo: 'Arquivo da parceira', formatos: ['csv', 'txt'], ajuda: 'CSV no layout abaixo; até 20 MB.', layout: LAYOUT_AUTORIZACOES_INTERCAMBIO },
  previa: true,
  altera: true,
});

export const movimentoIntercambio = defineProcesso({
  comando: '/util/processo/movimento-intercambio',
  tipo: 'intercambio-movimento',
  descricao:
    'Fecha o movimento de intercâmbio da competência com cada operadora parceira: as autorizações recebidas (a cobrar da parceira, pelo valor da rede própria) e as enviadas (a pagar, pelo valor que ela informou) com atendimento até o fim do mês e ainda fora de movimento. Cada autorização entra em um só movimento; gera um CSV por parceira.',
  campos: {
    competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano (MM/AAAA): atendimentos até o último dia.' }),
    intercambio: f.ref('Operadora parceira', 'unimed', { help: 'Em branco: todas as parceiras com autorizações a faturar.' }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    const c = competenciaIso(v.competencia);
    if (v.competencia && !c) out.push({ field: 'competencia', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' });
    else if (c && c > todayIso()) out.push({ field: 'competencia', message: 'A competência não pode ser futura.' });
    return out;
  },
  previa: true,
  altera: true,
  layouts: [LAYOUT_MOVIMENTO_INTERCAMBIO],
  padroes: () => ({ competencia: mesAtual() }),
});

export const CRITERIOS_EXCLUSAO = [
  ['VENCIDOS', 'Cartões vencidos até a data'],
  ['SEM_USO', 'Cartões sem autorização desde a data'],
  ['CARTAO', 'Um cartão'],
] as const;

export const exclusaoCartaoIntercambio = defineProcesso({
  comando: '/util/processo/exclusao-cartao-intercambio',
  tipo: 'intercambio-exclusao-cartoes',
  descricao:
    'Exclui cartões de intercâmbio de uma operadora parceira: os vencidos até uma data, os sem nenhuma autorização desde uma data, ou um cartão informado. O cartão excluído não recebe novas autorizações (a importação as recusa); as já recebidas não mudam. Cada exclusão fica na trilha com o motivo.',
  campos: {
    intercambio: parceira(),
    criterio: f.enum('Excluir', CRITERIOS_EXCLUSAO, { required: true, default: 'VENCIDOS' }),
    data: f.date('Data', { when: { field: 'criterio', in: ['VENCIDOS', 'SEM_USO'] }, help: 'Vencidos: validade até esta data. Sem uso: nenhuma autorização desde esta data.' }),
    cartao: f.text('Cartão de intercâmbio', { max: DIGITOS_CARTAO, mask: '#'.repeat(DIGITOS_CARTAO), when: { field: 'criterio', in: ['CARTAO'] } }),
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Ex.: fim do contrato de intercâmbio, cartões vencidos.' }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if ((v.criterio === 'VENCIDOS' || v.criterio === 'SEM_USO') && v.data == null) out.push({ field: 'data', message: 'Informe a data.' });
    if (v.criterio === 'VENCIDOS' && typeof v.data === 'string' && v.data > todayIso()) out.push({ field: 'data', message: 'Um cartão vence até hoje: a data não pode ser futura.' });
    if (v.criterio === 'CARTAO' && (typeof v.cartao !== 'string' || v.cartao.length !== DIGITOS_CARTAO)) out.push({ field: 'cartao', message: `Informe os ${DIGITOS_CARTAO} dígitos do cartão.` });
    return out;
  },
  previa: true,
  altera: true,
});

export interface AutorizacaoIntercambioRow {
  id: number;
  dataAtendimento: string;
  direcao: Direcao;
  parceira: string;
  numero: string;
  cartao: string | null;
  nome: string;
  prestador: string;
  procedimento: string;
  quantidade: number;
  valor: number;
  situacao: string;
  competencia: string | null;
}

export const AUTORIZACOES_INTERCAMBIO_LIST = defineList({
  key: 'autorizacoes-intercambio',
  command: '/util/analise/autorizacoes-intercambio',
  endpoint: '/intercambio/autorizacoes',
  noun: { singular: 'autorização', plural: 'autorizações', gender: 'f' },
  fields: {
    id: { kind: 'integer', label: 'Nº' },
    dataAtendimento: f.date('Atendimento'),
    direcao: f.enum('Direção', DIRECOES),
    parceira: f.ref('Operadora parceira', 'unimed'),
    numero: f.text('Autorização', { max: 20 }),
    cartao: f.text('Cartão', { max: DIGITOS_CARTAO }),
    nome: f.text('Beneficiário', { max: 150 }),
    prestador: f.text('Prestador', { max: 150 }),
    procedimento: f.text('Procedimento', { max: 170 }),
    quantidade: f.integer('Qtd.'),
    valor: f.money('Valor'),
    situacao: f.enum('Situação', SITUACOES_AUT_INTERCAMBIO),
    competencia: f.text('Movimento', { max: 7 }),
  },
  search: [
    { field: 'direcao', op: 'eq', param: 'direcao' },
    { field: 'parceira', op: 'eq', param: 'parceira' },
    { field: 'situacao', op: 'eq', param: 'situacao' },
    { field: 'dataAtendimento', op: 'range', param: { gte: 'inicio', lte: 'termino' }, label: 'Atendimento' },
    { field: 'nome', op: 'contains', param: 'nome', placeholder: 'Parte do nome' },
    { field: 'cartao', op: 'eq', param: 'cartao' },
    { field: 'numero', op: 'eq', param: 'numero' },
  ],
  columns: [
    { key: 'dataAtendimento' },
    { key: 'direcao', type: 'tag', tones: { RECEBIDA: 'info', ENVIADA: 'neutral' } },
    // the authorization's number under its partner and the card under the beneficiary (the screen's cells): twelve
    // columns side by side do not fit a 1400 px desk
    { key: 'parceira' },
    { key: 'nome' },
    { key: 'prestador' },
    { key: 'procedimento' },
    { key: 'quantidade' },
    { key: 'valor' },
    { key: 'situacao', type: 'tag', tones: { A_FATURAR: 'warn', EM_MOVIMENTO: 'ok' } },
    { key: 'competencia' },
  ],
  sort: [{ field: 'dataAtendimento', dir: 'desc' }],
  sortable: ['dataAtendimento', 'id'],
  pageSize: 50,
  summary: {
    totals: [
      { key: 'receber', label: 'A cobrar das parceiras', kind: 'money' },
      { key: 'pagar', label: 'A pagar às parceiras', kind: 'money' },
    ],
    limit: 100_000,
  },
});
