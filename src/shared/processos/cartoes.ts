import { todayIso } from '../dates';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';
import type { Layout } from './layout';

/** Cards (carteirinhas): who gets one in a run, why, and the printer's embossing file. */

export const ALCANCES_CARTAO = [
  ['FAMILIA', 'Um grupo familiar'],
  ['EMPRESA', 'Os beneficiários de uma empresa contratante'],
  ['PLANO', 'Os beneficiários de um plano'],
  ['SEM_CARTAO', 'Os beneficiários ativos ainda sem cartão emitido'],
] as const;

export const MOTIVOS_CARTAO = [
  ['PRIMEIRA_VIA', 'Primeira via'],
  ['SEGUNDA_VIA', 'Segunda via (perda, roubo ou dano)'],
  ['RENOVACAO', 'Renovação (fim da validade)'],
] as const;

export const SITUACOES_CARTAO = [
  ['ATIVO', 'Ativo'],
  ['SUBSTITUIDO', 'Substituído'],
  // the holder died or left the plan: no later issue replaces it
  ['CANCELADO', 'Cancelado'],
] as const;

/** A printable sheet holds a few hundred pages at most: larger runs are split by company or plan. */
export const MAX_CARTOES_POR_EXECUCAO = 20_000;

/** The embossing line holds 30 characters for the name: middle names become initials until it fits (ABNT practice). */
export const NOME_CARTAO_MAX = 30;
const PARTICULAS = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);
export function nomeNoCartao(nome: string, max = NOME_CARTAO_MAX): string {
  const partes = nome.trim().split(/\s+/);
  if (nome.trim().length <= max || partes.length <= 2) return partes.join(' ').slice(0, max);
  const meio = partes.slice(1, -1);
  // from the last middle name to the first: "Maria Aparecida dos Santos Ferreira" → "Maria A. Santos Ferreira"…
  // (a particle goes with the name it precedes: "de Oliveira" → "O.")
  for (let i = meio.length - 1; i >= 0; i--) {
    if (PARTICULAS.has(meio[i].toLowerCase())) continue;
    meio[i] = `${meio[i][0].toUpperCase()}.`;
    if (i > 0 && PARTICULAS.has(meio[i - 1].toLowerCase())) meio.splice(--i, 1);
    const s = [partes[0], ...meio, partes[partes.length - 1]].join(' ');
    if (s.length <= max) return s;
  }
  return [partes[0], ...meio, partes[partes.length - 1]].join(' ').slice(0, max);
}

/** The printer's embossing file: one detail line per card and a trailer with the count. */
export const LAYOUT_EMBOSSING: Layout = {
  titulo: 'Arquivo de embossing (gráfica)',
  arquivo: 'Texto, uma linha por registro de 200 posições, ASCII, fim de linha CRLF; nome embossing-<execução>.txt',
  registros: [
    {
      nome: 'Detalhe (um por cartão)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '1' },
        { nome: 'carteirinha', descricao: 'Número do cartão', tamanho: 16, formato: 'N' },
        { nome: 'nome', descricao: 'Nome no cartão (abreviado)', tamanho: 30, formato: 'A' },
        { nome: 'matricula', descricao: 'Matrícula', tamanho: 10, formato: 'N' },
        { nome: 'nascimento', descricao: 'Data de nascimento', tamanho: 8, formato: 'D' },
        { nome: 'validade', descricao: 'Validade do cartão', tamanho: 8, formato: 'D' },
        { nome: 'via', descricao: 'Via do cartão', tamanho: 2, formato: 'N' },
        { nome: 'cns', descricao: 'Cartão Nacional de Saúde', tamanho: 15, formato: 'N' },
        { nome: 'plano', descricao: 'Nome do plano', tamanho: 30, formato: 'A' },
        { nome: 'registroAnsPlano', descricao: 'Registro do plano na ANS', tamanho: 9, formato: 'N' },
        { nome: 'acomodacao', descricao: 'Acomodação', tamanho: 12, formato: 'A' },
        { nome: 'empresa', descricao: 'Empresa contratante', tamanho: 30, formato: 'A' },
        { nome: 'titular', descricao: 'T = titular, D = dependente', tamanho: 1, formato: 'A' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 28, formato: 'A' },
      ],
    },
    {
      nome: 'Trailer (último registro)',
      campos: [
        { nome: 'tipo', descricao: 'Tipo de registro', tamanho: 1, formato: 'N', fixo: '9' },
        { nome: 'quantidade', descricao: 'Quantidade de cartões', tamanho: 8, formato: 'N' },
        { nome: 'geracao', descricao: 'Data da geração', tamanho: 8, formato: 'D' },
        { nome: 'registroAnsOperadora', descricao: 'Registro da operadora na ANS', tamanho: 6, formato: 'N' },
        { nome: 'brancos', descricao: 'Brancos', tamanho: 177, formato: 'A' },
      ],
    },
  ],
};

const exigeConforme = (v: Values): RuleIssue[] => {
  const out: RuleIssue[] = [];
  if (v.alcance === 'FAMILIA' && v.titular == null) out.push({ field: 'titular', message: 'Informe o titular do grupo familiar.' });
  if (v.alcance === 'EMPRESA' && v.empresa == null) out.push({ field: 'empresa', message: 'Informe a empresa contratante.' });
  if (v.alcance === 'PLANO' && v.produto == null) out.push({ field: 'produto', message: 'Informe o plano.' });
  return out;
};

export const geradorCartao = defineProcesso({
  comando: '/util/processo/gerador-cartao',
  tipo: 'gerador-cartao',
  descricao:
    'Emite os cartões dos beneficiários ativos escolhidos: registra a nova via de cada um (a anterior fica substituída), gera o PDF para impressão (dez cartões por folha A4, no tamanho do cartão) e o arquivo de embossing para a gráfica.',
  campos: {
    alcance: f.enum('Emitir para', ALCANCES_CARTAO, { required: true, default: 'FAMILIA' }),
    titular: f.ref('Titular', 'beneficiario', { picker: 'autocomplete', when: { field: 'alcance', in: ['FAMILIA'] }, help: 'Nome, CPF ou carteirinha do titular: o cartão sai para ele e seus dependentes ativos.' }),
    empresa: f.ref('Empresa contratante', 'empresa', { when: { field: 'alcance', in: ['EMPRESA'] } }),
    produto: f.ref('Plano', 'produto', { when: { field: 'alcance', in: ['PLANO'] } }),
    motivo: f.enum('Motivo da emissão', MOTIVOS_CARTAO, { required: true, default: 'RENOVACAO' }),
    validade: f.date('Validade dos cartões', { required: true, help: 'Último dia em que os cartões valem.' }),
  },
  regras: (v) => {
    const out = exigeConforme(v);
    const hoje = todayIso();
    if (typeof v.validade === 'string') {
      if (v.validade <= hoje) out.push({ field: 'validade', message: 'A validade precisa ser uma data futura.' });
      else if (v.validade > `${Number(hoje.slice(0, 4)) + 5}${hoje.slice(4)}`) out.push({ field: 'validade', message: 'A validade não pode passar de cinco anos a partir de hoje.' });
    }
    return out;
  },
  previa: true,
  altera: true,
  padroes: () => ({ validade: `31/12/${Number(todayIso().slice(0, 4)) + 1}` }),
  layouts: [LAYOUT_EMBOSSING],
});

/** The printer's file again for the cards issued in a period (a lost shipment, a second printer). */
export const exportacaoEmbossing = defineProcesso({
  comando: '/util/exportacao/embossing',
  tipo: 'exportacao-embossing',
  descricao:
    'Gera de novo, para a gráfica, o arquivo de embossing dos cartões emitidos num período (só as vias ainda ativas), no mesmo layout do Gerador de Cartões. Não altera nenhum registro.',
  campos: {
    inicio: f.date('Emitidos a partir de', { required: true }),
    fim: f.date('Emitidos até', { required: true }),
    motivo: f.enum('Motivo da emissão', MOTIVOS_CARTAO, { help: 'Em branco: todos os motivos.' }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if (typeof v.inicio === 'string' && typeof v.fim === 'string') {
      if (v.fim < v.inicio) out.push({ field: 'fim', message: 'A data final não pode ser anterior à inicial.' });
      else if (Date.parse(v.fim) - Date.parse(v.inicio) > 366 * 86_400_000) out.push({ field: 'fim', message: 'O período pode ter no máximo um ano.' });
    }
    return out;
  },
  previa: true,
  layouts: [LAYOUT_EMBOSSING],
  padroes: () => {
    const hoje = todayIso();
    return { inicio: `01/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`, fim: `${hoje.slice(8, 10)}/${hoje.slice(5, 7)}/${hoje.slice(0, 4)}` };
  },
});
