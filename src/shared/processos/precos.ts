import { todayIso } from '../dates';
import { STATUS_LABEL, TRANSICOES, type Status } from '../autorizacoes';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';

/**
 * Prices (spec §2.7: /processo/recalculo-atendimento, /exportacao/tabela-preco-prestador,
 * /exportacao/regra-procedimento, /processo/brasindice): every price comes from the one pricing function
 * (src/shared/precos/calculo.ts).
 */

/**
 * An authorization is open while it still waits for a decision: the statuses from which it may still be authorized
 * (em análise, aguardando justificativa, aguardando documentação). An authorized, denied or cancelled one keeps the
 * value it was decided with.
 */
export const STATUS_ABERTOS: readonly Status[] = TRANSICOES.autorizar.de;
export const ABERTOS_TEXTO = STATUS_ABERTOS.map((s) => STATUS_LABEL[s].toLowerCase()).join(', ');

const periodo = (v: Values, max = 366): RuleIssue[] => {
  const out: RuleIssue[] = [];
  if (typeof v.inicio === 'string' && typeof v.fim === 'string') {
    if (v.fim < v.inicio) out.push({ field: 'fim', message: 'A data final não pode ser anterior à inicial.' });
    else if (Date.parse(v.fim) - Date.parse(v.inicio) > max * 86_400_000) out.push({ field: 'fim', message: 'O período pode ter no máximo um ano.' });
  }
  return out;
};
const mesCorrente = () => {
  const hoje = todayIso();
  return { inicio: `01/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`, fim: `${hoje.slice(8, 10)}/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}` };
};
const hojeBr = () => {
  const h = todayIso();
  return `${h.slice(8, 10)}/${h.slice(5, 7)}/${h.slice(0, 4)}`;
};

export const recalculoAtendimento = defineProcesso({
  comando: '/util/processo/recalculo-atendimento',
  tipo: 'recalculo-atendimento',
  descricao: `Depois de uma mudança nas tabelas de preço, recalcula o valor dos procedimentos das autorizações ainda abertas (${ABERTOS_TEXTO}) solicitadas no período, pelas tabelas em vigência na data de cada solicitação e o contrato do prestador executante (ou do solicitante). Grava o novo valor de cada item e o total da guia, com a trilha, e gera o relatório antes e depois (CSV e PDF).`,
  campos: {
    inicio: f.date('Solicitadas a partir de', { required: true }),
    fim: f.date('Solicitadas até', { required: true }),
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', help: 'Em branco: todos os prestadores. Vale o solicitante ou o executante da guia.' }),
  },
  regras: (v) => periodo(v),
  previa: true,
  altera: true,
  padroes: mesCorrente,
});

export const FORMATOS_TABELA = [
  ['csv', 'CSV (Excel)'],
  ['xlsx', 'XLSX (planilha)'],
] as const;

export const tabelaPrecoPrestador = defineProcesso({
  comando: '/util/exportacao/tabela-preco-prestador',
  tipo: 'exportacao-tabela-preco-prestador',
  descricao:
    'A tabela de preços contratada do prestador numa data: cada procedimento TUSS em vigência com o valor de referência, a base do preço (porte da tabela contratada ou valor de referência), a classe de preço e o valor calculado. Não altera nenhum registro.',
  campos: {
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', required: true }),
    data: f.date('Preços em', { required: true, help: 'Valem as tabelas e a classe em vigência nesta data.' }),
    grupo: f.ref('Grupo de procedimentos', 'grupoprocedimento', { help: 'Em branco: todos os grupos.' }),
    formato: f.enum('Formato', FORMATOS_TABELA, { required: true, default: 'csv' }),
  },
  previa: true,
  padroes: () => ({ data: hojeBr() }),
});
